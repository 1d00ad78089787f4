import RowdragBase
import RowdragEngine
import Testing

@testable import RowdragCLI

/// Issue 45, item 3: a lifted block taller than about fifteen screens answered the
/// arrow keys with "the rows cannot move further" with thousands of rows below it, as
/// the key pulled the finger (at the block's centre, far off screen) back to the view's
/// edge. Each key now moves it one slot.
@Suite("keyboard moves of a block taller than the view")
struct KeyboardTallBlockTests {
  @Test(
    "Down and Up move a 300-row block one slot each, for several keys", arguments: [2, 60, 300])
  func oneSlotAKey(_ rows: Int) throws {
    var engine = try Engine(
      layout: Layout(sections: [SectionSpec(titled: false, rowCount: 5000)]))
    try engine.press(position: 10, count: rows)
    for expected in [11, 12, 13] {
      let step = try #require(KeyboardDrag.oneSlot(+1, in: engine), "down to \(expected)")
      engine = step.engine
      #expect(engine.lift?.position == expected)
    }
    for expected in [12, 11] {
      let step = try #require(KeyboardDrag.oneSlot(-1, in: engine), "up to \(expected)")
      engine = step.engine
      #expect(engine.lift?.position == expected)
    }
  }
}
