/// The commands about rowdrag itself: its settings, the presets, the per-frame trace,
/// the comparison of presets, the check of how the list was read, and help.
public enum MetaCommand: Sendable, Equatable {
  case set(key: String, values: [String])
  case get(key: String)
  /// `get mark ADDR`: a key read from one row.
  case getOfRow(key: String, Address)
  /// The catalogue's presets, one line each.
  case presets
  /// `trace -|FILE|off`: the per-frame trace to standard output, a file, or stop.
  case trace(String)
  /// Replays this session's commands under each preset and prints the comparison.
  case compare([String])
  /// `fit trace:FILE`: the hold and auto-scroll law that replay the gesture closest to
  /// an app's trace.
  case fit([String])
  /// `require --OPTION /VALUE/ …`: fails unless the list was loaded with exactly these
  /// load options (a recording begins with it, so it replays only on the list as the
  /// live view read it).
  case require([LoadOptionWord])
  case help(String?)
}

extension MetaCommand {
  static let setRow = CommandSpec(
    "set", replays: true, "KEY VALUE...", "change a setting",
    completes: .settings(.change)
  ) { (args) throws(CommandError) in
    guard args.count >= 2, case .word(let key) = args[0] else {
      throw args.fail("missing value; usage: set KEY VALUE...")
    }
    return .meta(.set(key: key, values: args.tokens.dropFirst().map(\.text)))
  }

  static let getRow = CommandSpec(
    "get", replays: false, "KEY | mark ADDR",
    "print a setting as set would take it, or a row's mark", completes: .settings(.read)
  ) {
    (args) throws(CommandError) in
    try args.arity(1...2)
    guard args.count == 2 else { return .meta(.get(key: args[0].text)) }
    return .meta(.getOfRow(key: args[0].text, try args.address(args[1])))
  }

  static let presetsRow = CommandSpec(
    "presets", replays: false,
    "list the behaviour presets, their sources and how each was verified", needsList: false,
    .meta(.presets))

  static let traceRow = CommandSpec(
    "trace", replays: false, "- | FILE | off",
    "write one JSON line per frame to stdout or FILE, or stop",
    completes: .fileNames, takesPath: true
  ) { (args) throws(CommandError) in
    try args.arity(1...1)
    return .meta(.trace(args[0].text))
  }

  static let compareRow = CommandSpec(
    "compare", replays: false, "NAME... [plot=FILE]",
    "replay the gesture under presets, current or trace:FILE; compare them",
    completes: .wordLists(ComparisonRequest.names), readsHistory: true
  ) { (args) throws(CommandError) in
    try args.arity(1...64)
    return .meta(.compare(args.tokens.map(\.text)))
  }

  static let fitRow = CommandSpec(
    "fit", replays: false, "trace:FILE",
    "find the hold and autoscroll that replay the gesture closest to an app trace",
    completes: .words([ComparisonRequest.tracePrefix]), readsHistory: true
  ) { (args) throws(CommandError) in
    try args.arity(1...1)
    return .meta(.fit(args.tokens.map(\.text)))
  }

  static let requireRow = CommandSpec(
    "require", replays: false, "[--OPTION /VALUE/]...",
    "fail unless the list was loaded with exactly these options (recordings start with it)",
    completes: .words(LoadOptionWord.names)
  ) { (args) throws(CommandError) in
    .meta(.require(try LoadOptionWord.parse(args.tokens)))
  }

  static let helpRow = CommandSpec(
    "help", replays: false, "[COMMAND]", "list commands, or show one", completes: .commandNames,
    needsList: false
  ) {
    (args) throws(CommandError) in
    try args.arity(0...1)
    return .meta(.help(args.tokens.first?.text))
  }
}

extension MetaCommand {
  func run(in context: CommandContext) throws -> Session.Outcome {
    let session = context.session
    let out = context.out
    switch self {
    case .set(let key, let values):
      if let fixed = SettingTable.readOnly(key) {
        throw CommandError(command: "", message: "\(key): \(fixed.refusal)")
      }
      if let own = SettingTable.sessionSetting(key) {
        try own.apply(values, session)
      } else {
        try SettingTable.apply(key: key, values: values, to: &session.engine)
      }
    case .get(let key):
      if let spec = SettingTable.readOnly(key), spec.readsRow {
        throw CommandError(command: "", message: "get \(key) reads a row: get \(key) ADDR")
      }
      let value =
        try SettingTable.readOnly(key)?.read(session, nil)
        ?? SettingTable.sessionSetting(key)?.read(session)
        ?? SettingTable.value(of: key, in: session.engine)
      try out.write(value + "\n")
    case .getOfRow(let key, let address):
      guard let spec = SettingTable.readOnly(key), spec.readsRow else {
        throw CommandError(
          command: "", message: "only get mark reads a row; use get \(key) (no row)")
      }
      try out.write(try spec.read(session, (address, context.effects.isInterrupted)) + "\n")
    case .presets: try out.write(PresetTable.listing)
    case .trace(let path):
      guard let sink = context.effects.trace else {
        throw CommandError(command: "", message: "no trace can be written here")
      }
      try sink.set(path, listPath: session.filePath)
    case .compare(let words):
      try out.write(
        try session.compare(words, effects: context.effects, recorder: context.recorder))
    case .fit(let words):
      try out.write(try session.fit(words, effects: context.effects, recorder: context.recorder))
    case .require(let words): try session.require(words)
    case .help(let name):
      try out.write(HelpWrap.wrap(try session.help(name), width: session.helpWidth))
    }
    return .proceed
  }
}
