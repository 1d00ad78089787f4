// SPDX-License-Identifier: Apache-2.0

/// Time: `tick` and `wait` (SPEC §2.3, §9.7, §9.11).
extension Engine {
  /// The most timer firings one frame processes (see `advanceLifted`).
  public static let maxFiringsPerFrame = 1_000

  /// The largest frame count one command may ask for.
  public static let maxFrames = 2_147_483_647

  /// Advances `frames` display frames.
  ///
  /// A frame is a function of the lifted row's slot, the offset and the snapshot
  /// center (the finger and settings stay put during a tick). So once a frame changes
  /// nothing but the clock, or the state repeats the one of two frames before (the
  /// `under` rule's oscillation), the rest is known: only `t` advances, after one more
  /// frame if the parity needs it. A hold is skipped to the frame that lifts, and the
  /// surface skips what it knows (`skipKnownFrames`): the table a steady scroll
  /// (`skipSteadyScroll`) to the frame where something may change, the board a steady
  /// scroll of a column, a dwell, a turn or a cycle of turns (`skipBoardFrames`). All
  /// use `RepeatedSum`'s reasoning, so every number is exactly the frame-by-frame one.
  ///
  /// `isInterrupted` is asked every 65,536 frames; when it says yes, the tick stops
  /// with `EngineError.interrupted`, keeping the frames it ran.
  /// - Complexity: O(frames that scroll or reorder + rows passed + log frames).
  public mutating func tick(_ frames: Int, isInterrupted: () -> Bool = { false })
    throws(EngineError)
  {
    try skippingTick(frames, isInterrupted: isInterrupted, reporting: false) { _ in }
  }

  /// `tick(frames)`, skipping exactly the frames it skips and ending in the same state
  /// bit for bit, with each frame it runs reported as `.frame` and each run of frames
  /// it skips as `.skipped`: how a comparison replays a long gesture at the cost of
  /// `tick`, while its recorder still sees what every frame did. In board mode the
  /// periods of a board turning back and forth, which `tick` skips, are run frame by
  /// frame here (a period is no one run of equal steps).
  /// - Complexity: as `tick(frames)`, plus one report per frame run.
  public mutating func tickReportingSkips(
    _ frames: Int, isInterrupted: () -> Bool = { false }, report: (TickEvent) -> Void
  ) throws(EngineError) {
    try skippingTick(frames, isInterrupted: isInterrupted, reporting: true, report: report)
  }

  /// `wait`, reporting as `tickReportingSkips` does.
  public mutating func waitReportingSkips(
    _ seconds: Double, isInterrupted: () -> Bool = { false }, report: (TickEvent) -> Void
  ) throws(EngineError) {
    try skippingTick(
      try frames(in: seconds), isInterrupted: isInterrupted, reporting: true, report: report)
  }

  /// The frame loop of `tick`, reporting what it runs and skips when `reporting`.
  private mutating func skippingTick(
    _ frames: Int, isInterrupted: () -> Bool, reporting: Bool, report: (TickEvent) -> Void
  ) throws(EngineError) {
    guard frames >= 0, frames <= Engine.maxFrames else { throw .tooManyFrames }
    var remaining = frames
    skipHold(&remaining)
    if reporting, remaining < frames {
      report(.skipped(skippedRun(frames - remaining, endingAt: frames - remaining)))
    }
    var memory = FrameMemory(frames: frames, reporting: reporting)
    while remaining > 0 {
      if remaining & 0xFFFF == 0 && isInterrupted() {
        throw .interrupted(framesRun: frames - remaining, framesAsked: frames)
      }
      remaining -= 1
      let result = reportedFrame(frames - remaining, reporting: reporting, report: report)
      guard result.changed else { break }
      if result.timerOnly { break }
      if skipKnownFrames(after: result, &remaining, &memory, report: report) { break }
    }
    time = RepeatedSum.adding(settings.dt, times: remaining, to: time)
    framesSkipped += remaining
    catchUpTimer()
    guard reporting, remaining > 0 else { return }
    // The rest changed nothing but the clock (and a timer's count), or alternates
    // between this state and `alternate`, ending where it started (an even count).
    var run = skippedRun(remaining, endingAt: frames)
    if let alternate = memory.table.alternate, let now = frameState {
      run.offsetStep = alternate.offset - now.offset
      run.lastDelta = now.offset - alternate.offset
      run.alternates = true
      run.rowsPerFrame = abs(alternate.position - now.position)
    }
    report(.skipped(run))
  }

