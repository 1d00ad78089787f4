/// How far a replayed row's offset is from a trace row's, on the clock
/// (`TraceAlignment`): what tells an app developer which preset behaves like their
/// app, and from which moment on it does not.
struct TraceDifference {
  /// The largest `|trace offset − row offset|` over the trace's samples, and its mean
  /// over the trace's time (each sample weighs the time around it, so a trace at
  /// 120 Hz, or one that dropped a frame, gives the mean a 60 Hz one does).
  var max: Double
  var mean: Double
  /// The first sample where they differ by more than 1 point: its time and the
  /// replay's frame at that time.
  var firstOver: (time: Double, frame: Int)?
  /// The mean over samples of how far the trace's step over the tenth of a second
  /// before differs from the replay's: what `fit` searches on (`TraceFit`).
  var stepMean = 0.0

  /// `2.217 s (frame 133)`, or `-`.
  var firstOverText: String {
    firstOver.map { "\(NumberText.fixed3($0.time)) s (frame \($0.frame))" } ?? "-"
  }

  /// The differences of every replayed row from `trace`, in the table's order.
  static func rows(_ trace: ComparisonRecorder, _ runs: [ComparisonRecorder])
    -> [(ComparisonRecorder, TraceDifference)]
  {
    runs.compactMap { run in run.differences[trace.preset].map { (run, $0) } }
  }

  /// The section below the table: the trace's clock, then one row per replayed row.
  static func section(_ trace: ComparisonRecorder, _ runs: [ComparisonRecorder], fps: Double)
    -> ComparisonContent.TraceSection
  {
    let n = NumberText.fixed3
    var rows = [["preset", "max offset diff", "mean offset diff", "first time over 1 pt"]]
    for (run, difference) in Self.rows(trace, runs) {
      rows.append([run.preset, n(difference.max), n(difference.mean), difference.firstOverText])
    }
    return ComparisonContent.TraceSection(
      title: "\(trace.preset) against each row, on the clock (points)",
      clock: trace.traceClock.map { clockLine($0, frames: trace.frames, fps: fps) }, rows: rows)
  }

  /// `209 frames at 60 Hz; 1 dropped frame (1 at 1.683 s)`.
  static func clockLine(_ clock: TraceClock, frames: Int, fps: Double) -> String {
    var line = "\(frames) frame\(frames == 1 ? "" : "s")"
    if let rate = clock.rate(beside: fps) { line += " at \(NumberText.short(rate)) Hz" }
    let dropped = clock.droppedFrames
    guard dropped > 0 else { return line + "; no dropped frames" }
    let shown = clock.drops.prefix(3).map { "\($0.missing) at \(NumberText.fixed3($0.time)) s" }
    let more = clock.drops.count > 3 ? ", …" : ""
    return line + "; \(dropped) dropped frame\(dropped == 1 ? "" : "s") "
      + "(\(shown.joined(separator: ", "))\(more))"
  }

  /// The summary's line: the row closest to the trace on average.
  static func closest(_ trace: ComparisonRecorder, _ runs: [ComparisonRecorder]) -> String? {
    guard let (run, difference) = rows(trace, runs).min(by: { $0.1.mean < $1.1.mean }) else {
      return nil
    }
    return "\(run.preset) is closest to \(trace.preset) (\(NumberText.fixed3(difference.mean)) "
      + "pt on average)"
  }

  /// The summary's line when the trace's rate is not the replays' (by more than 5 %):
  /// laws that step once a frame scroll by another amount a second at another rate.
  static func rateMismatch(_ trace: ComparisonRecorder, fps: Double) -> String? {
    guard let rate = trace.traceClock?.rate(beside: fps), abs(rate - fps) > 0.05 * fps else {
      return nil
    }
    return "\(trace.preset) runs at \(NumberText.short(rate)) Hz, the replays at "
      + "\(NumberText.short(fps)) fps: put 'set fps \(NumberText.short(rate.rounded()))' "
      + "before the gesture to replay at its rate"
  }
}
