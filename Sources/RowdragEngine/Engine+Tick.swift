// SPDX-License-Identifier: Apache-2.0

/// Time: `tick` and `wait` (SPEC §2.3, §9.7, §9.11).
extension Engine {
  /// The largest frame count one command may ask for.
  public static let maxFrames = 2_147_483_647

  /// Advances `frames` display frames.
  ///
  /// A frame is a function of the lifted row's slot, the offset and the snapshot
  /// center (the finger and settings stay put during a tick). So once a frame changes
  /// nothing but the clock, or the state repeats the one of two frames before (the
  /// `under` rule's oscillation), the rest is known: only `t` advances, after one more
  /// frame if the parity needs it. A hold is skipped to the frame that lifts, and a
  /// steady scroll (`skipSteadyScroll`) to the frame where something may change. All
  /// use `RepeatedSum`'s reasoning, so every number is exactly the frame-by-frame one.
  ///
  /// `isInterrupted` is asked every 65,536 frames; when it says yes, the tick stops
  /// with `EngineError.interrupted`, keeping the frames it ran.
  /// - Complexity: O(frames that scroll or reorder + rows passed + log frames).
  public mutating func tick(_ frames: Int, isInterrupted: () -> Bool = { false })
    throws(EngineError)
  {
    guard frames >= 0, frames <= Engine.maxFrames else { throw .tooManyFrames }
    var remaining = frames
    skipHold(&remaining)
    var recent: [FrameState?] = [nil, nil]  // one and two frames ago
    var previousStep: ScrollStep?
    while remaining > 0 {
      if remaining & 0xFFFF == 0 && isInterrupted() {
        throw .interrupted(framesRun: frames - remaining, framesAsked: frames)
      }
      remaining -= 1
      let result = frame()
      guard result.changed else { break }
      if let step = result.scroll, step == previousStep, skipSteadyScroll(step, &remaining) {
        recent = [nil, nil]
        previousStep = nil
        continue
      }
      previousStep = result.scroll
      let now = frameState
      if now != nil && now == recent[1] {
        // Period two: A, B, A, B… An odd number of frames left ends on B.
        if remaining % 2 == 1 {
          _ = frame()
          remaining -= 1
        }
        break
      }
      recent = [now, recent[0]]
    }
    time = RepeatedSum.adding(settings.dt, times: remaining, to: time)
    framesSkipped += remaining
  }

  /// Advances `frames` display frames, reporting each to `observe` as it ends: the
  /// way to compare a gesture frame by frame, and what a per-frame trace builds on.
  ///
  /// Ends in exactly the state `tick(frames)` reaches, but steps every frame.
  /// - Complexity: O(frames + rows passed).
  public mutating func tick(
    _ frames: Int, isInterrupted: () -> Bool = { false }, observe: (FrameReport) -> Void
  ) throws(EngineError) {
    guard frames >= 0, frames <= Engine.maxFrames else { throw .tooManyFrames }
    var index = 0
    while index < frames {
      if index & 0xFFFF == 0xFFFF && isInterrupted() {
        throw .interrupted(framesRun: index, framesAsked: frames)
      }
      index += 1
      let velocity = frame().velocity
      observe(
        FrameReport(index: index, time: time, phase: phase, offset: offset, velocity: velocity))
    }
  }

  /// What determines the next frame while a row is lifted.
  struct FrameState: Equatable {
    var position: Int
    var section: Int
    var offset: Double
    var center: Double
  }

  private var frameState: FrameState? {
    guard case .lifted(let lift) = phase else { return nil }
    return FrameState(
      position: lift.position, section: lift.section, offset: offset, center: lift.center)
  }

  /// Advances time by `seconds`, as `ceil(seconds · fps − 1e-9)` frames.
  public mutating func wait(_ seconds: Double, isInterrupted: () -> Bool = { false })
    throws(EngineError)
  {
    try tick(try frames(in: seconds), isInterrupted: isInterrupted)
  }

  /// `wait`, reporting each frame to `observe` (see `tick(_:isInterrupted:observe:)`).
  public mutating func wait(
    _ seconds: Double, isInterrupted: () -> Bool = { false }, observe: (FrameReport) -> Void
  ) throws(EngineError) {
    try tick(try frames(in: seconds), isInterrupted: isInterrupted, observe: observe)
  }

  /// The frame count of `seconds` at the current rate.
  private func frames(in seconds: Double) throws(EngineError) -> Int {
    guard seconds.isFinite, seconds >= 0 else { throw .invalidDuration }
    let frames = (seconds * settings.fps - 1e-9).rounded(.up)
    guard frames <= Double(Engine.maxFrames) else { throw .tooManyFrames }
    return Int(Swift.max(0, frames))
  }

  /// One frame, in the order of SPEC §2.3. Returns whether anything other than the
  /// clock changed (or may change next frame), the auto-scroll velocity it used, and
  /// how it scrolled when it did so without moving the lifted row.
  private mutating func frame() -> FrameResult {
    let dt = settings.dt
    time += dt
    switch phase {
    case .idle, .panning:
      return FrameResult(changed: false, velocity: 0, scroll: nil)
    case .holding(var touch):
      touch.held += dt
      guard touch.held >= settings.hold - 1e-9 else {
        phase = .holding(touch)
        return FrameResult(changed: true, velocity: 0, scroll: nil)
      }
      liftRow(touch)
      let result = scrollAndReorder()
      return FrameResult(changed: true, velocity: result.velocity, scroll: nil)
    case .lifted:
      return scrollAndReorder()
    }
  }

  /// What `frame` reports.
  struct FrameResult {
    var changed: Bool
    var velocity: Double
    var scroll: ScrollStep?
  }

  /// A frame that scrolled without reordering: how far the offset and the snapshot
  /// moved. Two equal ones in a row mark a steady scroll.
  struct ScrollStep: Equatable {
    var offsetStep: Double
    var centerStep: Double
  }

  /// The auto-scroll velocity the next frame would use (points per second), 0 unless
  /// a row is lifted.
  public var autoscrollVelocity: Double {
    guard case .lifted(let lift) = phase else { return 0 }
    return settings.autoscroll.velocity(autoscrollInput(lift, center: lift.center, offset: offset))
  }

  /// What the auto-scroll law sees for `lift` with this snapshot center and offset.
  func autoscrollInput(_ lift: Lift, center: Double, offset: Double) -> AutoScrollInput {
    AutoScrollInput(
      center: center, snapshotHeight: lift.height, finger: lift.finger, offset: offset,
      viewport: settings.viewport, insetTop: settings.insetTop,
      insetBottom: settings.insetBottom, time: time)
  }

  /// Steps 2–5 of a frame for the lifted row.
  private mutating func scrollAndReorder() -> FrameResult {
    guard case .lifted(var lift) = phase else {
      return FrameResult(changed: false, velocity: 0, scroll: nil)
    }
    let v = autoscrollVelocity
    let newOffset = clampOffset(offset + v * settings.dt)
    let delta = newOffset - offset
    offset = newOffset
    let centerBefore = lift.center
    lift.center += delta
    let centerStep = lift.center - centerBefore
    let before = (lift.position, lift.section)
    applyReorderRule(&lift)
    phase = .lifted(lift)
    let moved = before != (lift.position, lift.section)
    return FrameResult(
      changed: delta != 0 || moved, velocity: v,
      scroll: delta != 0 && !moved
        ? ScrollStep(offsetStep: delta, centerStep: centerStep) : nil)
  }
}
