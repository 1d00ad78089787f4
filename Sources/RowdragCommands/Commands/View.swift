/// The commands that look at the list or move the view: the scroll offset, the
/// board's page, the list printed, numbered or drawn, the live view and the state
/// line.
public enum ViewCommand {}

extension ViewCommand {
  static let scrollRow = CommandSpec(
    "scroll", replays: true, "y=O | +D | -D | ADDR | top | bottom",
    "set the scroll offset while idle (clamped)",
    completes: .words(["top", "bottom", "y="])
  ) { (args) throws(CommandError) in
    try args.arity(1...1)
    if case .word("top") = args[0] { return .scrollTop }
    if case .word("bottom") = args[0] { return .scrollBottom }
    if let y = try args.keyed("y", args[0]) { return .scrollTo(y) }
    if let d = try args.relative(args[0]) { return .scrollBy(d) }
    return .scrollToRow(try args.address(args[0]))
  }

  static let pageRow = CommandSpec(
    "page", replays: true, "K | $ | next | prev | /TITLE/",
    "turn the board to a column's page (board mode)",
    completes: .columnTitles
  ) { (args) throws(CommandError) in
    try args.arity(1...1)
    switch args[0] {
    case .pattern(let p): return .page(.titled(p))
    case .word("next"): return .page(.next)
    case .word("prev"): return .page(.previous)
    case .word("$"): return .page(.last)
    case .word(let w):
      if let k = NumberText.parseWhole(w) { return .page(.column(k)) }
    case .range, .sectioned: break
    }
    throw args.fail(
      "'\(args[0].text)' is not a page; use a column number, $, next, prev or /TITLE/")
  }

  static let printRow = CommandSpec(
    "print", replays: false, "print the list in its input format", .print)

  static let listRow = CommandSpec(
    "list", replays: false, "[ADDR | A,B]",
    "print numbered rows with flags and labels (all, or those)",
    completes: .rowLabels
  ) { (args) throws(CommandError) in
    try args.arity(0...1)
    guard args.count == 1 else { return .list }
    return .listRows(try args.rows(args[0]))
  }

  static let showRow = CommandSpec(
    "show", replays: false, "draw the table view as it is now", .show)

  static let liveRow = CommandSpec(
    "live", replays: false, "reorder full screen with the mouse or the keys; q returns",
    details: LiveKeys.helpText, .live)

  static let stateRow = CommandSpec(
    "state", replays: false, "print the engine state as one JSON line", .state)
}
