// SPDX-License-Identifier: Apache-2.0

/// `drag`: moving the finger (SPEC §2.2, §9.6).
extension Engine {
  /// Moves the finger to screen y `y`.
  public mutating func drag(toScreenY y: Double) throws(EngineError) {
    guard y.isFinite else { throw .notFinite(.fingerY) }
    if settings.board.isOn { return try drag(toScreenX: nil, y: y) }
    switch phase {
    case .idle:
      throw .noGesture
    case .holding(var touch):
      if settings.distance > 0 && settings.grab == .press
        && abs(y - touch.pressY) >= settings.distance
      {
        return try liftAtPress(touch, dragTo: y)
      }
      touch.finger = y
      if settings.distance > 0 {
        // The catalogue §4.2: far enough lifts the row at this drag, without a rule or
        // a scroll; the slop and hold are not used.
        if abs(y - touch.pressY) >= settings.distance {
          liftRow(touch)
        } else {
          phase = .holding(touch)
        }
      } else {
        phase = abs(y - touch.pressY) > settings.slop ? .panning(finger: y) : .holding(touch)
      }
    case .panning(let finger):
      offset = clampOffset(offset - (y - finger))
      phase = .panning(finger: y)
    case .lifted(var lift):
      let center = snapshotCenter(lift, finger: y)
      guard center.isFinite else { throw .notFinite(.snapshotPosition) }
      dragLifted(&lift, to: y, center: center)
      phase = .lifted(lift)
    }
  }

  /// A drag of the lifted row (the catalogue §2.1, §2.2, §2.4): the intent flags, the
  /// stored value, the `move` clock's application, the rule and the timer control.
  mutating func dragLifted(_ lift: inout Lift, to y: Double, center: Double) {
    let delta = y - lift.finger
    if delta < 0 { lift.scroll.movedUp = true }
    if delta > 0 { lift.scroll.movedDown = true }
    lift.finger = y
    lift.center = center
    let keys = settings.autoscroll.keys
    if keys.sample == .move {
      lift.scroll.stored = evaluate(lift, center: center, offset: offset, at: time)
    }
    if case .move = keys.clock {
      applyScroll(&lift, at: time)
      lift.center = snapshotCenter(lift, finger: y)
    }
    applyReorderRule(&lift, event: .drag(delta: delta))
    controlTimer(&lift, direction: controlDirection(lift), isDrag: true)
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
    if settings.board.isOn {
      let k = layout.section(of: position)
      let center = columnTop(position) + layout.height(at: position) / 2
      return try drag(
        toScreenX: columnLeft(k) + settings.board.columnWidth / 2 - board.x,
        y: center - containers.offsets[k])
    }
    let center = layout.top(of: position) + layout.height(at: position) / 2
    try drag(toScreenY: center - offset)
  }
}
