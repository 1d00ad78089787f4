import RowdragEngine

/// What one preset's replay of a session did, gathered frame by frame and command by
/// command: the figures of a comparison's row and the series of its chart.
final class ComparisonRecorder {
  /// The preset.
  let preset: String
  /// The committed moves, 1-based.
  var moves: [ComparisonMove] = []
  /// Where a row still lifted at the end came from and is now, 1-based.
  var pending: ComparisonMove?
  /// Slots the lifted row passed, summed over its moves.
  var rowsPassed = 0
  /// Times the lifted row changed slot.
  var swaps = 0
  /// Frames run before (and including) the first one that auto-scrolled.
  var firstScrollFrame: Int?
  /// Frames run so far, skipped ones included.
  var frames = 0
  /// Frames the engine simulated one by one (the rest it skipped, as `tick` does).
  var framesStepped = 0
  /// Runs of frames it skipped.
  var runsSkipped = 0
  /// The offset at the end, as the frames report it (`Engine.verticalOffset`: on a
  /// board the lifted row's column's, not the page's); a command's own scroll is
  /// measured from it.
  var offset = 0.0
  /// The largest `|delta| × fps` of one frame, in points per second: the frame's own
  /// scroll as the trace prints it (`delta`, 3 decimals) at the rate in force, so a jump
  /// between frames (a `press ADDR`, a drop) is no frame's speed and a script's
  /// `set fps` counts. A drag that scrolls while the row stays lifted (jQuery UI
  /// scrolls on the pointer's moves) is its frame's scroll.
  var peakSpeed = 0.0
  /// Commands that failed under this preset, with the first message.
  var failures = 0
  var firstFailure: String?
  /// Offset over time: a point per frame simulated, one at the end of each run of
  /// frames the engine skipped (a hold, a still or steady stretch: a straight line),
  /// thinned out on long runs.
  var offsetSeries = Series()
  /// Velocity (points per second, signed) against the measured distance from the edge.
  var velocitySeries = Series()
  /// The frames as the animated report draws them.
  var frameLog = ComparisonFrames()
  /// The viewport's height in force, for the frames.
  private var viewport: Double
  /// Whether the series and frames are kept: not for `fit`'s replays, which need only
  /// the figures and the traces' differences.
  var keepsSeries = true

  /// The app traces this replay is compared with, on the clock, as it runs; and what
  /// each came to (by the trace row's name) once `finish` is called.
  var alignments: [TraceAlignment] = []
  private(set) var differences: [String: TraceDifference] = [:]
  /// A trace row's own clock; nil for a replayed row.
  var traceClock: TraceClock?
  /// The engine's time at the gesture's start: a trace's `t` counts from there.
  private let startTime: Double
  /// When a command moved the finger, seconds from the gesture's start (`fit` says
  /// whether the finger rests where no law follows the trace).
  private(set) var fingerMoves: [Double] = []
  /// Whether the row knows which row is lifted, to say why none moved (a trace
  /// without `row` does not).
  var explainsIdle = true

  /// Touches that lifted a row, and touches that became a pan (a drag before the hold).
  var touches = TouchCount()
  /// The preset's hold, for saying why nothing lifted.
  let hold: Double

  private var lastSlot: Int?

  init(preset: String, engine: Engine) {
    self.preset = preset
    self.offset = engine.verticalOffset
    self.hold = engine.settings.hold
    self.viewport = engine.settings.viewport
    self.startTime = engine.time
  }

  /// Whether this row is an app's trace rather than a replay.
  var isTrace: Bool { traceClock != nil }

  /// After the last command: each trace's samples past the replay's end against where
  /// it ended, and the figures.
  func finish() {
    for index in alignments.indices {
      differences[alignments[index].name] = alignments[index].finish(finalOffset: offset)
    }
  }

