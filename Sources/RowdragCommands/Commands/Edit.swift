import RowdragEngine

/// The commands that edit the list outright: a move (of a row or a range), the marks
/// a row carries (locked, pinned), and the history of edits.
public enum EditCommand: Sendable, Equatable {
  case move(Address, to: MoveTarget)
  /// `move A,B TO`: moves the range as one block.
  case moveRange(AddressRange, to: MoveTarget)
  case lock(Address)
  case pin(Address)
  case unlock(Address)
  /// `lock A,B`, `pin A,B`, `unlock A,B`: each row of the range.
  case lockRange(AddressRange)
  case pinRange(AddressRange)
  case unlockRange(AddressRange)
  case undo
  case redo
  /// Takes back the most recent edit, as a refused drop does.
  case reject
  /// `mark ADDR WORD`, `mark A,B WORD` (FORMATS.md §5.1).
  case mark(AddressRange, String)
}

extension EditCommand {
  static let moveRow = CommandSpec(
    "move", replays: true, "ADDR TO",
    "move a row directly so it ends as row TO "
      + "(N, $, S:R, S:$, +N, -N, before ADDR, after ADDR)",
    completes: .rowLabelsThenHeaders
  ) { (args) throws(CommandError) in
    try args.arity(2...3)
    if let range = try args.range(args[0]) {
      return .edit(.moveRange(range, to: try moveTarget(args)))
    }
    let row = try args.address(args[0])
    return .edit(.move(row, to: try moveTarget(args)))
  }

  static let lockRow = CommandSpec(
    "lock", replays: true, "ADDR | A,B", "make rows unliftable (others may pass them)",
    completes: .rowLabels
  ) { (args) throws(CommandError) in
    try args.arity(1...1)
    if let range = try args.range(args[0]) { return .edit(.lockRange(range)) }
    return .edit(.lock(try args.oneAddress()))
  }

  static let pinRow = CommandSpec(
    "pin", replays: true, "ADDR | A,B", "make rows barriers nothing passes",
    completes: .rowLabels
  ) { (args) throws(CommandError) in
    try args.arity(1...1)
    if let range = try args.range(args[0]) { return .edit(.pinRange(range)) }
    return .edit(.pin(try args.oneAddress()))
  }

  static let unlockRow = CommandSpec(
    "unlock", replays: true, "ADDR | A,B", "clear rows' lock and pin",
    completes: .rowLabels
  ) { (args) throws(CommandError) in
    try args.arity(1...1)
    if let range = try args.range(args[0]) { return .edit(.unlockRange(range)) }
    return .edit(.unlock(try args.oneAddress()))
  }

  static let markRow = CommandSpec(
    "mark", replays: true, "ADDR | A,B WORD",
    "set rows' mark: a todo line's verb (pick, fixup, ...), a Markdown task's done or todo",
    completes: .rowLabelsThenMarks
  ) { (args) throws(CommandError) in
    try args.arity(2...3)
    let range: AddressRange
    if let given = try args.range(args[0]) {
      range = given
    } else {
      let row = try args.address(args[0])
      range = AddressRange(first: row, last: row)
    }
    return .edit(.mark(range, args.tokens.dropFirst().map(\.text).joined(separator: " ")))
  }

  static let undoRow = CommandSpec(
    "undo", replays: true, "undo the last gesture, move or mark", .edit(.undo))

  static let rejectRow = CommandSpec(
    "reject", replays: true, "take back the last edit for good, as a refused drop (no redo)",
    .edit(.reject))

  static let redoRow = CommandSpec("redo", replays: true, "redo the last undone edit", .edit(.redo))

  /// `TO` of `move ADDR TO` or `move A,B TO`: `N`, `$`, `S:R`, `S:$` (last in section
  /// S), `+N`, `-N`, or `before ADDR` / `after ADDR`.
  static func moveTarget(_ args: CommandArguments) throws(CommandError) -> MoveTarget {
    if args.count == 2, case .word(let side) = args[1], side == "before" || side == "after" {
      throw args.fail("\(side) needs a row: move ADDR \(side) ADDR")
    }
    if args.count == 3 {
      guard case .word(let side) = args[1], side == "before" || side == "after" else {
        throw args.fail(
          "expected 'before' or 'after' before the second row; usage: \(args.usage)")
      }
      let other = try args.address(args[2])
      return side == "before" ? .before(other) : .after(other)
    }
    if case .word(let w) = args[1], w.first == "+" || w.first == "-",
      let n = NumberText.parseWhole(String(w.dropFirst()))
    {
      return .by(w.first == "-" ? -n : n)
    }
    let target = try args.address(args[1])
    if case .pattern(let p) = target {
      throw args.fail(
        "TO must be N, $, S:R, S:$, +N or -N, not a /REGEX/; to move next to a row, say "
          + "'before /\(p)/' or 'after /\(p)/'; into the section whose header matches, '/\(p)/:1'")
    }
    return .row(target)
  }
}

