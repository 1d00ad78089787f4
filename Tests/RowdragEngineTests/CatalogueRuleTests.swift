import RowdragTestSupport
import Testing

@testable import RowdragEngine

/// The reorder rules of the behaviour catalogue §3, over the table geometry.
@Suite("catalogue rules")
struct CatalogueRuleTests {
  func input(center: Double, length: Double, pointer: Double? = nil, event: ReorderEvent = .frame)
    -> ReorderInput
  {
    ReorderInput(
      center: center, snapshotLength: length, pointer: pointer ?? center, crossesSections: true,
      event: event)
  }

  /// Every slot the lifted item can reach, topmost first, with where it would start.
  func reachableSlots(_ geometry: TableGeometry) -> [(slot: Slot, start: Double)] {
    var g = geometry
    let anyInput = input(center: 0, length: 1)
    while let previous = g.neighbour(.backward), anyInput.mayPass(previous) {
      g.moveLifted(to: previous.destination)
    }
    var slots = [(g.lifted, g.liftedStart)]
    while let next = g.neighbour(.forward), anyInput.mayPass(next) {
      g.moveLifted(to: next.destination)
      slots.append((g.lifted, g.liftedStart))
    }
    return slots
  }

  @Test("nearest: the slot nearest c by brute force, ties to the current one, else the topmost")
  func nearestIsNearest() {
    var rng = SplitMix64(seed: 3)
    for trial in 0..<2000 {
      let sections = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
        SectionSpec(titled: rng.next(2) == 0, rowCount: rng.next(6))
      }
      let n = sections.reduce(0) { $0 + $1.rowCount }
      guard n > 0 else { continue }
      let heights = (0..<n).map { _ in [44.0, 20, 100, 13.5][rng.next(4)] }
      let layout = Layout(sections: sections, ownHeights: heights)
      let p = rng.next(n)
      let geometry = TableGeometry(
        layout: layout, lifted: Slot(position: p, section: layout.section(of: p)))
      let h = layout.height(at: p)
      let c = Double(rng.next(Int(layout.contentHeight) + 40)) - 20 + [0, 0.5][rng.next(2)]
      let slots = reachableSlots(geometry)
      let distances = slots.map { abs(c - ($0.start + h / 2)) }
      let best = distances.min()!
      let here = slots.firstIndex { $0.slot == geometry.lifted }!
      let expected = distances[here] == best ? here : distances.firstIndex(of: best)!
      var g = geometry
      NearestRule().reorder(input(center: c, length: h), in: &g)
      #expect(g.lifted == slots[expected].slot, "trial \(trial): c \(c)")
    }
  }

  /// At an exact tie `nearest` keeps the current slot (§3.2), so there the path does
  /// matter; targets a quarter point off the grid of slot centres keep away from ties.
  @Test("nearest and overlap depend only on c: many small drags end where one long drag ends")
  func pathIndependent() throws {
    for rule in [ReorderRule.nearest, .overlap] {
      var rng = SplitMix64(seed: 8)
      for trial in 0..<300 {
        let heights = (0..<30).map { _ in [44.0, 20, 100][rng.next(3)] }
        var engine = makeEngine(
          [SectionSpec(titled: false, rowCount: 12), SectionSpec(titled: true, rowCount: 18)],
          heights: heights
        ) {
          $0.rule = rule
          $0.autoscroll = .off
          $0.viewport = 2000
        }
        try engine.press(position: rng.next(30))
        var stepwise = engine
        let target = Double(rng.next(1900)) + 1.25
        try engine.drag(toScreenY: target)
        let start = stepwise.finger!
        for k in 1...40 { try stepwise.drag(toScreenY: start + (target - start) * Double(k) / 40) }
        #expect(engine.lift?.position == stepwise.lift?.position, "\(rule.name) trial \(trial)")
        #expect(engine.ids == stepwise.ids, "\(rule.name) trial \(trial)")
      }
    }
  }

  @Test("far: one step per event, after half a row and once the neighbour's bottom is covered")
  func farStepsOnce() throws {
    var engine = plainEngine(30) {
      $0.rule = .far
      $0.autoscroll = .off
    }
    try engine.press(position: 2)  // row 3: 88…132, finger 110
    // A jump of five rows: the snapshot's top at 330, far past; one step only.
    try engine.drag(by: 220)
    #expect(engine.lift?.position == 3)
    // Each frame is one more event: one more step each, while the next row's bottom
    // stays above the snapshot's bottom 352: up to index 6, whose next row ends at 352.
    try engine.tick(1)
    #expect(engine.lift?.position == 4)
    try engine.tick(10)
    #expect(engine.lift?.position == 6)
  }

  @Test("guarded: under, but only once the finger is deeper than h_R − h_L into the row")
  func guardedHeightGuard() throws {
    // Row 2 (index 1) is 100 high and starts at 44; the lifted row 1 is 44 high.
    var engine = makeEngine([SectionSpec(titled: false, rowCount: 4)], heights: [44, 100, 44, 44]) {
      $0.rule = .guarded
      $0.autoscroll = .off
    }
    try engine.press(position: 0)
    // 44 + 56 = 100: the finger must be more than 56 into the row, at y > 100.
    try engine.drag(toScreenY: 100)
    #expect(engine.lift?.position == 0)
    try engine.drag(toScreenY: 100.5)
    #expect(engine.lift?.position == 1)
  }

  @Test("drop: nothing moves until the release, then below the row's middle goes after it")
  func dropOnRelease() throws {
    var engine = plainEngine(10) {
      $0.rule = .drop
      $0.autoscroll = .off
    }
    try engine.press(position: 0)
    try engine.drag(toScreenY: 200)  // row 5 (176…220), below its middle 198
    try engine.tick(5)
    #expect(engine.lift?.position == 0)
    try engine.release()
    #expect(engine.ids == [1, 2, 3, 4, 0, 5, 6, 7, 8, 9])
    try engine.undo()
    try engine.press(position: 0)
    try engine.drag(toScreenY: 197)  // above the middle: before row 5
    try engine.cancel()
    #expect(engine.ids == Array(0..<10))
    try engine.press(position: 0)
    try engine.drag(toScreenY: 197)
    try engine.release()
    #expect(engine.ids == [1, 2, 3, 0, 4, 5, 6, 7, 8, 9])
  }
}