  /// Why the row never moved under this preset, when that is the case: every touch
  /// became a pan, or none lifted.
  var idleReason: String? {
    guard explainsIdle, moves.isEmpty, pending == nil, touches.lifted == 0 else { return nil }
    if touches.panned > 0 {
      return "panned: drag before the \(NumberText.fixed3(hold)) s hold"
    }
    return "never lifted"
  }

  /// After each frame of a tick or wait, or each run of frames it skipped, with the
  /// frames per second in force.
  func observe(_ event: TickEvent, fps: Double) {
    switch event {
    case .frame(let report):
      framesStepped += 1
      observe(report, fps: fps)
    case .skipped(let run): skipped(run, fps: fps)
    }
  }

  /// A run of skipped frames counts as its frames would have, one by one: each scrolls
  /// by the same step (or by it and back, for an oscillation, which also moves the row
  /// to and fro every frame); the series get the run's last frame.
  private func skipped(_ run: SkippedFrames, fps: Double) {
    for index in alignments.indices {
      alignments[index].run(
        count: run.count, step: run.offsetStep, alternates: run.alternates,
        end: run.time - startTime, endOffset: run.offset, fps: fps)
    }
    let first = frames + 1
    frames += run.count
    runsSkipped += 1
    if run.offsetStep != 0, case .lifted = run.phase, firstScrollFrame == nil {
      firstScrollFrame = first
    }
    for step in [run.offsetStep, run.lastDelta] {
      peakSpeed = Swift.max(peakSpeed, abs(NumberText.asFixed3(step) * fps))
    }
    if run.rowsPerFrame > 0 {
      swaps += run.count
      rowsPassed += run.count * run.rowsPerFrame
    } else {
      track(run.phase)
    }
    offset = run.offset
    guard keepsSeries else { return }
    offsetSeries.append(run.time, run.offset)
    if let distance = run.measuredDistance {
      velocitySeries.append(distance, NumberText.asFixed3(run.lastDelta) * fps)
    }
  }

  /// After each frame of a tick or wait, with the frames per second in force.
  func observe(_ report: FrameReport, fps: Double) {
    frames += 1
    for index in alignments.indices {
      alignments[index].frame(time: report.time - startTime, offset: report.offset, fps: fps)
    }
    track(report.phase)
    if case .lifted = report.phase, report.delta != 0, firstScrollFrame == nil {
      firstScrollFrame = frames
    }
    // The trace's delta, so the speeds are the ones its numbers give.
    let velocity = NumberText.asFixed3(report.delta) * fps
    peakSpeed = Swift.max(peakSpeed, abs(velocity))
    offset = report.offset
    guard keepsSeries else { return }
    offsetSeries.append(report.time, report.offset)
    if let distance = report.measuredDistance { velocitySeries.append(distance, velocity) }
    frameLog.observe(report, viewport: viewport)
  }

  /// After each replayed command, with the engine before and after it.
  func command(before: Engine, after: Engine, failed: String?) {
    if keepsSeries { frameLog.resolve(start: before) }
    viewport = after.settings.viewport
    if let finger = after.finger, finger != before.finger {
      fingerMoves.append(after.time - startTime)
    }
    touches.count(before: TouchCount.kind(before.phase), after: TouchCount.kind(after.phase))
    if let failed {
      failures += 1
      if firstFailure == nil { firstFailure = failed }
    }
    // The command's own scroll, after the frames it ran (a tick's are theirs).
    let jump = after.verticalOffset - offset
    if jump != 0 {
      for index in alignments.indices { alignments[index].jump(to: after.verticalOffset) }
      // A library that scrolls as the pointer moves (jQuery UI) scrolls in the drag
      // command, at once: the frame it falls in scrolled by as much.
      if case .lifted = before.phase, case .lifted = after.phase {
        let speed = abs(NumberText.asFixed3(jump)) * after.settings.fps
        peakSpeed = Swift.max(peakSpeed, speed)
      }
    }
    if case .lifted = before.phase, after.verticalOffset != before.verticalOffset,
      firstScrollFrame == nil
    {
      firstScrollFrame = frames
    }
    track(after.phase)
    // A release or move pushes one edit (a redo too, which counts as a move again).
    if after.undoCount > before.undoCount, let edit = after.lastEdit {
      moves.append(ComparisonMove(from: edit.from + 1, to: edit.to + 1, count: after.lastEditCount))
      // A rule that moves the row at the release (Qt's drop) passes rows there.
      if let lift = before.lift, edit.to != lift.position {
        swaps += 1
        rowsPassed += abs(edit.to - lift.position)
      }
    }
    offset = after.verticalOffset
    pending = after.lift.map {
      ComparisonMove(from: $0.sourcePosition + 1, to: $0.position + 1, count: $0.count)
    }
  }

