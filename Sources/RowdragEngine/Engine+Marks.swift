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
    let ids = positions.map { Int32(truncatingIfNeeded: layout.order[$0]) }
    let before = positions.map { layout.flags(at: $0) }
    let edit = MarkEdit(
      position: positions.lowerBound, ids: ids,
      codesBefore: ids.map { marks.code(ofRow: Int($0)) }, codesAfter: codes,
      flagsBefore: before, flagsAfter: flags ?? before)
    guard edit.codesBefore != edit.codesAfter || edit.flagsBefore != edit.flagsAfter else {
      return
    }
    apply(edit, undoing: false)
    undoStack.append(.marks(edit))
    redoStack.removeAll()
  }

  /// Puts `edit`'s codes and flags (before it when `undoing`, after it otherwise).
  mutating func apply(_ edit: MarkEdit, undoing: Bool) {
    let codes = undoing ? edit.codesBefore : edit.codesAfter
    let flags = undoing ? edit.flagsBefore : edit.flagsAfter
    for (k, id) in edit.ids.enumerated() {
      marks.set(codes[k], ofRow: Int(id), count: layout.rowCount)
      layout.setFlags(flags[k], at: edit.position + k)
    }
  }
}
