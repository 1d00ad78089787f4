/// An app trace's own clock: its frame rate and the frames it dropped. An app logs a
/// frame when its display link fires, which need not be rowdrag's 60 Hz, and a busy
/// app misses frames; comparing it frame by frame with a replay would then compare
/// different moments. What a profiler's user expects instead: the trace's rate read
/// from its times, and its gaps said aloud.
public struct TraceClock: Sendable, Equatable {
  /// One gap in the trace: the frames missing before the frame at `time`.
  public struct Drop: Sendable, Equatable {
    public var time: Double
    public var missing: Int
  }

  /// The median time between two frames (the mean when most times repeat; 0 with
  /// fewer than two frames).
  public let medianInterval: Double
  /// The gaps of more than 1.5 median intervals, in order.
  public let drops: [Drop]
  /// Frames a second as the times give them: the slope of a least-squares line through
  /// (frame number, time), a gap counting as the frames it spans, so neither jitter nor
  /// the rounding of `t` to the millisecond (60 Hz frames 0.016 and 0.017 s apart,
  /// median 58.8 Hz) sways it. Nil when the times cannot tell (one frame, one instant).
  private let measuredRate: Double?
  /// How far `measuredRate` may be off through the rounding of the times alone.
  private let uncertainty: Double
  /// How finely the times are written.
  private let resolution: Double
  /// How many frame intervals each gap spans, by the index of the frame after it.
  private let spans: [Int: Int]

  /// The clock of frames at `times`, written to `resolution` seconds.
  public init(times: [Double], resolution: Double = 0.001) {
    self.resolution = resolution
    var gaps: [Double] = []
    gaps.reserveCapacity(Swift.max(0, times.count - 1))
    for index in times.indices.dropFirst() { gaps.append(times[index] - times[index - 1]) }
    let span = (times.last ?? 0) - (times.first ?? 0)
    var median = gaps.isEmpty ? 0 : gaps.sorted()[gaps.count / 2]
    // Times repeated more often than not (a fast trace written to the millisecond):
    // the mean gap is the best there is.
    if median <= 0, !gaps.isEmpty { median = span / Double(gaps.count) }
    medianInterval = median
    var drops: [Drop] = []
    var spans: [Int: Int] = [:]
    if median > 0 {
      for (index, gap) in gaps.enumerated() where gap > 1.5 * median {
        // As a double first: a gap of 1e9 s after frames 1e-10 s apart is no Int.
        let count = Int(Swift.min(Double(Int32.max), Swift.max(2, (gap / median).rounded())))
        drops.append(Drop(time: times[index + 1], missing: count - 1))
        spans[index + 1] = count
      }
    }
    self.drops = drops
    self.spans = spans
    // The line through (frame number, time).
    var number = 0.0
    var (sumN, sumT, sumNN, sumNT) = (0.0, 0.0, 0.0, 0.0)
    let first = times.first ?? 0
    for (index, time) in times.enumerated() {
      if index > 0 { number += Double(spans[index] ?? 1) }
      let t = time - first
      sumN += number
      sumT += t
      sumNN += number * number
      sumNT += number * t
    }
    let count = Double(times.count)
    let slope = (count * sumNT - sumN * sumT) / (count * sumNN - sumN * sumN)
    if span > 0, slope > 0, slope.isFinite {
      measuredRate = 1 / slope
      // The least-squares slope can move by about 1.5 × the rounding over the span.
      uncertainty = 1.5 / slope * resolution / span
    } else {
      measuredRate = nil
      uncertainty = 0
    }
  }

  /// The trace's frames a second, beside replays at `fps`: `fps` itself when the times
  /// cannot tell the two apart (rowdrag's own trace, a 60 Hz app's), else the measured
  /// rate to 0.1 Hz; nil when the trace has no rate (or less than 0.05 Hz).
  public func rate(beside fps: Double) -> Double? {
    guard let measuredRate else { return nil }
    if abs(measuredRate - fps) <= uncertainty { return fps }
    let rounded = (measuredRate * 10).rounded() / 10
    return rounded > 0 ? rounded : nil
  }

  /// Frame intervals between frame `index` and the one before it (1 unless a gap).
  public func intervals(before index: Int) -> Int { spans[index] ?? 1 }

  /// The time from the frame before frame `index` (at `previous`) to it (at `time`), at
  /// `rate`: as the times say, unless that is the frames' intervals but for the times'
  /// rounding (then exactly those intervals).
  public func elapsed(before index: Int, from previous: Double, to time: Double, rate: Double)
    -> Double
  {
    let nominal = Double(intervals(before: index)) / rate
    let measured = time - previous
    return measured > 0 && abs(measured - nominal) > resolution ? measured : nominal
  }

  /// How many frames the trace dropped in all.
  public var droppedFrames: Int { drops.reduce(0) { $0 + $1.missing } }
}
