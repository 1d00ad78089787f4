import RowdragCommands
import RowdragEngine

/// One command-line option: the single source for parsing, `--help`, the completions
/// and the man page check.
public struct OptionSpec: Sendable {
  /// Long name without dashes (`viewport`).
  public let long: String
  /// Short letter, if any.
  public let short: Character?
  /// Argument name (`HEIGHT`), nil for flags.
  public let argument: String?
  /// Whether the argument is optional and attached (`-i[SUFFIX]`, `--in-place[=SUFFIX]`).
  public let optionalArgument: Bool
  /// One line of help.
  public let summary: String
  /// What the shells offer for the argument.
  public let completes: ArgumentCompletion
  /// May be given more than once, each adding to the last (`-e`, `-f`).
  public let repeatable: Bool
  /// Records the option (and its argument, nil for a flag or an omitted optional one).
  public let apply: @Sendable (inout Options, String?) throws(UsageError) -> Void

  init(
    _ long: String, short: Character? = nil, argument: String? = nil, optional: Bool = false,
    completes: ArgumentCompletion = .nothing, repeatable: Bool = false,
    _ summary: String,
    apply: @escaping @Sendable (inout Options, String?) throws(UsageError) -> Void
  ) {
    self.long = long
    self.short = short
    self.argument = argument
    self.optionalArgument = optional
    self.summary = summary
    self.completes = completes
    self.repeatable = repeatable
    self.apply = apply
  }

