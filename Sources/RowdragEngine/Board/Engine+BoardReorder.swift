// SPDX-License-Identifier: Apache-2.0

/// The reorder step in board mode (BOARD.md §5): first a change of column when the
/// finger is over another column the row may enter, then the rule within the column
/// that holds the row. Runs inside `withActiveContainer` of the row's column.
extension Engine {
  mutating func boardReorderStep(_ lift: inout Lift, event: ReorderEvent) {
    let rule = settings.rule.function
    // `setRule` and `setBoard` keep rules without a column entry off boards.
    guard let entry = rule.columnEntry else { return }
    let moved = changeColumn(&lift, entry: entry)
    // Within the column that now holds the row. (Asked before the layout is lent to
    // the geometry, while the engine can still see its columns.)
    var input = reorderInput(lift, event: event)
    input.enteredColumn = moved
    input.pointerInItsColumn = columnUnderFinger(board.fingerX) == lift.section
    var geometry = ColumnGeometry(
      layout: Layout(emptyPlaceholder: ()),
      lifted: Slot(position: lift.position, section: lift.section),
      count: lift.count)
    swap(&geometry.layout, &layout)
    rule.reorder(input, in: &geometry, memory: &lift.ruleMemory)
    swap(&geometry.layout, &layout)
    lift.position = geometry.lifted.position
    lift.section = geometry.lifted.section
    clampOffset(forColumnsBeside: lift.section)
  }

  /// Step 1: moves the lifted row (or a range's block, as one) into the column under
  /// the finger, when it may go there. Returns whether it moved.
  private mutating func changeColumn(_ lift: inout Lift, entry: ColumnEntry) -> Bool {
    let a = lift.section
    guard let f = columnUnderFinger(board.fingerX), f != a, settings.sections == .cross,
      !layout.hasPin(in: (lift.position + lift.count)..<layout.sectionEnd(a))
    else { return false }
    // The slot in f: after its last row, or before the row under the finger (`under`).
    let end = layout.sectionEnd(f)
    var target = end  // a global position in the order without the row
    if entry == .underFinger {
      let y = containers.offsets[f] + lift.finger + layout.headerTop(f)
      if let r = layout.row(atContentY: y), layout.section(of: r) == f { target = r }
    }
    // No pinned row of f at or after the target.
    if layout.hasPin(in: target..<end) { return false }
    let destination = f > a ? target - lift.count : target
    let screenY = lift.center - offset  // the snapshot keeps its screen y
    layout.relocate(
      from: lift.position, count: lift.count, fromSection: a, to: destination, toSection: f)
    lift.position = destination
    lift.section = f
    // A rule that remembers rows by position (`under shadow=1`) starts afresh.
    lift.ruleMemory = RuleMemory()
    switchActiveColumn(to: f)
    lift.center = offset + screenY
    return true
  }

  /// Keeps every column but the active one inside its range (the active one's offset is
  /// `offset`, clamped by the auto-scroll itself).
  private mutating func clampOffset(forColumnsBeside k: Int) {
    for c in 0..<columnCount where c != activeColumn {
      let range = columnOffsetRange(c)
      containers.offsets[c] = Swift.min(
        Swift.max(containers.offsets[c], range.lowerBound), range.upperBound)
    }
  }

  /// `move` on a board (BOARD.md §5): within a column as in the table; pinned rows keep
  /// their (column, row), so a move to another column may shift none — neither after
  /// the row in its column nor at or after the target in the other. Rows of the
  /// columns in between do not move.
  func checkPinsOnBoard(_ position: Int, from own: Int, to target: Int, section: Int)
    throws(EngineError)
  {
    guard section != own else { return try checkPinsBetween(position, to: target) }
    try checkPinsAcrossColumns(position, count: 1, from: own, to: target, section: section)
  }

  /// The same for a range's block of `count` rows (SPEC §10).
  func checkPinsOnBoard(
    _ position: Int, count: Int, from own: Int, to target: Int, section: Int
  ) throws(EngineError) {
    guard section != own else {
      return try checkPinsBetween(position, count: count, to: target)
    }
    try checkPinsAcrossColumns(position, count: count, from: own, to: target, section: section)
  }

  private func checkPinsAcrossColumns(
    _ position: Int, count: Int, from own: Int, to target: Int, section: Int
  ) throws(EngineError) {
    guard layout.hasFlags else { return }
    let below = (position + count)..<layout.sectionEnd(own)
    // The other column's rows that end after the block, as positions now.
    let first = section > own ? target + count : target
    let shifted = first..<Swift.max(first, layout.sectionEnd(section))
    for k in Array(below) + Array(shifted) where layout.flags(at: k).contains(.pinned) {
      throw .crossesPinned(row: position + 1, pinned: k + 1)
    }
  }
}
