import Testing

@testable import RowdragEngine

/// The catalogue parameters that reproduce what the real jQuery UI and Qt do (issue 24):
/// `range=helper`, `lift=drag`, `gate=inside`, `edges=pixel` and the `itemview` rule,
/// computed by hand on 44-point rows in a 600-point viewport (content 1,320, o_max 720).
/// jQuery UI's preset built key by key — `fixed speed=20 clock=move point=finger zone=20
/// order=bottom`, rule `intersect`, `grab press`, `distance 1` — with the keys under test,
/// on `count` rows of 44 points scrolled to `offset`.
func jqueryEngine(
  range: ScrollRange, lift: LiftScroll = .none, rows: RowPositions = .live, count: Int = 30,
  offset: Double
) throws -> Engine {
  var profile = AutoScrollProfile.fixed(speed: 20)
  profile.keys.clock = .move
  profile.keys.point = .finger
  profile.keys.zone = .points(20)
  profile.keys.order = .bottom
  profile.keys.range = range
  profile.keys.lift = lift
  profile.keys.rows = rows
  var e = plainEngine(count) {
    $0.grab = .press
    $0.distance = 1
    $0.rule = .intersect
    $0.autoscroll = profile
  }
  try e.scroll(to: offset)
  return e
}

@Suite("real library behaviours")
struct RealLibraryBehaviourTests {
  @Test("range=helper: the lift lays the list out without the row, clamping the offset once")
  func helperLiftClamp() throws {
    // At o = 720 a press at 100 is content 820, row 19 (792…836). Without the row the
    // list is 1,276 high: o ≤ 676. The helper then reaches 771 + 22 = 793 < 1,320.
    for (range, expected) in [(ScrollRange.helper, 676.0), (.content, 720)] {
      var e = try jqueryEngine(range: range, offset: 720)
      try e.press(screenY: 100)
      try e.drag(toScreenY: 101)
      #expect(e.lift != nil)
      #expect(e.offset == expected, "\(range)")
      #expect(e.brokenInvariant() == nil)
    }
  }

  @Test("range=helper: the helper below the last row extends the range; moving up shrinks it")
  func helperExtendsTheRange() throws {
    // The last row (1,276…1,320) pressed at 560 (content 1,280): g = 1,298 − 1,280 = 18.
    var e = try jqueryEngine(range: .helper, offset: 720)
    try e.press(screenY: 560)
    try e.drag(toScreenY: 561)  // lifts; no clamp: the row is the last one
    #expect(e.offset == 720)
    // Centre 720 + 590 + 18 = 1,328, bottom 1,350: o_max' = 750; in the zone, +20.
    try e.drag(toScreenY: 590)
    #expect(e.offset == 740)
    #expect(e.offsetRange.upperBound == 750)
    // Centre 740 + 591 + 18 = 1,349, bottom 1,371: o_max' = 771; +20.
    try e.drag(toScreenY: 591)
    #expect(e.offset == 760)
    // Centre 760 + 300 + 18 = 1,078: the range is the content's again, o back to 720.
    try e.drag(toScreenY: 300)
    #expect(e.offset == 720)
    #expect(e.brokenInvariant() == nil)
    try e.release()
    #expect(e.offset == 720)

    var content = try jqueryEngine(range: .content, offset: 720)
    try content.press(screenY: 560)
    try content.drag(toScreenY: 561)
    try content.drag(toScreenY: 590)
    #expect(content.offset == 720)
  }

  @Test("range=helper: the release clamps an offset past the content back to o_max")
  func releaseClamps() throws {
    var e = try jqueryEngine(range: .helper, offset: 720)
    try e.press(screenY: 560)
    try e.drag(toScreenY: 561)
    try e.drag(toScreenY: 590)
    #expect(e.offset == 740)
    try e.release()
    #expect(e.offset == 720)
    #expect(e.offsetRange.upperBound == 720)
  }

  @Test("lift=drag: a press inside the zone scrolls once more at the lift")
  func liftDrag() throws {
    // Press at 590 (in the bottom zone, Y > 580), the lifting drag to 591: with
    // lift=drag a drag to 590 comes first (+20), then the drag to 591 (+20).
    for (lift, expected) in [(LiftScroll.drag, 40.0), (.none, 20)] {
      var e = try jqueryEngine(range: .content, lift: lift, offset: 0)
      try e.press(screenY: 590)
      try e.drag(toScreenY: 591)
      #expect(e.offset == expected, "\(lift)")
    }
  }