  /// Runs frame `index` of a tick (1-based), reported as `.frame` when `reporting`.
  mutating func reportedFrame(
    _ index: Int, reporting: Bool, report: (TickEvent) -> Void
  ) -> FrameResult {
    guard reporting else { return frame() }
    let before = verticalOffset
    let result = frame()
    report(
      .frame(
        FrameReport(
          index: index, time: time, phase: phase, offset: verticalOffset,
          delta: verticalOffset - before, amount: result.amount, fired: result.fired,
          measuredDistance: measuredEdgeDistance)))
    return result
  }

  /// Tells a reporting tick of a steady scroll just skipped, from `before` frames left to
  /// `remaining`, at `step` points a frame (a table's and a board's column's alike).
  func reportSteadyRun(
    _ before: Int, _ remaining: Int, step: Double, _ memory: FrameMemory,
    report: (TickEvent) -> Void
  ) {
    guard memory.reporting else { return }
    report(
      .skipped(skippedRun(before - remaining, endingAt: memory.frames - remaining, step: step)))
  }

  /// A run of `count` skipped frames ending now, at frame `index` of the tick, each
  /// changing the offset by `step`.
  func skippedRun(_ count: Int, endingAt index: Int, step: Double = 0) -> SkippedFrames {
    SkippedFrames(
      count: count, index: index, time: time, phase: phase, offset: verticalOffset,
      offsetStep: step, lastDelta: step, measuredDistance: measuredEdgeDistance)
  }

  /// After frames skipped while a timer fired without changing anything (pressed
  /// against a bound), counts the firings due by now as the frames would have.
  private mutating func catchUpTimer() {
    guard case .lifted(var lift) = phase else { return }
    if let timer = lift.ruleTimer, let period = settings.rule.function.period {
      lift.ruleTimer?.fired = Self.firings(
        start: timer.start, period: period, by: time, from: timer.fired)
    }
    if lift.scroll.timer != nil, let period = settings.autoscroll.keys.clock.periodSeconds {
      dropFirings(&lift, period: period)
    }
    phase = .lifted(lift)
  }

  /// Counts the firings of `lift`'s timer due by now as fired, without applying them.
  /// A coarse timer is skipped only once it fires evenly (`coarseFiresEvenly`); else
  /// its expiries are computed one from the other (at most two: a late one is moved
  /// past now).
  private func dropFirings(_ lift: inout Lift, period: Double) {
    guard let timer = lift.scroll.timer else { return }
    guard settings.autoscroll.keys.expiry == .coarse else {
      lift.scroll.timer?.fired = firingsDue(timer, period: period)
      return
    }
    let now = nanoseconds
    var next = timer
    if coarseFiresEvenly(timer), next.due <= now {
      let step = Self.coarseMilliseconds(period) * 1_000_000
      let k = (now - next.due) / step + 1
      next.fired += Int(k)
      next.due += k * step
    }
    while next.due <= now {
      next.fired += 1
      next.due = Self.coarseDue(after: next.due, now: now, period: period)
    }
    lift.scroll.timer = next
  }

  /// Whether a coarse timer now fires exactly every period, frame after frame: its
  /// expiry is on a whole millisecond that the coarse rounding keeps, a multiple of the
  /// 50 or 500 ms it rounds towards (or it rounds by nothing, periods under 20 ms), and
  /// the period is a frame or longer, so no firing is late and moved past the frame.
  func coarseFiresEvenly(_ timer: ScrollRun.Timer) -> Bool {
    guard let period = settings.autoscroll.keys.clock.periodSeconds else { return false }
    let milliseconds = Self.coarseMilliseconds(period)
    guard Double(milliseconds) / 1000 >= settings.dt, timer.due % 1_000_000 == 0 else {
      return false
    }
    if milliseconds / 20 == 0 { return true }
    let multiple: Int64 = milliseconds % 500 == 0 ? 500 : 50
    return milliseconds < 1000 && milliseconds % multiple == 0
      && (timer.due / 1_000_000) % multiple == 0
  }

  /// The firing count `k` a timer reaches by now: the largest with
  /// `start + k·period ≤ t + 1e-9`, found as the frame loop compares.
  private func firingsDue(_ timer: ScrollRun.Timer, period: Double) -> Int {
    Self.firings(start: timer.start, period: period, by: time, from: timer.fired)
  }

