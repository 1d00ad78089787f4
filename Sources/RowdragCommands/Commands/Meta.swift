/// The commands about rowdrag itself: its settings, the presets, the per-frame trace,
/// the comparison of presets, the check of how the list was read, and help.
public enum MetaCommand {}

extension MetaCommand {
  static let setRow = CommandSpec(
    "set", replays: true, "KEY VALUE...", "change a setting",
    completes: .settings(.change)
  ) { (args) throws(CommandError) in
    guard args.count >= 2, case .word(let key) = args[0] else {
      throw args.fail("missing value; usage: set KEY VALUE...")
    }
    return .set(key: key, values: args.tokens.dropFirst().map(\.text))
  }

  static let getRow = CommandSpec(
    "get", replays: false, "KEY", "print a setting as set would take it",
    completes: .settings(.read)
  ) {
    (args) throws(CommandError) in
    try args.arity(1...1)
    return .get(key: args[0].text)
  }

  static let presetsRow = CommandSpec(
    "presets", replays: false,
    "list the behaviour presets, their sources and how each was verified", .presets)

  static let traceRow = CommandSpec(
    "trace", replays: false, "- | FILE | off",
    "write one JSON line per frame to stdout or FILE, or stop",
    completes: .fileNames, takesPath: true
  ) { (args) throws(CommandError) in
    try args.arity(1...1)
    return .trace(args[0].text)
  }

  static let compareRow = CommandSpec(
    "compare", replays: false, "NAME... [plot=FILE]",
    "replay the gesture under presets, current or trace:FILE; compare them",
    completes: .wordLists(ComparisonRequest.names)
  ) { (args) throws(CommandError) in
    try args.arity(1...64)
    return .compare(args.tokens.map(\.text))
  }

  static let requireRow = CommandSpec(
    "require", replays: false, "[--OPTION /VALUE/]...",
    "fail unless the list was loaded with exactly these options (recordings start with it)",
    completes: .words(LoadOptionWord.names)
  ) { (args) throws(CommandError) in
    .require(try LoadOptionWord.parse(args.tokens))
  }

  static let helpRow = CommandSpec(
    "help", replays: false, "[COMMAND]", "list commands, or show one", completes: .commandNames
  ) {
    (args) throws(CommandError) in
    try args.arity(0...1)
    return .help(args.tokens.first?.text)
  }
}
