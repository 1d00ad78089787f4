import RowdragEngine

/// A comparison row made of an app's own trace (`trace:FILE`), counted as a replay's
/// frames are, so it sits in the table and the chart beside the presets.
extension ComparisonRecorder {
  /// The row of `trace`, named `name`, against a gesture that starts from `start`.
  ///
  /// The trace runs on its own clock (`TraceClock`): its frames are counted as they
  /// are, its first scroll is the session's frame at that time, and its speeds are a
  /// frame's `delta` × the trace's frame rate, else its offset change over the time
  /// since the line before (a gap's change is spread over all it spans), against the
  /// finger's distance from the nearer edge of the viewport. A row is lifted while
  /// `row` is given (every frame when the trace has no `row` at all); a stretch of
  /// lifted frames is one touch, dropped where its last frame has it (the end of the
  /// trace ends the gesture). A trace sees frames only: what commands did between two
  /// frames (a drag's swaps, a drop and the next press) counts as the frames show it.
  static func trace(_ trace: AppTrace, name: String, start: Engine) -> ComparisonRecorder {
    let recorder = ComparisonRecorder(preset: name, engine: start)
    recorder.traceClock = trace.clock
    recorder.explainsIdle = trace.hasRows
    let fps = start.settings.fps
    let rate = trace.clock.rate(beside: fps) ?? fps
    let viewport = start.settings.viewport
    var previous: AppTrace.Frame?
    var touch: (from: Int, at: Int)?
    // The order the trace's drops made, for the report's pictures.
    var order = start
    for (index, frame) in trace.frames.enumerated() {
      recorder.frames += 1
      recorder.framesStepped += 1
      // The frame's own change when the trace gives it, else the change from the line
      // before over the time between them, in frames (the first frame's is not in the
      // trace).
      let delta =
        frame.delta
        ?? previous.map {
          (frame.offset - $0.offset)
            / (trace.clock.elapsed(before: index, from: $0.time, to: frame.time, rate: rate) * rate)
        } ?? 0
      if let row = frame.row {
        if let at = touch?.at {
          if at != row {
            recorder.swaps += 1
            recorder.rowsPassed += abs(row - at)
          }
          touch?.at = row
        } else {
          touch = (row, row)
          recorder.touches.lifted += 1
        }
      } else if let ended = touch {
        if ended.from != ended.at {
          recorder.moves.append(ComparisonMove(from: ended.from, to: ended.at))
          try? order.move(ended.from - 1, toPosition: ended.at - 1)
        }
        touch = nil
      }
      let rows = order.layout.rowCount
      recorder.frameLog.observe(
        trace: frame,
        lift: touch.flatMap { touch in
          // A trace may name rows the list does not have (or the list may be empty).
          touch.from >= 1 && touch.from <= rows && touch.at >= 1 && touch.at <= rows
            ? (touch.at - 1, touch.from - 1) : nil
        }, layout: order.layout, viewport: viewport)
      let lifted = trace.hasRows ? frame.row != nil : true
      if lifted, delta != 0, recorder.firstScrollFrame == nil {
        recorder.firstScrollFrame = frameNumber(
          frame.time, fps: fps, tolerance: trace.timeResolution / 2)
      }
      let velocity = NumberText.asFixed3(delta) * rate
      recorder.peakSpeed = Swift.max(recorder.peakSpeed, abs(velocity))
      recorder.offset = frame.offset
      recorder.offsetSeries.append(frame.time, frame.offset)
      if lifted, let finger = frame.finger {
        recorder.velocitySeries.append(Swift.min(finger, viewport - finger), velocity)
      }
      previous = frame
    }
    if let ended = touch, ended.from != ended.at {
      recorder.moves.append(ComparisonMove(from: ended.from, to: ended.at))
    }
    return recorder
  }

  /// The session's frame at `time` from the gesture's start: the frame whose time it
  /// rounds from (within `tolerance`), else the first one after it.
  static func frameNumber(_ time: Double, fps: Double, tolerance: Double) -> Int {
    let frames = time * fps
    let nearest = frames.rounded()
    let number = abs(frames - nearest) <= tolerance * fps + 1e-9 ? nearest : frames.rounded(.up)
    return Int(Swift.min(Double(Int32.max), Swift.max(0, number)))
  }
}
