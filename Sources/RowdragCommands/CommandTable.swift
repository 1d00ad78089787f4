/// One command of the language: the single source for `help`, completion, the man page
/// check and "did you mean" suggestions.
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

  /// What an interactive shell offers as the first argument.
  public enum Argument: Sendable, Equatable {
    case nothing
    case rowLabels
    case settingKeys
    case fileNames
    case commandNames
    case words([String])
  }
}

/// The command table.
public enum CommandTable {
  public static let commands: [CommandSpec] = [
    CommandSpec(
      name: "press", aliases: [], arguments: "ADDR | y=Y",
      summary: "start a long press on a row (scrolls it into view first)",
      completes: .rowLabels),
    CommandSpec(
      name: "drag", aliases: [], arguments: "y=Y | +D | -D | ADDR",
      summary: "move the finger to screen y, by D points, or to a row's center",
      completes: .rowLabels),
    CommandSpec(
      name: "tick", aliases: [], arguments: "[N]", summary: "advance N display frames (default 1)",
      completes: .nothing),
    CommandSpec(
      name: "wait", aliases: [], arguments: "SECONDS",
      summary: "advance ceil(SECONDS * fps) frames", completes: .nothing),
    CommandSpec(
      name: "release", aliases: ["drop"], arguments: "",
      summary: "drop the lifted row in its current slot", completes: .nothing),
    CommandSpec(
      name: "cancel", aliases: [], arguments: "", summary: "put the lifted row back where it was",
      completes: .nothing),
    CommandSpec(
      name: "move", aliases: [], arguments: "ADDR TO",
      summary: "move a row directly so it ends as row TO (N, $ or S:R)", completes: .rowLabels),
    CommandSpec(
      name: "scroll", aliases: [], arguments: "y=O | +D | -D | ADDR | top | bottom",
      summary: "set the scroll offset while idle (clamped)",
      completes: .words(["top", "bottom", "y="])),
    CommandSpec(
      name: "lock", aliases: [], arguments: "ADDR",
      summary: "make a row unliftable (others may pass it)",
      completes: .rowLabels),
    CommandSpec(
      name: "pin", aliases: [], arguments: "ADDR", summary: "make a row a barrier nothing passes",
      completes: .rowLabels),
    CommandSpec(
      name: "unlock", aliases: [], arguments: "ADDR", summary: "clear a row's lock and pin",
      completes: .rowLabels),
    CommandSpec(
      name: "undo", aliases: [], arguments: "", summary: "undo the last gesture or move",
      completes: .nothing),
    CommandSpec(
      name: "redo", aliases: [], arguments: "", summary: "redo the last undone edit",
      completes: .nothing),
    CommandSpec(
      name: "print", aliases: [], arguments: "", summary: "print the list in its input format",
      completes: .nothing),
    CommandSpec(
      name: "list", aliases: [], arguments: "",
      summary: "print numbered rows with flags and labels",
      completes: .nothing),
    CommandSpec(
      name: "show", aliases: [], arguments: "", summary: "draw the table view as it is now",
      completes: .nothing),
    CommandSpec(
      name: "state", aliases: [], arguments: "", summary: "print the engine state as one JSON line",
      completes: .nothing),
    CommandSpec(
      name: "set", aliases: [], arguments: "KEY VALUE...", summary: "change a setting",
      completes: .settingKeys),
    CommandSpec(
      name: "get", aliases: [], arguments: "KEY", summary: "print a setting as set would take it",
      completes: .settingKeys),
    CommandSpec(
      name: "write", aliases: ["w"], arguments: "[FILE]",
      summary: "save the list (to FILE, else to the file it came from)", completes: .fileNames),
    CommandSpec(
      name: "quit", aliases: ["q"], arguments: "",
      summary: "leave (the REPL warns once about unsaved changes)", completes: .nothing),
    CommandSpec(
      name: "quit!", aliases: ["Q"], arguments: "", summary: "leave without saving or asking",
      completes: .nothing),
    CommandSpec(
      name: "help", aliases: [], arguments: "[COMMAND]", summary: "list commands, or show one",
      completes: .commandNames),
  ]

  /// Every name and alias a command can be typed as.
  public static var allNames: [String] { commands.flatMap { [$0.name] + $0.aliases } }

  /// The spec for a name or alias.
  public static func spec(named name: String) -> CommandSpec? {
    commands.first { $0.name == name || $0.aliases.contains(name) }
  }

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
    lines.append(
      "addresses: N (row number), $ (last row), S:R (section:row), /REGEX/ (first match)")
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
