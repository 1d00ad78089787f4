import Foundation
import Testing

/// react-beautiful-dnd's window-scrolling tests, translated into rowdrag scenarios
/// under `--preset rbd`: facts carried over, no code; each case names its upstream test
/// in atlassian/react-beautiful-dnd
/// test/unit/state/auto-scroll/fluid-scroller/window-scrolling.spec.js (the vertical
/// axis).
///
/// Translation: the upstream viewport (`util/viewport.js`) is 1,000 high over a
/// document of 2,000, so `--viewport 1000` over three rows summing to 2,000: a filler,
/// the dragged row of 100 (row 2) and the rest; the filler's height puts the dragged
/// row's centre — the "selection" (`point=center`) — exactly where the upstream test
/// puts it. The thresholds are 25 % and 5 % of the viewport: scrolling starts 250 from
/// an edge and is fastest 50 from it. `scroller.start` is the lift (frame 8, 0.133 s ≥
/// `timeForLongPress` 0.12), `scroller.scroll` a drag, `requestAnimationFrame.step()`
/// a frame and `flush()` many. "Start with no scroll" lifts one point outside the
/// start threshold, which also opts out of time dampening. Upstream scrolls the window
/// back from 10; here from 100, because its mock records the requested scroll and
/// rowdrag's offset is the scroll done: from 10 a full step back would be cut at the
/// top.
@Suite("upstream: react-beautiful-dnd's window-scrolling tests")
struct UpstreamRbdWindowScrollingTests {
  /// The offset of each `state` line of `script`, with the dragged row's centre at
  /// viewport `centre` once the list is scrolled to `scroll`.
  func offsets(centre: Int, scroll: Int = 0, _ script: String) throws -> [Double] {
    let filler = centre + scroll - 50
    let list =
      "[{\"name\":\"filler\",\"height\":\(filler)},{\"name\":\"dragged\",\"height\":100},"
      + "{\"name\":\"rest\",\"height\":\(1900 - filler)}]"
    let prefix = scroll == 0 ? "" : "scroll y=\(scroll); "
    let result = run(
      prefix + script, on: list,
      options: ["-n", "--json", "--preset", "rbd", "--viewport", "1000"])
    #expect(result.stderr == "")
    return try stateObjects(result.stdout.split(separator: "\n")).map {
      try #require($0["offset"] as? Double)
    }
  }

  /// The scroll of each frame after the first state line: successive differences.
  func steps(_ offsets: [Double]) -> [Double] {
    zip(offsets.dropFirst(), offsets).map { $0 - $1 }
  }

  // MARK: moving forward to end of window (start threshold 750, max speed 950)

  @Test("forward: 'should not scroll if before the start threshold'")
  func forwardBeforeStart() throws {
    #expect(try offsets(centre: 749, "press 2; tick 8; tick 600; state") == [0])
  }

  @Test("forward: 'should scroll if on the start threshold'")
  func forwardOnStart() throws {
    // Not before the first frame after the start; then it scrolls.
    let o = try offsets(centre: 750, "press 2; tick 7; state; tick 1; state")
    #expect(o[0] == 0)
    #expect(o[1] > 0)
  }

  @Test("forward: 'should scroll if moving beyond the start threshold'")
  func forwardBeyondStart() throws {
    let o = try offsets(centre: 751, "press 2; tick 7; state; tick 1; state")
    #expect(o[0] == 0)
    #expect(steps(o)[0] > 0)
  }

  @Test("forward: 'should get faster the closer to the max speed point'")
  func forwardFaster() throws {
    // Start with no scroll at 749, then the start of the range (750), then 949.
    let o = try offsets(
      centre: 749, "press 2; tick 8; state; drag +1; tick 1; state; drag +199; tick 1; state")
    let s = steps(o)
    #expect(s[0] > 0)
    #expect(s[0] < s[1])
  }

  @Test("forward: 'should have the top speed at the max speed point'")
  func forwardTopSpeed() throws {
    #expect(
      steps(try offsets(centre: 749, "press 2; tick 8; state; drag +201; tick 1; state")) == [28])
  }

  @Test("forward: 'should have the top speed when moving beyond the max speed point'")
  func forwardBeyondMax() throws {
    #expect(
      steps(try offsets(centre: 749, "press 2; tick 8; state; drag +202; tick 1; state")) == [28])
  }

  @Test("forward: 'should throttle multiple scrolls into a single animation frame'")
  func forwardThrottle() throws {
    // Two drags (751, then 949) in one frame: one scroll, of the later position's 28
    // (28 · 0.995² = 27.7, rounded up).
    #expect(
      steps(try offsets(centre: 749, "press 2; tick 8; state; drag +2; drag +198; tick 1; state"))
        == [28])
  }

  // MARK: moving backward to start of window (start threshold 250, max speed 50)

  @Test("backward: 'should not scroll if before the start threshold'")
  func backwardBeforeStart() throws {
    #expect(try offsets(centre: 251, scroll: 100, "press 2; tick 8; tick 600; state") == [100])
  }

  @Test("backward: 'should scroll if on the start threshold'")
  func backwardOnStart() throws {
    let o = try offsets(centre: 250, scroll: 100, "press 2; tick 7; state; tick 1; state")
    #expect(o[0] == 100)
    #expect(o[1] != 100)
  }

  @Test("backward: 'should scroll if moving beyond the start threshold'")
  func backwardBeyondStart() throws {
    let o = try offsets(centre: 249, scroll: 100, "press 2; tick 7; state; tick 1; state")
    #expect(o[0] == 100)
    #expect(steps(o)[0] < 0)
  }

  @Test("backward: 'should get faster the closer to the max speed point'")
  func backwardFaster() throws {
    // Start with no scroll at 251, then the start of the range (250), then 49.
    let o = try offsets(
      centre: 251, scroll: 100,
      "press 2; tick 8; state; drag -1; tick 1; state; drag -201; tick 1; state")
    let s = steps(o)
    #expect(s[0] < 0)
    #expect(s[0] > s[1])
  }

  @Test("backward: 'should have the top speed at the max speed point'")
  func backwardTopSpeed() throws {
    #expect(
      steps(
        try offsets(centre: 251, scroll: 100, "press 2; tick 8; state; drag -201; tick 1; state"))
        == [-28])
  }

  @Test("backward: 'should have the top speed when moving beyond the max speed point'")
  func backwardBeyondMax() throws {
    #expect(
      steps(
        try offsets(centre: 251, scroll: 100, "press 2; tick 8; state; drag -202; tick 1; state"))
        == [-28])
  }

  @Test("backward: 'should throttle multiple scrolls into a single animation frame'")
  func backwardThrottle() throws {
    #expect(
      steps(
        try offsets(
          centre: 251, scroll: 100, "press 2; tick 8; state; drag -2; drag -200; tick 1; state"))
        == [-28])
  }
}
