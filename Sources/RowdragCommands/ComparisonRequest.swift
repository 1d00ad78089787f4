/// What `compare` and `--compare` ask for: the rows, in the order named, and the
/// chart's file. A name is `current` (the settings in force when the compared gesture
/// starts), a preset, `all` (every preset) or `trace:FILE` (an app's own per-frame
/// trace); one parser serves the command and the option, so both take the same names.
public struct ComparisonRequest: Sendable, Equatable {
  /// One row of the table.
  public enum Row: Sendable, Equatable {
    /// The settings before the gesture: options, `--preset`, leading `set`s.
    case current
    /// A preset, by name.
    case preset(String)
    /// An app's per-frame trace file (`AppTrace`).
    case trace(String)
  }

  /// The rows, in order.
  public var rows: [Row] = []
  /// `plot=FILE`: the chart's file.
  public var plotPath: String?

  /// The name of the settings row.
  public static let currentName = "current"
  /// The prefix of a trace row.
  public static let tracePrefix = "trace:"

  /// The words completion offers after `compare` and `--compare`.
  public static var names: [String] { [currentName, "all"] + PresetTable.names }

  /// Why `path` cannot take a plot, or nil: a chart is SVG and goes to a `.svg` file,
  /// the animated report to `.html` or `.htm` (any case); anything else (`chart.png`)
  /// would hold bytes its name does not say.
  public static func plotRefusal(_ path: String) -> String? {
    let lower = path.lowercased()
    guard !lower.hasSuffix(".svg") && !Session.isReport(path) else { return nil }
    return "\(path): a plot is written as a chart to a .svg file or as the animated report "
      + "to a .html file; name one of those"
  }

  /// Reads `NAME…` (spaces or commas between names) and `plot=FILE`.
  public static func parse(_ words: [String]) throws(CommandError) -> ComparisonRequest {
    var request = ComparisonRequest()
    for word in words {
      if word.hasPrefix("plot=") {
        let path = String(word.dropFirst(5))
        guard !path.isEmpty else {
          throw CommandError(command: "", message: "plot= needs a file name, e.g. plot=compare.svg")
        }
        if let refusal = plotRefusal(path) { throw CommandError(command: "", message: refusal) }
        request.plotPath = path
        continue
      }
      // A row named twice (`all,flutter`, `current,current`) is shown once, where it
      // was first named.
      for name in word.split(separator: ",", omittingEmptySubsequences: true) {
        for row in try rows(named: String(name)) where !request.rows.contains(row) {
          request.rows.append(row)
        }
      }
    }
    guard !request.rows.isEmpty else {
      throw CommandError(
        command: "",
        message: "name one or more presets, current or trace:FILE; the command presets lists "
          + "the presets (rowdrag -e presets)")
    }
    return request
  }

  /// The file `trace:FILE` names (`compare`'s rows, `fit`'s trace); nil for any other
  /// word, and for `trace:` alone.
  public static func tracePath(_ word: String) -> String? {
    guard word.hasPrefix(tracePrefix), word.count > tracePrefix.count else { return nil }
    return String(word.dropFirst(tracePrefix.count))
  }

  /// The rows one name stands for.
  public static func rows(named name: String) throws(CommandError) -> [Row] {
    if name == "all" { return PresetTable.names.map(Row.preset) }
    if name == currentName { return [.current] }
    if name.hasPrefix(tracePrefix) {
      guard let path = tracePath(name) else {
        throw CommandError(
          command: "", message: "trace: needs a file name, e.g. trace:app-trace.jsonl")
      }
      return [.trace(path)]
    }
    guard PresetTable.names.contains(name) else {
      throw CommandError(
        command: "",
        message: "unknown preset '\(name)'"
          + Suggestion.hint(for: name, in: [currentName, "all"] + PresetTable.names)
          + "; name current, all, trace:FILE or a preset: "
          + PresetTable.names.joined(separator: ", "))
    }
    return [.preset(name)]
  }
}
