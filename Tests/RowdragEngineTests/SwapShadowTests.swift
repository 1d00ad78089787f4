import Testing

@testable import RowdragEngine

/// `under shadow=1`: SortableJS's memory of its last swap (`_getSwapDirection` with
/// `isLastTarget`, issue 24), computed by hand. Rows of 40, 100, 40 and 40 points
/// (0…40, 40…140, 140…180, 180…220), no auto-scroll, the rule after every drag; the
/// 40-point row 0 is lifted by a press at y 20, then dragged to y 50, over the tall row
/// 1: it goes after it. Row 1 is now 0…100 and moved 40 points; the lifted row is
/// 100…140. Plain `under` moves it back as soon as the finger is anywhere on row 1.
@Suite("under shadow=1")
struct SwapShadowTests {
  static let heights: [Double] = [40, 100, 40, 40]

  /// The engine after the swap past row 1, with `shadow=SHADOW` (and `every=MS`).
  func swapped(shadow: Bool = true, every: Double = 0) throws -> Engine {
    let rule = try ReorderRule(
      UnderRule.kind, values: ["shadow": .points(shadow ? 1 : 0), "every": .points(every)])
    var e = makeEngine([SectionSpec(titled: false, rowCount: 4)], heights: Self.heights) {
      $0.rule = rule
      $0.autoscroll = .off
    }
    try e.press(screenY: 20)
    try e.drag(toScreenY: 50)
    if every == 0 {
      #expect(e.ids == [1, 0, 2, 3])
      // Plain `under` remembers nothing.
      #expect(e.lift?.ruleMemory.lastTarget == (shadow ? 0 : nil))
      #expect(e.lift?.ruleMemory.lastDirection == (shadow ? 1 : 0))
      #expect(e.lift?.ruleMemory.targetMoved == (shadow ? 40 : 0))
    }
    return e
  }

  @Test("back over the tall row: held outside its shadow, moved back inside it")
  func shadow() throws {
    var e = try swapped()
    try e.drag(toScreenY: 45)  // above row 1's middle (50), below its shadow (0…40)
    #expect(e.ids == [1, 0, 2, 3])
    try e.drag(toScreenY: 39)  // in the shadow: back before row 1
    #expect(e.ids == [0, 1, 2, 3])
    #expect(e.lift?.ruleMemory.lastDirection == -1)
    #expect(e.brokenInvariant() == nil)
    var plain = try swapped(shadow: false)
    try plain.drag(toScreenY: 45)
    #expect(plain.ids == [0, 1, 2, 3])
  }

  @Test("once past the tall row's middle, its middle decides")
  func pastTheMiddle() throws {
    var e = try swapped()
    try e.drag(toScreenY: 60)  // past the middle, away from the lifted row: stays
    #expect(e.ids == [1, 0, 2, 3])
    #expect(e.lift?.ruleMemory.pastMiddle == true)
    try e.drag(toScreenY: 45)  // above the middle: back (held, without the crossing)
    #expect(e.ids == [0, 1, 2, 3])
    var exact = try swapped()
    try exact.drag(toScreenY: 60)
    try exact.drag(toScreenY: 50)  // exactly on the middle: neither side
    #expect(exact.ids == [1, 0, 2, 3])
  }

  @Test("a finger on the lifted row forgets the last swap")
  func forgotten() throws {
    var e = try swapped()
    try e.drag(toScreenY: 120)  // on the lifted row (100…140)
    #expect(e.lift?.ruleMemory.lastTarget == nil)
    try e.drag(toScreenY: 45)  // row 1 is a new target: plainly under the finger
    #expect(e.ids == [0, 1, 2, 3])
  }

  @Test("a rule set during the gesture remembers nothing")
  func setRuleForgets() throws {
    var e = try swapped()
    try e.setRule(e.settings.rule)
    #expect(e.lift?.ruleMemory == RuleMemory())
    try e.drag(toScreenY: 45)
    #expect(e.ids == [0, 1, 2, 3])
  }

  @Test("rows no longer than the lifted one: no shadow, as plain under")
  func equalRows() throws {
    let drags: [Double] = [50, 45, 60, 30, 95, 130, 85, 10, 70]
    var orders: [[[Int]]] = []
    for shadow in [true, false] {
      let rule = try ReorderRule(UnderRule.kind, values: ["shadow": .points(shadow ? 1 : 0)])
      var e = plainEngine(5) {
        $0.rule = rule
        $0.autoscroll = .off
      }
      try e.press(screenY: 20)
      var seen: [[Int]] = []
      for y in drags {
        try e.drag(toScreenY: y)
        seen.append(e.ids)
      }
      orders.append(seen)
    }
    #expect(orders[0] == orders[1])
    #expect(Set(orders[0]).count > 2)  // the drags do move the row
  }

  @Test("with every=50 and the finger at rest the row stays; plain under swaps it back and forth")
  func atRest() throws {
    for shadow in [true, false] {
      var e = try swapped(shadow: shadow, every: 50)
      try e.tick(3)  // 50 ms: the first firing swaps it past row 1
      #expect(e.ids == [1, 0, 2, 3])
      var seen: Set<[Int]> = []
      for _ in 0..<12 {
        try e.tick(3)
        seen.insert(e.ids)
      }
      #expect(seen == (shadow ? [[1, 0, 2, 3]] : [[1, 0, 2, 3], [0, 1, 2, 3]]), "\(shadow)")
    }
  }

  @Test("one long tick ends where single frames do, memory included")
  func longTick() throws {
    // The finger rests where the memory decides: long ticks must not take a state with
    // another memory for a repeat of the same one.
    for y in [45.0, 39, 60, 120] {
      func lifted() throws -> Engine {
        var e = try swapped(every: 8.5)
        try e.drag(toScreenY: y)
        return e
      }
      for frames in [1, 2, 19, 40] {
        var one = try lifted()
        try one.tick(frames)
        var single = try lifted()
        for _ in 0..<frames { try single.tick(1) }
        #expect(one.lift == single.lift, "y \(y), \(frames) frames")
        #expect(one.ids == single.ids, "y \(y), \(frames) frames")
      }
    }
  }

  @Test("an append below the rows keeps the last target, at its new position")
  func appendFollows() throws {
    let rule = try ReorderRule(UnderRule.kind, values: ["shadow": .points(1), "end": .points(1)])
    func lifted(at y: Double) throws -> Engine {
      var e = makeEngine([SectionSpec(titled: false, rowCount: 4)], heights: Self.heights) {
        $0.rule = rule
        $0.autoscroll = .off
      }
      try e.press(screenY: y)
      return e
    }
    // Row 0 after row 1: row 1 stays before it, at position 0.
    var after = try lifted(at: 20)
    try after.drag(toScreenY: 100)
    #expect(after.ids == [1, 0, 2, 3])
    try after.drag(toScreenY: 300)  // below the last row (the rows end at 220)
    #expect(after.ids == [1, 2, 3, 0])
    #expect(after.lift?.ruleMemory.lastTarget == 0)
    // Row 2 before row 1: row 1, after it, moves up one when the row goes to the end.
    var before = try lifted(at: 160)
    try before.drag(toScreenY: 100)
    #expect(before.ids == [0, 2, 1, 3])
    #expect(before.lift?.ruleMemory.lastTarget == 2)
    #expect(before.lift?.ruleMemory.lastDirection == -1)
    try before.drag(toScreenY: 300)
    #expect(before.ids == [0, 1, 3, 2])
    #expect(before.lift?.ruleMemory.lastTarget == 1)
    #expect(before.brokenInvariant() == nil)
  }
}
