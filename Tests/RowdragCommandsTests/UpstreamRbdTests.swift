import Foundation
import Testing

/// react-beautiful-dnd's own fluid-scroller tests, translated into rowdrag scenarios
/// under `--preset rbd` (the catalogue §6.1 `rbd`): facts carried over, no code; each
/// case names its upstream test in atlassian/react-beautiful-dnd
/// test/unit/state/auto-scroll/fluid-scroller/time-dampening.spec.js.
///
/// Translation: the viewport is 600 points; the "selection" is the dragged item's
/// centre (`point=center`); a `requestAnimationFrame` step is a frame (`clock=step`);
/// the mocked `Date.now` is rowdrag's clock, counted from the lift (the touch lifts
/// at frame 8, 0.133 s ≥ `timeForLongPress` 0.12). `startScrollingFrom` is 25 % of
/// the viewport (the zone starts 450 from the top), `maxScrollValueAt` 5 % (570),
/// `maxPixelScroll` 28, `minScroll` 1, dampening from 360 to 1,200 ms.
@Suite("upstream: react-beautiful-dnd's fluid-scroller tests")
struct UpstreamRbdTests {
  /// The offsets of the `state` lines of `script` over 100 rows of `h` points.
  func offsets(_ script: String, height h: Int) throws -> [Double] {
    let rows = (1...100).map { "r\($0)\n" }.joined()
    let result = run(
      script, on: rows, options: ["-n", "--preset", "rbd", "--row-height", "\(h)"])
    #expect(result.stderr == "")
    return try stateObjects(result.stdout.split(separator: "\n")).map {
      try #require($0["offset"] as? Double)
    }
  }

  @Test("'should not dampen scrolling if not starting in scrollable area'")
  func noDampingOutsideTheZone() throws {
    // Row 7's centre 286 is outside the zone: no scroll on lift. Moving the centre to
    // 570 (the max boundary) scrolls the full 28 in the next frame.
    let o = try offsets("press 7; tick 8; tick 5; state; drag +284; tick 1; state", height: 44)
    #expect(o == [0, 28])
  }

  @Test("'should dampen if lifted in a scrollable area' (start and max boundary)")
  func dampedLift() throws {
    // On the start boundary: row 5 of 100 points, centre 450 = 600 − 150: minScroll.
    #expect(try offsets("press 5; tick 8; state", height: 100) == [1])
    // On the max boundary: row 13's centre 550, then the lift frame's step is
    // minScroll; the next one at 570 too.
    #expect(try offsets("press 13; tick 8; state; drag +20; tick 1; state", height: 44) == [1, 2])
  }

  @Test(
    "'should have the minimum scroll up to a small time threshold and then accelerate to the max speed as time continues'"
  )
  func accelerates() throws {
    // Lifted at the max boundary (centre 570 after the drag); the step of frame k after
    // the lift runs at k/60 s: k = 21 (350 ms) is before 360 ms; k = 37 (617 ms) is
    // 30.6 % of the way to 1,200 ms, k = 52 (867 ms) 60.3 %, k = 72 exactly 1,200 ms.
    let script =
      "press 13; tick 8; drag +20; tick 20; state; tick 1; state; tick 15; state; tick 1; state; "
      + "tick 14; state; tick 1; state; tick 19; state; tick 1; state"
    let o = try offsets(script, height: 44)
    #expect(o.count == 8)
    let before = o[1] - o[0]
    let at30 = o[3] - o[2]
    let at60 = o[5] - o[4]
    let atStop = o[7] - o[6]
    #expect(before == 1)  // still the min scroll
    #expect(at30 > 1 && at30 < 28)
    #expect(at60 > at30 && at60 < 28)
    #expect(atStop == 28)
  }
}
