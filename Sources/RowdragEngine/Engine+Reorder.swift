// SPDX-License-Identifier: Apache-2.0

/// Running the configured reorder rule over the geometry the surface lends it.
extension Engine {
  /// Runs the current rule once for the lifted row's new snapshot center or finger, if
  /// the rule acts on `event`.
  mutating func applyReorderRule(_ lift: inout Lift, event: ReorderEvent = .frame) {
    guard settings.rule.function.acts(on: event) else { return }
    reorderStep(&lift, event: event)
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
