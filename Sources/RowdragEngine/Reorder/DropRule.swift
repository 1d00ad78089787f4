// SPDX-License-Identifier: Apache-2.0

/// `drop`: Qt's item views without live reorder (the behaviour catalogue §3.8). Nothing
/// moves while dragging; at the release the row goes above or below the row under the
/// finger by halves, as `QAbstractItemView`'s drop indicator (`AboveItem`/`BelowItem`)
/// says for items that are not drop targets.
public struct DropRule: ReorderStrategy {
  /// The registry entry.
  public static let kind = ReorderRuleKind(
    name: "drop", summary: "nothing moves until the release, then above or below the row (Qt)"
  ) { _ in DropRule() }

  /// The release only.
  public func acts(on event: ReorderEvent) -> Bool { event == .release }

  /// Above or below the row under the finger.
  @_specialize(where Geometry == TableGeometry)
  public func reorder<Geometry: ReorderGeometry>(
    _ input: ReorderInput, in geometry: inout Geometry
  ) {
    guard let row = geometry.row(at: input.pointer), case .row(let r) = row.kind,
      r != geometry.lifted.position, !row.isPinned, !geometry.hasBarrier(before: row)
    else { return }
    let after = input.pointer >= row.midpoint
    let slot = geometry.slot(beside: row, after: after)
    if !input.crossesSections && slot.section != geometry.lifted.section { return }
    geometry.moveLifted(to: slot)
  }
}

extension Behaviour where Function == any ReorderStrategy {
  /// The `drop` rule.
  public static var drop: ReorderRule { unchecked(DropRule.kind, []) }
}
