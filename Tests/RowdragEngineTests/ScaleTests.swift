import Testing

@testable import RowdragEngine

@Suite("scale")
struct ScaleTests {
  @Test("a million rows: uniform heights keep no per-row height storage")
  func uniformStorage() throws {
    var engine = plainEngine(1_000_000)
    #expect(engine.layout.isUniform)
    try engine.move(2, toPosition: 999_000)
    #expect(engine.layout.order[2] == 3)
    #expect(engine.layout.order[998_999] == 999_000)
    #expect(engine.layout.order[999_000] == 2)
    try engine.press(position: 500_000)
    try engine.drag(by: -44 * 1000 - 1)  // just past row 499,001's midpoint
    #expect(engine.lift?.position == 499_000)
    #expect(engine.brokenInvariant() == nil)
  }

  @Test("an oscillation fast-forwards by parity and ends where frame-by-frame ends")
  func oscillationFastForward() throws {
    func oscillating() throws -> Engine {
      var engine = makeEngine([SectionSpec(titled: false, rowCount: 2)], heights: [44, 100]) {
        $0.autoscroll = .off
        $0.rule = .under
      }
      try engine.press(position: 0)
      try engine.drag(toScreenY: 60)
      return engine
    }
    for frames in [0, 1, 2, 3, 1000, 1001] {
      var fast = try oscillating()
      var slow = fast
      try fast.tick(frames)
      for _ in 0..<frames { try slow.tick(1) }
      #expect(fast.ids == slow.ids, "\(frames) frames")
      #expect(fast.lift == slow.lift)
      #expect(fast.time == slow.time)
    }
    var long = try oscillating()
    try long.tick(200_000_001)  // a second or so, not the minutes of frame-by-frame
    #expect(long.ids == [0, 1])  // an odd count from [1, 0] ends on [0, 1]
  }

  @Test("tick with nothing changing only advances time")
  func longIdleTick() throws {
    var engine = plainEngine(3)
    try engine.tick(600)
    #expect(abs(engine.time - 10) < 1e-9)
    #expect(throws: EngineError.tooManyFrames) { try engine.tick(Engine.maxFrames + 1) }
  }
}
