import Testing

@testable import RowdragEngine

/// `rows=cached` (jQuery UI's item positions measured at the start, after a drag that
/// found a zone and after a move of the placeholder, sortable.js l. 199, 426–429, 1464),
/// computed by hand on 44-point rows in a 600-point viewport with jQuery UI's preset:
/// `fixed speed=20 clock=move point=finger zone=20 order=bottom range=helper`, rule
/// `intersect`, `grab press`, `distance 1`.
@Suite("real library behaviours: rows=cached")
struct CachedRowsTests {
  @Test("rows=cached: the rule sees the rows where they were before the lift's clamp")
  func liftClampUnseen() throws {
    // 30 rows, o = 720 = o_max. The press at 100 is content 820, row 18 (792…836); the
    // lift clamps o to 1,276 − 600 = 676. The drag to 150 is content 826 now (the lifted
    // row itself: nothing), but 720 + 150 = 870 as measured: row 19 (836…880) past its
    // middle 858, so the row goes after it.
    for (rows, expected) in [(RowPositions.cached, 19), (.live, 18)] {
      var e = try jqueryEngine(range: .helper, rows: rows, count: 30, offset: 720)
      try e.press(screenY: 100)
      try e.drag(toScreenY: 101)
      #expect(e.offset == 676)
      #expect(e.lift?.position == 18)
      #expect(e.measuredOffset == (rows == .cached ? 720 : nil))
      try e.drag(toScreenY: 150)
      #expect(e.lift?.position == expected, "\(rows)")
      #expect(e.brokenInvariant() == nil)
    }
  }

  @Test("rows=cached: a move of the row measures the rows again")
  func moveMeasures() throws {
    // After the move to 19 (836…880) the rows are measured at 676: the drag to 200 is
    // content 876, the lifted row itself. Measured at 720 it would be 920, past the
    // middle (902) of row 20 (880…924), and the row would move again.
    var e = try jqueryEngine(range: .helper, rows: .cached, count: 30, offset: 720)
    try e.press(screenY: 100)
    try e.drag(toScreenY: 101)
    try e.drag(toScreenY: 150)
    #expect(e.lift?.position == 19)
    #expect(e.measuredOffset == 676)
    try e.drag(toScreenY: 200)
    #expect(e.lift?.position == 19)
  }

  @Test("rows=cached: a drag that finds a zone measures the rows again, also at the bound")
  func zoneMeasures() throws {
    // 14 rows (616 high, o_max 16), o = 16. The press at 300 is content 316, row 7
    // (308…352); without it the list is 572 high, so the lift clamps o to 0.
    // Drag to 10, in the top zone: o stays 0 (the bound), but the rows are measured
    // there: content 10 in row 0 before its middle 22, the row goes first. Drag to 30,
    // outside the zone: measured at 16 it is content 46, row 1 (44…88) before its
    // middle 66, the row goes before row 1; live (content 30, past row 0's middle)
    // nothing moves.
    for (rows, y, expected) in [
      (RowPositions.cached, 10.0, 0), (.live, 10, 0), (.cached, 30, 1), (.live, 30, 7),
    ] {
      var e = try jqueryEngine(range: .helper, rows: rows, count: 14, offset: 16)
      try e.press(screenY: 300)
      try e.drag(toScreenY: 301)
      #expect(e.offset == 0)
      #expect(e.lift?.position == 7)
      try e.drag(toScreenY: y)
      #expect(e.offset == 0)
      #expect(e.lift?.position == expected, "\(rows) \(y)")
    }
  }

  @Test("rows=cached: switching mid-gesture measures now; live drops the measure")
  func switchMidGesture() throws {
    var e = try jqueryEngine(range: .helper, rows: .live, count: 30, offset: 720)
    try e.press(screenY: 100)
    try e.drag(toScreenY: 101)
    #expect(e.measuredOffset == nil)
    var profile = e.settings.autoscroll
    profile.keys.rows = .cached
    try e.setAutoscroll(profile)
    #expect(e.measuredOffset == 676)
    profile.keys.rows = .live
    try e.setAutoscroll(profile)
    #expect(e.measuredOffset == nil)
  }

  @Test("rows=cached under a frame clock: skipped frames measure as frame-by-frame ones do")
  func skippedFramesMeasure() throws {
    // A steady scroll up from the end of 200 rows after a lift that clamps o from 8,200
    // to 8,156: the snapshot's center 14 below the finger at 30 is 56 into the 100-point
    // zone of `linear max=60`, 33.6 points a second, so 10 s end at 8,156 − 336 = 7,820;
    // the `edge` rule moves the row every 79 frames or so. One tick of 600 frames
    // (skipping between the moves) ends in the state of 600 ticks of one frame.
    func engine() throws -> Engine {
      var profile = AutoScrollProfile.linear(max: 60)
      profile.keys.range = .helper
      profile.keys.rows = .cached
      var e = plainEngine(200) {
        $0.grab = .press
        $0.distance = 1
        $0.autoscroll = profile
      }
      try e.scroll(to: 8_200)
      try e.press(screenY: 300)
      try e.drag(toScreenY: 301)
      try e.drag(toScreenY: 30)
      return e
    }
    var skipping = try engine()
    try skipping.tick(600)
    var stepwise = try engine()
    for _ in 0..<600 { try stepwise.tick(1) }
    #expect(skipping.framesSkipped > 0)
    #expect(skipping.offset == stepwise.offset)
    #expect(abs(skipping.offset - 7_820) < 1e-6)
    #expect(skipping.lift?.position != skipping.lift?.sourcePosition)
    #expect(skipping.lift == stepwise.lift)
    #expect(skipping.measuredOffset == stepwise.measuredOffset)
    #expect(skipping.measuredOffset == skipping.offset)
  }
}
