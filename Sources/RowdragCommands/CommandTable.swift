/// One command of the language: its names, help, completion and parser in one row, the
/// single source for parsing, `help`, completion, the man page check and "did you mean"
/// suggestions.
public struct CommandSpec: Sendable {
  /// The name as typed.
  public let name: String
  /// Other names for the same command (`drop` for `release`, `w` for `write`).
  public let aliases: [String]
  /// Argument synopsis, as the man page and `help` show it.
  public let arguments: String
  /// One line of help.
  public let summary: String
  /// What completes after the name.
  public let completes: Argument
  /// Whether the argument is a file name taken as it stands up to `;` or `#` (so
  /// `write /tmp/x` needs no quoting and is no `/REGEX/`).
  public let takesPath: Bool
  /// Reads the arguments into a command.
  public let parse: @Sendable (CommandArguments) throws(CommandError) -> Command

  /// What an interactive shell offers as the first argument.
  public enum Argument: Sendable, Equatable {
    case nothing
    case rowLabels
    case settingKeys
    case fileNames
    case commandNames
    case words([String])
    /// Column titles after `/` (board mode's `page`).
    case columnTitles
  }

  init(
    _ name: String, aliases: [String] = [], _ arguments: String, _ summary: String,
    completes: Argument = .nothing, takesPath: Bool = false,
    parse: @escaping @Sendable (CommandArguments) throws(CommandError) -> Command
  ) {
    self.name = name
    self.aliases = aliases
    self.arguments = arguments
    self.summary = summary
    self.completes = completes
    self.takesPath = takesPath
    self.parse = parse
  }

  /// A command without arguments.
  init(_ name: String, aliases: [String] = [], _ summary: String, _ command: Command) {
    self.init(name, aliases: aliases, "", summary) { (args) throws(CommandError) in
      try args.arity(0...0)
      return command
    }
  }
}

