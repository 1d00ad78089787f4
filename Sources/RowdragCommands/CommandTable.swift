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
  /// Whether `compare` replays the command: it changes the engine, or reads nothing
  /// but the engine, so that running it again from the same engine does again what it
  /// did. Output, files, the trace, the shell itself and checks of how the list was
  /// read are left out. Given by every row: a new command cannot be recorded, or left
  /// out of a comparison, by default.
  public let replays: Bool
  /// Whether the command needs a list: false for those that only print what the program
  /// knows (`help`, `presets`), which run from a terminal without a file.
  public let needsList: Bool
  /// Whether the command reads the commands run before it (`compare` replays them), so
  /// that a script naming it keeps them as it runs.
  public let readsHistory: Bool
  /// Reads the arguments into a command.
  public let parse: @Sendable (CommandArguments) throws(CommandError) -> Command
  /// What `help COMMAND` says after the usage and summary (the live view's keys).
  public let details: String

  /// What the arguments are: what an interactive shell offers, and what `help` lists.
  public enum Argument: Sendable, Equatable {
    case nothing
    /// Row labels after `/`.
    case rowLabels
    /// Row labels after `/`, then a section's header as the target (`move`'s TO).
    case rowLabelsThenHeaders
    /// Row labels after `/`, then the list's marks (`mark`'s WORD).
    case rowLabelsThenMarks
    /// A setting's key, then (to change it) its values; `help` lists the keys.
    case settings(SettingAccess)
    case fileNames
    case commandNames
    /// One of these words, as the first argument.
    case words([String])
    /// These words, every argument, or after a comma the next one (`compare`).
    case wordLists([String])
    /// Column titles after `/` (board mode's `page`).
    case columnTitles
  }

  /// How a command uses a setting: `set` changes one, `get` reads one, those that
  /// cannot be set too.
  public enum SettingAccess: Sendable, Equatable {
    case change
    case read
  }

  init(
    _ name: String, aliases: [String] = [], replays: Bool, _ arguments: String,
    _ summary: String, completes: Argument = .nothing, takesPath: Bool = false,
    needsList: Bool = true, readsHistory: Bool = false, details: String = "",
    parse: @escaping @Sendable (CommandArguments) throws(CommandError) -> Command
  ) {
    self.details = details
    self.name = name
    self.aliases = aliases
    self.replays = replays
    self.arguments = arguments
    self.summary = summary
    self.completes = completes
    self.takesPath = takesPath
    self.needsList = needsList
    self.readsHistory = readsHistory
    self.parse = parse
  }

  /// A command without arguments.
  init(
    _ name: String, aliases: [String] = [], replays: Bool, _ summary: String,
    needsList: Bool = true, details: String = "", _ command: Command
  ) {
    self.init(
      name, aliases: aliases, replays: replays, "", summary, needsList: needsList,
      details: details
    ) {
      (args) throws(CommandError) in
      try args.arity(0...0)
      return command
    }
  }
}

/// The command table.
public enum CommandTable {
  /// Every command, in the order `help` lists them.
  public static let commands: [CommandSpec] = [
    GestureCommand.pressRow,
    GestureCommand.dragRow,
    GestureCommand.tickRow,
    GestureCommand.waitRow,
    GestureCommand.releaseRow,
    GestureCommand.cancelRow,
    EditCommand.moveRow,
    ViewCommand.scrollRow,
    EditCommand.lockRow,
    EditCommand.pinRow,
    EditCommand.unlockRow,
    EditCommand.markRow,
    EditCommand.undoRow,
    EditCommand.rejectRow,
    ViewCommand.pageRow,
    EditCommand.redoRow,
    ViewCommand.printRow,
    ViewCommand.listRow,
    ViewCommand.showRow,
    ViewCommand.liveRow,
    ViewCommand.stateRow,
    MetaCommand.setRow,
    MetaCommand.getRow,
    MetaCommand.presetsRow,
    MetaCommand.traceRow,
    MetaCommand.compareRow,
    MetaCommand.fitRow,
    MetaCommand.requireRow,
    FileCommand.writeRow,
    FileCommand.writeForcedRow,
    FileCommand.reloadRow,
    FileCommand.quitRow,
    FileCommand.quitForcedRow,
    MetaCommand.helpRow,
  ]

  /// The commands that take a range `A,B`, as an error message lists them.
  static let rangeCommands = "press, move, lock, pin, unlock, mark and list"

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
    for own in SettingTable.session {
      lines.append("  \(own.key) \(own.arguments)")
    }
    for fixed in SettingTable.readOnly {
      lines.append("  \(fixed.key) (get only: \(fixed.summary))")
    }
    lines.append(
      "formats: "
        + FormatTable.formats.map { spec in
          ([spec.name] + spec.parameters.map { "\($0.name)=\($0.synopsis)" }).joined(separator: " ")
        }.joined(separator: "; "))
    lines.append(
      "addresses: N (row number), $ (last row), S:R (section:row), S:$ (a section's last row; "
        + "as move's TO, after it), where S is a number or /REGEX/ (the first header that "
        + "matches); /REGEX/ (first row that matches); "
        + "A,B (rows A to B of one section: \(rangeCommands); list's and mark's may span sections)")
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