extension EditCommand {
  func run(in context: CommandContext) throws -> Session.Outcome {
    let session = context.session
    let stop = context.effects.isInterrupted
    switch self {
    case .move(let a, let target):
      let edits = session.engine.undoCount
      try session.withDropHook(context.effects.dropHook) {
        try $0.move(a, to: target, isInterrupted: stop)
      }
      if session.engine.undoCount > edits { session.notifyMove(context.effects.notify) }
    case .moveRange(let range, let target):
      let edits = session.engine.undoCount
      try session.withDropHook(context.effects.dropHook) {
        try $0.move(range, to: target, isInterrupted: stop)
      }
      if session.engine.undoCount > edits { session.notifyMove(context.effects.notify) }
    case .lock(let a): try session.engine.lock(try session.resolve(a, isInterrupted: stop))
    case .pin(let a): try session.engine.pin(try session.resolve(a, isInterrupted: stop))
    case .unlock(let a): try session.engine.unlock(try session.resolve(a, isInterrupted: stop))
    case .lockRange(let range):
      try session.forEachRow(of: range, isInterrupted: stop) { try $0.engine.lock($1) }
    case .pinRange(let range):
      try session.forEachRow(of: range, isInterrupted: stop) { try $0.engine.pin($1) }
    case .unlockRange(let range):
      try session.forEachRow(of: range, isInterrupted: stop) { try $0.engine.unlock($1) }
    case .undo: try session.engine.undo()
    case .redo: try session.engine.redo()
    case .reject: try session.engine.reject()
    case .mark(let range, let word):
      let (position, count) = try session.mark(range, word: word, isInterrupted: stop)
      let name = session.document.markNames[session.document.mark(named: word) ?? 0]
      session.tell(context.effects.notify, "marked \(Session.rows(position, count)) \(name)")
    }
    return .proceed
  }
}

extension Session {
  /// `move ADDR TO`.
  fileprivate func move(
    _ address: Address, to target: MoveTarget, isInterrupted stop: () -> Bool
  ) throws {
    let from = try resolve(address, isInterrupted: stop)
    switch target {
    case .row(.sectionRow(let s, let r)):
      try engine.move(from, toSection: try sectionNumber(s) &- 1, row: r &- 1)
    case .row(.sectionLast(let s)):
      let (section, row) = try endOfSection(s, from: from, count: 1)
      try engine.move(from, toSection: section, row: row)
    case .row(let row):
      try engine.move(from, toPosition: try resolve(row, isInterrupted: stop))
    case .by(let n):
      let to = from.addingReportingOverflow(n)
      guard !to.overflow, to.partialValue >= 0, to.partialValue < engine.layout.rowCount else {
        throw CommandError(
          command: "",
          message: "row \(from + 1) \(n < 0 ? "-" : "+")\(n.magnitude) is outside the list "
            + "(rows 1 to \(engine.layout.rowCount))")
      }
      try engine.move(from, toPosition: to.partialValue)
    case .before(let other), .after(let other):
      // The row ends next to the other in the other's section, counted once the
      // moving row has left its place.
      let anchor = try resolve(other, isInterrupted: stop)
      guard anchor != from else { return }
      let layout = engine.layout
      let section = layout.section(of: anchor)
      var row = anchor - layout.sectionStarts[section]
      if layout.section(of: from) == section && from < anchor { row -= 1 }
      if case .after = target { row += 1 }
      try engine.move(from, toSection: section, row: row)
    }
  }

  /// `lock`, `pin`, `unlock` of each row of a range (all checked before any is set).
  fileprivate func forEachRow(
    of range: AddressRange, isInterrupted: () -> Bool, _ body: (Session, Int) throws -> Void
  ) throws {
    let (position, count) = try resolve(range, isInterrupted: isInterrupted)
    try engine.requireIdle()
    for k in position..<(position + count) { try body(self, k) }
  }

  /// `move A,B TO`.
  fileprivate func move(_ range: AddressRange, to target: MoveTarget, isInterrupted: () -> Bool)
    throws
  {
    let (position, count) = try resolve(range, isInterrupted: isInterrupted)
    try moveBlock(position, count: count, to: target, isInterrupted: isInterrupted)
  }

  /// `move A,B TO`, with the targets of a single row's `move`.
  private func moveBlock(
    _ from: Int, count: Int, to target: MoveTarget, isInterrupted: () -> Bool
  ) throws {
    let rows = engine.layout.rowCount
    switch target {
    case .row(.sectionRow(let s, let r)):
      try engine.move(from, count: count, toSection: try sectionNumber(s) &- 1, row: r &- 1)
    case .row(.sectionLast(let s)):
      let (section, row) = try endOfSection(s, from: from, count: count)
      try engine.move(from, count: count, toSection: section, row: row)
    case .row(.last):
      try engine.move(from, count: count, toPosition: rows - count)
    case .row(let row):
      try engine.move(
        from, count: count, toPosition: try resolve(row, isInterrupted: isInterrupted))
    case .by(let n):
      let to = from.addingReportingOverflow(n)
      guard !to.overflow, to.partialValue >= 0, to.partialValue <= rows - count else {
        throw CommandError(
          command: "",
          message: "rows \(from + 1) to \(from + count) \(n < 0 ? "-" : "+")\(n.magnitude) "
            + "would leave the list (the first row can go from 1 to \(rows - count + 1))")
      }
      try engine.move(from, count: count, toPosition: to.partialValue)
    case .before(let other), .after(let other):
      // The block ends next to the other row, in its section, counted once the block
      // has left its place. Next to a row of its own, only its own edges make sense:
      // `before A` and `after B` leave it where it is; inside, as vim's `:m`, an error.
      let anchor = try resolve(other, isInterrupted: isInterrupted)
      let isBefore = target == .before(other)
      if anchor >= from && anchor < from + count {
        if anchor == (isBefore ? from : from + count - 1) { return }
        throw CommandError(
          command: "",
          message: "row \(anchor + 1) is inside the range \(from + 1) to \(from + count); "
            + "a range cannot move next to its own rows (use before \(from + 1) or "
            + "after \(from + count), which change nothing, or a row outside it)")
      }
      let layout = engine.layout
      let section = layout.section(of: anchor)
      var row = anchor - layout.sectionStarts[section]
      if layout.section(of: from) == section && from < anchor { row -= count }
      if !isBefore { row += 1 }
      try engine.move(from, count: count, toSection: section, row: row)
    }
  }
}