  /// `fixed speed=4 clock=step point=finger zone=16` with the given gate and edges.
  func stepEngine(gate: ScrollGate = .none, edges: ZoneEdges = .view) -> Engine {
    var profile = AutoScrollProfile.fixed(speed: 4)
    profile.keys.clock = .step
    profile.keys.point = .finger
    profile.keys.zone = .points(16)
    profile.keys.gate = gate
    profile.keys.edges = edges
    return plainEngine(30) { $0.autoscroll = profile }
  }

  @Test("gate=inside: a finger past the edge scrolls nothing, one inside the zone scrolls")
  func gateInside() throws {
    for (gate, past) in [(ScrollGate.inside, 0.0), (.none, 40)] {
      var e = stepEngine(gate: gate)
      try e.press(screenY: 300)
      try e.drag(toScreenY: 610)
      try e.tick(10)
      #expect(e.offset == past, "\(gate)")
      try e.drag(toScreenY: 595)
      try e.tick(10)
      #expect(e.offset == past + 40, "\(gate)")
    }
  }

  @Test("edges=pixel: the bottom zone is measured from V − 1, so Y = V − 16 is in it")
  func pixelEdges() throws {
    for (edges, scrolled) in [(ZoneEdges.pixel, 40.0), (.view, 0)] {
      var e = stepEngine(edges: edges)
      try e.press(screenY: 300)
      try e.drag(toScreenY: 584)
      try e.tick(10)
      #expect(e.offset == scrolled, "\(edges)")
    }
    // The top zone is the same: 15 < 16 is in it, 16 is not.
    var e = stepEngine(edges: .pixel)
    try e.scroll(to: 100)
    try e.press(screenY: 300)
    try e.drag(toScreenY: 16)
    try e.tick(1)
    #expect(e.offset == 100)
    try e.drag(toScreenY: 15)
    try e.tick(1)
    #expect(e.offset == 96)
  }

  @Test("start armed: the first drag only arms, a later one past the distance lifts")
  func startArmed() throws {
    for (start, liftsAt) in [(StartMode.armed, 3), (.first, 1)] {
      var e = plainEngine(30) {
        $0.distance = 10
        $0.start = start
        $0.autoscroll = .off
      }
      try e.press(screenY: 100)
      var lifted: Int?
      // 15 points (far enough, but the first drag), 110 (exactly 10: not more), 111.
      for (k, y) in [115.0, 110, 111].enumerated() where lifted == nil {
        try e.drag(toScreenY: y)
        if e.lift != nil { lifted = k + 1 }
      }
      #expect(lifted == liftsAt, "\(start)")
    }
  }

  @Test("reveal: a pressed row cut by the edge scrolls into view after the delay")
  func reveal() throws {
    // V = 300: a press at 290 holds row 7 (264…308). After 0.5 s (30 frames) it is
    // revealed: o = 308 − 300 = 8, and the press point moves with it, to 282, so a drag
    // to 292 is 10 from it and lifts; without the reveal it is 2 and does not.
    for (reveal, offset, lifts) in [
      (PressReveal(delay: 0.5, coarse: false), 8.0, true), (.off, 0, false),
    ] {
      var e = plainEngine(30) {
        $0.viewport = 300
        $0.distance = 10
        $0.reveal = reveal
        $0.autoscroll = .off
      }
      try e.press(screenY: 290)
      try e.tick(29)
      #expect(e.offset == 0)
      try e.tick(1)
      #expect(e.offset == offset)
      try e.drag(toScreenY: 292)
      #expect((e.lift != nil) == lifts)
    }
  }

  @Test("reveal coarse: Qt's coarse timer moves the expiry towards a multiple of 500 ms")
  func revealCoarse() throws {
    let coarse = PressReveal(delay: 0.5, coarse: true)
    #expect(coarse.expiry(armedAt: 0) == 500_000_000)
    #expect(coarse.expiry(armedAt: 100_000_000) == 575_000_000)  // 600 ms, 25 towards 500
    #expect(coarse.expiry(armedAt: 480_000_000) == 1_000_000_000)  // 980 ms: the second
    #expect(PressReveal(delay: 0.05, coarse: true).expiry(armedAt: 13_000_000) == 61_000_000)
    #expect(PressReveal(delay: 0.5, coarse: false).expiry(armedAt: 100_000_000) == 600_000_000)
    // Pressed at frame 6 (0.1 s), the coarse reveal fires at frame 35 (583 ms ≥ 575).
    for (reveal, frame) in [(coarse, 35), (PressReveal(delay: 0.5, coarse: false), 36)] {
      var e = plainEngine(30) {
        $0.viewport = 300
        $0.distance = 10
        $0.reveal = reveal
        $0.autoscroll = .off
      }
      try e.tick(6)
      try e.press(screenY: 290)
      try e.tick(frame - 7)
      #expect(e.offset == 0, "\(reveal)")
      try e.tick(1)
      #expect(e.offset == 8, "\(reveal)")
    }
  }

