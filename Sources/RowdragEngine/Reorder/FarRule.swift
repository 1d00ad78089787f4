// SPDX-License-Identifier: Apache-2.0

/// `far`: Android `ItemTouchHelper`'s `chooseDropTarget()` with `getMoveThreshold() =
/// .5f` (the behaviour catalogue §3.3). Nothing moves until the snapshot's top is half
/// a row from the slot's; then the row steps down once the neighbour's bottom is above
/// the snapshot's bottom, or up once the neighbour's top is below the snapshot's top —
/// almost a full overlap — and only one step per event, as `ItemTouchHelper` waits for
/// a layout pass between moves.
public struct FarRule: ReorderStrategy {
  /// The registry entry.
  public static let kind = ReorderRuleKind(
    name: "far",
    summary: "after half a row, pass a neighbour once the snapshot covers it (Android)"
  ) { _ in FarRule() }

  /// At most one step.
  @_specialize(where Geometry == TableGeometry)
  public func reorder<Geometry: ReorderGeometry>(
    _ input: ReorderInput, in geometry: inout Geometry
  ) {
    let y = input.snapshotStart
    let top = geometry.liftedStart
    guard abs(y - top) >= input.snapshotLength * 0.5 else { return }
    if y > top {
      if let next = geometry.neighbour(.forward), input.mayPass(next),
        next.start + next.length < y + input.snapshotLength
      {
        geometry.moveLifted(to: next.destination)
      }
    } else if let previous = geometry.neighbour(.backward), input.mayPass(previous),
      previous.start > y
    {
      geometry.moveLifted(to: previous.destination)
    }
  }
}

extension Behaviour where Function == any ReorderStrategy {
  /// The `far` rule.
  public static var far: ReorderRule { unchecked(FarRule.kind, []) }
}
