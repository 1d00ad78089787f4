// SPDX-License-Identifier: Apache-2.0

/// The vertical table as a reorder geometry: rows in sections, one after another down
/// the y axis, with a titled section's 28-point header between sections.
struct TableGeometry: ReorderGeometry {
  var layout: Layout
  var lifted: Slot

  func neighbour(_ direction: AxisDirection) -> AxisItem? {
    let p = lifted.position
    let s = lifted.section
    switch direction {
    case .forward:
      if p + 1 < layout.sectionEnd(s) { return rowItem(p + 1, section: s, destination: p + 1) }
      guard s + 1 < layout.sectionCount else { return nil }
      return AxisItem(
        kind: .sectionBoundary, start: layout.footerTop(s), length: layout.headerHeight(s + 1),
        isPinned: false, destination: Slot(position: p, section: s + 1))
    case .backward:
      if p > layout.sectionStarts[s] { return rowItem(p - 1, section: s, destination: p - 1) }
      guard s > 0 else { return nil }
      return AxisItem(
        kind: .sectionBoundary, start: layout.footerTop(s - 1), length: layout.headerHeight(s),
        isPinned: false, destination: Slot(position: p, section: s - 1))
    }
  }

  func row(at coordinate: Double) -> AxisItem? {
    guard let r = layout.row(atContentY: coordinate) else { return nil }
    let section = layout.section(of: r)
    // As `moveRowAtIndexPath` does: into a later section the rows before shift up one.
    return rowItem(r, section: section, destination: section > lifted.section ? r - 1 : r)
  }

  func hasBarrier(before item: AxisItem) -> Bool {
    guard case .row(let r) = item.kind else { return false }
    let lo = Swift.min(lifted.position, r) + 1
    let hi = Swift.max(lifted.position, r)
    return lo < hi && layout.hasPin(in: lo..<hi)
  }

  var liftedStart: Double { layout.top(of: lifted.position, section: lifted.section) }

  func slot(beside item: AxisItem, after: Bool) -> Slot {
    guard case .row(let r) = item.kind else { return lifted }
    let section = layout.section(of: r)
    let position = r > lifted.position ? (after ? r : r - 1) : (after ? r + 1 : r)
    return Slot(position: position, section: section)
  }

  func lastRow() -> AxisItem? {
    guard layout.rowCount > 0 else { return nil }
    let r = layout.rowCount - 1
    let section = layout.section(of: r)
    return rowItem(r, section: section, destination: section > lifted.section ? r - 1 : r)
  }

  mutating func moveLifted(to slot: Slot) {
    layout.relocate(
      from: lifted.position, fromSection: lifted.section, to: slot.position,
      toSection: slot.section)
    lifted = slot
  }

  private func rowItem(_ position: Int, section: Int, destination: Int) -> AxisItem {
    AxisItem(
      kind: .row(position: position), start: layout.top(of: position, section: section),
      length: layout.height(at: position), isPinned: layout.flags(at: position).contains(.pinned),
      destination: Slot(position: destination, section: section))
  }
}
