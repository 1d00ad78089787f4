// SPDX-License-Identifier: Apache-2.0

/// `drag`: moving the finger (SPEC §2.2, §9.6).
extension Engine {
  /// Moves the finger to screen y `y`.
  public mutating func drag(toScreenY y: Double) throws(EngineError) {
    guard y.isFinite else { throw .notFinite(.fingerY) }
    try moveFinger(toScreenY: y)
  }

  /// A drag of the lifted row (the catalogue §2.1, §2.2, §2.4): the intent flags, the
  /// stored value, the `move` clock's application, the rule and the timer control.
  mutating func dragLifted(_ lift: inout Lift, to y: Double, center: Double) {
    let delta = y - lift.finger
    if delta < 0 { lift.scroll.movedUp = true }
    if delta > 0 { lift.scroll.movedDown = true }
    if delta != 0 { lift.scroll.waitsForDrag = false }
    lift.finger = y
    lift.center = center
    lift.lastDragPointer = pointerOnScreen(y)
    lift.ruleTimer?.pointed = true
    if placeHelper(center: center, height: lift.height) {
      lift.center = snapshotCenter(lift, finger: y)
    }
    let keys = settings.autoscroll.keys
    let decides = keys.latch == nil || decidesLatched(&lift, latch: keys.latch ?? 0)
    if keys.sample == .move && decides {
      lift.scroll.stored = evaluate(lift, center: lift.center, offset: offset, at: time)
    }
    if case .move = keys.clock, decides {
      applyScroll(&lift, at: time)
      lift.center = snapshotCenter(lift, finger: y)
    }
    applyReorderRule(&lift, event: .drag(delta: delta))
    guard decides else { return queueSteer(&lift) }
    let direction = controlDirection(lift)
    controlTimer(&lift, direction: direction, isDrag: true)
    if keys.latch != nil, direction != 0, pointerOnScreen(y) != nil {
      lift.scroll.latched = offsetCanMove(direction)
      if lift.scroll.latched {
        lift.scroll.scrolling = true
        lift.scroll.pointerSince = time
      }
    }
  }

  /// `latch`, with a timer clock: a drag that does not decide, while the scroll that a
  /// drag or the timer's restart started is fresh (`scrolling`, until the pointer
  /// interval's next call), steers it at the first 10 ms step from now at or after the
  /// throttle's end (`steer`). SortableJS re-creates
  /// its 10 ms `pointerElemChangedInterval` with the event of every move while
  /// `scrolling` is set (Debian's Sortable.js 1.14 l. 2459–2474), which stays set from an
  /// `autoScroll()` call that (re)created the scroll interval until the next call
  /// (l. 2584); that call, the first the 30 ms throttle lets through (l. 481–496), reads
  /// the move's pointer. The interval it replaces would have done `rearm`'s restart.
  private func queueSteer(_ lift: inout Lift) {
    guard case .timer = settings.autoscroll.keys.clock, lift.scroll.latched,
      lift.scroll.scrolling, time < pointerCall(lift.scroll) - 1e-9
    else { return }
    lift.scroll.pointerSince = time
    if lift.scroll.timer?.rearmAt != nil {
      lift.scroll.timer?.rearmAt = nil
      lift.scroll.steerRearms = true
    }
    lift.scroll.steering = true
  }

  /// `latch`: whether this drag decides (no drag has latched and the last decision is
  /// `latch` ms old); if so, the next drags wait `latch` ms from now.
  private func decidesLatched(_ lift: inout Lift, latch: Double) -> Bool {
    guard !lift.scroll.latched, time >= lift.scroll.quietUntil - 1e-9 else { return false }
    lift.scroll.quietUntil = time + latch / 1000
    return true
  }

  /// The content y of a finger at screen y `y`, or nil off screen (outside `[0, V)`).
  func pointerOnScreen(_ y: Double) -> Double? {
    y >= 0 && y < settings.viewport ? offset + y : nil
  }

  /// Moves the finger by `delta` points (positive is down).
  public mutating func drag(by delta: Double) throws(EngineError) {
    guard let finger else { throw .noGesture }
    try drag(toScreenY: finger + delta)
  }

  /// Moves the finger to the current screen center of the row at `position`.
  public mutating func drag(toRow position: Int) throws(EngineError) {
    guard finger != nil else { throw .noGesture }
    try checkPosition(position)
    try moveFinger(toRow: position)
  }
}
