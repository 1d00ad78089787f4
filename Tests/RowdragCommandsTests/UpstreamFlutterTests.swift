import Foundation
import Testing

/// Flutter's own reorderable list tests, translated into rowdrag scenarios under
/// `--preset flutter`: the numeric and order assertions that fall inside the preset's
/// model (the catalogue §3.9 `halves`, §6.1 `flutter`). Facts are carried over, no code:
/// each case names its upstream file and test.
///
/// - `widgets`: flutter/flutter packages/flutter/test/widgets/reorderable_list_test.dart
/// - `material`: flutter/flutter packages/flutter/test/material/reorderable_list_test.dart
/// - `helpers`: flutter/flutter packages/flutter/test/widgets/scrollable_helpers_test.dart
///   (its other cases are keyboard scrolling and the scroller's own API, outside the
///   model)
///
/// Translation: an item of height `h` is a row of `h` points; Flutter's test screen is
/// 800×600 (`viewport 600`, the default), the material file's list `itemHeight * 10` =
/// 480. A drag start listener starts at once and `ReorderableDelayedDragStartListener`
/// after `kLongPressTimeout`; the preset's long press (`tick 30`, 0.5 s) only lifts the
/// row, with the grab offset kept, so the snapshot moves exactly as Flutter's proxy.
/// Flutter's `onReorderItem`/`onReorder` fire at the release, so orders are read after
/// `release`; Flutter's insert index `k` for a row moved down is final index `k − 1`.
/// Left out (outside the model): reversed and horizontal lists, presses outside the
/// drag handle, drop animations, and the time each 20 ms step takes to animate
/// (material "ReorderableList auto scrolling is fast enough" measures offsets within
/// a step).
@Suite("upstream: Flutter's reorderable list tests")
struct UpstreamFlutterTests {
  /// `n` rows of `h` points named 0…n−1, one per line.
  static func rows(_ n: Int) -> String { (0..<n).map { "\($0)\n" }.joined() }

  /// Runs `script` under the flutter preset over `n` rows of `h` points; returns the
  /// output lines.
  func lines(_ script: String, rows n: Int, height h: Int, viewport: Int = 600) -> [String] {
    let result = run(
      script, on: Self.rows(n),
      options: ["-n", "--preset", "flutter", "--row-height", "\(h)", "--viewport", "\(viewport)"])
    #expect(result.stderr == "", "\(script)")
    return result.stdout.split(separator: "\n").map(String.init)
  }

  /// The order after `script` and a `print`, as the names of the rows.
  func order(_ script: String, rows n: Int, height h: Int, viewport: Int = 600) -> [Int] {
    lines(script + "; print", rows: n, height: h, viewport: viewport).compactMap { Int($0) }
  }

  /// The `state` lines' JSON objects.
  func states(_ script: String, rows n: Int, height h: Int) throws -> [[String: Any]] {
    try stateObjects(lines(script, rows: n, height: h))
  }

  // MARK: widgets/reorderable_list_test.dart

