import Testing

@testable import RowdragEngine

/// `under end=1` and `visible=1`, the reorder behaviours that reproduce SortableJS's
/// `_ghostIsLast` and its `document.elementFromPoint` target (issue 24): computed by hand
/// on 44-point rows in a 600-point viewport with no auto-scroll. Ten rows end at content
/// 440, below which the list is empty.
@Suite("real library reorder rules")
struct RealLibraryReorderTests {
  /// `under` with `end`.
  func under(end: Double) throws -> ReorderRule {
    try ReorderRule(UnderRule.kind, values: ["end": .points(end)])
  }

  /// `n` rows (`flags` if given, in sections of `sizes` rows), the rule `under end=END`,
  /// the row at screen y 100 (row 2) lifted by a press there.
  func engine(
    end: Double, sizes: [Int] = [10], flags: [RowFlags]? = nil, keep: Bool = false,
    pressAt y: Double = 100
  ) throws -> Engine {
    let rule = try under(end: end)
    var e = makeEngine(sizes.map { SectionSpec(titled: false, rowCount: $0) }, flags: flags) {
      $0.rule = rule
      $0.autoscroll = .off
      $0.sections = keep ? .keep : .cross
    }
    try e.press(screenY: y)
    #expect(e.lift != nil)
    return e
  }

  @Test("end=1: a finger on screen below the last row moves the row to the end")
  func belowTheLastRow() throws {
    var e = try engine(end: 1)
    try e.drag(toScreenY: 500)
    #expect(e.ids == [0, 1, 3, 4, 5, 6, 7, 8, 9, 2])
    #expect(e.lift?.position == 9)
    // Back over row 4 (content 200, rows 176…220 after the move): `under` as before.
    try e.drag(toScreenY: 200)
    #expect(e.lift?.position == 4)
    #expect(e.brokenInvariant() == nil)
    var plain = try engine(end: 0)
    try plain.drag(toScreenY: 500)
    #expect(plain.ids == Array(0..<10))
  }

  @Test("end=1: the last row's bottom line is not below it; the view's bottom line is off screen")
  func edges() throws {
    // 440 is the last row's bottom line (`clientY > rect.bottom` is strict); 441 is below.
    for (y, moved) in [(440.0, false), (441, true), (599, true), (600, false), (-1, false)] {
      var e = try engine(end: 1)
      try e.drag(toScreenY: y)
      #expect((e.ids != Array(0..<10)) == moved, "\(y)")
    }
  }

  @Test("end=1: the row already last, a pinned last row or a pin on the way: nothing moves")
  func refused() throws {
    var last = try engine(end: 1, pressAt: 420)
    try last.drag(toScreenY: 500)
    #expect(last.ids == Array(0..<10))
    #expect(last.lift?.position == 9)
    for pinned in [9, 6] {
      var flags = [RowFlags](repeating: [], count: 10)
      flags[pinned] = .pinned
      var e = try engine(end: 1, flags: flags)
      try e.drag(toScreenY: 500)
      #expect(e.ids == Array(0..<10), "pin at \(pinned)")
    }
    // A locked row is a valid target, as for every rule.
    var flags = [RowFlags](repeating: [], count: 10)
    flags[9] = .locked
    var locked = try engine(end: 1, flags: flags)
    try locked.drag(toScreenY: 500)
    #expect(locked.lift?.position == 9)
  }

  @Test("end=1: the end of the last section, only when sections may be crossed")
  func sections() throws {
    // Sections of 5 and 5 rows, untitled: the last row ends at 440 as before.
    var keep = try engine(end: 1, sizes: [5, 5], keep: true)
    try keep.drag(toScreenY: 500)
    #expect(keep.ids == Array(0..<10))
    var cross = try engine(end: 1, sizes: [5, 5])
    try cross.drag(toScreenY: 500)
    #expect(cross.ids == [0, 1, 3, 4, 5, 6, 7, 8, 9, 2])
    #expect(cross.sectionSizes == [4, 6])
    #expect(cross.brokenInvariant() == nil)
  }

