// SPDX-License-Identifier: Apache-2.0

/// One column of the board as a reorder geometry (BOARD.md §5): a table of one section
/// whose content starts at the column's header, with no section boundary to pass — a
/// row leaves its column only by the board's change of column, never by a rule.
struct ColumnGeometry: ReorderGeometry {
  var layout: Layout
  var lifted: Slot

  /// The column's own content y of the top of the row at `position` in `section`.
  func top(_ position: Int, _ section: Int) -> Double {
    layout.top(of: position, section: section) - layout.headerTop(section)
  }

  var liftedStart: Double { top(lifted.position, lifted.section) }

  func neighbour(_ direction: AxisDirection) -> AxisItem? {
    let s = lifted.section
    let next = lifted.position + (direction == .forward ? 1 : -1)
    guard next >= layout.sectionStarts[s], next < layout.sectionEnd(s) else { return nil }
    return rowItem(next, destination: next)
  }

  func row(at coordinate: Double) -> AxisItem? {
    let s = lifted.section
    let y = coordinate + layout.headerTop(s)
    guard let r = layout.row(atContentY: y), layout.section(of: r) == s else { return nil }
    return rowItem(r, destination: r)
  }

  func hasBarrier(before item: AxisItem) -> Bool {
    guard case .row(let r) = item.kind else { return false }
    let lo = Swift.min(lifted.position, r) + 1
    let hi = Swift.max(lifted.position, r)
    return lo < hi && layout.hasPin(in: lo..<hi)
  }

  func slot(beside item: AxisItem, after: Bool) -> Slot {
    guard case .row(let r) = item.kind else { return lifted }
    let position = r > lifted.position ? (after ? r : r - 1) : (after ? r + 1 : r)
    return Slot(position: position, section: lifted.section)
  }

  /// The column at lift, by putting the row back in a copy: board mode never runs the
  /// rules that ask (`overlap`), so this need not be fast.
  func forEachRowAtLift(
    from start: Double, to end: Double, source: Slot, _ body: (RowAtLift) -> Void
  ) {
    var atLift = self
    atLift.moveLifted(to: source)
    let s = source.section
    for p in atLift.layout.sectionStarts[s]..<atLift.layout.sectionEnd(s) {
      let item = atLift.rowItem(p, destination: p)
      guard item.start + item.length > start else { continue }
      guard item.start < end else { return }
      body(
        RowAtLift(
          item: item, isLifted: p == source.position,
          isBehindPin: p != source.position && atLift.hasBarrier(before: item)))
    }
  }

  mutating func moveLifted(to slot: Slot) {
    layout.relocate(
      from: lifted.position, fromSection: lifted.section, to: slot.position,
      toSection: slot.section)
    lifted = slot
  }

  private func rowItem(_ position: Int, destination: Int) -> AxisItem {
    AxisItem(
      kind: .row(position: position), start: top(position, lifted.section),
      length: layout.height(at: position), isPinned: layout.flags(at: position).contains(.pinned),
      destination: Slot(position: destination, section: lifted.section))
  }
}
