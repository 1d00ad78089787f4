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
