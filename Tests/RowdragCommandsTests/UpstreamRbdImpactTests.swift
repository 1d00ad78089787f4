import Foundation
import Testing

/// react-beautiful-dnd's reorder-impact tests for a drag within its home list,
/// translated into rowdrag scenarios under `--preset rbd` (rule `edge`): facts carried
/// over, no code; each case names its upstream test in atlassian/react-beautiful-dnd
/// test/unit/state/get-drag-impact/reorder/over-home-list/ (the vertical axis).
///
/// Translation: the upstream items `inHome1`…`inHome4` (`test/util/dimension.js`
/// `getPreset`) have border boxes 10, 20, 30 and 40 high, so four rows of those
/// heights. Their margins are left out: rowdrag's rows touch, so a displaced item moves
/// by the dragged row's height rather than its margin box, and every position below is
/// measured on these rows. Each upstream `pageOffset` is a drag, applied in one frame
/// after the lift (frame 8); `getOffsetForEndEdge`/`getOffsetForStartEdge` put the
/// dragged row's bottom or top edge exactly on a centre, `afterPoint`/`beforePoint`
/// one point further. The impact's destination index is the lifted row's slot.
@Suite("upstream: react-beautiful-dnd's reorder-impact tests")
struct UpstreamRbdImpactTests {
  static let list =
    "[{\"name\":\"inHome1\",\"height\":10},{\"name\":\"inHome2\",\"height\":20},"
    + "{\"name\":\"inHome3\",\"height\":30},{\"name\":\"inHome4\",\"height\":40}]"

  /// The lifted row's slot (1-based) after each step: a drag by `d` and one frame.
  func slots(pressing row: Int, drags: [Int]) throws -> [Int] {
    let steps = drags.map { "drag \($0 < 0 ? "" : "+")\($0); tick 1; state" }
    let script = "press \(row); tick 8; " + steps.joined(separator: "; ")
    let result = run(script, on: Self.list, options: ["-n", "--json", "--preset", "rbd"])
    #expect(result.stderr == "")
    return try stateObjects(result.stdout.split(separator: "\n")).map {
      let lifted = try #require($0["lifted"] as? [String: Any])
      return try #require(lifted["row"] as? Int)
    }
  }

  @Test(
    "started-after-critical: 'should displace items backwards when end of dragging item goes past the target center'"
  )
  func forwardPastCentre() throws {
    // inHome2's bottom (30) onto inHome3's centre (45): still home; one past: inHome3's
    // place.
    #expect(try slots(pressing: 2, drags: [15, 1]) == [2, 3])
  }

  @Test(
    "started-after-critical: 'should end displacement if the start of the dragging item is less than the displaced target center'"
  )
  func forwardThenBack() throws {
    // Past inHome3 (top at 26), then the top onto inHome3's displaced centre (25): still
    // past; one before it: home again.
    #expect(try slots(pressing: 2, drags: [16, -1, -1]) == [3, 3, 2])
  }

  @Test(
    "started-before-critical: 'should displace items forward when the start edge of the dragging item goes backwards past the items center'"
  )
  func backwardPastCentre() throws {
    // inHome2's top (10) onto inHome1's centre (5): still home; one before: inHome1's
    // place.
    #expect(try slots(pressing: 2, drags: [-5, -1]) == [2, 1])
  }

  @Test(
    "started-before-critical: 'should end displacement if the dragging item bottom edge goes forward past the displaced center'"
  )
  func backwardThenForward() throws {
    // Past inHome1 (bottom at 24), then the bottom onto inHome1's displaced centre (25):
    // still past; one after it: home again.
    #expect(try slots(pressing: 2, drags: [-6, 1, 1]) == [1, 1, 2])
  }

  @Test(
    "move-past-last-item: 'should allow movement past the last item'")
  func pastTheLastItem() throws {
    // inHome1's bottom (10) one past inHome4's centre (80) in one move: the last place;
    // exactly on it: one short.
    #expect(try slots(pressing: 1, drags: [71]) == [4])
    #expect(try slots(pressing: 1, drags: [70]) == [3])
  }
}
