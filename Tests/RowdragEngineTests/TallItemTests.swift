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
