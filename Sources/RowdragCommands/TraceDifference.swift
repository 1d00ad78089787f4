/// How far each replayed row's offset is from a trace row's, frame by frame: frame `k`
/// of the trace against frame `k` of the replay (a replay that ended earlier stays at
/// its last offset). What tells an app developer which preset behaves like their app,
/// and from which frame on it does not.
struct TraceDifference: Equatable {
  /// The largest and the mean `|trace offset − row offset|` over the trace's frames.
  var max: Double
  var mean: Double
  /// The first frame (1-based) where they differ by more than 1 point.
  var firstFrameOver1: Int?

  init(trace: [Double], row: [Double], finalOffset: Double) {
    var max = 0.0
    var sum = 0.0
    var first: Int?
    for (k, offset) in trace.enumerated() {
      let difference = abs(offset - (k < row.count ? row[k] : finalOffset))
      max = Swift.max(max, difference)
      sum += difference
      if difference > 1, first == nil { first = k + 1 }
    }
    self.max = max
    self.mean = trace.isEmpty ? 0 : sum / Double(trace.count)
    self.firstFrameOver1 = first
  }

  /// The differences of every replayed row from `trace`, in the table's order.
  static func rows(_ trace: ComparisonRecorder, _ runs: [ComparisonRecorder])
    -> [(ComparisonRecorder, TraceDifference)]
  {
    guard let offsets = trace.traceOffsets else { return [] }
    return runs.filter { $0.traceOffsets == nil }.map { run in
      (run, TraceDifference(trace: offsets, row: run.frameOffsets, finalOffset: run.offset))
    }
  }

  /// The block below the table: one line per replayed row.
  static func block(_ trace: ComparisonRecorder, _ runs: [ComparisonRecorder]) -> String {
    let n = NumberText.fixed3
    var rows = [["preset", "max offset diff", "mean offset diff", "first frame over 1 pt"]]
    for (run, difference) in Self.rows(trace, runs) {
      rows.append([
        run.preset, n(difference.max), n(difference.mean),
        difference.firstFrameOver1.map { "frame \($0)" } ?? "-",
      ])
    }
    return "  \(trace.preset) against each row, frame by frame (points):\n\n"
      + ComparisonTable.columns(rows, numeric: [1, 2])
  }

  /// The summary's line: the row closest to the trace on average.
  static func closest(_ trace: ComparisonRecorder, _ runs: [ComparisonRecorder]) -> String? {
    guard let (run, difference) = rows(trace, runs).min(by: { $0.1.mean < $1.1.mean }) else {
      return nil
    }
    return "\(run.preset) is closest to \(trace.preset) (\(NumberText.fixed3(difference.mean)) "
      + "pt a frame on average)"
  }
}
