// SPDX-License-Identifier: Apache-2.0

/// `move`: a direct edit of one row, with the same constraints as a gesture (SPEC §9.15).
extension Engine {
  /// Moves the row at `position` so it ends as global row `target` (0-based), joining
  /// the section of the row now there.
  public mutating func move(_ position: Int, toPosition target: Int) throws(EngineError) {
    try requireIdle()
    try checkPosition(position)
    try checkPosition(target)
    try relocateChecked(position, to: target, section: layout.section(of: target))
  }

  /// Moves the row at `position` to row `row` (0-based) of section `section`.
  ///
  /// `row` ranges over `0…k` for another section of `k` rows and `0..<k` for its own.
  public mutating func move(_ position: Int, toSection section: Int, row: Int)
    throws(EngineError)
  {
    try requireIdle()
    try checkPosition(position)
    guard section >= 0, section < layout.sectionCount else {
      throw .sectionOutOfRange(section: section &+ 1, count: layout.sectionCount)
    }
    let own = layout.section(of: position)
    let k = layout.rowCount(inSection: section)
    let limit = section == own ? k : k + 1
    guard row >= 0, row < limit else {
      throw .sectionRowOutOfRange(section: section + 1, row: row &+ 1, limit: limit)
    }
    // Sections after the row's own lose it, so their start moves up by one.
    let start = layout.sectionStarts[section] - (section > own ? 1 : 0)
    try relocateChecked(position, to: start + row, section: section)
  }

  private mutating func relocateChecked(_ position: Int, to target: Int, section: Int)
    throws(EngineError)
  {
    let flags = layout.flags(at: position)
    if flags.contains(.pinned) { throw .rowPinned(row: position + 1) }
    if flags.contains(.locked) { throw .rowLocked(row: position + 1) }
    let own = layout.section(of: position)
    if settings.sections == .keep && section != own { throw .otherSection(row: position + 1) }
    try checkPins(moving: position, from: own, to: target, section: section)
    if (target, section) == (position, own) { return }
    layout.relocate(from: position, fromSection: own, to: target, toSection: section)
    record(Edit(from: position, fromSection: own, to: target, toSection: section))
    clampContainers()
  }

  /// Undoes the last gesture, move or mark (a mark's rows get their marks and flags back;
  /// a move never touches the offset or flags).
  public mutating func undo() throws(EngineError) {
    redoStack.append(try takeBackLastEdit())
  }

  /// Takes back the most recent edit still applied, as when a server refuses a move
  /// after the fact (BOARD.md §6): unlike `undo` it is dropped from history and the
  /// redo stack is cleared, since redoing would bring the refused change back.
  public mutating func reject() throws(EngineError) {
    _ = try takeBackLastEdit()
    redoStack.removeAll()
  }

  /// Takes the last edit back (a move's rows to where they were, or marks as they
  /// were) and drops it from the undo stack.
  private mutating func takeBackLastEdit() throws(EngineError) -> HistoryEntry {
    try requireIdle()
    guard let entry = undoStack.popLast() else { throw .nothingToUndo }
    apply(entry, undoing: true)
    return entry
  }

  /// Redoes the last undone edit.
  public mutating func redo() throws(EngineError) {
    try requireIdle()
    guard let entry = redoStack.popLast() else { throw .nothingToRedo }
    apply(entry, undoing: false)
    undoStack.append(entry)
  }

  /// Puts an edit's rows (or marks) where it left them, or back where it found them.
  private mutating func apply(_ entry: HistoryEntry, undoing: Bool) {
    switch entry {
    case .move(let edit):
      let (from, fromSection) = undoing ? (edit.to, edit.toSection) : (edit.from, edit.fromSection)
      let (to, toSection) = undoing ? (edit.from, edit.fromSection) : (edit.to, edit.toSection)
      layout.relocate(
        from: from, count: edit.count, fromSection: fromSection, to: to, toSection: toSection)
    case .marks(let edit):
      apply(edit, undoing: undoing)
    }
    clampContainers()
  }
}