@Suite("the table at lift")
struct AtLiftTests {
  @Test("rows at lift, computed from the table now, equal the table with the row put back")
  func viewMatchesRestoredTable() {
    var rng = SplitMix64(seed: 77)
    for trial in 0..<3000 {
      let sections = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
        SectionSpec(titled: rng.next(2) == 0, rowCount: rng.next(7))
      }
      let n = sections.reduce(0) { $0 + $1.rowCount }
      guard n > 1 else { continue }
      let heights = (0..<n).map { _ in [44.0, 20, 100, 13.5][rng.next(4)] }
      let p = rng.next(n)
      // A lifted row is never pinned.
      let flags = (0..<n).map { k in k != p && rng.next(6) == 0 ? RowFlags.pinned : [] }
      let layout = Layout(sections: sections, ownHeights: heights, flags: flags)
      let source = Slot(position: p, section: layout.section(of: p))
      var now = TableGeometry(layout: layout, lifted: source)
      // Move the lifted row a few items, as a gesture would.
      for _ in 0..<rng.next(6) {
        guard let item = now.neighbour(rng.next(2) == 0 ? .forward : .backward) else { continue }
        now.moveLifted(to: item.destination)
      }
      let a = Double(rng.next(Int(layout.contentHeight) + 60)) - 30
      let b = a + [1.0, 44, 150][rng.next(3)]
      var seen: [RowAtLift] = []
      now.forEachRowAtLift(from: a, to: b, source: source) { seen.append($0) }
      // The reference: the table with the row put back, scanned row by row.
      let back = TableGeometry(layout: layout, lifted: source)
      var expected: [RowAtLift] = []
      for g in 0..<n {
        let section = back.layout.section(of: g)
        let start = back.layout.top(of: g, section: section)
        let length = back.layout.height(at: g)
        guard start + length > a, start < b else { continue }
        let item = AxisItem(
          kind: .row(position: g), start: start, length: length,
          isPinned: back.layout.flags(at: g).contains(.pinned),
          destination: g == p
            ? source : Slot(position: section > source.section ? g - 1 : g, section: section))
        let probe = AxisItem(
          kind: .row(position: g), start: start, length: length, isPinned: false,
          destination: source)
        expected.append(
          RowAtLift(
            item: item, isLifted: g == p, isBehindPin: g != p && back.hasBarrier(before: probe)))
      }
      #expect(seen == expected, "trial \(trial)")
      if seen != expected { return }
    }
  }
}

