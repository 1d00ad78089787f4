// SPDX-License-Identifier: Apache-2.0

/// `under`: the iOS tutorials' rule. When the finger is over another row that may be a
/// target, the lifted row jumps to that row's index path the way `moveRowAtIndexPath`
/// does, once per event. It may oscillate between two rows of different heights; that
/// is kept on purpose, as the tutorials' tables do it.
/// - Complexity: O(log rows) to find the row, plus O(rows between) to check for pins.
public struct UnderRule: ReorderStrategy {
  /// The registry entry.
  public static let kind = ReorderRuleKind(
    name: "under", summary: "jump to the row under the finger (the iOS tutorials' rule)"
  ) { _ in UnderRule() }

  /// Moves the lifted item to the index path of the row under the finger, if allowed.
  @_specialize(where Geometry == TableGeometry)
  public func reorder<Geometry: ReorderGeometry>(
    _ input: ReorderInput, in geometry: inout Geometry
  ) {
    // On a board: once the row is in the finger's column, and not in the event that
    // brought it there.
    guard input.pointerInItsColumn, !input.enteredColumn,
      let target = geometry.row(at: input.pointer),
      target.kind != .row(position: geometry.lifted.position),
      !target.isPinned
    else { return }
    if !input.crossesSections && target.destination.section != geometry.lifted.section { return }
    if geometry.hasBarrier(before: target) { return }
    geometry.moveLifted(to: target.destination)
  }
}

extension UnderRule {
  /// While the pointer stays on the row it is on now — the lifted row itself, or one
  /// the rule refuses. Over a header, footer or empty space the rule cannot say.
  public func quietZone<Geometry: ReorderGeometry>(_ input: ReorderInput, in geometry: Geometry)
    -> QuietZone?
  {
    guard let row = geometry.row(at: input.pointer) else { return nil }
    let isLifted = row.kind == .row(position: geometry.lifted.position)
    let refused =
      row.isPinned
      || (!input.crossesSections && row.destination.section != geometry.lifted.section)
      || geometry.hasBarrier(before: row)
    guard isLifted || refused else { return nil }
    return QuietZone(pointer: row.start..<(row.start + row.length))
  }
}

extension UnderRule {
  /// On a board it enters a column before the row under the finger.
  public var columnEntry: ColumnEntry? { .underFinger }
}

extension Behaviour where Function == any ReorderStrategy {
  /// The `under` rule.
  public static var under: ReorderRule { unchecked(UnderRule.kind, []) }
}
