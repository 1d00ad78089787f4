// SPDX-License-Identifier: Apache-2.0

/// `press`, the hold, and the moment of lift (SPEC §2.1, §9.5–§9.8).
extension Engine {
  /// Presses the row at `position`, scrolling it fully into view first.
  public mutating func press(position: Int) throws(EngineError) {
    try requireIdle()
    try checkPosition(position)
    try checkLiftable(position)
    pressRow(position)
  }

  /// Presses whatever row is at screen y `y`, which must lie in `[0, V)`.
  public mutating func press(screenY y: Double) throws(EngineError) {
    try requireIdle()
    try pressRow(atScreenY: y)
  }

  func checkLiftable(_ position: Int) throws(EngineError) {
    let flags = layout.flags(at: position)
    if flags.contains(.pinned) { throw .rowPinned(row: position + 1) }
    if flags.contains(.locked) { throw .rowLocked(row: position + 1) }
  }

  /// Whether a drag `moved` points from the press (`moved` as the surface measures it)
  /// lifts the row, with a drag distance: under `start armed` the first drag only arms,
  /// and the distance must be exceeded.
  func startsDrag(_ touch: inout Touch, moved: Double) -> Bool {
    switch settings.start {
    case .first: return moved >= settings.distance
    case .armed:
      guard touch.armed else {
        touch.armed = true
        return false
      }
      return moved > settings.distance
    }
  }

  mutating func begin(position: Int, section: Int, finger: Double, count: Int = 1) {
    dirtyAtPress = layout.differsFromBaseline
    var touch = Touch(
      position: position, section: section, pressY: finger, finger: finger, held: 0, count: count)
    if settings.hold > 0 || settings.distance > 0 {
      touch.revealAt = revealTime(for: position)
      phase = .holding(touch)
    } else {
      lift(touch)
    }
  }

  /// Lifts the touched row, whose top is at content y `top` of its scroll container:
  /// the slot stays, hidden; the snapshot floats at `c = o + Y + g`, with `g` measured
  /// now from the finger (SPEC §9.8), and the auto-scroll's run starts (the catalogue
  /// §2.1, §2.6).
  mutating func liftRow(_ touch: Touch, top: Double) {
    let height = layout.height(at: touch.position, count: touch.count)
    // `grab press` (the catalogue §4.4): measured from the finger of the press; nothing
    // scrolls while holding, so the offset is the press's.
    let grab = top + height / 2 - (offset + (settings.grab == .press ? touch.pressY : touch.finger))
    // `rows=cached`: the rows are measured before the lift's own layout clamps the offset.
    let measured = offset
    layOutHelperAtLift(top: top, height: height)
    var lift = Lift(
      position: touch.position, section: touch.section, sourcePosition: touch.position,
      sourceSection: touch.section,
      sourceRow: touch.position - layout.sectionStarts[touch.section], finger: touch.finger,
      center: 0, grab: grab, height: height,
      scroll: ScrollRun(fingerAtLift: touch.finger, liftTime: time), count: touch.count)
    lift.center = snapshotCenter(lift, finger: touch.finger)
    lift.lastDragPointer = pointerOnScreen(touch.finger)
    measuredOffset = nil
    if settings.autoscroll.keys.rows == .cached, case .table = surface {
      measuredOffset = measured
    }
    lift.ruleTimer = freshRuleTimer
    lift.scroll.waitsForDrag = height > settings.viewport
    startScrollRun(&lift)
    phase = .lifted(lift)
  }

  /// Where the snapshot's center goes for the finger at screen y `y`: `(o + Y) + g`
  /// (SPEC §9.8), with `clamp inset` kept between the insets on screen (§4.3).
  func snapshotCenter(_ lift: Lift, finger y: Double) -> Double {
    let grab = settings.grab == .center ? 0 : lift.grab
    switch settings.clamp {
    case .none:
      return offset + y + grab
    case .inset:
      let screen = Swift.max(
        settings.insetTop, Swift.min(y + grab, settings.viewport - settings.insetBottom))
      return offset + screen
    }
  }
}