@Suite("hit-testing rows")
struct HitTests {
  @Test("row(atContentY:) on uniform layouts equals a scan of every row, headers and gaps included")
  func uniformRowAt() {
    var rng = SplitMix64(seed: 91)
    for trial in 0..<500 {
      let sections = (0..<Int.random(in: 1...5, using: &rng)).map { _ in
        SectionSpec(titled: rng.next(2) == 0, rowCount: rng.next(5))
      }
      let layout = Layout(sections: sections, rowHeight: [44, 13.5, 0.1][rng.next(3)])
      let n = layout.rowCount
      for _ in 0..<40 {
        let y = Double(rng.next(Int(layout.contentHeight) + 40) - 20) + [0, 0.5, 0.05][rng.next(3)]
        let expected = (0..<n).first {
          layout.top(of: $0) <= y && y < layout.top(of: $0) + layout.height(at: $0)
        }
        #expect(layout.row(atContentY: y) == expected, "trial \(trial) y \(y)")
      }
    }
  }
}

/// `halves`, Flutter's `_dragUpdateItems()` (the catalogue §3.9), computed by hand.
@Suite("catalogue rule halves")
struct HalvesRuleTests {
  /// `n` rows of height `h` in one untitled section, no auto-scroll unless `viewport`
  /// leaves the default law something to do.
  func engine(_ n: Int, height h: Double, viewport: Double = 2000, scrolls: Bool = false)
    -> Engine
  {
    makeEngine(
      [SectionSpec(titled: false, rowCount: n)], heights: Array(repeating: h, count: n)
    ) {
      $0.rule = .halves
      if !scrolls { $0.autoscroll = .off }
      $0.viewport = viewport
    }
  }

  @Test("Flutter's endIndex 3: +20 then +300 on 100-point rows lands one slot short of edge")
  func flutterEndIndexThree() throws {
    // Row 1 (0…100, grab 0). +20: snapshot 20…120; row 2 (100…200) holds neither edge
    // in the right half, row 3's top 200 is below 120 but the target 0 is not after
    // p = 1: nothing. +300: 320…420; rows 2 and 3 end above 320 (case 3: target 1,
    // then 2); row 4 (300…400, middle 350) holds 320 in its first half: target 2.
    var e = engine(30, height: 100)
    try e.press(position: 0)
    try e.drag(by: 20)
    #expect(e.lift?.position == 0)
    try e.drag(by: 300)
    #expect(e.lift?.position == 2)  // Flutter's onReorder(0, 3)
    // Frames that scroll nothing do not run the rule (`edge` would be at 3: 420 > 350).
    try e.tick(10)
    #expect(e.lift?.position == 2)
    try e.release()
    #expect(Array(e.ids.prefix(4)) == [1, 2, 0, 3])
  }

  @Test("Flutter's +144 on 48-point rows: Item 2, Item 3, Item 1, Item 4")
  func flutterDragDown144() throws {
    // Snapshot 144…192: row 2 (48…96) ends above 144 (target 1); row 3 (96…144) ends
    // exactly at 144, not above it, and holds neither edge; row 4 (144…192) holds 144
    // at its top, inclusive: target 2. `edge` would go to 3 (192 > 168).
    var e = engine(4, height: 48)
    try e.press(position: 0)
    try e.drag(by: 144)
    try e.release()
    #expect(e.ids == [1, 2, 0, 3])
  }

