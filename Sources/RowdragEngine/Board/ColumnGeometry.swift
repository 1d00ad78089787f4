// SPDX-License-Identifier: Apache-2.0

/// One column of the board as a reorder geometry (BOARD.md §5): a table of one section
/// whose content starts at the column's header, with no section boundary to pass — a
/// row leaves its column only by the board's change of column, never by a rule.
struct ColumnGeometry: ReorderGeometry {
  var layout: Layout
  var lifted: Slot
  /// Rows in the lifted item: a range lifted as one block (SPEC §10), 1 for a card.
  var count = 1

  /// The lifted item's extent: the sum of its rows' heights.
  var liftedLength: Double { layout.height(at: lifted.position, count: count) }

  /// The column's own content y of the top of the row at `position` in `section`.
  func top(_ position: Int, _ section: Int) -> Double {
    layout.top(of: position, section: section) - layout.headerTop(section)
  }

  var liftedStart: Double { top(lifted.position, lifted.section) }

  func neighbour(_ direction: AxisDirection) -> AxisItem? {
    let s = lifted.section
    let p = lifted.position
    let next = direction == .forward ? p + count : p - 1
    guard next >= layout.sectionStarts[s], next < layout.sectionEnd(s) else { return nil }
    return rowItem(next, destination: direction == .forward ? p + 1 : next)
  }

  func row(at coordinate: Double) -> AxisItem? {
    let s = lifted.section
    let y = coordinate + layout.headerTop(s)
    guard let r = layout.row(atContentY: y), layout.section(of: r) == s else { return nil }
    let p = lifted.position
    if count > 1 && r >= p && r < p + count {
      // A row of the block is the block: one item, as the rules see it.
      return AxisItem(
        kind: .row(position: p), start: liftedStart, length: liftedLength, isPinned: false,
        destination: lifted)
    }
    // `moveRowAtIndexPath` within the column: a block moved down ends with its last
    // row where the target was.
    return rowItem(r, destination: r > p ? r - count + 1 : r)
  }

  func hasBarrier(before item: AxisItem) -> Bool {
    guard case .row(let r) = item.kind else { return false }
    let p = lifted.position
    let lo = r > p ? p + count : r + 1
    let hi = r > p ? r : p
    return lo < hi && layout.hasPin(in: lo..<hi)
  }

  func slot(beside item: AxisItem, after: Bool) -> Slot {
    guard case .row(let r) = item.kind else { return lifted }
    let p = lifted.position
    let position = r > p ? (after ? r - count + 1 : r - count) : (after ? r + 1 : r)
    return Slot(position: position, section: lifted.section)
  }

  /// The column at lift, by putting the row back in a copy: board mode never runs the
  /// rules that ask (`overlap`), so this need not be fast.
  func walkRowsAtLift(
    from start: Double, to end: Double, source: Slot, _ visit: (RowAtLift) -> AtLiftWalk
  ) {
    var atLift = self
    atLift.moveLifted(to: source)
    let s = source.section
    var liftedOnly = false
    for p in atLift.layout.sectionStarts[s]..<atLift.layout.sectionEnd(s) {
      if p > source.position && p < source.position + count { continue }
      if liftedOnly && p != source.position { continue }
      var item = atLift.rowItem(p, destination: p > source.position ? p - count + 1 : p)
      if p == source.position { item.length = liftedLength }
      guard item.start + item.length > start else { continue }
      guard item.start < end else { return }
      let row = RowAtLift(
        item: item, isLifted: p == source.position,
        isBehindPin: p != source.position && atLift.hasBarrier(before: item))
      switch visit(row) {
      case .next where !liftedOnly: continue
      case .liftedOnly where !liftedOnly && p < source.position: liftedOnly = true
      default: return
      }
    }
  }

  mutating func moveLifted(to slot: Slot) {
    layout.relocate(
      from: lifted.position, count: count, fromSection: lifted.section, to: slot.position,
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
