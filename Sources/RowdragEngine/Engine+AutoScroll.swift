// SPDX-License-Identifier: Apache-2.0

/// Evaluating and applying the auto-scroll law (the behaviour catalogue §2): the
/// measured point, edges, zone test, order, gates, rounding and damping, and one
/// application of the amount.
extension Engine {
  /// The law's direction and amount for `lift` with this snapshot center and offset, at
  /// time `now` (§2.3–§2.6). Pure: the run state is read, never written. `range` is
  /// `offsetRange`, when the caller has it already.
  func evaluate(
    _ lift: Lift, center: Double, offset o: Double, at now: Double,
    range: ClosedRange<Double>? = nil
  ) -> ScrollDecision {
    guard !lift.scroll.waitsForDrag else { return .none }
    // The profile is read through `settings.autoscroll`, never copied into a local: a
    // copy of the keys (which hold the timer period's text, a String) or of the law's
    // existential costs reference counting and a value-witness call on every evaluation,
    // several times a frame. The frame loop (`advanceLifted`) reads them the same way.
    let (top, bottom, pointTop, pointBottom) = measure(lift, center: center, offset: o)
    let span = settings.autoscroll.keys.edges == .pixel ? settings.viewport : bottom - top
    let h = lift.height
    let zone =
      settings.autoscroll.law.function.zone(span: span, rowHeight: h)
      ?? settings.autoscroll.keys.zone.resolve(span: span, rowHeight: h)
    guard zone >= 0 else { return .none }
    let run = lift.scroll
    let inTop: Bool
    let inBottom: Bool
    switch settings.autoscroll.keys.test {
    case .lessThan:
      inTop = pointTop < top + zone
      inBottom = pointBottom > bottom - zone
    case .lessOrEqual:
      inTop = pointTop <= top + zone
      inBottom = pointBottom >= bottom - zone
    }
    let topAllowed: Bool
    let bottomAllowed: Bool
    switch settings.autoscroll.keys.gate {
    case .none: (topAllowed, bottomAllowed) = (true, true)
    case .net:
      (topAllowed, bottomAllowed) = (lift.finger < run.fingerAtLift, lift.finger > run.fingerAtLift)
    case .intent: (topAllowed, bottomAllowed) = (run.movedUp, run.movedDown)
    case .inside:
      let inside = lift.finger >= 0 && lift.finger < settings.viewport
      (topAllowed, bottomAllowed) = (inside, inside)
    }
    let up = inTop && topAllowed
    let down = inBottom && bottomAllowed
    let direction: Double
    switch settings.autoscroll.keys.order {
    case .top: direction = up ? -1 : down ? 1 : 0
    case .bottom: direction = down ? 1 : up ? -1 : 0
    case .closer:
      direction = (bottom - pointBottom < pointTop - top) ? (down ? 1 : 0) : (up ? -1 : 0)
    }
    guard direction != 0 else { return .none }
    let range = range ?? offsetRange
    let reading =
      direction < 0
      ? ZoneReading(
        depth: (top + zone) - pointTop, zone: zone, distance: pointTop - top, span: span,
        rowHeight: h, room: o - range.lowerBound,
        runMilliseconds: 1000 * (now - (run.runStart ?? now)), count: run.count)
      : ZoneReading(
        depth: pointBottom - (bottom - zone), zone: zone, distance: bottom - pointBottom,
        span: span, rowHeight: h, room: range.upperBound - o,
        runMilliseconds: 1000 * (now - (run.runStart ?? now)), count: run.count)
    guard var amount = settings.autoscroll.law.function.amount(reading) else { return .none }
    if let damp = settings.autoscroll.keys.damp, run.damped {
      amount = damp.apply(amount, milliseconds: 1000 * (now - run.liftTime))
    }
    amount = settings.autoscroll.keys.round.apply(amount)
    guard amount.isFinite, amount >= 0 else { return .none }
    return ScrollDecision(direction: direction, amount: amount)
  }

  /// The edges the zones are measured from and the measured point, for the top and the
  /// bottom zone, on screen (§2.3).
  private func measure(_ lift: Lift, center: Double, offset o: Double)
    -> (top: Double, bottom: Double, pointTop: Double, pointBottom: Double)
  {
    let v = settings.viewport
    let (top, bottom): (Double, Double) =
      switch settings.autoscroll.keys.edges {
      case .view: (0, v)
      case .inset: (settings.insetTop, v - settings.insetBottom)
      case .topInset: (settings.insetTop, v)
      case .pixel: (0, v - 1)
      }
    let h = lift.height
    let s = center - o
    let (pointTop, pointBottom): (Double, Double) =
      switch settings.autoscroll.keys.point {
      case .center: (s, s)
      case .finger: (lift.finger, lift.finger)
      case .edge: (s - h / 2, s + h / 2)
      }
    return (top, bottom, pointTop, pointBottom)
  }

