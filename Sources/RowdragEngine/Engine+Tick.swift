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
  /// frame if the parity needs it. A hold is skipped to the frame that lifts. Both use
  /// `RepeatedSum`, so `t` and the time held are exactly the frame-by-frame sums.
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
    while remaining > 0 {
      if remaining & 0xFFFF == 0 && isInterrupted() {
        throw .interrupted(framesRun: frames - remaining, framesAsked: frames)
      }
      remaining -= 1
      guard frame().changed else { break }
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
  }

  /// While a press is held, jumps to the frame before the one that lifts the row (or
  /// through all `remaining` frames when the hold outlasts them).
  private mutating func skipHold(_ remaining: inout Int) {
    guard case .holding(var touch) = phase, remaining > 64 else { return }
    let dt = settings.dt
    let lifting = RepeatedSum.additionsToReach(
      settings.hold - 1e-9, adding: dt, to: touch.held, limit: remaining)
    let skip = lifting.map { $0 - 1 } ?? remaining
    guard skip > 0 else { return }
    touch.held = RepeatedSum.adding(dt, times: skip, to: touch.held)
    time = RepeatedSum.adding(dt, times: skip, to: time)
    phase = .holding(touch)
    remaining -= skip
  }

  /// Advances `frames` display frames, reporting each to `observe` as it ends: the
  /// way to compare a gesture frame by frame, and what the command line traces.
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
  /// clock changed (or may change next frame), and the auto-scroll velocity it used.
  private mutating func frame() -> (changed: Bool, velocity: Double) {
    let dt = settings.dt
    time += dt
    switch phase {
    case .idle, .panning:
      return (false, 0)
    case .holding(var touch):
      touch.held += dt
      guard touch.held >= settings.hold - 1e-9 else {
        phase = .holding(touch)
        return (true, 0)
      }
      liftRow(touch)
      return (true, scrollAndReorder().velocity)
    case .lifted:
      return scrollAndReorder()
    }
  }

  /// The auto-scroll velocity the next frame would use (points per second), 0 unless
  /// a row is lifted.
  public var autoscrollVelocity: Double {
    guard case .lifted(let lift) = phase else { return 0 }
    return settings.autoscroll.velocity(
      AutoScrollInput(
        center: lift.center, snapshotHeight: lift.height, finger: lift.finger, offset: offset,
        viewport: settings.viewport, insetTop: settings.insetTop,
        insetBottom: settings.insetBottom, time: time))
  }

  /// Steps 2–5 of a frame for the lifted row.
  private mutating func scrollAndReorder() -> (changed: Bool, velocity: Double) {
    guard case .lifted(var lift) = phase else { return (false, 0) }
    let v = autoscrollVelocity
    let newOffset = clampOffset(offset + v * settings.dt)
    let delta = newOffset - offset
    offset = newOffset
    lift.center += delta
    let before = (lift.position, lift.section)
    applyReorderRule(&lift)
    phase = .lifted(lift)
    return (delta != 0 || before != (lift.position, lift.section), v)
  }
}

/// What one display frame left behind, for `tick(_:observe:)`.
public struct FrameReport: Sendable, Equatable {
  /// 1-based number of the frame within the `tick` or `wait`.
  public var index: Int
  /// Simulated seconds `t` after the frame.
  public var time: Double
  /// The gesture after the frame: the lifted row's slot, finger and snapshot center.
  public var phase: Phase
  /// The scroll offset after the frame.
  public var offset: Double
  /// The auto-scroll velocity the frame used, in points per second (0 unless a row was
  /// lifted). The offset moved by `velocity / fps`, clamped to its range.
  public var velocity: Double
}