  func dropEngine(_ rule: ReorderRule, rows: Int = 30) -> Engine {
    plainEngine(rows) {
      $0.rule = rule
      $0.autoscroll = .off
    }
  }

  @Test("itemview: above or below a row by Qt's margin and integer centre, not by halves")
  func itemviewCentre() throws {
    // Row 5 spans 176…220: margin qRound(44 / 5.5) = 8, centre 176 + ⌊43 / 2⌋ = 197.
    // At 197 itemview drops below it; drop's half-row line is 198, so drop goes above.
    for (rule, order) in [
      (ReorderRule.itemview, [1, 2, 3, 4, 0, 5]), (.drop, [1, 2, 3, 0, 4, 5]),
    ] {
      var e = dropEngine(rule)
      try e.press(screenY: 10)
      try e.drag(toScreenY: 197)
      #expect(e.ids.prefix(6) == [0, 1, 2, 3, 4, 5][...], "nothing moves before the release")
      try e.release()
      #expect(Array(e.ids.prefix(6)) == order, "\(rule.name)")
    }
    var e = dropEngine(.itemview)
    try e.press(screenY: 10)
    try e.drag(toScreenY: 196)
    try e.release()
    #expect(Array(e.ids.prefix(6)) == [1, 2, 3, 0, 4, 5])
  }

  @Test("itemview: no drop when the last drag was over the lifted row, whatever scrolled since")
  func itemviewAcceptsTheLastDrag() throws {
    // V = 300, row 7 spans 264…308. A drag to 290 is over row 7 itself and in the
    // 16-point bottom zone: 10 frames of 4 points bring row 8 (308…352) under the finger
    // (content 330), but no drag reports it, so the release drops nothing; one more
    // drag over row 8 and it drops.
    for (extraDrag, moved) in [(false, false), (true, true)] {
      var profile = AutoScrollProfile.fixed(speed: 4)
      profile.keys.clock = .step
      profile.keys.point = .finger
      profile.keys.zone = .points(16)
      var e = plainEngine(30) {
        $0.viewport = 300
        $0.rule = .itemview
        $0.autoscroll = profile
      }
      try e.press(screenY: 270)
      try e.drag(toScreenY: 290)
      try e.tick(10)
      #expect(e.offset == 40)
      if extraDrag { try e.drag(toScreenY: 291) }
      try e.release()
      #expect((e.ids != Array(0..<30)) == moved, "extra drag: \(extraDrag)")
    }
  }

  @Test("itemview: the margins win over the centre on short rows")
  func itemviewMargins() {
    // h = 4: margin max(2, qRound(0.73)) = 2, centre ⌊3 / 2⌋ = 1.
    #expect(!ItemViewRule.isBelow(1, height: 4))  // within the top margin, though past the centre
    #expect(ItemViewRule.isBelow(2, height: 4))  // within the bottom margin: 3 − 2 < 2
    // h = 100: margin 12 (qRound(18.2) capped), centre 49.
    #expect(!ItemViewRule.isBelow(48.5, height: 100))
    #expect(ItemViewRule.isBelow(49, height: 100))
  }

  @Test("itemview: below the last row the row goes to the end; off screen nothing moves")
  func itemviewEndAndOffScreen() throws {
    for (rule, order) in [(ReorderRule.itemview, [1, 2, 3, 4, 0]), (.drop, [0, 1, 2, 3, 4])] {
      var e = dropEngine(rule, rows: 5)  // 220 points of rows in a 600-point view
      try e.press(screenY: 10)
      try e.drag(toScreenY: 300)
      try e.release()
      #expect(e.ids == order, "\(rule.name)")
    }
    for (rule, moved) in [(ReorderRule.itemview, false), (.drop, true)] {
      var e = dropEngine(rule)
      try e.press(screenY: 10)
      try e.drag(toScreenY: 650)  // content 650: row 15, below the view
      try e.release()
      #expect((e.ids != Array(0..<30)) == moved, "\(rule.name)")
    }
  }
}