  /// An option that gives a `set` key its starting value, as `set KEY VALUE…` would.
  /// Its value is split at blanks into the words `set` takes.
  static func setting(_ key: String, argument: String, _ summary: String) -> OptionSpec {
    let values = SettingTable.settings.first { $0.key == key }?.values ?? []
    // A value with parameters (`linear zone=150`) completes as `set KEY` does.
    let parameters = values.contains { !(ShellCompletion.parameters(key: key, value: $0)).isEmpty }
    let completes: ArgumentCompletion =
      values.isEmpty ? .nothing : parameters ? .setting(key) : .words(values)
    return OptionSpec(key, argument: argument, completes: completes, summary) { options, value in
      let words = (value ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
      options.presets.append((key, words.isEmpty ? [""] : words))
    }
  }
}

/// What a shell offers for an option's argument.
public enum ArgumentCompletion: Sendable, Equatable {
  /// Nothing: the user types a number or a pattern.
  case nothing
  /// One of these words.
  case words([String])
  /// These words, comma-separated (`--compare flutter,qt`).
  case commaList([String])
  /// `trace:`, then a file after it (`--fit`).
  case trace
  /// A file name.
  case fileNames
  /// A command name of the language, then the rest of a script (`rowdrag --complete`).
  case commandNames
  /// A format's name, then its parameters (`rowdrag --complete`).
  case format
  /// A setting's value as `set KEY` reads it: a name, then its `K=V` parameters
  /// (`rowdrag --complete`).
  case setting(String)
}

/// The option table, in the order `--help` lists it.
public enum OptionTable {
  /// Every option.
  public static let options: [OptionSpec] = [
    OptionSpec(
      "expression", short: "e", argument: "CMDS", completes: .commandNames, repeatable: true,
      "run these commands (repeatable, in order)"
    ) { options, value in
      let index = options.scripts.filter { if case .expression = $0 { true } else { false } }.count
      options.scripts.append(.expression(value ?? "", index: index + 1))
    },
    OptionSpec(
      "file", short: "f", argument: "SCRIPT", completes: .fileNames, repeatable: true,
      "run the commands in SCRIPT ('-': standard input; repeatable)"
    ) { options, value in options.scripts.append(.file(value ?? "")) },
    OptionSpec("quiet", short: "n", "do not print the final list") { options, _ in
      options.quiet = true
    },
    OptionSpec(
      "in-place", short: "i", argument: "SUFFIX", optional: true,
      "write the list back to FILE (backup FILE+SUFFIX)"
    ) { options, value in options.inPlace = value ?? "" },
    OptionSpec(
      "verbose", short: "v", "say what each command moved or wrote on standard output"
    ) { options, _ in options.verbose = true },
    OptionSpec("keep-going", "run every command even after one fails (exit 1 at the end)") {
      options, _ in options.keepGoing = true
    },
    OptionSpec("live", "reorder FILE full screen with the mouse or the keys") { options, _ in
      options.live = true
    },
    OptionSpec(
      "record", argument: "FILE", completes: .fileNames,
      "with --live: append the session to FILE as a script (-i -f FILE replays it)"
    ) { options, value in options.record = value },
    OptionSpec(
      "trace", argument: "FILE", completes: .fileNames,
      "write one JSON line per frame to FILE ('-': standard output)"
    ) { options, value in options.trace = value },
    OptionSpec(
      "compare", argument: "NAMES", completes: .commaList(ComparisonRequest.names),
      "replay the script under presets (all), current or trace:FILE; print a table"
    ) { options, value throws(UsageError) in
      let names = (value ?? "").split(separator: ",").map(String.init)
      // Names are checked here, so a typo is a usage error before anything runs.
      for name in names {
        do throws(CommandError) {
          _ = try ComparisonRequest.rows(named: name)
        } catch {
          throw UsageError(message: "--compare: " + error.message)
        }
      }
      guard !names.isEmpty else {
        throw UsageError(
          message: "--compare: name presets, current or trace:FILE, comma-separated, or all")
      }
      options.compare = names
    },
    OptionSpec(
      "fit", argument: "trace:FILE", completes: .trace,
      "replay the script under every law; print the hold and autoscroll closest to FILE"
    ) { options, value throws(UsageError) in
      guard let value, ComparisonRequest.tracePath(value) != nil else {
        throw UsageError(message: "--fit: name an app trace, e.g. --fit trace:app-trace.jsonl")
      }
      options.fit = value
    },
    OptionSpec(
      "plot", argument: "FILE", completes: .fileNames,
      "with --compare: also write the chart (FILE.svg) or an animated report (FILE.html)"
    ) { options, value in options.plot = value },
    OptionSpec(
      "format", argument: "FORMAT", completes: .format,
      "read and write the list in FORMAT, e.g. 'csv label=name' (by the file name)"
    ) { options, value throws(UsageError) in
      do throws(UsageText) {
        options.load.format = try FormatChoice.parse(value ?? "")
      } catch {
        throw UsageError(message: error.message)
      }
    },
    OptionSpec("json", "--format json: read and write the list as JSON") { options, _ in
      options.load.format = FormatChoice("json")
    },
    OptionSpec("text", "--format text: read and write the list as text lines") { options, _ in
      options.load.format = FormatChoice("text")
    },
    OptionSpec("skip", argument: "REGEX", "text lines matching REGEX are kept in place, not rows") {
      options, value in options.load.skipPattern = value
    },
    OptionSpec(
      "header", argument: "REGEX", "lines matching REGEX become section headers (text, markdown)"
    ) {
      options, value in options.load.headerPattern = value
    },
    OptionSpec("lock", argument: "REGEX", "lock rows whose label matches REGEX") { options, value in
      options.load.lockPattern = value
    },
    OptionSpec("pin", argument: "REGEX", "pin rows whose label matches REGEX") { options, value in
      options.load.pinPattern = value
    },
    .setting("preset", argument: "NAME", "behave as a named implementation (see 'presets')"),
    .setting("row-height", argument: "PT", "default row height in points (44)"),
    OptionSpec("board", "show the sections as columns side by side (board mode)") { options, _ in
      options.presets.append(("board", ["on"]))
    },
    .setting("screen", argument: "PT", "board mode: screen width in points (375)"),
    .setting("column", argument: "PT", "board mode: column width, or 'screen' (the default)"),
    .setting("spacing", argument: "PT", "board mode: spacing between columns (0)"),
    .setting(
      "paging", argument: "WORDS", "board mode: page edge scroll, 'off' or 'on edge=40 delay=0.5'"),
    OptionSpec(
      "on-drop", argument: "CMD",
      "run CMD (sh -c) after each drop or move; a failing CMD refuses it"
    ) { (options, value) throws(UsageError) in
      guard let command = value, !command.isEmpty else {
        throw UsageError(message: "--on-drop needs a command, e.g. --on-drop './sync.sh'")
      }
      options.onDrop = command
    },
    OptionSpec(
      "on-drop-timeout", argument: "SECONDS",
      "refuse a drop whose --on-drop CMD runs longer (30; 0: no limit)"
    ) { (options, value) throws(UsageError) in
      guard let text = value, let seconds = NumberText.parse(text), seconds.isFinite,
        seconds >= 0, seconds <= 31_536_000
      else {
        throw UsageError(
          message: "--on-drop-timeout takes seconds from 0 (no limit) to 31536000, e.g. 30")
      }
      options.onDropTimeout = seconds
    },
    .setting("viewport", argument: "PT", "viewport height in points (600)"),
    .setting("fps", argument: "N", "frames per second (60)"),
    .setting(
      "autoscroll", argument: "PROFILE",
      "auto-scroll profile and parameters, e.g. 'linear zone=150'"),
    .setting("rule", argument: "RULE", "reorder rule (edge)"),
    .setting(
      "hold", argument: "SECONDS", "long-press time before a row lifts (0; the live view: 0.5)"),
    OptionSpec(
      "width", argument: "COLUMNS", "width of the show picture (terminal width, else 80)"
    ) { (options, value) throws(UsageError) in
      guard let v = value, let w = Int(v), w >= 20, w <= 10000 else {
        throw UsageError(message: "--width takes a number of columns from 20 to 10000")
      }
      options.width = w
    },
    OptionSpec("height-key", argument: "KEY", "JSON member holding a row's height (height)") {
      options, value in options.load.attributeKeys.height = value ?? ""
    },
    OptionSpec("lock-key", argument: "KEY", "JSON member that locks a row when true (locked)") {
      options, value in options.load.attributeKeys.locked = value ?? ""
    },
    OptionSpec("pin-key", argument: "KEY", "JSON member that pins a row when true (pinned)") {
      options, value in options.load.attributeKeys.pinned = value ?? ""
    },
    OptionSpec("label-key", argument: "KEY", "JSON member used as the row label") {
      options, value in options.load.labelKey = value
    },
    OptionSpec(
      "completion-script", argument: "SHELL", completes: .words(CompletionScript.shells),
      "print the bash, zsh or fish completion script and exit"
    ) { (options, value) throws(UsageError) in
      guard let shell = value, CompletionScript.shells.contains(shell) else {
        throw UsageError(
          message:
            "--completion-script takes one of \(CompletionScript.shells.joined(separator: ", "))")
      }
      options.completionScript = shell
    },
    OptionSpec("help", short: "h", "print this help and exit") { options, _ in options.help = true
    },
    OptionSpec("version", short: "V", "print the version and exit") { options, _ in
      options.version = true
    },
  ]

