/// The comparison table, shaped like `hyperfine`'s report: one row per preset with its
/// figures, then a summary naming which preset did what most.
enum ComparisonTable {
  /// A preset that was not run, and why (its rule has no board form, say).
  struct NotRun {
    var preset: String
    var reason: String
  }

  /// What the comparison of `runs` shows, replayed at `fps` (a trace's rate is set
  /// beside it): the cells and sentences the terminal and the report both print.
  static func content(
    _ runs: [ComparisonRecorder], notRun: [NotRun] = [], commands: Int, fps: Double
  ) -> ComparisonContent {
    let n = NumberText.fixed3
    var rows: [[String]] = [ComparisonContent.header]
    for run in runs {
      var moved = run.moves.map(\.text)
      if let p = run.pending { moved.append(p.text + " (lifted)") }
      rows.append([
        run.preset, run.idleReason ?? (moved.isEmpty ? "-" : moved.joined(separator: ", ")),
        "\(run.rowsPassed)",
        "\(run.swaps)", run.firstScrollFrame.map { "frame \($0)" } ?? "-", n(run.offset),
        run.peakSpeed > 0 ? "\(n(run.peakSpeed)) pt/s" : "-",
      ])
    }
    let skipped = notRun.isEmpty ? "" : " (\(notRun.count) not run)"
    var legend = [
      "moved: each drop, from → to (row numbers; (lifted): still held at the end);",
      "passed: slots the lifted row went through from where it was lifted, back and",
      "forth, so at least the rows it moved; swaps: the steps that took (one step may",
      "pass several slots); first scroll: the first frame that auto-scrolled; offset:",
      "the scroll offset at the end; peak speed: the largest |offset change| × fps of",
      "one frame; -: none (no drop, no auto-scroll, no scrolling)",
    ]
    if runs.contains(where: { $0.preset == ComparisonRequest.currentName }) {
      legend += [
        "current: the settings in force before the gesture (options, --preset and the",
        "sets before its first command)",
      ]
    }
    return ComparisonContent(
      heading: "Comparing \(subject(runs, notRun: notRun.count))\(skipped) on \(commands) "
        + "command\(commands == 1 ? "" : "s"):",
      table: rows, notRun: notRun,
      failures: runs.filter { $0.failures > 0 }.map { run in
        "\(run.preset): \(run.failures) command\(run.failures == 1 ? "" : "s") refused, "
          + "first: \(run.firstFailure ?? "")"
      },
      traces: runs.filter(\.isTrace).map { TraceDifference.section($0, runs, fps: fps) },
      legend: legend, summary: summary(runs, fps: fps))
  }

  /// The comparison as the terminal prints it: aligned columns, indented two spaces.
  static func text(_ content: ComparisonContent) -> String {
    var text = content.heading + "\n\n"
    text += columns(content.table, numeric: ComparisonContent.numericColumns)
    // A preset that could not run is a row of its own that says why.
    let nameWidth =
      (content.table.map { TextWidth.count($0[0]) }
      + content.notRun.map { TextWidth.count($0.preset) }).max() ?? 0
    for row in content.notRun {
      let pad = String(repeating: " ", count: nameWidth - TextWidth.count(row.preset))
      text += "  \(row.preset)\(pad)  not run: \(row.reason)\n"
    }
    for failure in content.failures { text += "\n  " + failure }
    if !content.failures.isEmpty { text += "\n" }
    for trace in content.traces {
      text += "\n  \(trace.title):\n"
      if let clock = trace.clock { text += "  \(clock)\n" }
      text += "\n" + columns(trace.rows, numeric: [1, 2])
    }
    text += "\n" + content.legend.map { "  \($0)\n" }.joined()
    guard !content.summary.isEmpty else { return text }
    return text + "\nSummary\n" + content.summary.map { "  \($0)\n" }.joined()
  }

  /// Rows of cells as aligned columns, indented by two spaces; the `numeric` columns
  /// are aligned right.
  static func columns(_ rows: [[String]], numeric: Set<Int>) -> String {
    guard let first = rows.first else { return "" }
    let widths = first.indices.map { column in
      rows.map { TextWidth.count($0[column]) }.max() ?? 0
    }
    var text = ""
    for row in rows {
      let cells = row.indices.map { column in
        let pad = String(repeating: " ", count: widths[column] - TextWidth.count(row[column]))
        return numeric.contains(column) ? pad + row[column] : row[column] + pad
      }
      text += "  " + cells.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
    }
    return text
  }

  /// `current and 4 presets`, `3 presets`: what the rows are.
  private static func subject(_ runs: [ComparisonRecorder], notRun: Int) -> String {
    let others = runs.map(\.preset).filter { !PresetTable.names.contains($0) }
    let presets = runs.count - others.count + notRun
    let counted = "\(presets) preset\(presets == 1 ? "" : "s")"
    guard !others.isEmpty else { return counted }
    guard presets > 0 else { return BehaviourSetting<Void>.list(others, last: "and") }
    return BehaviourSetting<Void>.list(others + [counted], last: "and")
  }

  /// `Summary` lines: the preset that moved the row farthest, scrolled first and fastest.
  private static func summary(_ runs: [ComparisonRecorder], fps: Double) -> [String] {
    guard runs.count > 1 else { return [] }
    var lines: [String] = []
    // Farthest is where the row ended, not how many slots it stepped through.
    func distance(_ run: ComparisonRecorder) -> Int {
      run.moves.reduce(0) { $0 + abs($1.to - $1.from) }
        + (run.pending.map { abs($0.to - $0.from) } ?? 0)
    }
    if let far = runs.max(by: { distance($0) < distance($1) }), distance(far) > 0 {
      let rows = distance(far)
      lines.append("\(far.preset) moved the row farthest (\(rows) row\(rows == 1 ? "" : "s"))")
    }
    let scrolled = runs.compactMap { run in run.firstScrollFrame.map { (run, $0) } }
    if let (first, frame) = scrolled.min(by: { $0.1 < $1.1 }) {
      lines.append("\(first.preset) scrolled first (frame \(frame))")
    }
    if let fast = runs.max(by: { $0.peakSpeed < $1.peakSpeed }), fast.peakSpeed > 0 {
      lines.append("\(fast.preset) scrolled fastest (\(NumberText.fixed3(fast.peakSpeed)) pt/s)")
    }
    for run in runs {
      guard let reason = run.idleReason else { continue }
      lines.append(
        reason == "never lifted"
          ? "\(run.preset) never lifted the row"
          : "\(run.preset) never lifted the row: every drag came before its "
            + "\(NumberText.fixed3(run.hold)) s hold and became a pan")
    }
    for trace in runs where trace.isTrace {
      if let line = TraceDifference.closest(trace, runs) { lines.append(line) }
      if let line = TraceDifference.rateMismatch(trace, fps: fps) { lines.append(line) }
    }
    let still = runs.filter { $0.firstScrollFrame == nil }.map(\.preset)
    if !still.isEmpty && !scrolled.isEmpty {
      lines.append("no auto-scroll: " + still.joined(separator: ", "))
    }
    return lines
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var s = Substring(self)
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }
}