  @Test("widgets: 'SliverReorderableList works well when having gestureSettings'")
  func gestureSettings() {
    // +10 then +40 from item 0's centre: the snapshot's bottom 150 is exactly item 1's
    // middle; inclusive, so item 0 goes after it: [1, 0, 2, 3, 4].
    #expect(
      order("press 1; tick 30; drag +10; tick 1; drag +40; tick 1; release", rows: 5, height: 100)
        == [1, 0, 2, 3, 4])
  }

  @Test("widgets: 'SliverReorderableList, drag and drop, fixed height items'")
  func fixedHeightItems() {
    // Each step: press, drag, kPressTimeout (6 frames), release; 8 items of 100.
    func step(_ row: Int, _ by: Int) -> String {
      "press \(row); tick 30; drag \(by > 0 ? "+" : "")\(by); tick 6; release"
    }
    // "Drag item 0 downwards more than halfway to displace item 1."
    #expect(order(step(1, +51), rows: 8, height: 100) == [1, 0, 2, 3, 4, 5, 6, 7])
    // "Drag item 0 back to where it was."
    #expect(
      order(step(1, +51) + "; " + step(2, -51), rows: 8, height: 100) == Array(0..<8))
    // "Drag item 1 to item 3."
    #expect(order(step(2, +151), rows: 8, height: 100) == [0, 2, 3, 1, 4, 5, 6, 7])
    // "Drag item 1 back to where it was."
    #expect(
      order(step(2, +151) + "; " + step(4, -200), rows: 8, height: 100) == Array(0..<8))
  }

  @Test("widgets: 'properly animates the drop at starting position' (overshoot and undershoot)")
  func dropAtStartingPosition() throws {
    // 3 items of 100: +100, settle, then −110 (overshoot) or −90 (undershoot): item 0's
    // top at −10 or 10, item 1 still at 100 (item 0 in its slot), and it drops at index 0.
    for (back, center) in [(-110, 40.0), (-90, 60.0)] {
      let script = "press 1; tick 30; drag +100; tick 60; drag \(back); tick 1; state"
      let state = try #require(try states(script, rows: 3, height: 100).first)
      let lifted = try #require(state["lifted"] as? [String: Any])
      #expect(lifted["center"] as? Double == center)
      #expect(lifted["row"] as? Int == 1)
      #expect(order(script + "; release", rows: 3, height: 100) == [0, 1, 2])
    }
  }

  @Test("widgets: 'SliverReorderableList calls onReorderStart and onReorderEnd correctly'")
  func reorderStartAndEnd() throws {
    // +20 then +300 on 100-point rows: endIndex 3 (after the row, Flutter's insert
    // index), so item 0 ends at index 2; then from index 2, +20 then −200: endIndex 0.
    let first = "press 1; tick 30; drag +20; drag +300; tick 60; release"
    #expect(order(first, rows: 8, height: 100) == [1, 2, 0, 3, 4, 5, 6, 7])
    let second = first + "; press 3; tick 30; drag +20; drag -200; tick 60; state; release"
    let state = try #require(try states(second, rows: 8, height: 100).first)
    let lifted = try #require(state["lifted"] as? [String: Any])
    #expect(lifted["from"] as? Int == 3)  // startIndex 2
    #expect(lifted["row"] as? Int == 1)  // endIndex 0
    #expect(order(second, rows: 8, height: 100) == Array(0..<8))
  }

  @Test(
    "widgets: 'ReorderableList calls onReorderStart and onReorderEnd correctly' (delayed listener)"
  )
  func reorderStartAndEndDelayed() {
    // The same facts with the long-press listener: kLongPressTimeout is the preset's hold.
    let script =
      "press 1; tick 30; drag +20; drag +300; tick 60; release; "
      + "press 3; tick 30; drag +20; drag -200; tick 60; release"
    #expect(order(script, rows: 8, height: 100) == Array(0..<8))
  }

  @Test(
    "widgets: 'calls onReorderItem callback correctly', 'prefers old onReorder callback', drag start listeners 'enabled is true'"
  )
  func halfRowBothWays() {
    // 5 items of 100: +50 moves item 0 below item 1 (exactly half a row, inclusive);
    // from there −50 moves it back.
    let down = "press 1; tick 30; drag +50; tick 1; release"
    #expect(order(down, rows: 5, height: 100) == [1, 0, 2, 3, 4])
    let up = down + "; press 2; tick 30; drag -50; tick 1; release"
    #expect(order(up, rows: 5, height: 100) == [0, 1, 2, 3, 4])
  }

  @Test("widgets: 'SliverReorderableList auto scrolls speed is configurable'")
  func autoScrollSpeed() throws {
    // 10 items of 100. Touching the edge (+500: the proxy's bottom at 600) does not
    // scroll; 50 more overflows by 50, 20 a step. autoScrollerVelocityScalar 20 and 5 are
    // steps every 50 and 200 ms; over the test's ~0.6 s (37 frames) 12 and 3 steps: 240
    // and 60, the ratio 20/5 the test asserts.
    var offsets: [Double] = []
    for period in [50, 200] {
      let script =
        "set autoscroll overflow cap=20 clock=timer:\(period); press 1; tick 30; drag +500; "
        + "tick 12; state; drag +50; tick 37; state"
      let s = try states(script, rows: 10, height: 100)
      #expect(s.count == 2)
      #expect(s.first?["offset"] as? Double == 0)
      offsets.append(try #require(s.last?["offset"] as? Double))
    }
    #expect(offsets == [240, 60])
    #expect(offsets[0] / offsets[1] == 20.0 / 5.0)
  }

  @Test(
    "widgets: 'Tests that the item position is correct when prototypeItem or itemExtent are set'")
  func smallDragKeepsTheNext() throws {
    // +20 from item 0's centre: item 1 stays at 100 (the row stays in its slot).
    let state = try #require(
      try states("press 1; tick 30; drag +20; tick 1; state", rows: 5, height: 100).first)
    let lifted = try #require(state["lifted"] as? [String: Any])
    #expect(lifted["row"] as? Int == 1)
  }

  @Test(
    "widgets: 'Tests the correctness of the drop animation in various scenarios' (vertical)",
    arguments: [(3, 1), (3, 3), (3, 5), (0, 5), (5, 0)])
  func dropAnimationScenarios(from: Int, to: Int) throws {
    // Items of 20, 50, 30, 80, 100, 30; a one-second timedDrag (60 moves) takes item
    // `from`'s top to where it starts at index `to`, and it drops there. For (0, 5) the
    // last pass that moves it needs its top in [275, 280) with it at index 4 (item 5's
    // second half holds the bottom, not its first half the top); the 4.83-point moves
    // land there once.
    let sizes = [20.0, 50, 30, 80, 100, 30]
    var without = sizes
    without.remove(at: from)
    let target = without.prefix(to).reduce(0, +)
    let top = sizes.prefix(from).reduce(0, +)
    let center = top + sizes[from] / 2
    let moves = (1...60).map { "drag y=\(center + (target - top) * Double($0) / 60)" }
    let script =
      (["press \(from + 1)", "tick 30"] + moves + ["release", "print"]).joined(separator: "; ")
    let json =
      "["
      + sizes.enumerated().map { #"{"t":"\#($0.offset)","height":\#($0.element)}"# }
      .joined(separator: ",") + "]"
    let result = run(script, on: json, options: ["-n", "--preset", "flutter"])
    #expect(result.stderr == "")
    let printed = try #require(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    var expected = Array(0..<6).filter { $0 != from }
    expected.insert(from, at: to)
    #expect(printed.compactMap { ($0["t"] as? String).flatMap(Int.init) } == expected)
  }

  // MARK: material/reorderable_list_test.dart (4 items of 48, list 480 high)

  @Test(
    "material: 'reorders its contents only when a drag finishes', 'allows reordering from the very top to the very bottom', 'from the very bottom to the very top', 'inside the middle of the widget'",
    arguments: [
      (1, 144, [2, 3, 1, 4]), (1, 240, [2, 3, 4, 1]), (4, -144, [4, 1, 2, 3]),
      (3, -48, [1, 3, 2, 4]),
    ])
  func materialLongPressDrags(row: Int, by: Int, expected: [Int]) {
    // longPressDrag: kLongPressTimeout + kPressTimeout (36 frames), one move to the
    // target item's centre (or 96 below Item 4's), kPressTimeout, up. +144: the
    // snapshot's top 144 is Item 4's top (inclusive, before it); +240: past every row;
    // −144: the top 0 is Item 1's top; −48: the top 48 is Item 2's top.
    let script = "press \(row); tick 36; drag \(by > 0 ? "+" : "")\(by); tick 6; release"
    let names = order(script, rows: 4, height: 48, viewport: 480)
    #expect(names.map { $0 + 1 } == expected)
  }

  // MARK: widgets/scrollable_helpers_test.dart

  @Test(
    "helpers: 'ReorderableListView in Flexible with one item does not assert when dragged to edge'")
  func oneItemToTheEdge() {
    // The only item (a list tile, 56 high) is held at the screen's bottom edge less 10
    // for a second: no error, and the list is the same one item.
    #expect(
      lines("press 1; tick 30; drag y=590; tick 60; release; print", rows: 1, height: 56) == ["0"])
  }
}
