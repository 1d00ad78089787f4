import RowdragCommands
import RowdragSystem

/// A parsed command line (SPEC §8).
public struct Options: Sendable {
  /// Where commands come from, in order.
  public enum Script: Sendable, Equatable {
    /// `-e CMDS`; `index` is 1-based among the `-e` options, for `-e #N` in errors.
    case expression(String, index: Int)
    /// `-f SCRIPT` (`-` is standard input).
    case file(String)
  }

  public var file: String?
  public var scripts: [Script] = []
  public var quiet = false
  /// `-i`: write back; the backup suffix, empty for none.
  public var inPlace: String?
  public var keepGoing = false
  /// `--verbose`: the shell's lines about what moved or was written, in scripts too.
  public var verbose = false
  public var load = LoadOptions()
  /// `set` keys and values given as presets, in command-line order.
  public var presets: [(key: String, values: [String])] = []
  public var width: Int?
  public var help = false
  public var version = false
  /// `--completion-script SHELL`: print that shell's completion script and exit.
  public var completionScript: String?
  /// `--live`: the full-screen view instead of the filter or the shell.
  public var live = false
  /// `--record FILE`: append the live session to FILE as a script.
  public var record: String?
  /// `--trace FILE`: the per-frame trace from the start.
  public var trace: String?
  /// `--compare NAME,…`: replay the script under these presets and print the table.
  public var compare: [String]?
  /// `--fit trace:FILE`: replay the script under fitted settings and print the closest.
  public var fit: String?
  /// Whether the script is replayed for a table rather than run for its output
  /// (`--compare`, `--fit`).
  public var replaysScript: Bool { compare != nil || fit != nil }
  /// `--plot FILE.svg`: with `--compare`, the chart; `FILE.html`, the animated report.
  public var plot: String?
  /// `--on-drop CMD`: the drop hook (BOARD.md §7).
  public var onDrop: String?
  /// `--on-drop-timeout SECONDS`: how long the drop hook may run (0: no limit).
  public var onDropTimeout = HookLimits().timeout

  /// Whether the list is read from standard input.
  public var listFromStdin: Bool { file == nil || file == "-" }
}

/// A wrong command line (exit status 2).
public struct UsageError: Error, Sendable, Equatable {
  public var message: String
}

/// Parses arguments like getopt_long: clustered short flags, `-eCMDS`, `--opt=value`,
/// `--opt value`, `--` ends options, `-` is a file name.
public enum OptionParser {
  public static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var files: [String] = []
    var i = 0
    var endOfOptions = false

    func apply(_ spec: OptionSpec, _ value: String?) throws(UsageError) {
      try spec.apply(&options, value)
    }

    func nextValue(for name: String) throws(UsageError) -> String {
      i += 1
      guard i < arguments.count else {
        throw UsageError(message: "option \(name) needs an argument")
      }
      return arguments[i]
    }

    while i < arguments.count {
      let arg = arguments[i]
      if endOfOptions || arg == "-" || !arg.hasPrefix("-") {
        files.append(arg)
      } else if arg == "--" {
        endOfOptions = true
      } else if arg.hasPrefix("--") {
        let body = arg.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let attached = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
        guard let spec = OptionTable.spec(long: name) else {
          let hint = nearestOption(name).map { "; did you mean '--\($0)'?" } ?? ""
          throw UsageError(message: "unknown option '--\(name)'\(hint)")
        }
        if spec.argument == nil {
          if attached != nil { throw UsageError(message: "option --\(name) takes no argument") }
          try apply(spec, nil)
        } else if spec.optionalArgument {
          try apply(spec, attached)
        } else {
          let value: String
          if let attached { value = attached } else { value = try nextValue(for: "--\(name)") }
          try apply(spec, value)
        }
      } else {
        var letters = Substring(arg.dropFirst())
        while let letter = letters.first {
          letters = letters.dropFirst()
          guard let spec = OptionTable.spec(short: letter) else {
            throw UsageError(message: "unknown option '-\(letter)'")
          }
          if spec.argument == nil {
            try apply(spec, nil)
          } else if spec.optionalArgument {
            try apply(spec, letters.isEmpty ? nil : String(letters))
            break
          } else {
            let value: String
            if letters.isEmpty {
              value = try nextValue(for: "-\(letter)")
            } else {
              value = String(letters)
            }
            try apply(spec, value)
            break
          }
        }
      }
      i += 1
    }
    guard files.count <= 1 else {
      throw UsageError(
        message: "more than one list file given ('\(files[0])', '\(files[1])'); give one FILE")
    }
    options.file = files.first
    if options.inPlace != nil && options.listFromStdin {
      throw UsageError(
        message: "-i needs a FILE to write back to; the list would come from standard input")
    }
    return options
  }

  private static func nearestOption(_ name: String) -> String? {
    let names = OptionTable.options.map(\.long)
    if !name.isEmpty, let prefixed = names.first(where: { $0.hasPrefix(name) }) { return prefixed }
    return Suggestion.nearest(to: name, in: names)
  }
}
