import RowdragFormats
import RowdragSystem

/// A long search's progress on a terminal's standard error (`Effects.progress`): one
/// line rewritten in place, shown only once the search has run a second (a quick one
/// leaves no trace) and at most ten times a second; cleared when the search ends.
final class ProgressLine {
  private let sink: OutputSink
  /// Seconds on a monotonic clock (a test's own).
  private let now: () -> Double
  private var started: Double?
  private var lastShown: Double?

  init(_ sink: OutputSink, now: @escaping () -> Double = System.monotonicSeconds) {
    self.sink = sink
    self.now = now
  }

  func update(_ line: String?) {
    guard let line else {
      if lastShown != nil { write("\r\u{1B}[K") }
      started = nil
      lastShown = nil
      return
    }
    let time = now()
    guard let started else {
      self.started = time
      return
    }
    guard time - started >= 1, time - (lastShown ?? -1) >= 0.1 else { return }
    lastShown = time
    write("\r\u{1B}[K" + sink.terminalSafe(line))
  }

  private func write(_ text: String) {
    try? sink.write(text)
    try? sink.flush()
  }
}