  /// How far the measured point is from the nearer edge (negative past it), while a
  /// row is lifted: what a comparison charts the speed against.
  public var measuredEdgeDistance: Double? {
    guard case .lifted(let lift) = phase else { return nil }
    // The lifted row's own container (on a board its column, not the table's).
    let m = measure(lift, center: lift.center, offset: verticalOffset)
    return Swift.min(m.pointTop - m.top, m.bottom - m.pointBottom)
  }

  /// The decision an application uses: evaluated now, or the stored one.
  func sampledDecision(_ lift: Lift, at now: Double, range: ClosedRange<Double>? = nil)
    -> ScrollDecision
  {
    settings.autoscroll.keys.sample == .move
      ? lift.scroll.stored
      : evaluate(lift, center: lift.center, offset: offset, at: now, range: range)
  }

  /// How far one application of `decision` moves the offset before clamping: `d·A·dt`
  /// under the `frame` clock, `d·A` under the others.
  func addend(_ decision: ScrollDecision) -> Double {
    guard case .frame = settings.autoscroll.keys.clock else { return decision.signed }
    return decision.direction * (decision.amount * settings.dt)
  }

  /// One application at time `now` (§2.1): the offset moves by the amount, clamped, the
  /// snapshot with it, and the run state follows (a run starts or ends, the count).
  /// Returns the signed amount applied.
  @discardableResult
  mutating func applyScroll(_ lift: inout Lift, at now: Double) -> Double {
    // The bounds, found once for the law and the clamp (several applications a frame).
    let range = offsetRange
    let decision = sampledDecision(lift, at: now, range: range)
    let readsRunTime = settings.autoscroll.reads.runTime
    guard decision.direction != 0 else {
      if readsRunTime { lift.scroll.runStart = nil }
      return 0
    }
    if readsRunTime && lift.scroll.runStart == nil { lift.scroll.runStart = now }
    if settings.autoscroll.reads.count { lift.scroll.count = decision.amount }
    let newOffset = clampOffset(offset + addend(decision), in: range)
    lift.center += newOffset - offset
    offset = newOffset
    // `rows=cached`: a zone found measures the rows again (jQuery UI's `_mouseDrag`).
    if measuredOffset != nil { measuredOffset = newOffset }
    return decision.signed
  }

  /// The timer control of §2.1 after an evaluation that found `direction`: stop, (re)start
  /// or keep running. `isDrag` for the evaluation after a drag.
  mutating func controlTimer(_ lift: inout Lift, direction: Double, isDrag: Bool) {
    guard case .timer = settings.autoscroll.keys.clock else { return }
    guard direction != 0 else {
      lift.scroll.timer = nil
      return
    }
    let restart = isDrag && settings.autoscroll.keys.restart == .drag
    if let timer = lift.scroll.timer, timer.direction == direction, !restart { return }
    lift.scroll.timer = startedTimer(direction: direction, at: time, byDrag: isDrag)
    lift.scroll.count = 0
  }

  /// Whether the offset can move in `direction` (−1 up, +1 down; never for 0).
  func offsetCanMove(_ direction: Double) -> Bool {
    let range = offsetRange
    return direction < 0 ? offset > range.lowerBound : direction > 0 && offset < range.upperBound
  }

  /// SortableJS's pointer interval (`latch`): 10 ms (Sortable.js 1.14 l. 2472).
  static let pointerInterval = 0.010

  /// `latch`: the pointer interval's first call of the law that the throttle lets
  /// through (at or after `quietUntil`), on its 10 ms steps from `pointerSince`.
  func pointerCall(_ run: ScrollRun) -> Double {
    let wait = Swift.max(run.quietUntil - run.pointerSince, 0)
    let steps = Swift.max(1, (wait / Engine.pointerInterval - 1e-9).rounded(.up))
    return run.pointerSince + steps * Engine.pointerInterval
  }

