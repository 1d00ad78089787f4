// SPDX-License-Identifier: Apache-2.0

/// Running the configured reorder rule over the geometry the surface lends it.
extension Engine {
  /// Runs the current rule once for the lifted row's new snapshot center or finger, if
  /// the rule acts on `event`.
  mutating func applyReorderRule(_ lift: inout Lift, event: ReorderEvent = .frame) {
    guard settings.rule.function.acts(on: event) else { return }
    guard measuredOffset == nil else { return reorderStepMeasuring(&lift, event: event) }
    reorderStep(&lift, event: event)
  }

  /// `rows=cached`: the rule runs as at the offset the rows were measured at (the finger
  /// and the snapshot where the rows, measured then, see them), then a move of the row
  /// measures the rows again. Kept out of line so that the frame loop's rule step stays
  /// as it is without it.
  @inline(never)
  mutating func reorderStepMeasuring(_ lift: inout Lift, event: ReorderEvent) {
    guard let seen = measuredOffset else { return }
    let (now, center) = (offset, lift.center)
    let from = Slot(position: lift.position, section: lift.section)
    offset = seen
    lift.center = center + (seen - now)
    reorderStep(&lift, event: event)
    offset = now
    lift.center = center
    if from != Slot(position: lift.position, section: lift.section) { measuredOffset = offset }
  }

  /// What the rule sees of `lift` now.
  func reorderInput(_ lift: Lift, event: ReorderEvent = .frame) -> ReorderInput {
    var input = ReorderInput(
      center: lift.center, snapshotLength: lift.height, pointer: offset + lift.finger,
      crossesSections: settings.sections == .cross, event: event,
      source: Slot(position: lift.sourcePosition, section: lift.sourceSection))
    input.lastDragPointer = lift.lastDragPointer
    input.pointerOnScreen = lift.finger >= 0 && lift.finger < settings.viewport
    return input
  }
}