  /// The largest `k ≥ fired` with `start + k·period ≤ t + 1e-9`: the firings of an
  /// interval started at `start` due by `t`, found as the frame loop compares.
  static func firings(start: Double, period: Double, by t: Double, from fired: Int) -> Int {
    let due = ((t + 1e-9 - start) / period).rounded(.down)
    guard due.isFinite, due < Double(Int.max / 4) else { return Int.max / 4 }
    var k = Swift.max(fired, Int(due))
    while k > fired, start + Double(k) * period > t + 1e-9 { k -= 1 }
    while start + Double(k + 1) * period <= t + 1e-9 { k += 1 }
    return k
  }

  /// Advances `frames` display frames, reporting each to `observe` as it ends: the
  /// way to compare a gesture frame by frame, and what the per-frame trace is made of.
  ///
  /// Ends in exactly the state `tick(frames)` reaches, but steps every frame.
  /// - Complexity: O(frames + rows passed + timer firings).
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
      let before = verticalOffset
      let result = frame()
      observe(
        FrameReport(
          index: index, time: time, phase: phase, offset: verticalOffset,
          delta: verticalOffset - before,
          amount: result.amount, fired: result.fired, measuredDistance: measuredEdgeDistance))
    }
  }

  /// What determines the next frame while a row is lifted.
  struct FrameState: Equatable {
    var position: Int
    var section: Int
    var offset: Double
    var center: Double
    /// What the rule remembers (`under shadow=1`): the same table with another memory
    /// is not the same state.
    var memory: RuleMemory
  }

  var frameState: FrameState? {
    guard case .lifted(let lift) = phase else { return nil }
    return FrameState(
      position: lift.position, section: lift.section, offset: offset, center: lift.center,
      memory: lift.ruleMemory)
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

  /// One frame, in the order of SPEC §2.3 and the catalogue §2.1. Returns whether
  /// anything other than the clock changed (or may change next frame), the signed
  /// amount it applied, the timer firings, and how it scrolled when it did so without
  /// moving the lifted row.
  mutating func frame() -> FrameResult {
    let dt = settings.dt
    time += dt
    switch phase {
    case .idle, .panning:
      return FrameResult(changed: false)
    case .holding(var touch):
      touch.held += dt
      revealIfDue(&touch)
      guard settings.distance == 0, touch.held >= settings.hold - 1e-9 else {
        phase = .holding(touch)
        return FrameResult(changed: true)
      }
      lift(touch)
      var result = advanceLiftedRow()
      result.changed = true
      result.scroll = nil
      return result
    case .lifted:
      return advanceLiftedRow()
    }
  }

  /// What `frame` reports.
  struct FrameResult {
    var changed: Bool
    /// Only the timer's firing count moved: every later frame does the same.
    var timerOnly = false
    /// Board mode: the vertical part (the column's auto-scroll and reorder) changed
    /// nothing; only the page edge scroll did.
    var boardVerticalQuiet = false
    var amount = 0.0
    var fired = 0
    var scroll: ScrollStep? = nil
  }

  /// A frame that scrolled without reordering: how far the offset and the snapshot
  /// moved. Two equal ones in a row mark a steady scroll.
  struct ScrollStep: Equatable {
    var offsetStep: Double
    var centerStep: Double
  }

  /// The signed auto-scroll amount the next application would use (points per second
  /// under the `frame` clock, points under the others), 0 unless a row is lifted.
  public var autoscrollAmount: Double {
    guard case .lifted(let lift) = phase else { return 0 }
    return sampledDecision(lift, at: time).signed
  }

  /// Steps 2–5 of a frame for the lifted row, by the clock: one application and the
  /// rule (`frame`, `step`), every timer firing due by now in time order, each with the
  /// rule, then the timer control (`timer`), or nothing (`move`).
  mutating func advanceLifted() -> FrameResult {
    guard case .lifted(var lift) = phase else { return FrameResult(changed: false) }
    let before = lift
    let offsetBefore = offset
    var result = FrameResult(changed: false)
    // Whether some run of the rule in this frame moved the lifted item: a rule that
    // oscillates can end a frame where it began after an even number of runs, and
    // such a frame is not one every later frame repeats.
    var ruleMoved = false
    switch settings.autoscroll.keys.clock {
    case .frame, .step:
      let offsetBeforeStep = offset
      result.amount = applyScroll(&lift, at: time)
      applyReorderRule(&lift, event: offset != offsetBeforeStep ? .frame : .still)
      ruleMoved = runRuleTimer(&lift, through: time)
    case .timer:
      let period = settings.autoscroll.keys.clock.periodSeconds ?? 1
      while true {
        // `latch`: a drag's steer, before a firing due later (one at the same time, of
        // an interval created earlier, comes first).
        if lift.scroll.steering, case let at = pointerCall(lift.scroll), at <= time + 1e-9,
          lift.scroll.timer.map({ at < nextFiring($0, period: period) - 1e-9 }) ?? true
        {
          ruleMoved = runRuleTimer(&lift, through: at) || ruleMoved
          steer(&lift, at: at)
          continue
        }
        guard let timer = lift.scroll.timer else { break }
        if let rearm = timer.rearmAt, rearm < nextFiring(timer, period: period) - 1e-9 {
          // `rearm`: started once more before its next firing (a firing at the same
          // time comes first), the count afresh as at any start. Latched, that was the
          // pointer interval's call of the law: it takes the throttle, and a drag until
          // its next call steers the scroll.
          guard rearm <= time + 1e-9 else { break }
          lift.scroll.timer = startedTimer(direction: timer.direction, at: rearm, byDrag: false)
          lift.scroll.count = 0
          if lift.scroll.latched, let latch = settings.autoscroll.keys.latch {
            lift.scroll.quietUntil = rearm + latch / 1000
            lift.scroll.scrolling = true
          }
          continue
        }
        guard isDue(timer, period: period) else { break }
        // Frames thousands of times longer than the period (a frame rate near zero)
        // would fire without end: the firings past this many in one frame are dropped.
        if result.fired == Engine.maxFiringsPerFrame {
          dropFirings(&lift, period: period)
          break
        }
        let firing = nextFiring(timer, period: period)
        // The rule's own interval, started at the lift, before the scroll's at a tie.
        ruleMoved = runRuleTimer(&lift, through: firing) || ruleMoved
        lift.scroll.timer?.fired += 1
        if settings.autoscroll.keys.expiry == .coarse {
          lift.scroll.timer?.due = Self.coarseDue(
            after: timer.due, now: nanoseconds, period: period)
        }
        let offsetBeforeFiring = offset
        result.amount = applyScroll(&lift, at: firing)
        let slot = (lift.position, lift.section)
        applyReorderRule(&lift, event: offset != offsetBeforeFiring ? .frame : .still)
        ruleMoved = ruleMoved || slot != (lift.position, lift.section)
        result.fired += 1
      }
      ruleMoved = runRuleTimer(&lift, through: time) || ruleMoved
      if settings.autoscroll.keys.sample == .frame {
        controlTimer(&lift, direction: controlDirection(lift), isDrag: false)
      }
    case .move:
      ruleMoved = runRuleTimer(&lift, through: time)
    }
    phase = .lifted(lift)
    let delta = offset - offsetBefore
    let moved = (before.position, before.section) != (lift.position, lift.section)
    result.changed =
      delta != 0 || lift != before || lift.scroll.timer != nil || lift.ruleTimer != nil
      || lift.scroll.steering
    if delta == 0 && !ruleMoved && !lift.scroll.steering
      && (lift.scroll.timer != nil || lift.ruleTimer != nil)
    {
      // Every running timer fired, and the state is equal but for the firing counts (and
      // a coarse timer's next expiry): pressed against a bound or resting, each firing
      // finds what the last found, and no later one changes anything.
      var same = lift
      var steady = true
      if let timer = lift.scroll.timer {
        if let earlier = before.scroll.timer, timer.rearmAt == nil, timer.fired != earlier.fired,
          settings.autoscroll.keys.expiry == .exact || coarseFiresEvenly(timer)
        {
          same.scroll.timer?.fired = earlier.fired
          same.scroll.timer?.due = earlier.due
        } else {
          steady = false
        }
      }
      if let rule = lift.ruleTimer {
        if let earlier = before.ruleTimer, rule.fired != earlier.fired {
          same.ruleTimer?.fired = earlier.fired
        } else {
          steady = false
        }
      }
      result.timerOnly = steady && same == before
    }
    if delta != 0 && !moved {
      result.scroll = ScrollStep(offsetStep: delta, centerStep: lift.center - before.center)
    }
    return result
  }
}
