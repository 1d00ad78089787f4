/// What `fit` prints: the line of options first, alone, so a script can take it with
/// `head -1`; then the fit and the three presets nearest the trace, with their
/// differences from it as `compare` gives them; then, when the fit stays over a point on
/// average, what the trace does that no law does.
struct FitReport {
  var line: String
  /// The keys the script sets before its gesture, which would override the line's
  /// options of the same name.
  var overridden: [String] = []
  /// The trace's row name (`trace:FILE`) and its clock line.
  var trace: String
  var clock: String
  var commands: Int
  var replays: Int
  var best: TraceFit.Scored
  var nearest: [TraceFit.Scored]
  var explanation: String?
  var interrupted: Bool

  var text: String {
    let n = NumberText.fixed3
    var rows = [["row", "max offset diff", "mean offset diff", "first time over 1 pt"]]
    func row(_ name: String, _ scored: TraceFit.Scored) {
      guard let difference = scored.difference else { return }
      rows.append([name, n(difference.max), n(difference.mean), difference.firstOverText])
    }
    row("fit", best)
    for scored in nearest { row(scored.candidate.base ?? "current", scored) }
    var text = line + "\n\n"
    text +=
      "Fitting \(trace) on \(commands) command\(commands == 1 ? "" : "s"), "
      + "\(replays) replay\(replays == 1 ? "" : "s")"
      + (interrupted ? " (interrupted: the best so far)" : "") + ":\n"
    text += "  \(clock)\n\n"
    text += ComparisonTable.columns(rows, numeric: [1, 2])
    text += "\n  fit: the line above, on the clock against the trace (points); then the\n"
    text += "  presets nearest the trace, each with all its settings\n"
    if !overridden.isEmpty { text += "\n" }
    for key in overridden {
      text +=
        "  note: 'set \(key)' before the gesture overrides --\(key); set the line's value there\n"
    }
    if let explanation { text += "\nSummary\n  \(explanation)\n" }
    return text
  }
}

/// The sentence for a fit that stays more than a point from the trace on average:
/// from when the best fit leaves the trace, what the trace does that it does not.
enum FitExplanation {
  /// How long after the fit leaves the trace is looked at, in seconds.
  static let window = 0.5

  /// `times`, `trace` and `fit`: each sample's time and the trace's and the fit's
  /// offsets there; `from`: when they first differ by over a point; `fingerMoves`: when
  /// a command moved the finger.
  static func sentence(
    times: [Double], trace: [Double], fit: [Double], from: Double?, fingerMoves: [Double]
  ) -> String? {
    guard let from, fit.count == times.count, trace.count == times.count,
      let first = times.firstIndex(where: { $0 >= from })
    else { return nil }
    var last = first
    while last + 1 < times.count && times[last + 1] <= from + window { last += 1 }
    if last - first < 2 { last = Swift.min(times.count - 1, first + 2) }
    guard last > first else { return nil }
    func speed(_ offsets: [Double], _ a: Int, _ b: Int) -> Double {
      times[b] > times[a] ? (offsets[b] - offsets[a]) / (times[b] - times[a]) : 0
    }
    let middle = (first + last) / 2
    let traceSpeed = speed(trace, first, last)
    let fitSpeed = speed(fit, first, last)
    let early = abs(speed(trace, first, middle))
    let late = abs(speed(trace, middle, last))
    let rests = !fingerMoves.contains { $0 > times[first] - 1e-9 && $0 <= times[last] }
    let finger = rests ? " while the finger rests" : ""
    let s = { (v: Double) in NumberText.short((abs(v)).rounded()) }
    let what: String
    if abs(traceSpeed) >= 1 && abs(fitSpeed) < 1 {
      what = "it scrolls at \(s(traceSpeed)) pt/s\(finger) where the best fit stands still"
    } else if abs(traceSpeed) < 1 && abs(fitSpeed) >= 1 {
      what = "it stands still\(finger) where the best fit scrolls at \(s(fitSpeed)) pt/s"
    } else if late > early * 1.2 + 1 {
      what = "it accelerates\(finger)"
    } else if late < early / 1.2 - 1 {
      what = "it slows down\(finger)"
    } else {
      what = "it scrolls at \(s(traceSpeed)) pt/s\(finger), the best fit at \(s(fitSpeed)) pt/s"
    }
    return "no law explains the trace after t = \(NumberText.fixed3(times[first])) s: \(what)"
  }
}
