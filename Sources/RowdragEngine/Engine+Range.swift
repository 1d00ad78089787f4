// SPDX-License-Identifier: Apache-2.0

/// Ranges: several consecutive rows of one section pressed, lifted and moved as one
/// block (SPEC §10). The block is one item of height `h_L` = the sum of its rows'
/// heights; the rules, the auto-scroll and the undo history see it as they see one
/// row, so a range of one row is exactly that row.
extension Engine {
  /// Presses the `count` rows from `position` on as one block: none may be locked or
  /// pinned, all must be in one section. The range is scrolled into view (wholly when
  /// it fits, else its top at the top) and the finger goes to its centre.
  public mutating func press(position: Int, count: Int) throws(EngineError) {
    if count == 1 { return try press(position: position) }
    try requireIdle()
    try checkRange(position, count: count)
    try checkLiftable(position, count: count)
    pressRange(position, count: count)
  }

  /// Presses the `count` rows from `position` on as one block where one of them shows,
  /// at screen y `y` (on a board at the screen point `(x, y)`; `x` defaults to the
  /// centre of their column), with the finger there: the live view's press on a
  /// selection, which puts the finger at the pointer (SPEC §2.1 and §10, turn 4) and
  /// not at the block's centre, off screen when the block is taller than the viewport.
  /// Nothing scrolls, as for `press y=Y`; the grab offset keeps the block where it is.
  public mutating func press(position: Int, count: Int, screenX x: Double? = nil, screenY y: Double)
    throws(EngineError)
  {
    try requireIdle()
    try checkRange(position, count: count)
    try checkLiftable(position, count: count)
    try pressRange(position, count: count, atScreenX: x, y: y)
  }

  /// Throws unless `count ≥ 1` rows from `position` on exist and share a section.
  public func checkRange(_ position: Int, count: Int) throws(EngineError) {
    try checkPosition(position)
    guard count >= 1 else { throw .rowOutOfRange(row: position + count, count: layout.rowCount) }
    let last = position.addingReportingOverflow(count - 1)
    guard !last.overflow else { throw .rowOutOfRange(row: Int.max, count: layout.rowCount) }
    try checkPosition(last.partialValue)
    let section = layout.section(of: position)
    guard last.partialValue < layout.sectionEnd(section) else {
      throw .rangeAcrossSections(first: position + 1, last: last.partialValue + 1)
    }
  }

  /// Throws at the first locked or pinned row of the range.
  /// - Complexity: O(count) with flags, O(1) without.
  func checkLiftable(_ position: Int, count: Int) throws(EngineError) {
    guard layout.hasFlags else { return }
    for k in position..<(position + count) { try checkLiftable(k) }
  }

  /// The offset that shows the `count` rows from `position` by the smallest scroll:
  /// the whole range when it fits in the viewport, else its top at the top; clamped.
  func revealOffset(_ position: Int, count: Int) -> Double {
    if count == 1 { return revealOffset(position) }
    return revealOffset(
      top: layout.top(of: position), height: layout.height(at: position, count: count))
  }

  /// The offset that shows the extent `[top, top + h)` of the active scroll container by
  /// the smallest scroll (its top at the top when taller than the viewport), clamped.
  func revealOffset(top: Double, height h: Double) -> Double {
    if top >= offset && top + h <= offset + settings.viewport { return offset }
    if h > settings.viewport || top < offset { return clampOffset(top) }
    return clampOffset(top + h - settings.viewport)
  }

  /// Reveals the range and touches it at its centre. A range taller than the viewport
  /// is shown from its top and touched at its centre all the same, as a row taller
  /// than the viewport is: the finger may lie below the viewport (SPEC §1.2).
  mutating func pressTableRange(_ position: Int, count: Int) {
    offset = revealOffset(position, count: count)
    let section = layout.section(of: position)
    let center =
      layout.top(of: position, section: section) + layout.height(at: position, count: count) / 2
    begin(position: position, section: section, finger: center - offset, count: count)
  }

  /// Touches the range at screen y `y`, which must lie on one of its rows.
  mutating func pressTableRange(_ position: Int, count: Int, atScreenY y: Double)
    throws(EngineError)
  {
    guard y >= 0, y < settings.viewport else {
      throw .outsideViewport(y: y, viewport: settings.viewport)
    }
    guard let row = layout.row(atContentY: offset + y), row >= position, row < position + count
    else { throw .pointNotOnRange(x: nil, y: y, first: position + 1, last: position + count) }
    begin(position: position, section: layout.section(of: position), finger: y, count: count)
  }

  /// `move` of a block: the `count` rows from `position` end with their first at global
  /// row `target` (0-based) — after the row now at `target + count − 1` going down,
  /// before the row now at `target` going up — joining that row's section.
  public mutating func move(_ position: Int, count: Int, toPosition target: Int)
    throws(EngineError)
  {
    if count == 1 { return try move(position, toPosition: target) }
    try requireIdle()
    try checkRange(position, count: count)
    try checkPosition(target)
    guard target <= layout.rowCount - count else {
      throw .blockPastEnd(row: target + 1, count: count, rows: layout.rowCount)
    }
    // The row whose place decides the section: the one the block ends after (down) or
    // starts before (up).
    let anchor = target > position ? target + count - 1 : target
    try relocateBlockChecked(
      position, count: count, to: target, section: layout.section(of: anchor))
  }

  /// `move` of a block to row `row` (0-based) of section `section`: `0…k` for another
  /// section of `k` rows, `0…k − count` in its own.
  public mutating func move(_ position: Int, count: Int, toSection section: Int, row: Int)
    throws(EngineError)
  {
    if count == 1 { return try move(position, toSection: section, row: row) }
    try requireIdle()
    try checkRange(position, count: count)
    guard section >= 0, section < layout.sectionCount else {
      throw .sectionOutOfRange(section: section &+ 1, count: layout.sectionCount)
    }
    let own = layout.section(of: position)
    let k = layout.rowCount(inSection: section)
    let limit = section == own ? k - count + 1 : k + 1
    guard row >= 0, row < limit else {
      throw .sectionRowOutOfRange(section: section + 1, row: row &+ 1, limit: limit)
    }
    // Sections after the block's own lose it, so their start moves up by `count`.
    let start = layout.sectionStarts[section] - (section > own ? count : 0)
    try relocateBlockChecked(position, count: count, to: start + row, section: section)
  }

  private mutating func relocateBlockChecked(
    _ position: Int, count: Int, to target: Int, section: Int
  ) throws(EngineError) {
    try checkLiftable(position, count: count)
    let own = layout.section(of: position)
    if settings.sections == .keep && section != own { throw .otherSection(row: position + 1) }
    try checkPins(moving: position, count: count, from: own, to: target, section: section)
    if (target, section) == (position, own) { return }
    layout.relocate(from: position, count: count, fromSection: own, to: target, toSection: section)
    record(Edit(from: position, fromSection: own, to: target, toSection: section, count: count))
    clampContainers()
  }

  /// Throws if moving the block within the table would shift a pinned row: the rows it
  /// passes are those between its place and its target's.
  func checkPinsBetween(_ position: Int, count: Int, to target: Int) throws(EngineError) {
    guard target != position && layout.hasFlags else { return }
    let passed =
      target > position ? (position + count)...(target + count - 1) : target...(position - 1)
    for k in passed where layout.flags(at: k).contains(.pinned) {
      throw .crossesPinned(row: position + 1, pinned: k + 1)
    }
  }
}
