import Testing

@testable import RowdragEngine

/// SPEC §2.1 and §10 (turn 4): an item taller than the viewport is pressed with the
/// finger at its centre, which no person's finger could reach, so the auto-scroll waits
/// for the first drag after the lift (issue 45, item 2).
@Suite("tall items wait for a drag")
struct TallItemTests {
  /// 100 rows of 44 points under the default 600-point viewport and profile.
  static func engine(heights: [Double]? = nil) -> Engine {
    makeEngine([SectionSpec(titled: false, rowCount: 100)], heights: heights)
  }

  @Test("press 1,61 (2,684 points) held still: no scroll, no move")
  func tallRangeHeldStill() throws {
    var e = Self.engine()
    try e.press(position: 0, count: 61)
    try e.tick(600)
    #expect(e.offset == 0)
    try e.release()
    #expect(e.ids == Array(0..<100))
  }

  @Test("the first drag after the lift lets the law act; a drag of 0 points does not")
  func firstDragStarts() throws {
    var e = Self.engine()
    try e.press(position: 0, count: 61)
    try e.drag(by: 0)
    try e.tick(30)
    #expect(e.offset == 0)
    try e.drag(by: 1)
    try e.tick(30)
    #expect(e.offset > 0)
  }

  @Test("a single row taller than the viewport waits too; one that fits does not")
  func tallRow() throws {
    var tall = Self.engine(heights: [700] + [Double](repeating: 44, count: 99))
    try tall.press(position: 0)
    try tall.tick(120)
    #expect(tall.offset == 0)
    // A 600-point row fits exactly: its centre at 300 is no edge, and it is not held.
    var fits = Self.engine(
      heights: [44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 600]
        + [Double](
          repeating: 44, count: 89))
    try fits.press(position: 10)
    let before = fits.offset
    try fits.drag(toScreenY: 599)
    try fits.tick(60)
    #expect(fits.offset > before)
  }

  @Test("on a board, a column's tall block waits for a vertical drag")
  func boardColumn() throws {
    var e = makeEngine([
      SectionSpec(titled: true, rowCount: 80), SectionSpec(titled: true, rowCount: 20),
    ])
    try e.setBoard(true)
    try e.press(position: 0, count: 61)
    // The press shows the block's top (below the column's 28-point header).
    let shown = e.columnOffsets[0]
    try e.tick(300)
    #expect(e.columnOffsets[0] == shown)
    try e.drag(by: 1)
    try e.tick(60)
    #expect(e.columnOffsets[0] > shown)
  }
}

/// The live view's press on a selection (SPEC §2.1 and §10, turn 4): the range pressed
/// where one of its rows shows, the finger at the pointer rather than at the block's
/// centre, off screen for a block taller than the viewport.
@Suite("a range pressed at the pointer")
struct RangePressAtPointerTests {
  @Test("the finger at y, the block in place, nothing scrolled; a drag moves it with the finger")
  func tallBlockAtPointer() throws {
    var e = TallItemTests.engine()
    try e.scroll(to: 1000)
    // Rows 1–61 span [0, 2684): row 30 shows at screen y 276.
    try e.press(position: 0, count: 61, screenY: 300)
    #expect(e.offset == 1000)
    let lift = try #require(e.lift)
    #expect(lift.finger == 300)
    #expect(lift.center == 2684 / 2)
    #expect(lift.count == 61)
    try e.tick(120)
    #expect(e.offset == 1000)
    try e.drag(by: 10)
    #expect(e.lift?.center == 1352)
    #expect(e.lift?.finger == 310)
  }

  @Test("a point off the block, or outside the viewport, is refused and changes nothing")
  func refused() throws {
    var e = TallItemTests.engine()
    let before = e
    #expect(throws: EngineError.pointNotOnRange(x: nil, y: 200, first: 2, last: 4)) {
      try e.press(position: 1, count: 3, screenY: 200)
    }
    #expect(throws: EngineError.outsideViewport(y: 600, viewport: 600)) {
      try e.press(position: 1, count: 3, screenY: 600)
    }
    #expect(e.phase == before.phase && e.offset == before.offset)
  }

  @Test("on a board: at the point, in the block's column, the column not scrolled")
  func board() throws {
    var e = makeEngine([
      SectionSpec(titled: true, rowCount: 80), SectionSpec(titled: true, rowCount: 20),
    ])
    try e.setBoard(true)
    try e.setColumn(180)
    // Column 1's rows start below its 28-point header: row 3 shows at y 116.
    try e.press(position: 0, count: 61, screenX: 20, screenY: 116)
    #expect(e.columnOffsets[0] == 0)
    #expect(e.lift?.finger == 116)
    #expect(e.board.fingerX == 20)
    var other = makeEngine([
      SectionSpec(titled: true, rowCount: 80), SectionSpec(titled: true, rowCount: 20),
    ])
    try other.setBoard(true)
    try other.setColumn(180)
    // x 200 is column 2's: not on the block.
    #expect(throws: EngineError.pointNotOnRange(x: 200, y: 116, first: 1, last: 61)) {
      try other.press(position: 0, count: 61, screenX: 200, screenY: 116)
    }
  }
}
