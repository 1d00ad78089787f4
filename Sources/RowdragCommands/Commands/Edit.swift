/// The commands that edit the list outright: a move (of a row or a range), the marks
/// a row carries (locked, pinned), and the history of edits.
public enum EditCommand {}

extension EditCommand {
  static let moveRow = CommandSpec(
    "move", replays: true, "ADDR TO",
    "move a row directly so it ends as row TO "
      + "(N, $, S:R, S:$, +N, -N, before ADDR, after ADDR)",
    completes: .rowLabelsThenHeaders
  ) { (args) throws(CommandError) in
    try args.arity(2...3)
    if let range = try args.range(args[0]) { return .moveRange(range, to: try moveTarget(args)) }
    let row = try args.address(args[0])
    return .move(row, to: try moveTarget(args))
  }

  static let lockRow = CommandSpec(
    "lock", replays: true, "ADDR | A,B", "make rows unliftable (others may pass them)",
    completes: .rowLabels
  ) { (args) throws(CommandError) in
    try args.arity(1...1)
    if let range = try args.range(args[0]) { return .lockRange(range) }
    return .lock(try args.oneAddress())
  }

  static let pinRow = CommandSpec(
    "pin", replays: true, "ADDR | A,B", "make rows barriers nothing passes",
    completes: .rowLabels
  ) { (args) throws(CommandError) in
    try args.arity(1...1)
    if let range = try args.range(args[0]) { return .pinRange(range) }
    return .pin(try args.oneAddress())
  }

  static let unlockRow = CommandSpec(
    "unlock", replays: true, "ADDR | A,B", "clear rows' lock and pin",
    completes: .rowLabels
  ) { (args) throws(CommandError) in
    try args.arity(1...1)
    if let range = try args.range(args[0]) { return .unlockRange(range) }
    return .unlock(try args.oneAddress())
  }

  static let undoRow = CommandSpec("undo", replays: true, "undo the last gesture or move", .undo)

  static let rejectRow = CommandSpec(
    "reject", replays: true, "take back the last edit for good, as a refused drop (no redo)",
    .reject)

  static let redoRow = CommandSpec("redo", replays: true, "redo the last undone edit", .redo)

  /// `TO` of `move ADDR TO` or `move A,B TO`: `N`, `$`, `S:R`, `S:$` (last in section
  /// S), `+N`, `-N`, or `before ADDR` / `after ADDR`.
  static func moveTarget(_ args: CommandArguments) throws(CommandError) -> MoveTarget {
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
