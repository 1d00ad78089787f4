// SPDX-License-Identifier: Apache-2.0

/// `intersect`: jQuery UI sortable with `tolerance: "intersect"` (the behaviour
/// catalogue §3.6). Only a drag moves the row, at most once: moving down, the finger
/// must be over a row and at or past its middle, and the row goes right after it;
/// moving up, before its middle, and the row goes right before it. The row next to the
/// lifted one on the side it came from is skipped, as jQuery UI's `_intersectsWithPointer`
/// direction check does.
public struct IntersectRule: ReorderStrategy {
  /// The registry entry.
  public static let kind = ReorderRuleKind(
    name: "intersect",
    summary: "the finger past the middle of a row, in the drag's direction (jQuery UI)"
  ) { _ in IntersectRule() }

  /// Drags only.
  public func acts(on event: ReorderEvent) -> Bool {
    if case .drag = event { return true }
    return false
  }

  /// One move at most.
  @_specialize(where Geometry == TableGeometry)
  public func reorder<Geometry: ReorderGeometry>(
    _ input: ReorderInput, in geometry: inout Geometry
  ) {
    guard case .drag(let delta) = input.event, delta != 0,
      let row = geometry.row(at: input.pointer), case .row(let r) = row.kind,
      r != geometry.lifted.position, !row.isPinned, !geometry.hasBarrier(before: row)
    else { return }
    let section = geometry.slot(beside: row, after: true).section
    if !input.crossesSections && section != geometry.lifted.section { return }
    // The row right next to the lifted item (a range's block: next to its last row)
    // on the side it came from.
    func isBeside(_ direction: AxisDirection) -> Bool {
      geometry.neighbour(direction)?.kind == .row(position: r)
    }
    if delta > 0 {
      if isBeside(.backward) { return }
      if input.pointer >= row.midpoint {
        geometry.moveLifted(to: geometry.slot(beside: row, after: true))
      }
    } else {
      if isBeside(.forward) { return }
      if input.pointer < row.midpoint {
        geometry.moveLifted(to: geometry.slot(beside: row, after: false))
      }
    }
  }
}

extension Behaviour where Function == any ReorderStrategy {
  /// The `intersect` rule.
  public static var intersect: ReorderRule { unchecked(IntersectRule.kind, []) }
}