  @Test("inclusive: exactly half a row moves the row, both ways; on the tie each drag flips")
  func inclusiveHalfRow() throws {
    var e = engine(10, height: 44)
    try e.press(position: 2)  // 88…132, center 110
    // +22: bottom 154 is row 4's middle (132…176): case 2, after it.
    try e.drag(by: 22)
    #expect(e.lift?.position == 3)
    // −22: top 88 is the top of the row now at 88…132 (middle 110): case 1, before it.
    try e.drag(by: -22)
    #expect(e.lift?.position == 2)
    // Back where it started nothing holds: 88 is past row 2's middle 66, 132 short of
    // row 4's middle 154.
    try e.drag(by: 0)
    #expect(e.lift?.position == 2)
    // Up by half a row: top 66 is row 2's middle (44…88), inclusive: before it.
    try e.drag(by: -22)
    #expect(e.lift?.position == 1)
    // Centre 132 from slot 1 (44…88): the top 110 is the middle of the row at 88…132,
    // case 1 before it, which is where the row is.
    try e.drag(toScreenY: 132)
    #expect(e.lift?.position == 1)
    // Centre 132 from slot 2 (88…132): 154 holds row 4's middle → 3; from slot 3
    // (132…176) the top 110 is the middle of the row at 88…132 → 2; and so on.
    try e.cancel()
    try e.press(position: 2)
    try e.drag(by: 22)
    #expect(e.lift?.position == 3)
    try e.drag(by: 0)
    #expect(e.lift?.position == 2)
    try e.drag(by: 0)
    #expect(e.lift?.position == 3)
  }

  @Test("an auto-scroll application that moves the offset runs the pass; a still frame does not")
  func runsAfterScrolling() throws {
    // 100-point rows, viewport 1000, the default `linear zone=100 max=1200`.
    var e = engine(30, height: 100, viewport: 1000, scrolls: true)
    try e.press(position: 0)
    try e.drag(by: 20)
    try e.drag(by: 300)
    try e.tick(5)  // finger 370: outside the zone, nothing scrolls, nothing runs
    #expect(e.offset == 0)
    #expect(e.lift?.position == 2)
    // Finger 950: snapshot 900…1000; rows 4…8 end above 900 (target 7), row 9
    // (800…900) ends exactly at 900, row 10 (900…1000) holds 900 at its top: target 8.
    try e.drag(toScreenY: 950)
    #expect(e.lift?.position == 8)
    // Depth 50 of 100: 600 pt/s, 10 a frame. After 4 frames the top is 940, still in
    // row 10's first half (middle 950).
    try e.tick(4)
    #expect(abs(e.offset - 40) < 1e-9)
    #expect(e.lift?.position == 8)
    // At 960…1060: row 10 holds neither edge; row 11 (1000…1100, middle 1050) holds
    // the bottom in its second half: after it, two slots in one pass.
    try e.tick(2)
    #expect(e.lift?.position == 10)
    try e.tick(1)
    #expect(e.lift?.position == 10)
  }

  @Test("runs on drags and on frames that scrolled, never on still frames or the release")
  func events() {
    let rule = HalvesRule()
    #expect(rule.acts(on: .drag(delta: 0)))
    #expect(rule.acts(on: .frame))
    #expect(!rule.acts(on: .still))
    #expect(!rule.acts(on: .release))
    #expect(rule.columnEntry == nil)
  }

  @Test("a pinned row stops the steps; the pass still counts it")
  func pinnedStops() throws {
    var flags = Array(repeating: RowFlags(), count: 10)
    flags[4] = .pinned
    var e = makeEngine([SectionSpec(titled: false, rowCount: 10)], flags: flags) {
      $0.rule = .halves
      $0.autoscroll = .off
      $0.viewport = 2000
    }
    try e.press(position: 0)  // 0…44
    // Snapshot 286…330: rows 2…6 end above 286 (target 5, the pinned row counted),
    // row 7 (264…308, middle 286) holds the top 286 in its first half: target 5.
    // The pinned row at index 4 stops the steps at 3.
    try e.drag(by: 286)
    #expect(e.lift?.position == 3)
  }
}