/// The command table.
public enum CommandTable {
  /// Every command, in the order `help` lists them.
  public static let commands: [CommandSpec] = [
    CommandSpec(
      "press", "ADDR | A,B [x=X] y=Y | y=Y | x=X y=Y",
      "start a long press on a row or a range A,B (scrolls it into view first)",
      completes: .rowLabels
    ) { (args) throws(CommandError) in
      try args.arity(1...3)
      // `press A,B y=Y`: the range held where the pointer is (the live view's press).
      if let range = try args.range(args[0]), args.count > 1 {
        guard let point = try args.point(from: 1), let y = point.y else {
          throw args.fail("press A,B takes y=Y (and x=X on a board): press A,B y=Y")
        }
        return .pressRangeAt(range, x: point.x, y: y)
      }
      if let point = try args.point() {
        guard let y = point.y else { throw args.fail("press x=X needs y=Y too: press x=X y=Y") }
        try args.arity(1...2)
        return point.x.map { .pressAtPoint(x: $0, y: y) } ?? .pressAt(y: y)
      }
      try args.arity(1...1)
      if let range = try args.range(args[0]) { return .pressRange(range) }
      return .press(try args.address(args[0]))
    },
    CommandSpec(
      "drag", "y=Y | x=X [y=Y] | ±D | ±DX ±DY | ADDR",
      "move the finger to a screen point, by D points, or to a row's center",
      completes: .rowLabels
    ) { (args) throws(CommandError) in
      try args.arity(1...2)
      if let point = try args.point() {
        if let x = point.x { return .dragToPoint(x: x, y: point.y) }
        if let y = point.y { return .dragTo(y: y) }
      }
      if args.count == 2 {
        guard let dx = try args.relative(args[0]), let dy = try args.relative(args[1]) else {
          throw args.fail(
            "'\(args[0].text) \(args[1].text)' mixes forms; use x=X y=Y or two signed numbers like +30 -10"
          )
        }
        return .dragByPair(dx, dy)
      }
      if let d = try args.relative(args[0]) { return .dragBy(d) }
      return .dragToRow(try args.address(args[0]))
    },
    CommandSpec("tick", "[N]", "advance N display frames (default 1)") {
      (args) throws(CommandError) in
      try args.arity(0...1)
      guard args.count == 1 else { return .tick(1) }
      guard case .word(let w) = args[0], let n = NumberText.parseWhole(w), n <= 2_147_483_647
      else {
        throw args.fail(
          "'\(args[0].text)' is not a frame count; use a whole number from 0 to 2147483647")
      }
      return .tick(n)
    },
    CommandSpec("wait", "SECONDS", "advance ceil(SECONDS * fps) frames") {
      (args) throws(CommandError) in
      try args.arity(1...1)
      guard case .word(let w) = args[0], let s = NumberText.parse(w), s.isFinite, s >= 0 else {
        throw args.fail("'\(args[0].text)' is not a duration; use a number of seconds >= 0")
      }
      return .wait(s)
    },
    CommandSpec(
      "release", aliases: ["drop"], "drop the lifted row in its current slot", .release),
    CommandSpec("cancel", "put the lifted row back where it was", .cancel),
    CommandSpec(
      "move", "ADDR TO",
      "move a row directly so it ends as row TO "
        + "(N, $, S:R, S:$, +N, -N, before ADDR, after ADDR)",
      completes: .rowLabels
    ) { (args) throws(CommandError) in
      try args.arity(2...3)
      if let range = try args.range(args[0]) { return .moveRange(range, to: try moveTarget(args)) }
      let row = try args.address(args[0])
      return .move(row, to: try moveTarget(args))
    },
    CommandSpec(
      "scroll", "y=O | +D | -D | ADDR | top | bottom", "set the scroll offset while idle (clamped)",
      completes: .words(["top", "bottom", "y="])
    ) { (args) throws(CommandError) in
      try args.arity(1...1)
      if case .word("top") = args[0] { return .scrollTop }
      if case .word("bottom") = args[0] { return .scrollBottom }
      if let y = try args.keyed("y", args[0]) { return .scrollTo(y) }
      if let d = try args.relative(args[0]) { return .scrollBy(d) }
      return .scrollToRow(try args.address(args[0]))
    },
    CommandSpec(
      "lock", "ADDR | A,B", "make rows unliftable (others may pass them)", completes: .rowLabels
    ) { (args) throws(CommandError) in
      try args.arity(1...1)
      if let range = try args.range(args[0]) { return .lockRange(range) }
      return .lock(try args.oneAddress())
    },
    CommandSpec("pin", "ADDR | A,B", "make rows barriers nothing passes", completes: .rowLabels) {
      (args) throws(CommandError) in
      try args.arity(1...1)
      if let range = try args.range(args[0]) { return .pinRange(range) }
      return .pin(try args.oneAddress())
    },
    CommandSpec("unlock", "ADDR | A,B", "clear rows' lock and pin", completes: .rowLabels) {
      (args) throws(CommandError) in
      try args.arity(1...1)
      if let range = try args.range(args[0]) { return .unlockRange(range) }
      return .unlock(try args.oneAddress())
    },
    CommandSpec("undo", "undo the last gesture or move", .undo),
    CommandSpec(
      "reject", "take back the last edit for good, as a refused drop (no redo)", .reject),
    CommandSpec(
      "page", "K | $ | next | prev | /TITLE/", "turn the board to a column's page (board mode)",
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
    },
    CommandSpec("redo", "redo the last undone edit", .redo),
    CommandSpec("print", "print the list in its input format", .print),
    CommandSpec(
      "list", "[ADDR | A,B]", "print numbered rows with flags and labels (all, or those)",
      completes: .rowLabels
    ) { (args) throws(CommandError) in
      try args.arity(0...1)
      guard args.count == 1 else { return .list }
      return .listRows(try args.rows(args[0]))
    },
    CommandSpec("show", "draw the table view as it is now", .show),
    CommandSpec("live", "reorder full screen with the mouse or the keys; q returns", .live),
    CommandSpec("state", "print the engine state as one JSON line", .state),
    CommandSpec("set", "KEY VALUE...", "change a setting", completes: .settingKeys) {
      (args) throws(CommandError) in
      guard args.count >= 2, case .word(let key) = args[0] else {
        throw args.fail("missing value; usage: set KEY VALUE...")
      }
      return .set(key: key, values: args.tokens.dropFirst().map(\.text))
    },
    CommandSpec("get", "KEY", "print a setting as set would take it", completes: .settingKeys) {
      (args) throws(CommandError) in
      try args.arity(1...1)
      return .get(key: args[0].text)
    },
    CommandSpec(
      "presets", "list the behaviour presets, their sources and how each was verified", .presets),
    CommandSpec(
      "trace", "- | FILE | off", "write one JSON line per frame to stdout or FILE, or stop",
      completes: .fileNames, takesPath: true
    ) { (args) throws(CommandError) in
      try args.arity(1...1)
      return .trace(args[0].text)
    },
    CommandSpec(
      "compare", "NAME... [plot=FILE]",
      "replay the gesture under presets, current or trace:FILE; compare them",
      completes: .words(ComparisonRequest.names)
    ) { (args) throws(CommandError) in
      try args.arity(1...64)
      return .compare(args.tokens.map(\.text))
    },
    CommandSpec(
      "require", "[--OPTION /VALUE/]...",
      "fail unless the list was loaded with exactly these options (recordings start with it)",
      completes: .words(LoadOptionWord.names)
    ) { (args) throws(CommandError) in
      .require(try LoadOptionWord.parse(args.tokens))
    },
    CommandSpec(
      "write", aliases: ["w"], "[FILE]", "save the list (to FILE, else to the file it came from)",
      completes: .fileNames, takesPath: true
    ) { (args) throws(CommandError) in
      try args.arity(0...1)
      return .write(args.tokens.first?.text)
    },
    CommandSpec(
      "write!", "[FILE]",
      "save even over a file another program changed since it was read",
      completes: .fileNames, takesPath: true
    ) { (args) throws(CommandError) in
      try args.arity(0...1)
      return .write(args.tokens.first?.text, force: true)
    },
    CommandSpec(
      "reload", "drop the session's changes and undo history, read the file again", .reload),
    CommandSpec(
      "quit", aliases: ["q"], "leave (the REPL warns once about unsaved changes)",
      .quit(force: false)),
    CommandSpec("quit!", aliases: ["Q"], "leave without saving or asking", .quit(force: true)),
    CommandSpec("help", "[COMMAND]", "list commands, or show one", completes: .commandNames) {
      (args) throws(CommandError) in
      try args.arity(0...1)
      return .help(args.tokens.first?.text)
    },
  ]

