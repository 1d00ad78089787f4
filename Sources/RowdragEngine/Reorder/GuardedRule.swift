// SPDX-License-Identifier: Apache-2.0

/// `guarded`: BVReorderTableView, HPReorderTableView and LPRTableView — `under`, plus
/// their height guard `[gesture locationInView:cell].y > newHeight − oldHeight`
/// (the behaviour catalogue §3.5): the finger must be deeper into the row under it
/// than that row is taller than the lifted one. For equal heights the finger must be
/// strictly inside the row, not on its top line.
public struct GuardedRule: ReorderStrategy {
  /// The registry entry.
  public static let kind = ReorderRuleKind(
    name: "guarded", summary: "the row under the finger, with a height guard (BVReorderTableView)"
  ) { _ in GuardedRule() }

  /// `under` when the guard lets it.
  @_specialize(where Geometry == TableGeometry)
  public func reorder<Geometry: ReorderGeometry>(
    _ input: ReorderInput, in geometry: inout Geometry
  ) {
    guard let row = geometry.row(at: input.pointer),
      input.pointer - row.start > row.length - input.snapshotLength
    else { return }
    UnderRule().reorder(input, in: &geometry)
  }
}

extension Behaviour where Function == any ReorderStrategy {
  /// The `guarded` rule.
  public static var guarded: ReorderRule { unchecked(GuardedRule.kind, []) }
}
