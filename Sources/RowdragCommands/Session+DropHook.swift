import RowdragEngine
import RowdragSystem

/// The drop hook (BOARD.md §7): after a `release` or `move` that changed the row's
/// index path, `--on-drop CMD` decides whether the edit stands. A refusal puts the row
/// back and fails the command, so a run that exits 0 means every drop was accepted.
extension Session {
  func withDropHook(_ hook: DropHook?, _ edit: (Session) throws -> Void) throws {
    guard let hook else { return try vetted(edit) }
    let before = engine
    try vetted(edit)
    guard engine.undoCount > before.undoCount, let slots = engine.lastEditSlots else { return }
    let count = engine.lastEditCount
    let outcome = System.runShell(
      hook.command, extra: hookEnvironment(slots, count: count, before: before),
      limits: hook.limits, interrupted: hook.interrupted)
    if outcome == .exited(0) {
      acceptedByHook = (engine.layout.order, engine.layout.sectionStarts)
      return
    }
    // Refused: the order as it was at lift (or before the move), nothing recorded, the
    // redo stack kept, the gesture over.
    engine = before
    if engine.finger != nil { try engine.cancel() }
    let reason: String =
      switch outcome {
      case .exited(let status): "status \(status)"
      case .signaled(let signal): "killed by signal \(signal)"
      case .couldNotStart(let code): "/bin/sh could not start: \(System.errorText(code))"
      case .interrupted: "interrupted"
      case .timedOut:
        "still running after \(NumberText.short(hook.limits.timeout)) s, --on-drop-timeout"
      }
    throw CommandError(
      command: "",
      message:
        "the --on-drop command failed (\(reason)); \(count > 1 ? "the rows are" : "the row is") back at \(address(slots.from))"
    )
  }

  /// `C:R` (1-based) of a slot in the current layout.
  private func address(_ slot: Slot) -> String {
    "\(slot.section + 1):\(slot.position - engine.layout.sectionStarts[slot.section] + 1)"
  }

  /// A block (SPEC §10) is told by its first row, with `ROWDRAG_COUNT` its rows.
  private func hookEnvironment(_ slots: (from: Slot, to: Slot), count: Int, before: Engine) -> [(
    name: String, value: [UInt8]
  )] {
    let layout = engine.layout
    let id = Int(layout.order[slots.to.position])
    let from =
      "\(slots.from.section + 1):\(slots.from.position - before.layout.sectionStarts[slots.from.section] + 1)"
    // Bytes as the list holds them; a label goes up to a NUL byte, which the
    // environment cannot hold.
    return [
      ("ROWDRAG_LABEL", document.labelBytes(ofRow: id)),
      ("ROWDRAG_FROM", Array(from.utf8)),
      ("ROWDRAG_TO", Array(address(slots.to).utf8)),
      ("ROWDRAG_FROM_TITLE", document.titleBytes(ofSection: slots.from.section) ?? []),
      ("ROWDRAG_TO_TITLE", document.titleBytes(ofSection: slots.to.section) ?? []),
      ("ROWDRAG_FILE", RawText.bytes(listName)),
      ("ROWDRAG_COUNT", Array(String(count).utf8)),
    ]
  }
}

extension Session {
  /// `moved 3 → 1` (global row numbers) for the last edit.
  func notifyMove(_ notify: ((String) -> Void)?) {
    guard let edit = engine.lastEdit else { return }
    let k = engine.lastEditCount
    tell(notify, "moved \(Self.rows(edit.from, k)) → \(Self.rows(edit.to, k))")
  }

  /// Tells `notify` of `line` when the session is verbose.
  func tell(_ notify: ((String) -> Void)?, _ line: @autoclosure () -> String) {
    if verbose, let notify { notify(line()) }
  }

  /// `3`, or `3,5` for three rows from position 2: how a person names them.
  static func rows(_ position: Int, _ count: Int) -> String {
    count > 1 ? "\(position + 1),\(position + count)" : "\(position + 1)"
  }
}