  /// The commands that take a range `A,B`, as an error message lists them.
  static let rangeCommands = "press, move, lock, pin, unlock and list"

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

  /// The names and aliases of the commands whose argument is a path (the lexer asks).
  static let pathCommands = Set(commands.filter(\.takesPath).flatMap { [$0.name] + $0.aliases })

  /// Every name and alias a command can be typed as.
  public static var allNames: [String] { commands.flatMap { [$0.name] + $0.aliases } }

  /// The spec for a name or alias.
  public static func spec(named name: String) -> CommandSpec? { byName[name] }

  /// Every name and alias to its row: a lookup per command of a million-line script.
  private static let byName: [String: CommandSpec] = {
    var table: [String: CommandSpec] = [:]
    for spec in commands {
      for name in [spec.name] + spec.aliases where table[name] == nil { table[name] = spec }
    }
    return table
  }()

  /// `help` output: one line a command, then the setting keys and address forms.
  public static var helpText: String {
    var lines: [String] = ["commands:"]
    for spec in commands {
      lines.append("  " + usage(of: spec).padded(to: 44) + spec.summary)
    }
    lines.append("settings (set KEY VALUE..., get KEY):")
    for setting in SettingTable.settings {
      lines.append("  " + "\(setting.key) \(setting.arguments)")
    }
    lines.append("  format (get only: the list's format, as --format takes it)")
    lines.append(
      "formats: "
        + FormatTable.formats.map { spec in
          ([spec.name] + spec.parameters.map { "\($0.name)=\($0.synopsis)" }).joined(separator: " ")
        }.joined(separator: "; "))
    lines.append(
      "addresses: N (row number), $ (last row), S:R (section:row), S:$ (a section's last row; "
        + "as move's TO, after it), where S is a number or /REGEX/ (the first header that "
        + "matches); /REGEX/ (first row that matches); "
        + "A,B (rows A to B of one section: \(rangeCommands); list's may span sections)")
    lines.append("commands are separated by ';' or newlines; '#' starts a comment")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `press ADDR | y=Y`, with aliases: `release, drop`.
  public static func usage(of spec: CommandSpec) -> String {
    let names = ([spec.name] + spec.aliases).joined(separator: ", ")
    return spec.arguments.isEmpty ? names : "\(names) \(spec.arguments)"
  }
}

extension String {
  /// Pads with spaces to `width` characters, and always leaves at least one space, so
  /// help columns stay apart.
  public func padded(to width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}
