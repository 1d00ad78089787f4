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

  @Test("tick with nothing changing only advances time")
  func longIdleTick() throws {
    var engine = plainEngine(3)
    try engine.tick(600)
    #expect(abs(engine.time - 10) < 1e-9)
    #expect(throws: EngineError.tooManyFrames) { try engine.tick(Engine.maxFrames + 1) }
  }
}