  /// The option with this long name.
  public static func spec(long: String) -> OptionSpec? { options.first { $0.long == long } }
  /// The option with this short letter.
  public static func spec(short: Character) -> OptionSpec? { options.first { $0.short == short } }

  /// `--help` text.
  public static var helpText: String {
    var lines = [
      "usage: rowdrag [OPTIONS] [FILE]",
      "       rowdrag --live [--record RECORDING] [OPTIONS] FILE|-",
      "Reorder a list with the long-press drag gesture of a scrolling table view.",
      "The list comes from FILE, or standard input when FILE is '-' or absent.",
      "Commands come from -e/-f, else standard input when it is not a terminal;",
      "otherwise an interactive shell starts ('help' there lists the commands).",
      "Each line of commands runs as it arrives (from a pipe, a FIFO or a terminal),",
      "and output is flushed whenever rowdrag waits for more: a program can drive it.",
      "--live shows FILE full screen, to reorder with the mouse or the keys; with '-'",
      "the list comes from a pipe, the keys from /dev/tty, the result goes to stdout.",
      "",
      "options:",
    ]
    // Every summary in one column, two spaces past the longest synopsis.
    let width = options.map(\.synopsis.count).max().map { $0 + 2 } ?? 0
    for o in options {
      lines.append("  " + o.synopsis.padded(to: width) + o.summary)
    }
    lines += ["", "commands (-e 'help COMMAND' shows one):"]
    for spec in CommandTable.commands {
      lines.append("  " + spec.name.padded(to: 10) + spec.summary)
    }
    lines += [
      "",
      "examples:",
      "  rowdrag -e 'move /dentist/ 1' todo.txt         move a row; print the list",
      "  rowdrag -i -e 'press /dentist/; drag -132; release' todo.txt",
      "                                                 the same as a gesture, saved",
      "  rowdrag --live todo.txt                        reorder by hand, full screen",
      "",
      "exit status: 0 ok, 1 a command failed, 2 usage error, 3 unparsable input,",
      "4 a file could not be read or written.  See rowdrag(1).",
    ]
    return lines.joined(separator: "\n") + "\n"
  }
}

extension OptionSpec {
  /// `-i, --in-place[=SUFFIX]`, `    --viewport PT`.
  var synopsis: String {
    var names = short.map { "-\($0), " } ?? "    "
    names += "--\(long)"
    if let a = argument { names += optionalArgument ? "[=\(a)]" : " \(a)" }
    return names
  }
}