  /// Counts the lifted row's step since it was last seen: from where it was lifted when
  /// this is its first sight (a library that lifts on a distance lifts and moves the row
  /// in one drag: jQuery UI's `5 → 14` passed the 9 slots, not 0).
  private func track(_ phase: Phase) {
    guard case .lifted(let lift) = phase else {
      lastSlot = nil
      return
    }
    let last = lastSlot ?? lift.sourcePosition
    if last != lift.position {
      swaps += 1
      rowsPassed += abs(lift.position - last)
    }
    lastSlot = lift.position
  }
}

/// A series of points that keeps at most about 4,096 evenly spaced ones, however long
/// the run: when full, every other point goes and the spacing doubles. The last point
/// is always kept.
struct Series {
  private(set) var points: [(x: Double, y: Double)] = []
  private var stride = 1
  private var seen = 0
  private var last: (x: Double, y: Double)?

  mutating func append(_ x: Double, _ y: Double) {
    defer { seen += 1 }
    last = (x, y)
    guard seen % stride == 0 else { return }
    points.append((x, y))
    if points.count == 4096 {
      points = points.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
      stride *= 2
    }
  }

  /// Every kept point, the last one included.
  var all: [(x: Double, y: Double)] {
    guard let last, let kept = points.last, kept != last else { return points }
    return points + [last]
  }
}

/// How the touches of a run went: lifted, or turned into a pan. A command that leaves
/// the phase lifted (or panning) when it was not before is one more of those; frames in
/// between count at their own report.
public struct TouchCount: Sendable, Equatable {
  public var lifted = 0
  public var panned = 0

  /// The warning a script gets when every touch became a pan, with the hold to wait.
  public func panWarning(hold: Double) -> String? {
    guard panned > 0, lifted == 0 else { return nil }
    return "warning: every drag came before the \(NumberText.fixed3(hold)) s hold and became a "
      + "pan, so no row lifted; wait at least \(NumberText.fixed3(hold)) s after a press "
      + "(e.g. 'press 3; wait \(NumberText.fixed3(hold)); drag …')"
  }

  /// What counts of a phase: lifted, panning, or neither (no payload is copied, as a
  /// script of a million commands asks after each one).
  public enum Kind: Equatable, Sendable {
    case lifted, panning, other
  }

  public static func kind(_ phase: Phase) -> Kind {
    switch phase {
    case .lifted: .lifted
    case .panning: .panning
    default: .other
    }
  }

  public mutating func count(before: Kind, after: Kind) {
    guard before != after else { return }
    if after == .lifted { lifted += 1 }
    if after == .panning { panned += 1 }
  }
}

/// One drop in a comparison, in 1-based row numbers: a block (SPEC §10) by its first
/// row and its rows.
struct ComparisonMove {
  var from: Int
  var to: Int
  var count = 1

  /// `3 → 5`, or `3–5 → 5–7` for a block of three.
  var text: String {
    count > 1
      ? "\(from)–\(from + count - 1) → \(to)–\(to + count - 1)" : "\(from) → \(to)"
  }
}
