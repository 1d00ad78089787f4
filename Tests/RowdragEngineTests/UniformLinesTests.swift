import RowdragTestSupport
import Testing

@testable import RowdragEngine

/// A list whose rows all have the same number of lines (an M3U playlist of `#EXTINF` and
/// path pairs) is kept without per-row heights (`Layout(uniformLines:)`); it must be the
/// same table, bit for bit, as the per-row form (`ownHeights` of `-lines` for every row).
@Suite("rows of one line count without per-row heights")
struct UniformLinesTests {
  /// The same rows in both forms.
  func layouts(_ sections: [SectionSpec], lines: Int, rowHeight: Double = 44)
    -> (compact: Layout, perRow: Layout)
  {
    let n = sections.reduce(0) { $0 + $1.rowCount }
    let compact = Layout(sections: sections, rowHeight: rowHeight, uniformLines: lines)
    let perRow = Layout(
      sections: sections, rowHeight: rowHeight,
      ownHeights: [Double](repeating: -Double(lines), count: n))
    return (compact, perRow)
  }

  /// Every top, height and hit test agrees, bit for bit.
  func expectSameGeometry(_ a: Layout, _ b: Layout, _ context: String) {
    #expect(a.contentHeight.bitPattern == b.contentHeight.bitPattern, "\(context)")
    for p in 0..<a.rowCount {
      #expect(a.top(of: p).bitPattern == b.top(of: p).bitPattern, "\(context): top of \(p)")
      #expect(a.height(at: p).bitPattern == b.height(at: p).bitPattern, "\(context): \(p)")
    }
    var y = -10.0
    while y < a.contentHeight + 50 {
      #expect(a.row(atContentY: y) == b.row(atContentY: y), "\(context): row at \(y)")
      y += 13.25
    }
  }

  @Test("two-line rows: one height, no arrays, the per-row form's tops and hits")
  func twoLineRows() {
    let sections = [
      SectionSpec(titled: true, rowCount: 30), SectionSpec(titled: false, rowCount: 7),
    ]
    let (compact, perRow) = layouts(sections, lines: 2)
    #expect(compact.isUniform)
    #expect(!perRow.isUniform)
    #expect(compact.height(at: 5) == 88)
    #expect(compact.top(of: 31) == 28 + 31 * 88)
    expectSameGeometry(compact, perRow, "two lines")
  }

  @Test("set row-height: a whole-numbered height keeps the compact form, another converts")
  func rowHeightChanges() {
    let sections = [SectionSpec(titled: false, rowCount: 40)]
    var (compact, perRow) = layouts(sections, lines: 3)
    compact.setRowHeight(30)
    perRow.setRowHeight(30)
    #expect(compact.isUniform && compact.uniformHeight == 90)
    expectSameGeometry(compact, perRow, "30")
    compact.setRowHeight(30.3)
    perRow.setRowHeight(30.3)
    #expect(!compact.isUniform, "3 × 30.3 is not a whole number: per-row heights")
    expectSameGeometry(compact, perRow, "30.3")
    compact.setRowHeight(20)
    perRow.setRowHeight(20)
    expectSameGeometry(compact, perRow, "back to 20")
  }

  @Test("random gestures under every rule and law end bit for bit alike in both forms")
  func gesturesAgree() throws {
    var rng = SplitMix64(seed: 41)
    for trial in 0..<150 {
      var settings = Settings()
      settings.autoscroll = rng.next(2) == 0 ? randomCatalogueProfile(&rng) : .linear()
      settings.rule = randomRule(&rng)
      settings.hold = [0, 0.3][rng.next(2)]
      let lines = 2 + rng.next(3)
      let sections =
        rng.next(2) == 0
        ? [SectionSpec(titled: false, rowCount: 120)]
        : [SectionSpec(titled: true, rowCount: 50), SectionSpec(titled: true, rowCount: 70)]
      let (compactLayout, perRowLayout) = layouts(sections, lines: lines)
      var compact = try Engine(layout: compactLayout, settings: settings)
      var perRow = try Engine(layout: perRowLayout, settings: settings)
      let context = "trial \(trial): \(lines) lines, \(settings.autoscroll) \(settings.rule.name)"
      try compact.scroll(to: Double(rng.next(6000)))
      try perRow.scroll(to: compact.offset)
      // A block of 1–3 rows inside its section (sections end at 50 or 120).
      let count = 1 + rng.next(3)
      let start = [0, 50][rng.next(2)] + rng.next(48)
      try compact.press(position: start, count: count)
      try perRow.press(position: start, count: count)
      for _ in 0..<4 {
        let y = [2.0, 5, 590, 299, 595, 10, 580, 150][rng.next(8)]
        try compact.drag(toScreenY: y)
        try perRow.drag(toScreenY: y)
        let frames = [1, 37, 400][rng.next(3)]
        try compact.tick(frames)
        try perRow.tick(frames)
        #expect(compact.offset.bitPattern == perRow.offset.bitPattern, "\(context)")
        #expect(compact.phase == perRow.phase, "\(context)")
        #expect(compact.ids == perRow.ids, "\(context)")
      }
      try compact.release()
      try perRow.release()
      try compact.tick(60)
      try perRow.tick(60)
      #expect(compact.ids == perRow.ids, "\(context)")
      #expect(compact.offset.bitPattern == perRow.offset.bitPattern, "\(context)")
      #expect(compact.brokenInvariant() == nil, "\(context)")
    }
  }
}
