// SPDX-License-Identifier: Apache-2.0

/// Skipping frames whose outcome is known, exactly: `tick` calls these so that long
/// holds and steady scrolls cost O(log frames) instead of a step per frame.
extension Engine {
  /// Whether a frame depends only on the snapshot, the offset and the settings (see
  /// `AutoScrollProfile.isStationary`), with the rule run at every frame, not on an
  /// interval of its own: the engine skips repeating and steady frames only then.
  var framesAreStationary: Bool {
    settings.autoscroll.isStationary && settings.rule.function.period == nil
  }

  /// While a press is held, jumps to the frame before the one that lifts the row (or
  /// through all `remaining` frames when the hold outlasts them).
  mutating func skipHold(_ remaining: inout Int) {
    // A reveal still to come is run frame by frame.
    guard case .holding(var touch) = phase, remaining > 64, touch.revealAt == nil else { return }
    let dt = settings.dt
    // With a drag distance set, ticks never lift (the catalogue §4.2).
    let lifting =
      settings.distance > 0
      ? nil
      : RepeatedSum.additionsToReach(
        settings.hold - 1e-9, adding: dt, to: touch.held, limit: remaining)
    let skip = lifting.map { $0 - 1 } ?? remaining
    guard skip > 0 else { return }
    touch.held = RepeatedSum.adding(dt, times: skip, to: touch.held)
    time = RepeatedSum.adding(dt, times: skip, to: time)
    phase = .holding(touch)
    remaining -= skip
    framesSkipped += skip
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
  mutating func skipSteadyScroll(_ step: ScrollStep, _ remaining: inout Int) -> Bool {
    guard remaining > 16, case .lifted(let lift) = phase, mayScrollSteadily(step, lift: lift)
    else { return false }
    let geometry = TableGeometry(
      layout: layout, lifted: Slot(position: lift.position, section: lift.section),
      count: lift.count)
    guard let zone = settings.rule.function.quietZone(reorderInput(lift), in: geometry) else {
      return false
    }
    let low = steadyFrames(step, lift: lift, zone: zone, remaining: remaining)
    guard low > 0 else { return false }
    scrollSteadily(step, frames: low)
    skipClock(low, &remaining)
    return true
  }

  /// Moves the active container's offset and the snapshot `frames` steady steps on, as
  /// the frames `steadyFrames` allows would have moved them.
  mutating func scrollSteadily(_ step: ScrollStep, frames: Int) {
    guard case .lifted(var lift) = phase else { return }
    offset += Double(frames) * step.offsetStep
    lift.center += Double(frames) * step.centerStep
    // `rows=cached`: each of those frames scrolled, so each measured the rows.
    if measuredOffset != nil { measuredOffset = offset }
    phase = .lifted(lift)
  }

  /// Advances the clock by `frames` skipped frames, counting them off `remaining`.
  mutating func skipClock(_ frames: Int, _ remaining: inout Int) {
    time = RepeatedSum.adding(settings.dt, times: frames, to: time)
    remaining -= frames
    framesSkipped += frames
  }

  /// Whether a steady scroll by `step` of the active container may be skipped at all
  /// (see `skipSteadyScroll`): asked before the rule's quiet zone, which costs more.
  func mayScrollSteadily(_ step: ScrollStep, lift: Lift) -> Bool {
    framesAreStationary && settings.autoscroll.law.function.isMonotoneInScreenPosition
      && step.offsetStep != 0 && offset.isNormal && lift.center.isNormal
  }

  /// How many of the next `remaining` frames `skipSteadyScroll` may skip (see there),
  /// with the rule quiet in `zone` (the surface asks its geometry); 0 when none. Reads
  /// the active container. Not mutating, so that its helpers read the engine in place: a
  /// copy of the engine costs about a thousand instructions.
  func steadyFrames(_ step: ScrollStep, lift: Lift, zone: QuietZone, remaining: Int) -> Int {
    guard mayScrollSteadily(step, lift: lift) else { return 0 }
    let (o0, c0, rO, rC) = (offset, lift.center, step.offsetStep, step.centerStep)
    // The center's own rounding must have settled too: an exact tie right after the
    // center changed binade can round the other way once more.
    let c1 = c0 + rO
    guard c1 - c0 == rC, (c1 + rO) - c1 == rC else { return 0 }
    let bounds = offsetRange
    let grid = o0.ulp
    let evenPath =
      (o0 / grid).truncatingRemainder(dividingBy: 2) == 0
      && (rO / grid).truncatingRemainder(dividingBy: 2) == 0
    func sameBinade(_ a: Double, _ b: Double) -> Bool {
      a.isNormal && b.isNormal && a.sign == b.sign && a.exponent == b.exponent
    }
    /// Whether the frame after a state with this offset and center steps by `rₒ`.
    func stepsAsBefore(_ o: Double, _ c: Double) -> Bool {
      let addend = self.addend(evaluate(lift, center: c, offset: o, at: time))
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
    guard stepsAsBefore(o0, c0) else { return 0 }
    var low = 0  // quiet
    var high = remaining + 1  // not known to be
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if quiet(for: middle) { low = middle } else { high = middle }
    }
    return low
  }
}
