// SPDX-License-Identifier: Apache-2.0

/// Running the configured reorder rule over the table's geometry.
extension Engine {
  /// Runs the current rule once for the lifted row's new snapshot center or finger, if
  /// the rule acts on `event`.
  mutating func applyReorderRule(_ lift: inout Lift, event: ReorderEvent = .frame) {
    guard settings.rule.function.acts(on: event) else { return }
    if settings.board.isOn { return boardReorderStep(&lift, event: event) }
    let input = reorderInput(lift, event: event)
    // The layout moves into the geometry and back, so its storage is never shared
    // (and never copied) while the rule moves rows.
    var geometry = TableGeometry(
      layout: Layout.placeholder, lifted: Slot(position: lift.position, section: lift.section))
    swap(&geometry.layout, &layout)
    settings.rule.function.reorder(input, in: &geometry)
    swap(&geometry.layout, &layout)
    lift.position = geometry.lifted.position
    lift.section = geometry.lifted.section
  }

  /// What the rule sees of `lift` now.
  func reorderInput(_ lift: Lift, event: ReorderEvent = .frame) -> ReorderInput {
    ReorderInput(
      center: lift.center, snapshotLength: lift.height, pointer: offset + lift.finger,
      crossesSections: settings.sections == .cross, event: event,
      source: Slot(position: lift.sourcePosition, section: lift.sourceSection))
  }
}
