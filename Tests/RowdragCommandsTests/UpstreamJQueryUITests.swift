import Foundation
import Testing

/// jQuery UI's own sortable tests, translated into rowdrag scenarios under
/// `--preset jqueryui` (the catalogue §4.4 `grab press`, §6.1 `jqueryui`): the order
/// and event assertions that fall inside the preset's model. Facts are carried over,
/// no code: each case names its upstream file and test in jquery/jquery-ui
/// tests/unit/sortable/.
///
/// Translation: the fixture `#sortable` holds five 19-pixel items (`sortable.html`:
/// `height: 19px`, no padding, margin or border), so five rows of 19 points. The
/// helper `$.simulate("drag", {dx, dy})` (external/jquery-simulate) presses at the
/// floor of the item's centre (9 for the first), moves three times by `dy / 3`,
/// rounding each position (`Math.round`), and releases at the last position; the x
/// moves are left out (a table has no x). The page is not a scrolling container in
/// these tests, so the default 600-point viewport stands for it. Events read as:
/// `start`, `sort`, `beforeStop` and `stop` fire when the drag started (phase
/// `lifted`); `change` when the placeholder moved (the lifted row's slot differs from
/// where it started); `update` when the order differs after the drop; `click` when the
/// press ends without a drag. Left out (outside the model): the `disabled` option,
/// connected lists (`connectWith`, `receive`, `remove`), floated and horizontal items,
/// `axis`, tables, handles, helpers and placeholders' sizes.
@Suite("upstream: jQuery UI's sortable tests")
struct UpstreamJQueryUITests {
  static let items = (1...5).map { "Item \($0)\n" }.joined()

  /// The pointer positions of `$.simulate("drag", { dy })` from the first item's centre.
  static func moves(dy: Double) -> [Int] {
    var y = 9.0
    return (0..<3).map { _ in
      y += dy / 3
      return Int(y.rounded(.toNearestOrAwayFromZero))
    }
  }

  /// The press and the three moves of a simulated drag by `dy`, without the release.
  static func drag(dy: Double) -> String {
    "press y=9; " + moves(dy: dy).map { "drag y=\($0)" }.joined(separator: "; ")
  }

  /// Runs `script` under the jqueryui preset over the five items; the output lines.
  func lines(_ script: String) -> [String] {
    let result = run(
      script, on: Self.items, options: ["-n", "--preset", "jqueryui", "--row-height", "19"])
    #expect(result.stderr == "", "\(script)")
    return result.stdout.split(separator: "\n").map(String.init)
  }

  /// The first output line of `script`, a `state` line, as its JSON object.
  func state(_ script: String) throws -> [String: Any] {
    try #require(try stateObjects(lines(script)).first)
  }

  /// The `state` after the moves of a drag by `dy` (before the release).
  func stateDuringDrag(dy: Double) throws -> [String: Any] {
    try state(Self.drag(dy: dy) + "; state")
  }

  /// The items' order after a drag by `dy` and its release.
  func orderAfterDrag(dy: Double) -> [String] {
    lines(Self.drag(dy: dy) + "; release; print")
  }

  /// Whether the placeholder moved during a drag by `dy`: jQuery UI's `change`.
  func changeFired(dy: Double) throws -> Bool {
    let lifted = try #require(try stateDuringDrag(dy: dy)["lifted"] as? [String: Any])
    return (lifted["row"] as? Int) != (lifted["from"] as? Int)
  }

  static let original = ["Item 1", "Item 2", "Item 3", "Item 4", "Item 5"]

  @Test("the simulated drag's pointer positions")
  func simulatedMoves() {
    // jquery.simulate rounds each of its three steps: 9 + 44/3 = 23.67 → 24, 38.33 → 38,
    // 53; a 1-pixel drag stays at 9, then 10, 10.
    #expect(Self.moves(dy: 44) == [24, 38, 53])
    #expect(Self.moves(dy: 1) == [9, 10, 10])
    #expect(Self.moves(dy: 22) == [16, 24, 31])
  }

  @Test("methods.js 'enable' and 'disable': a 44-pixel drag puts the first item at index 2")
  func fortyFourPixels() {
    // `testHelper.sort( assert, $( "li", el )[ 0 ], 0, 44, 2, … )`, three times.
    let order = orderAfterDrag(dy: 44)
    #expect(order.firstIndex(of: "Item 1") == 2)
    #expect(order == ["Item 2", "Item 3", "Item 1", "Item 4", "Item 5"])
  }

  @Test("events.js 'change': no change on a 1-pixel drag, a change on 22 pixels")
  func change() throws {
    #expect(try changeFired(dy: 1) == false)
    #expect(try changeFired(dy: 22) == true)
  }

  @Test("events.js 'update': no update on a 1-pixel drag, an update on 22 pixels")
  func update() {
    #expect(orderAfterDrag(dy: 1) == Self.original)
    #expect(orderAfterDrag(dy: 22) != Self.original)
  }

  @Test("events.js 'start' and 'sort': a 10-pixel drag starts sorting")
  func startAndSort() throws {
    // The preset's `distance 1` is met by the second move; the row is lifted.
    #expect(try stateDuringDrag(dy: 10)["phase"] as? String == "lifted")
  }

  @Test("events.js 'beforeStop' and 'stop': a 20-pixel drag starts, then stops at the release")
  func stop() throws {
    #expect(try stateDuringDrag(dy: 20)["phase"] as? String == "lifted")
    #expect(try state(Self.drag(dy: 20) + "; release; state")["phase"] as? String == "idle")
  }

  @Test("events.js '#4752': a click changes nothing; a 40-pixel drag fires change")
  func clickAndDrag() throws {
    // A click: the press ends without a move, nothing is lifted, the order stays.
    #expect(try state("press y=9; state; release")["phase"] as? String != "lifted")
    #expect(lines("press y=9; release; print") == Self.original)
    #expect(try changeFired(dy: 40) == true)
  }
}
