// SPDX-License-Identifier: Apache-2.0

/// `mark` (FORMATS.md §5.1): one undoable edit that sets the marks of a run of rows,
/// and their flags as `--lock` and `--pin` read the rows' new labels.
extension Engine {
  /// Sets the marks of the rows at `positions` to `codes` (one a row) and their flags
  /// to `flags` (one a row; nil keeps them): one edit, undone as one.
  /// - Throws: during a gesture; when a row is out of range, locked or pinned (nothing
  ///   is changed then).
  public mutating func mark(
    _ positions: Range<Int>, codes: [UInt8], flags: [RowFlags]? = nil
  ) throws(EngineError) {
    try requireIdle()
    guard !positions.isEmpty else { return }
    try checkPosition(positions.lowerBound)
    try checkPosition(positions.upperBound - 1)
    precondition(codes.count == positions.count && (flags?.count ?? codes.count) == codes.count)
    for p in positions where layout.hasFlags {
      let f = layout.flags(at: p)
      if f.contains(.pinned) { throw .rowPinned(row: p + 1) }
      if f.contains(.locked) { throw .rowLocked(row: p + 1) }
    }
    var runs = 0
    var first = 0
    layout.order.forEachRun(in: positions) { run in
      runs += 1
      first = Int(run.first)
    }
    let rows: MarkRows =
      runs == 1
      ? .run(first: first, count: positions.count)
      : .ids(positions.map { Int32(truncatingIfNeeded: layout.order[$0]) })
    var before: [RowFlags] = []
    var after: [RowFlags] = []
    if layout.hasFlags || flags?.contains(where: { !$0.isEmpty }) == true {
      before = positions.map { layout.flags(at: $0) }
      after = flags ?? before
    }
    let codesBefore = marks.codes.isEmpty ? [] : (0..<rows.count).map { marks.codes[rows[$0]] }
    let changed =
      codesBefore.isEmpty ? codes.contains { $0 != 0 } : codesBefore != codes
    guard changed || before != after else { return }
    let edit = MarkEdit(
      position: positions.lowerBound, rows: rows, codesBefore: codesBefore, codesAfter: codes,
      flagsBefore: before, flagsAfter: after)
    apply(edit, undoing: false)
    undoStack.append(.marks(edit))
    redoStack.removeAll()
  }

  /// Puts `edit`'s codes and flags (before it when `undoing`, after it otherwise).
  mutating func apply(_ edit: MarkEdit, undoing: Bool) {
    marks.set(
      undoing ? edit.codesBefore : edit.codesAfter, ofRows: edit.rows, count: layout.rowCount)
    let flags = undoing ? edit.flagsBefore : edit.flagsAfter
    for (k, f) in flags.enumerated() { layout.setFlags(f, at: edit.position + k) }
  }
}
