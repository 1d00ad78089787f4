// SPDX-License-Identifier: Apache-2.0

/// `drag`: moving the finger (SPEC §2.2, §9.6).
extension Engine {
  /// Moves the finger to screen y `y`.
  public mutating func drag(toScreenY y: Double) throws(EngineError) {
    guard y.isFinite else { throw .notFinite(.fingerY) }
    switch phase {
    case .idle:
      throw .noGesture
    case .holding(var touch):
      touch.finger = y
      phase = abs(y - touch.pressY) > 10 ? .panning(finger: y) : .holding(touch)
    case .panning(let finger):
      offset = clampOffset(offset - (y - finger))
      phase = .panning(finger: y)
    case .lifted(var lift):
      let grab = settings.grab == .center ? 0 : lift.grab
      let center = offset + y + grab
      guard center.isFinite else { throw .notFinite(.snapshotPosition) }
      lift.finger = y
      lift.center = center
      applyReorderRule(&lift)
      phase = .lifted(lift)
    }
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
    let center = layout.top(of: position) + layout.height(at: position) / 2
    try drag(toScreenY: center - offset)
  }
}