  @Test("end=1: a lifted block goes to the end whole")
  func block() throws {
    let rule = try under(end: 1)
    var e = plainEngine(10) {
      $0.rule = rule
      $0.autoscroll = .off
    }
    try e.press(position: 2, count: 3)
    try e.drag(toScreenY: 500)
    #expect(e.ids == [0, 1, 5, 6, 7, 8, 9, 2, 3, 4])
    #expect(e.brokenInvariant() == nil)
  }

  @Test("visible=1: a finger off screen hits no row, also a row scrolled out of view")
  func visible() throws {
    let rule = try ReorderRule(UnderRule.kind, values: ["visible": .points(1)])
    // 30 rows (content 1,320), offset 100: row 2 (88…132) is cut by the top edge.
    for (onlyVisible, expected) in [(true, 5), (false, 1)] {
      var e = plainEngine(30) {
        $0.rule = onlyVisible ? rule : .under
        $0.autoscroll = .off
      }
      try e.scroll(to: 100)
      try e.press(screenY: 150)  // content 250: row 5 (220…264)
      #expect(e.lift?.position == 5)
      try e.drag(toScreenY: -40)  // content 60: row 1, off screen
      #expect(e.lift?.position == expected, "\(onlyVisible)")
      try e.drag(toScreenY: 0)  // content 100: row 2, on screen
      #expect(e.lift?.position == 2, "\(onlyVisible)")
      try e.drag(toScreenY: 700)  // content 800: row 18, off screen
      #expect(e.lift?.position == (onlyVisible ? 2 : 18), "\(onlyVisible)")
      #expect(e.brokenInvariant() == nil)
    }
  }

  @Test("open=1: a finger exactly on a row's top line does not move the row there")
  func openRows() throws {
    let rule = try ReorderRule(UnderRule.kind, values: ["open": .points(1)])
    for (open, moved) in [(true, false), (false, true)] {
      var e = plainEngine(10) {
        $0.rule = open ? rule : .under
        $0.autoscroll = .off
      }
      try e.press(screenY: 100)  // row 2 (88…132)
      try e.drag(toScreenY: 176)  // row 4's top line
      #expect((e.lift?.position == 4) == moved, "\(open)")
      try e.drag(toScreenY: 177)  // inside row 4
      #expect(e.lift?.position == 4, "\(open)")
      try e.drag(toScreenY: 88)  // row 2's top line (rows 2, 3 are the old 3, 4)
      #expect((e.lift?.position == 2) == moved, "\(open)")
      #expect(e.brokenInvariant() == nil)
    }
  }

  @Test("every=50: the rule runs at 50, 100, 150 ms after the lift, never at a drag")
  func everyFifty() throws {
    let rule = try ReorderRule(UnderRule.kind, values: ["every": .points(50)])
    var e = plainEngine(20) {
      $0.rule = rule
      $0.autoscroll = .off
    }
    try e.press(screenY: 100)  // row 2 (88…132), lifted at once (hold 0): t = 0
    try e.drag(toScreenY: 300)  // over row 6 (264…308): not at a drag
    #expect(e.lift?.position == 2)
    try e.tick(2)  // t = 33 ms
    #expect(e.lift?.position == 2)
    try e.tick(1)  // t = 50 ms: the first firing
    #expect(e.lift?.position == 6)
    try e.drag(toScreenY: 120)  // over row 2's slot, now row 3's
    try e.tick(2)  // 83 ms
    #expect(e.lift?.position == 6)
    try e.tick(1)  // 100 ms
    #expect(e.lift?.position == 2)
    // A long rest skips frames, and the firings it skipped are counted.
    try e.tick(600)  // 10.1 s
    #expect(e.lift?.ruleTimer?.fired == 202)
    #expect(e.brokenInvariant() == nil)
    // Set during the gesture, the interval starts then.
    try e.setRule(.under)
    #expect(e.lift?.ruleTimer == nil)
    try e.setRule(rule)
    #expect(e.lift?.ruleTimer == RuleTimer(start: e.time))
  }

  @Test("end is 0 or 1")
  func range() {
    #expect(throws: EngineError.self) { try under(end: 2) }
    #expect(throws: EngineError.self) { try under(end: 0.5) }
    #expect(throws: EngineError.self) {
      try ReorderRule(UnderRule.kind, values: ["visible": .points(-1)])
    }
    #expect((try? under(end: 0)) == ReorderRule.under)
  }
}
