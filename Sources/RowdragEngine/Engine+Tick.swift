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
    framesSkipped += skip
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

  /// Skips a steady scroll ahead to the frame before anything may change, and says
  /// whether it skipped.
  ///
  /// Two equal steps in a row show that the offset and the center each advance by a
  /// settled increment: inside one binade a value on its grid plus an addend rounds to
  /// an increment that does not depend on the value, once a tie has been resolved
  /// (`RepeatedSum`). So while both stay in their binades, the state after `k` more
  /// frames is `(o + k·rₒ, c + k·r꜀)`, exactly — provided every one of those frames
  /// rounds its offset step to `rₒ` again. With a law whose velocity is monotone in the
  /// screen position (`isMonotoneInScreenPosition`), the screen position moves
  /// monotonically, so the velocity and the rounded step do too: when the first and the
  /// last frame round to `rₒ`, all in between do. An exact tie (the step half-way between
  /// grid points) rounds to the even neighbour, so it is allowed only when the offset and
  /// `rₒ` are both even multiples of the grid, which keeps every offset on the path even
  /// and every tie resolved alike (after one tie this always holds); the center's next
  /// two steps are computed to make sure its own ties have settled. The skip also stops
  /// two steps short of a binade's end or an offset bound, and where the rule's quiet
  /// zone ends: the farthest such frame is found by binary search, each candidate
  /// computed directly.
  /// - Complexity: O(log frames).
  private mutating func skipSteadyScroll(_ step: ScrollStep, _ remaining: inout Int) -> Bool {
    guard remaining > 16, case .lifted(var lift) = phase,
      settings.autoscroll.function.isMonotoneInScreenPosition, step.offsetStep != 0,
      offset.isNormal, lift.center.isNormal
    else { return false }
    let geometry = TableGeometry(
      layout: layout, lifted: Slot(position: lift.position, section: lift.section))
    guard let zone = settings.rule.function.quietZone(reorderInput(lift), in: geometry) else {
      return false
    }
    let (o0, c0, rO, rC) = (offset, lift.center, step.offsetStep, step.centerStep)
    // The center's own rounding must have settled too: an exact tie right after the
    // center changed binade can round the other way once more.
    let c1 = c0 + rO
    guard c1 - c0 == rC, (c1 + rO) - c1 == rC else { return false }
    let bounds = offsetRange
    let dt = settings.dt
    let grid = o0.ulp
    let evenPath =
      (o0 / grid).truncatingRemainder(dividingBy: 2) == 0
      && (rO / grid).truncatingRemainder(dividingBy: 2) == 0
    func sameBinade(_ a: Double, _ b: Double) -> Bool {
      a.isNormal && b.isNormal && a.sign == b.sign && a.exponent == b.exponent
    }
    /// Whether the frame after a state with this offset and center steps by `rₒ`.
    func stepsAsBefore(_ o: Double, _ c: Double) -> Bool {
      var probe = lift
      probe.center = c
      let v = settings.autoscroll.velocity(
        AutoScrollInput(
          center: c, snapshotHeight: probe.height, finger: probe.finger, offset: o,
          viewport: settings.viewport, insetTop: settings.insetTop,
          insetBottom: settings.insetBottom, time: time))
      let addend = v * dt
      let isTie = abs((addend / grid).truncatingRemainder(dividingBy: 1)) == 0.5
      return (evenPath || !isTie) && (o + addend) - o == rO
    }
    func quiet(for k: Int) -> Bool {
      let farO = o0 + Double(k + 2) * rO
      let farC = c0 + Double(k + 2) * rC
      guard sameBinade(o0, farO), rC == 0 || sameBinade(c0, farC), bounds.contains(farO) else {
        return false
      }
      let o = o0 + Double(k) * rO
      let c = c0 + Double(k) * rC
      return zone.center.contains(c) && zone.pointer.contains(o + lift.finger)
        && stepsAsBefore(o, c)
    }
    guard stepsAsBefore(o0, c0) else { return false }
    var low = 0  // quiet
    var high = remaining + 1  // not known to be
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if quiet(for: middle) { low = middle } else { high = middle }
    }
    guard low > 0 else { return false }
    offset = o0 + Double(low) * rO
    lift.center = c0 + Double(low) * rC
    phase = .lifted(lift)
    time = RepeatedSum.adding(dt, times: low, to: time)
    remaining -= low
    framesSkipped += low
    return true
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
