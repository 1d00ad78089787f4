import RowdragEngine
import RowdragFormats

/// The commands that look at the list or move the view: the scroll offset, the
/// board's page, the list printed, numbered or drawn, the live view and the state
/// line.
public enum ViewCommand: Sendable, Equatable {
  case scrollTo(Double)
  case scrollBy(Double)
  case scrollToRow(Address)
  case scrollTop
  case scrollBottom
  /// `page K|$|next|prev|/TITLE/`.
  case page(PageTarget)
  case print
  case list
  /// `list A`, `list A,B`: only those rows.
  case listRows(AddressRange)
  case show
  /// The full-screen live view (`--live`), from the interactive shell.
  case live
  case state
}

extension ViewCommand {
  static let scrollRow = CommandSpec(
    "scroll", replays: true, "y=O | +D | -D | ADDR | top | bottom",
    "set the scroll offset while idle (clamped)",
    completes: .words(["top", "bottom", "y="])
  ) { (args) throws(CommandError) in
    try args.arity(1...1)
    if case .word("top") = args[0] { return .view(.scrollTop) }
    if case .word("bottom") = args[0] { return .view(.scrollBottom) }
    if let y = try args.keyed("y", args[0]) { return .view(.scrollTo(y)) }
    if let d = try args.relative(args[0]) { return .view(.scrollBy(d)) }
    return .view(.scrollToRow(try args.address(args[0])))
  }

  static let pageRow = CommandSpec(
    "page", replays: true, "K | $ | next | prev | /TITLE/",
    "turn the board to a column's page (board mode)",
    completes: .columnTitles
  ) { (args) throws(CommandError) in
    try args.arity(1...1)
    switch args[0] {
    case .pattern(let p): return .view(.page(.titled(p)))
    case .word("next"): return .view(.page(.next))
    case .word("prev"): return .view(.page(.previous))
    case .word("$"): return .view(.page(.last))
    case .word(let w):
      if let k = NumberText.parseWhole(w) { return .view(.page(.column(k))) }
    case .range, .sectioned: break
    }
    throw args.fail(
      "'\(args[0].text)' is not a page; use a column number, $, next, prev or /TITLE/")
  }

  static let printRow = CommandSpec(
    "print", replays: false, "print the list in its input format", .view(.print))

  static let listRow = CommandSpec(
    "list", replays: false, "[ADDR | A,B]",
    "print numbered rows with flags and labels (all, or those)",
    completes: .rowLabels
  ) { (args) throws(CommandError) in
    try args.arity(0...1)
    guard args.count == 1 else { return .view(.list) }
    return .view(.listRows(try args.rows(args[0])))
  }

  static let showRow = CommandSpec(
    "show", replays: false, "draw the table view as it is now", .view(.show))

  static let liveRow = CommandSpec(
    "live", replays: false, "reorder full screen with the mouse or the keys; q returns",
    details: LiveKeys.helpText, .view(.live))

  static let stateRow = CommandSpec(
    "state", replays: false, "print the engine state as one JSON line", .view(.state))
}

extension ViewCommand {
  func run(in context: CommandContext) throws -> Session.Outcome {
    let session = context.session
    let out = context.out
    let stop = context.effects.isInterrupted
    switch self {
    case .scrollTo(let o): try session.engine.scroll(to: o)
    case .scrollBy(let d): try session.engine.scroll(by: d)
    case .scrollToRow(let a):
      try session.engine.scroll(reveal: try session.resolve(a, isInterrupted: stop))
    case .scrollTop: try session.engine.scrollToTop()
    case .scrollBottom: try session.engine.scrollToBottom()
    case .page(let target): try session.page(target)
    case .print: try session.printList(to: out)
    case .list: try session.writeListing(to: out, isInterrupted: stop)
    case .listRows(let range):
      let (position, count) = try session.resolve(range, acrossSections: true, isInterrupted: stop)
      try session.writeListing(to: out, rows: position..<(position + count), isInterrupted: stop)
    case .show:
      let picture: String
      switch session.engine.surface {
      case .table: picture = ShowRenderer(session: session).render()
      case .board: picture = BoardShowRenderer(session: session).render()
      }
      try out.write(session.asciiOnly ? ASCIIText.transliterate(picture) : picture)
    case .live:
      guard let openLive = context.effects.openLive else {
        throw CommandError(
          command: "", message: "the live view needs the interactive shell; use rowdrag --live FILE"
        )
      }
      try openLive()
    case .state: try out.write(session.stateLine() + "\n")
    }
    return .proceed
  }
}

extension Session {
  /// `page K|$|next|prev|/TITLE/`.
  fileprivate func page(_ target: PageTarget) throws {
    switch target {
    case .column(let k): try engine.page(k &- 1)
    case .last: try engine.page(engine.columnCount - 1)
    case .titled(let pattern):
      let matcher = try LabelMatcher(pattern)
      let k = (0..<engine.columnCount).first { k in
        Array((document.title(ofSection: k) ?? "").utf8).withUnsafeBufferPointer(matcher.matches)
      }
      guard let k else {
        throw CommandError(command: "", message: "no column title matches /\(pattern)/")
      }
      try engine.page(k)
    case .next: try engine.page(forward: true)
    case .previous: try engine.page(forward: false)
    }
  }
}
