import RowdragTestSupport
import Testing

@testable import RowdragEngine

/// `overlap` stops its walk early on rows of one height (a block's snapshot covers
/// hundreds of rows it need not score); it must choose exactly what scoring every row
/// chooses.
@Suite("overlap's short walk")
struct OverlapWalkTests {
  /// The rule as the catalogue states it: every row the snapshot meets, scored.
  func everyRowScored(_ input: ReorderInput, from source: Slot, in geometry: TableGeometry)
    -> Slot
  {
    let (a, b) = (input.snapshotStart, input.snapshotEnd)
    var target = source
    var best = -1.0
    geometry.forEachRowAtLift(from: a, to: b, source: source) { row in
      let item = row.item
      let overlap = min(b, item.start + item.length) - max(a, item.start)
      guard overlap > 0 else { return }
      if !row.isLifted {
        if item.isPinned || row.isBehindPin { return }
        if !input.crossesSections && item.destination.section != source.section { return }
      }
      let ratio = OverlapRule.toFixed4(overlap / (item.length + input.snapshotLength - overlap))
      if ratio > best {
        best = ratio
        target = row.isLifted ? source : item.destination
      }
    }
    return target
  }

  /// One to three sections of up to `rows` rows each, their total, and a row height,
  /// whole or not (sums of these are exact); nil under two rows.
  static func randomTable(_ rng: inout SplitMix64, rows: Int)
    -> (sections: [SectionSpec], count: Int, rowHeight: Double)?
  {
    let sections = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
      SectionSpec(titled: rng.next(2) == 0, rowCount: rng.next(rows))
    }
    let n = sections.reduce(0) { $0 + $1.rowCount }
    guard n > 1 else { return nil }
    return (sections, n, [44.0, 20, 7, 13.5, 44.25][rng.next(5)])
  }

  @Test("blocks of 1–8 rows on uniform tables: the short walk chooses what scoring every row does")
  func shortWalkEqualsFullScoring() {
    var rng = SplitMix64(seed: 23)
    var shortWalks = 0
    for trial in 0..<3000 {
      // Whole-numbered heights take the short walk; the others the full one.
      guard let (sections, n, rowHeight) = Self.randomTable(&rng, rows: 40) else { continue }
      let pinning = rng.next(3) == 0
      let flags = (0..<n).map { _ in pinning && rng.next(8) == 0 ? RowFlags.pinned : [] }
      let layout = Layout(sections: sections, rowHeight: rowHeight, flags: flags)
      let p = rng.next(n)
      let s = layout.section(of: p)
      let count = 1 + rng.next(min(8, layout.sectionEnd(s) - p))
      guard !(p..<(p + count)).contains(where: { layout.flags(at: $0).contains(.pinned) })
      else { continue }
      let source = Slot(position: p, section: s)
      var geometry = TableGeometry(layout: layout, lifted: source, count: count)
      let length = geometry.liftedLength
      var input = ReorderInput(
        center: 0, snapshotLength: length, pointer: 0, crossesSections: rng.next(2) == 0,
        source: source)
      // Move the block a few slots, as a gesture would.
      for _ in 0..<rng.next(12) {
        guard let item = geometry.neighbour(rng.next(2) == 0 ? .forward : .backward),
          input.mayPass(item)
        else { continue }
        geometry.moveLifted(to: item.destination)
      }
      input.center = Double(rng.next(Int(layout.contentHeight) + 80)) - 40 + [0, 0.5][rng.next(2)]
      if geometry.uniformRowLength != nil { shortWalks += 1 }
      let expected = everyRowScored(input, from: source, in: geometry)
      var g = geometry
      OverlapRule().reorder(input, in: &g)
      #expect(g.lifted == expected, "trial \(trial)")
    }
    #expect(shortWalks > 1000)
  }

  @Test("the walk visits exactly the rows at lift that meet the span, found from scratch")
  func walkMeetsSpan() {
    var rng = SplitMix64(seed: 2612)
    for trial in 0..<3000 {
      // Heights whose sums are exact, so that the table rebuilt at lift measures what
      // the walk computes from the table as it is: whole (the walk's shortcuts) or not.
      guard let (sections, n, rowHeight) = Self.randomTable(&rng, rows: 30) else { continue }
      let own: [Double]? =
        rng.next(3) == 0 ? (0..<n).map { _ in [Double.nan, 30, 61.5, 8][rng.next(4)] } : nil
      let layout = Layout(sections: sections, rowHeight: rowHeight, ownHeights: own)
      let p = rng.next(n)
      let s = layout.section(of: p)
      let count = 1 + rng.next(min(8, layout.sectionEnd(s) - p))
      let source = Slot(position: p, section: s)
      var geometry = TableGeometry(layout: layout, lifted: source, count: count)
      for _ in 0..<rng.next(12) {
        guard let item = geometry.neighbour(rng.next(2) == 0 ? .forward : .backward) else {
          continue
        }
        geometry.moveLifted(to: item.destination)
      }
      // The table at lift, rebuilt: the lifted item moved back to its source.
      var atLift = geometry.layout
      atLift.relocate(
        from: geometry.lifted.position, count: count, fromSection: geometry.lifted.section,
        to: p, toSection: s)
      var expected: [AxisItem] = []
      var g = 0
      while g < n {
        let length = g == p ? atLift.height(at: p, count: count) : atLift.height(at: g)
        expected.append(
          AxisItem(
            kind: .row(position: g), start: atLift.top(of: g), length: length, isPinned: false,
            destination: source))
        g += g == p ? count : 1
      }
      let a = Double(rng.next(Int(layout.contentHeight) + 80)) - 40 + [0, 0.5, 0.25][rng.next(3)]
      let b = a + [1.0, 20, 44, 300][rng.next(4)]
      var seen: [(Double, Double)] = []
      geometry.forEachRowAtLift(from: a, to: b, source: source) {
        seen.append(($0.item.start, $0.item.length))
      }
      let meeting = expected.filter { $0.start < b && $0.start + $0.length > a }
      #expect(
        seen.map(\.0) == meeting.map(\.start) && seen.map(\.1) == meeting.map(\.length),
        "trial \(trial)")
    }
  }

  @Test("uniformRowLength: only whole-numbered default heights")
  func uniformRowLength() {
    let sections = [SectionSpec(titled: true, rowCount: 5)]
    #expect(
      TableGeometry(layout: Layout(sections: sections), lifted: Slot(position: 0, section: 0))
        .uniformRowLength == 44)
    #expect(
      TableGeometry(
        layout: Layout(sections: sections, rowHeight: 44.5), lifted: Slot(position: 0, section: 0)
      ).uniformRowLength == nil)
    #expect(
      TableGeometry(
        layout: Layout(sections: sections, ownHeights: [.nan, 20, .nan, .nan, .nan]),
        lifted: Slot(position: 0, section: 0)
      ).uniformRowLength == nil)
  }
}
