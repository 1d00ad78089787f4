import RowdragEngine
import RowdragFormats

/// The list's side of an arrangement: a list whose labels depend on where rows stand
/// (Markdown's renumbered ordered items, FORMATS.md §3.3) is told every order the
/// engine takes, and a list may refuse an edit (a move that would nest a Markdown item).
extension Session {
  /// Tells the document the engine's order and sections, when its labels follow them.
  /// Run whenever the engine changes (`engine`'s observer), so every command that moves
  /// rows — a move, a drop, undo, redo, a drag's reorder, a refused drop put back, a
  /// reload, a write — leaves labels as the rows would be written now; a list whose
  /// labels are its rows' own pays one test.
  func arrangeDocument() {
    if engine.marks.version != shownMarks {
      shownMarks = engine.marks.version
      document.showMarks(engine.marks.codes)
    }
    guard document.followsArrangement else { return }
    document.arrange(engine.layout.order, sectionStarts: engine.layout.sectionStarts)
  }

  /// Runs `edit` (a `move`, a range move or a `release`) and, when it moved rows and the
  /// document refuses the result, puts everything back as `--on-drop`'s refusal does
  /// (the order at lift or before the move, nothing recorded, the redo stack kept, the
  /// gesture over) and fails naming the rows. Before the drop hook runs: the hook is
  /// asked only about edits that stand.
  func vetted(_ edit: (Session) throws -> Void) throws {
    guard document.refusesArrangements else { return try edit(self) }
    let before = engine
    try edit(self)
    guard engine.undoCount > before.undoCount, let slots = engine.lastEditSlots else { return }
    let count = engine.lastEditCount
    let move = RowMove(from: slots.from.position, to: slots.to.position, count: count)
    let layout = engine.layout
    guard
      let refusal = document.refusal(
        of: move, in: layout.order, sectionStarts: layout.sectionStarts)
    else { return }
    let dropped = before.finger != nil
    // Named as they would have been written (the document follows the refused order).
    let said = message(refusal)
    engine = before
    if engine.finger != nil { try engine.cancel() }
    let back =
      dropped
      ? "; \(count > 1 ? "the rows are" : "the row is") back at \(address(slots.from))"
      : "; nothing moved"
    throw CommandError(command: "", message: said + back)
  }

  /// `C:R` (1-based) of a slot in the current layout.
  private func address(_ slot: Slot) -> String {
    "\(slot.section + 1):\(slot.position - engine.layout.sectionStarts[slot.section] + 1)"
  }

  /// What was refused, naming the rows by their labels in the arrangement refused.
  private func message(_ refusal: ArrangementRefusal) -> String {
    func quoted(_ id: Int) -> String { "'\(TerminalText.escape(document.label(ofRow: id)))'" }
    switch refusal {
    case .nests(let child, let parent, let indent, let column):
      return "\(quoted(child)) would become a child of \(quoted(parent)): its marker, "
        + "indented \(indent) columns, would stand at or past that item's content column "
        + "\(column), which CommonMark reads as nested"
    }
  }
}
