// SPDX-License-Identifier: Apache-2.0

/// The vertical table as a reorder geometry: rows in sections, one after another down
/// the y axis, with a titled section's 28-point header between sections.
struct TableGeometry: ReorderGeometry {
  private(set) var layout: Layout
  /// Where the lifted item is: its first row's slot.
  private(set) var lifted: Slot
  /// Rows in the lifted item: a range lifted as one block occupies `count` slots from
  /// `lifted` on and is one item to the rules (SPEC §10); 1 for a single row.
  private(set) var count: Int
  /// The lifted item's extent: the sum of its rows' heights at its slot now. Kept, not
  /// computed at each ask, because rules ask at every row they visit; set wherever
  /// the layout, the slot or the count changes.
  private(set) var liftedLength: Double
  /// `uniformRowLength`, or 0 when there is none (a row is never 0 high), set with
  /// `liftedLength`: `overlap` asks at every run, and the walk over the rows at lift
  /// shortens on it. A plain `Double`, not an optional: the geometry is copied at every
  /// rule run, and at 128 bytes a copy is a few moves rather than a call to `memcpy`.
  private var wholeRowLength = 0.0

  init(layout: Layout, lifted: Slot, count: Int = 1) {
    self.layout = layout
    self.lifted = lifted
    self.count = count
    liftedLength = layout.height(at: lifted.position, count: count)
    wholeRowLength = wholeUniformRowLength ?? 0
  }

  var uniformRowLength: Double? { wholeRowLength > 0 ? wholeRowLength : nil }

  /// Takes `layout` for a rule run with the lifted item at `lifted`, leaving the
  /// geometry's own (an empty stand-in) in its place: how the engine lends its layout,
  /// never copying its storage. `giveBack` returns it.
  mutating func borrow(_ layout: inout Layout, lifted: Slot, count: Int) {
    swap(&self.layout, &layout)
    self.lifted = lifted
    self.count = count
    liftedLength = self.layout.height(at: lifted.position, count: count)
    wholeRowLength = wholeUniformRowLength ?? 0
  }

  /// Returns the layout `borrow` took, taking the stand-in back; the geometry is then
  /// not asked anything until the next `borrow`.
  mutating func giveBack(_ layout: inout Layout) {
    swap(&self.layout, &layout)
  }

  func neighbour(_ direction: AxisDirection) -> AxisItem? {
    let p = lifted.position
    let s = lifted.section
    switch direction {
    case .forward:
      if p + count < layout.sectionEnd(s) {
        return rowItem(p + count, section: s, destination: p + 1)
      }
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
    return item(forRow: r)
  }

  /// The row at position `r` as a rule sees it: the lifted block when `r` is one of its
  /// rows, else the row with the slot `moveRowAtIndexPath` gives the lifted item.
  private func item(forRow r: Int) -> AxisItem {
    let p = lifted.position
    if count > 1 && r >= p && r < p + count {
      // A row of the block is the block: one item, as the rules see it.
      return AxisItem(
        kind: .row(position: p), start: liftedStart, length: liftedLength, isPinned: false,
        destination: lifted)
    }
    let section = layout.section(of: r)
    // As `moveRowAtIndexPath` does: into a later section the rows before shift up one
    // (the block's rows, for a block), and within its section a block moved down ends
    // with its last row where the target was.
    let destination =
      section > lifted.section ? r - count : r > p ? r - count + 1 : r
    return rowItem(r, section: section, destination: destination)
  }

  func hasBarrier(before item: AxisItem) -> Bool {
    guard case .row(let r) = item.kind else { return false }
    let p = lifted.position
    let lo = r > p ? p + count : r + 1
    let hi = r > p ? r : p
    return lo < hi && layout.hasPin(in: lo..<hi)
  }

  var liftedStart: Double { layout.top(of: lifted.position, section: lifted.section) }

  func slot(beside item: AxisItem, after: Bool) -> Slot {
    guard case .row(let r) = item.kind else { return lifted }
    let section = layout.section(of: r)
    let p = lifted.position
    let position = r > p ? (after ? r - count + 1 : r - count) : (after ? r + 1 : r)
    return Slot(position: position, section: section)
  }

  func lastRow() -> AxisItem? {
    guard layout.rowCount > 0 else { return nil }
    return item(forRow: layout.rowCount - 1)
  }

  mutating func moveLifted(to slot: Slot) {
    layout.relocate(
      from: lifted.position, count: count, fromSection: lifted.section, to: slot.position,
      toSection: slot.section)
    lifted = slot
    liftedLength = layout.height(at: lifted.position, count: count)
    wholeRowLength = wholeUniformRowLength ?? 0
  }

  private func rowItem(_ position: Int, section: Int, destination: Int) -> AxisItem {
    AxisItem(
      kind: .row(position: position), start: layout.top(of: position, section: section),
      length: layout.height(at: position), isPinned: layout.flags(at: position).contains(.pinned),
      destination: Slot(position: destination, section: section))
  }
}