  /// `latch`: the pointer interval's call of the law at `t` with the finger of the drag
  /// that steered it (`queueSteer`). A zone the list cannot scroll towards is none (the
  /// library's `vy`); a new direction, or the restart `rearm` had waiting, (re)starts or
  /// stops the timer at `t`, and a (re)started one can be steered again until the next
  /// call, once the throttle is over; otherwise nothing changes and no drag steers any
  /// more.
  mutating func steer(_ lift: inout Lift, at t: Double) {
    let latch = (settings.autoscroll.keys.latch ?? 0) / 1000
    let rearms = lift.scroll.steerRearms
    lift.scroll.steering = false
    lift.scroll.steerRearms = false
    lift.scroll.quietUntil = t + latch
    lift.scroll.scrolling = false
    var decision = evaluate(lift, center: lift.center, offset: offset, at: t)
    if !offsetCanMove(decision.direction) { decision = .none }
    guard rearms || decision.direction != (lift.scroll.timer?.direction ?? 0) else { return }
    if settings.autoscroll.keys.sample == .move { lift.scroll.stored = decision }
    guard decision.direction != 0 else {
      lift.scroll.timer = nil
      return
    }
    lift.scroll.timer = startedTimer(direction: decision.direction, at: t, byDrag: false)
    lift.scroll.count = 0
    lift.scroll.scrolling = true
  }

  /// A timer in `direction` (re)started at `start` (seconds): with `expiry=coarse` its
  /// first expiry, and with `rearm` after a drag, when it starts once more.
  func startedTimer(direction: Double, at start: Double, byDrag: Bool) -> ScrollRun.Timer {
    let keys = settings.autoscroll.keys
    var timer = ScrollRun.Timer(direction: direction, start: start, fired: 0)
    if keys.expiry == .coarse, let period = keys.clock.periodSeconds {
      let now = Self.wholeNanoseconds(start)
      timer.due = Self.coarseDue(after: now, now: now, period: period)
    }
    if byDrag, let rearm = keys.rearm { timer.rearmAt = start + rearm / 1000 }
    return timer
  }

  /// `expiry=coarse`: the expiry after one at `last` processed at `now` (nanoseconds),
  /// as qtimerinfo_unix.cpp `calculateNextTimeout()` computes it: `last + period`, or
  /// `now + period` when that is later, then `calculateCoarseTimerTimeout()`. The period
  /// is taken in whole milliseconds, at most a day.
  static func coarseDue(after last: Int64, now: Int64, period: Double) -> Int64 {
    let milliseconds = coarseMilliseconds(period)
    let step = milliseconds * 1_000_000
    var following = last + step
    if following < now { following = now + step }
    return PressReveal.coarseExpiry(due: following, now: now, interval: milliseconds)
  }

  /// A coarse timer's period of `period` seconds in whole milliseconds, 1 to a day.
  static func coarseMilliseconds(_ period: Double) -> Int64 {
    Int64(Swift.min(Swift.max((period * 1000).rounded(), 1), 86_400_000))
  }

  /// `t` seconds in whole nanoseconds, held below a day of the largest `Int64`.
  static func wholeNanoseconds(_ t: Double) -> Int64 {
    let ns = (t * 1e9).rounded()
    guard ns < 9e18 else { return 9_000_000_000_000_000_000 }
    return ns > -9e18 ? Int64(ns) : -9_000_000_000_000_000_000
  }

  /// When `timer` fires next (seconds).
  func nextFiring(_ timer: ScrollRun.Timer, period: Double) -> Double {
    settings.autoscroll.keys.expiry == .coarse
      ? Double(timer.due) / 1e9 : timer.start + Double(timer.fired + 1) * period
  }

  /// Whether `timer`'s next firing is due by now.
  func isDue(_ timer: ScrollRun.Timer, period: Double) -> Bool {
    settings.autoscroll.keys.expiry == .coarse
      ? timer.due <= nanoseconds : timer.start + Double(timer.fired + 1) * period <= time + 1e-9
  }

  /// The direction the timer control sees now: a fresh evaluation, or with
  /// `sample=move` the stored value.
  func controlDirection(_ lift: Lift) -> Double {
    sampledDecision(lift, at: time).direction
  }

  /// What the lift itself decides (§2.1, §2.6): the damping flag and, with a timer
  /// sampled every frame, whether it starts now.
  mutating func startScrollRun(_ lift: inout Lift) {
    let keys = settings.autoscroll.keys
    if keys.damp != nil {
      let decision = evaluate(lift, center: lift.center, offset: offset, at: time)
      lift.scroll.damped = offsetCanMove(decision.direction)
    }
    if keys.sample == .frame {
      controlTimer(&lift, direction: controlDirection(lift), isDrag: false)
    }
  }
}
