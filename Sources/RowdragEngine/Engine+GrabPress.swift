// SPDX-License-Identifier: Apache-2.0

/// `grab press` with a drag distance (the behaviour catalogue §4.4): jQuery UI's
/// `mouse.js` `_mouseMove` calls `_mouseStart(this._mouseDownEvent, event)` and then
/// `_mouseDrag(event)` with the very move that met `distance`, so the row lifts where
/// the press left it and that move is then an ordinary drag of the lifted row.
extension Engine {
  /// Lifts `touch` with the finger where it was before this drag (the grab offset from
  /// the press, `liftRow`), then runs the drag to screen y `y` as a drag in `lifted`:
  /// the `move` clock's scroll, the rule, the timer control.
  mutating func liftAtPress(_ touch: Touch, dragTo y: Double) throws(EngineError) {
    lift(touch)
    guard case .lifted(var lift) = phase else { return }
    if settings.autoscroll.keys.lift == .drag {
      dragLifted(&lift, to: touch.pressY, center: snapshotCenter(lift, finger: touch.pressY))
    }
    let center = snapshotCenter(lift, finger: y)
    guard center.isFinite else { throw .notFinite(.snapshotPosition) }
    dragLifted(&lift, to: y, center: center)
    phase = .lifted(lift)
  }
}
