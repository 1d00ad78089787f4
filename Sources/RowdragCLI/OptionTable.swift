import RowdragCommands
import RowdragEngine

/// One command-line option: the single source for parsing, `--help`, the completions
/// and the man page check.
public struct OptionSpec: Sendable {
  /// Long name without dashes (`viewport`), or empty for short-only options.
  public let long: String
  /// Short letter, if any.
  public let short: Character?
  /// Argument name (`HEIGHT`), nil for flags.
  public let argument: String?
  /// Whether the argument is optional and attached (`-i[SUFFIX]`, `--in-place[=SUFFIX]`).
  public let optionalArgument: Bool
  public let summary: String
  /// Words the shells offer for the argument (profile and rule names); empty for none.
  public let values: [String]
  /// Whether the argument is a file name.
  public let takesFile: Bool

  init(
    _ long: String, short: Character? = nil, argument: String? = nil, optional: Bool = false,
    values: [String] = [], file: Bool = false, _ summary: String
  ) {
    self.long = long
    self.short = short
    self.argument = argument
    self.optionalArgument = optional
    self.summary = summary
    self.values = values
    self.takesFile = file
  }
}

public enum OptionTable {
  public static let options: [OptionSpec] = [
    OptionSpec(
      "expression", short: "e", argument: "CMDS", "run these commands (repeatable, in order)"),
    OptionSpec(
      "file", short: "f", argument: "SCRIPT", file: true, "run the commands in SCRIPT (repeatable)"),
    OptionSpec("quiet", short: "n", "do not print the final list"),
    OptionSpec(
      "in-place", short: "i", argument: "SUFFIX", optional: true,
      "write the list back to FILE (backup FILE+SUFFIX)"),
    OptionSpec("keep-going", "run every command even after one fails (exit 1 at the end)"),
    OptionSpec("json", "read and write the list as JSON"),
    OptionSpec("text", "read and write the list as text lines"),
    OptionSpec("header", argument: "REGEX", "text lines matching REGEX become section headers"),
    OptionSpec("lock", argument: "REGEX", "lock rows whose label matches REGEX"),
    OptionSpec("pin", argument: "REGEX", "pin rows whose label matches REGEX"),
    OptionSpec("row-height", argument: "PT", "default row height in points (44)"),
    OptionSpec("viewport", argument: "PT", "viewport height in points (600)"),
    OptionSpec("fps", argument: "N", "frames per second (60)"),
    OptionSpec(
      "autoscroll", argument: "PROFILE", values: AutoScrollRegistry.kinds.map(\.name),
      "auto-scroll profile and parameters, e.g. 'linear zone=150'"),
    OptionSpec(
      "rule", argument: "RULE", values: ReorderRuleRegistry.kinds.map(\.name),
      "reorder rule (midpoint)"),
    OptionSpec("hold", argument: "SECONDS", "long-press time before a row lifts (0)"),
    OptionSpec("width", argument: "COLUMNS", "width of the show picture (terminal width, else 80)"),
    OptionSpec("height-key", argument: "KEY", "JSON member holding a row's height (height)"),
    OptionSpec("lock-key", argument: "KEY", "JSON member that locks a row when true (locked)"),
    OptionSpec("pin-key", argument: "KEY", "JSON member that pins a row when true (pinned)"),
    OptionSpec("label-key", argument: "KEY", "JSON member used as the row label"),
    OptionSpec("help", short: "h", "print this help and exit"),
    OptionSpec("version", short: "V", "print the version and exit"),
  ]

  public static func spec(long: String) -> OptionSpec? { options.first { $0.long == long } }
  public static func spec(short: Character) -> OptionSpec? { options.first { $0.short == short } }

  /// `--help` text.
  public static var helpText: String {
    var lines = [
      "usage: rowdrag [OPTIONS] [FILE]",
      "Reorder a list with the long-press drag gesture of a scrolling table view.",
      "The list comes from FILE, or standard input when FILE is '-' or absent.",
      "Commands come from -e/-f, else standard input when it is not a terminal;",
      "otherwise an interactive shell starts ('help' there lists the commands).",
      "",
      "options:",
    ]
    for o in options {
      var names = o.short.map { "-\($0), " } ?? "    "
      names += "--\(o.long)"
      if let a = o.argument { names += o.optionalArgument ? "[=\(a)]" : " \(a)" }
      lines.append("  " + names.padded(to: 26) + o.summary)
    }
    lines += [
      "",
      "exit status: 0 ok, 1 a command failed, 2 usage error, 3 unparsable input,",
      "4 a file could not be read or written.  See rowdrag(1).",
    ]
    return lines.joined(separator: "\n") + "\n"
  }
}
