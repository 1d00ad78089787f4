import Testing

@testable import RowdragEngine

/// `grab press` (the behaviour catalogue §4.4, jQuery UI's `_mouseStart` with the
/// mousedown event), computed by hand on 44-point rows: row 3 spans 88…132, centre 110.
@Suite("grab press")
struct GrabPressTests {
  func engine(_ grab: GrabMode, hold: Double = 0, distance: Double = 0) -> Engine {
    plainEngine(30) {
      $0.grab = grab
      $0.hold = hold
      $0.distance = distance
      $0.autoscroll = .off
    }
  }

  @Test(
    "with a hold, the offset is the press's: a finger that moved while holding moves the snapshot")
  func holdKeepsThePressOffset() throws {
    for (grab, center) in [(GrabMode.keep, 110.0), (.press, 118)] {
      var e = engine(grab, hold: 0.5)
      try e.press(screenY: 100)  // g at the press: 110 − 100 = 10
      try e.drag(by: 8)  // within the slop 10
      try e.tick(30)
      // keep: g = 110 − 108 = 2, c = 110; press: c = 108 + 10 = 118.
      #expect(e.lift?.center == center, "\(grab)")
    }
  }

  @Test("with a distance, the lifting drag is a drag of the lifted row: the rule runs")
  func distanceDragRunsTheRule() throws {
    // press 100, drag +30: keep measures g = 110 − 130 = −20 at that drag, c = 110, no
    // rule (§4.2); press keeps g = 10, c = 140, and `edge` runs: 162 > 154, row 4.
    var keep = engine(.keep, distance: 10)
    try keep.press(screenY: 100)
    try keep.drag(by: 30)
    #expect(keep.lift?.center == 110)
    #expect(keep.lift?.position == 2)
    var press = engine(.press, distance: 10)
    try press.press(screenY: 100)
    try press.drag(by: 5)  // short of the distance: only the finger moves
    #expect(press.lift == nil)
    try press.drag(by: 25)
    #expect(press.lift?.center == 140)
    #expect(press.lift?.position == 3)
  }

  @Test("press ADDR puts the finger on the row's centre: g = 0 (the catalogue §8 note 11)")
  func pressAddressIsZero() throws {
    var e = engine(.press, distance: 1)
    try e.press(position: 2)
    try e.drag(by: 1)
    #expect(e.lift?.center == 111)
  }
}
