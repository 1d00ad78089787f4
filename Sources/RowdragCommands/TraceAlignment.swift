import RowdragEngine

/// Compares an app trace with one replay on the clock, as the replay runs: each trace
/// sample `(t, offset)` against the replay's offset at `t`, interpolated linearly
/// between the replay's frames around it. A trace at 120 Hz, one that dropped frames or
/// one with jitter is then compared at the moments it logged, not frame `k` against
/// frame `k`.
///
/// A sample whose time rounds from a replay frame's (to the decimals the file writes
/// `t` with) is that frame's: rowdrag's own trace, whose `t` has three decimals, is its
/// replay to the point. Each such frame is taken once, so a trace at 2,000 Hz written
/// to the millisecond (`t` repeated) still walks frame by frame.
///
/// Memory is the trace's, whatever the replay's length: frames skipped in closed form
/// are evaluated only where a sample falls.
struct TraceAlignment {
  /// The trace's row name, its sample times (seconds from the gesture's start) and
  /// offsets.
  let name: String
  let times: [Double]
  let offsets: [Double]
  /// Half the trace's time resolution: how near a frame a sample must be to be it.
  private let tolerance: Double
  /// The next sample to compare.
  private var next = 0
  /// The replay's last point: its time and offset, and its frame number (0 at the
  /// gesture's start).
  private var last: (time: Double, offset: Double, frame: Int)
  /// The last frame a sample was taken to be.
  private var taken = 0
  /// The frames per second in force, for frames after the replay's end.
  private var frameTime: Double

  /// The replay's offset at each sample so far: `fit` compares their steps, and says
  /// from them where no law follows the trace.
  private(set) var replayOffsets: [Double] = []

  /// What the samples so far came to.
  private var maximum = 0.0
  private var area = 0.0
  private var sum = 0.0
  private var previous: (time: Double, difference: Double)?
  private var first: (time: Double, difference: Double)?
  private var firstOver: (time: Double, frame: Int)?

  init(name: String, trace: AppTrace, startOffset: Double, fps: Double) {
    self.name = name
    times = trace.frames.map(\.time)
    offsets = trace.frames.map(\.offset)
    tolerance = trace.timeResolution / 2 + 1e-9
    last = (0, startOffset, 0)
    frameTime = 1 / fps
  }

  /// The replay's next frame: at `time` (from the gesture's start), with `offset`.
  mutating func frame(time: Double, offset: Double, fps: Double) {
    frameTime = 1 / fps
    let frame = last.frame + 1
    while next < times.count {
      let t = times[next]
      if t > time + tolerance { break }
      if abs(t - time) <= tolerance {
        if frame > taken {
          taken = frame
          record(t, offset, frame: frame)
          continue
        }
        // This frame is taken: a sample at its time or after is the next frame's.
        if t >= time { break }
      }
      let fraction = time > last.time ? (t - last.time) / (time - last.time) : 1
      let clamped = Swift.min(1, Swift.max(0, fraction))
      // At or before the last point (the gesture's start, say) it is that point's frame.
      record(
        t, last.offset + (offset - last.offset) * clamped,
        frame: t <= last.time ? last.frame : frame)
    }
    last = (time, offset, frame)
  }

  /// A run of frames the replay skipped: `count` frames from the last point, at one
  /// frame's time each, each changing the offset by `step` (or by `step` and back,
  /// when `alternates`), ending at `end` with `endOffset`.
  mutating func run(
    count: Int, step: Double, alternates: Bool, end: Double, endOffset: Double, fps: Double
  ) {
    guard count > 0 else { return }
    let start = last
    let dt = 1 / fps
    func offset(_ j: Int) -> Double {
      if j == count { return endOffset }
      return alternates ? start.offset + (j % 2 == 1 ? step : 0) : start.offset + Double(j) * step
    }
    func time(_ j: Int) -> Double { j == count ? end : start.time + Double(j) * dt }
    var j = 0
    while next < times.count, j < count {
      let t = times[next]
      if t > end + tolerance { break }
      // Straight to the frame before the sample's, then frame by frame (counted as a
      // double first: a sample far past the run at a high fps is no Int).
      let frames = ((t - tolerance - start.time) / dt).rounded(.down)
      let before = Int(Swift.min(Double(count), Swift.max(0, frames))) - 1
      if before > j {
        j = Swift.min(before, count - 1)
        last = (time(j), offset(j), start.frame + j)
      }
      j += 1
      frame(time: time(j), offset: offset(j), fps: fps)
    }
    last = (end, endOffset, start.frame + count)
  }

  /// A command changed the offset between frames (a `scroll`, a drop's settle).
  mutating func jump(to offset: Double) { last.offset = offset }

  /// The samples after the replay's end, against where it ended; then the figures.
  mutating func finish(finalOffset: Double) -> TraceDifference {
    while next < times.count {
      let t = times[next]
      let frames = ((t - last.time) / frameTime - 1e-6).rounded(.up)
      record(
        t, finalOffset, frame: last.frame + Int(Swift.min(Double(Int32.max), Swift.max(0, frames))))
    }
    let span = (previous?.time ?? 0) - (first?.time ?? 0)
    let mean = span > 0 ? area / span : (next > 0 ? sum / Double(next) : 0)
    return TraceDifference(
      max: maximum, mean: mean, firstOver: firstOver,
      stepMean: stepMean() ?? mean)
  }

  /// How far the trace moved in the tenth of a second before each sample, against how
  /// far the replay moved, on average: an offset that is off since earlier counts only
  /// where it went off, and a timer firing a frame early or late (a step here, the
  /// other's there) only as much as its step. Nil when no two samples are that close
  /// (a trace under 10 Hz): then the offsets' mean stands for it.
  private func stepMean() -> Double? {
    var sum = 0.0
    var count = 0
    var from = 0
    for i in replayOffsets.indices {
      while times[from] < times[i] - Self.stepSpan { from += 1 }
      guard from < i else { continue }
      sum += abs((offsets[i] - offsets[from]) - (replayOffsets[i] - replayOffsets[from]))
      count += 1
    }
    return count > 0 ? sum / Double(count) : nil
  }

  /// The span of `stepMean`'s steps, in seconds.
  static let stepSpan = 0.1

  /// Sample `next` against the replay's `offset` at its time, in frame `frame`.
  private mutating func record(_ t: Double, _ offset: Double, frame: Int) {
    let difference = abs(offsets[next] - offset)
    replayOffsets.append(offset)
    next += 1
    maximum = Swift.max(maximum, difference)
    sum += difference
    if let previous { area += (previous.difference + difference) / 2 * (t - previous.time) }
    if first == nil { first = (t, difference) }
    previous = (t, difference)
    if difference > 1, firstOver == nil { firstOver = (t, frame) }
  }
}