/// The timer keys that reproduce SortableJS's and Qt's auto-scroll timers (issue 24):
/// `rearm` and `expiry=coarse`, computed by hand at 60 fps (frame k ends at k·16.667 ms)
/// on 44-point rows in a 600-point viewport, the finger at 590 in a 30-point zone.
@Suite("real library timers")
struct RealLibraryTimerTests {
  /// `fixed speed=10 point=finger zone=30 test=le` on a timer of `period` ms, lifted at
  /// the press at 300, `frames` frames ticked, then a drag into the bottom zone.
  func timerEngine(
    period: Double, rearm: Double? = nil, expiry: TimerExpiry = .exact, frames: Int = 0
  ) throws -> Engine {
    var profile = AutoScrollProfile.fixed(speed: 10)
    profile.keys.clock = .timer(period: period, text: "\(period)")
    profile.keys.point = .finger
    profile.keys.zone = .points(30)
    profile.keys.test = .lessOrEqual
    profile.keys.rearm = rearm
    profile.keys.expiry = expiry
    var e = plainEngine(30) { $0.autoscroll = profile }
    try e.press(screenY: 300)
    try e.tick(frames)
    try e.drag(toScreenY: 590)
    return e
  }

  @Test("rearm=30: a 24 ms timer started by a drag fires at 24, 54, 78, 102, 126 ms")
  func rearmAfterTheFirstFiring() throws {
    // Exact: 24 (frame 2), 48 (3), 72 (5), 96 (6), 120 (8). Rearmed at 30 ms: 24 (frame
    // 2), then 54 (4), 78 (5), 102 (7), 126 (8).
    var exact = try timerEngine(period: 24)
    #expect(try offsets(&exact, frames: 8) == [0, 10, 20, 20, 30, 40, 40, 50])
    var rearmed = try timerEngine(period: 24, rearm: 30)
    #expect(try offsets(&rearmed, frames: 8) == [0, 10, 10, 20, 30, 30, 40, 50])
    #expect(rearmed.brokenInvariant() == nil)
  }

  @Test("rearm shorter than the period: the first firing comes a period after the rearm")
  func rearmBeforeTheFirstFiring() throws {
    // Rearmed at 10 ms: 34 (frame 3), 58 (4), 82 (5), 106 (7).
    var e = try timerEngine(period: 24, rearm: 10)
    #expect(try offsets(&e, frames: 7) == [0, 0, 10, 20, 30, 30, 40])
  }

  @Test("rearm: a drag that keeps the timer running neither restarts nor rearms it")
  func rearmKept() throws {
    // restart=dir: the drag at frame 1 keeps the timer and its rearm at 30 ms.
    var kept = try timerEngine(period: 24, rearm: 30)
    try kept.tick(1)
    try kept.drag(toScreenY: 591)
    #expect(try offsets(&kept, frames: 7) == [10, 10, 20, 30, 30, 40, 50])
  }

  @Test("expiry=coarse: Qt's 50 ms timer drifts towards multiples of 50 ms")
  func coarseExpiry() throws {
    // Started at frame 2 (33.333 ms): exact at 83.3 (frame 5), 133.3 (8), 183.3 (11). Coarse:
    // 83 ms moves 2 towards 100, 85 (frame 6); then 137 (9), 189 (12), 241 (15).
    var exact = try timerEngine(period: 50, frames: 2)
    #expect(try offsets(&exact, frames: 12) == [0, 0, 10, 10, 10, 20, 20, 20, 30, 30, 30, 40])
    var coarse = try timerEngine(period: 50, expiry: .coarse, frames: 2)
    #expect(try offsets(&coarse, frames: 12) == [0, 0, 0, 10, 10, 10, 20, 20, 20, 30, 30, 30])
    #expect(Engine.coarseDue(after: 33_333_333, now: 33_333_333, period: 0.05) == 85_000_000)
    // Once on a multiple of 50 ms it stays there; later than `now + period` it never is.
    let aligned: Int64 = 1_350_000_000
    #expect(Engine.coarseDue(after: aligned, now: aligned, period: 0.05) == 1_400_000_000)
    #expect(Engine.coarseDue(after: 0, now: 1_013_000_000, period: 0.05) == 1_061_000_000)
    #expect(coarse.brokenInvariant() == nil)
  }

  @Test("expiry=coarse: pressed against the end, skipped frames end where frame-by-frame ones do")
  func coarseSkip() throws {
    for (period, frames) in [(50.0, 2), (24, 1), (500, 3), (5, 2)] {
      var skipped = try timerEngine(period: period, expiry: .coarse, frames: frames)
      var stepped = skipped
      try skipped.tick(20_000)
      try stepped.tick(20_000) { _ in }
      #expect(skipped.offset == 720, "\(period)")
      #expect(skipped.lift == stepped.lift, "\(period)")
      #expect(skipped.time == stepped.time, "\(period)")
      // 50 and 500 ms settle on multiples of 50 and 500 ms and are skipped; 24 ms never
      // settles, and 5 ms fires once a frame (a late expiry moves past the frame): they
      // run frame by frame.
      #expect((skipped.framesSkipped > 10_000) == (period == 50 || period == 500), "\(period)")
    }
  }
}
