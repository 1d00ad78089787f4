// SPDX-License-Identifier: Apache-2.0

/// Running the configured reorder rule over the geometry the surface lends it.
extension Engine {
  /// Runs the current rule once for the lifted row's new snapshot center or finger, if
  /// the rule acts on `event`.
  mutating func applyReorderRule(_ lift: inout Lift, event: ReorderEvent = .frame) {
    guard settings.rule.function.acts(on: event) else { return }
    let from = (lift.position, lift.section)
    reorderStep(&lift, event: event)
    // `rows=cached`: a move of the row measures the rows again.
    if lift.measuredOffset != nil && from != (lift.position, lift.section) {
      lift.measuredOffset = offset
    }
  }

  /// What the rule sees of `lift` now: under `rows=cached`, the finger and the snapshot
  /// at the offset the rows were last measured at.
  func reorderInput(_ lift: Lift, event: ReorderEvent = .frame) -> ReorderInput {
    let seen = lift.measuredOffset ?? offset
    var input = ReorderInput(
      center: lift.center + (seen - offset), snapshotLength: lift.height,
      pointer: seen + lift.finger,
      crossesSections: settings.sections == .cross, event: event,
      source: Slot(position: lift.sourcePosition, section: lift.sourceSection))
    input.lastDragPointer = lift.lastDragPointer
    return input
  }
}
