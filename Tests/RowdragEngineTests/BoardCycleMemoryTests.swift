import Testing

@testable import RowdragEngine

/// The states a board's tick remembers to find a cycle (`Engine.BoardCycleMemory`): a
/// ring of the last 256, looked up by a fingerprint and then compared whole.
@Suite("board cycle memory")
struct BoardCycleMemoryTests {
  /// A board with a row lifted, and its state at rest with the active column's offset
  /// set to `k`: states that differ in their fingerprint.
  func states() throws -> (Int) -> Engine.BoardCycleState {
    var engine = Engine(
      layout: Layout(sections: [
        SectionSpec(titled: true, rowCount: 30), SectionSpec(titled: true, rowCount: 3),
      ]))
    try engine.setBoard(true)
    try engine.press(screenX: 100, screenY: 28 + 22)
    try engine.tick(60)
    #expect(engine.lift != nil)
    let base = engine.boardCycleState
    return { k in
      var state = base
      state.containers.offset = Double(k)
      return state
    }
  }

  @Test("the last 256 states are found with the frames then left, older ones forgotten")
  func ring() throws {
    let state = try states()
    var memory = Engine.BoardCycleMemory()
    for k in 0..<700 { memory.record(state(k), remaining: 10_000 - k) }
    for k in 0..<(700 - Engine.BoardCycleMemory.capacity) {
      #expect(memory.remaining(when: state(k)) == nil, "\(k)")
    }
    for k in (700 - Engine.BoardCycleMemory.capacity)..<700 {
      #expect(memory.remaining(when: state(k)) == 10_000 - k, "\(k)")
    }
    #expect(memory.remaining(when: state(700)) == nil)
  }

  @Test("a state with the same fingerprint but another finger is not taken for it")
  func wholeStateDecides() throws {
    let state = try states()
    var memory = Engine.BoardCycleMemory()
    memory.record(state(5), remaining: 40)
    var other = state(5)
    other.board.fingerX += 1
    #expect(memory.remaining(when: other) == nil)
    #expect(memory.remaining(when: state(5)) == 40)
  }
}

/// Issue 45 item 4: with 300,000 columns, each state kept a copy of every column's offset
/// (and of the section starts), one state a page turn: a held card grew the memory to a
/// gigabyte in 10,000 frames. A state now keeps only the offsets that differ from the
/// first state's, and all of them together stay within a budget.
@Suite("board cycle memory stays small")
struct BoardCycleMemorySizeTests {
  @Test("a card held at the edge of a wide board: many turns, few offsets kept")
  func pageTurns() throws {
    let columns = 3000
    // Tall columns, the finger low: the column holding the card scrolls while it waits
    // for the next turn, so the columns it leaves keep an offset of their own.
    var engine = makeEngine((0..<columns).map { _ in SectionSpec(titled: true, rowCount: 30) })
    try engine.setBoard(true)
    try engine.press(position: 0)
    try engine.drag(toScreenX: 370, y: 590)
    let frames = 4000
    var memory = Engine.FrameMemory(frames: frames, reporting: false)
    var remaining = frames
    var most = 0
    while remaining > 0 {
      remaining -= 1
      let result = engine.frame()
      engine.skipBoardFrames(result, &remaining, &memory, report: { _ in })
      most = max(most, memory.board.cycle.storedValues)
    }
    let cycle = memory.board.cycle
    // The turns happened and were remembered, and the columns left behind scrolled.
    #expect(engine.board.x > 50 * engine.settings.board.pitch, "x \(engine.board.x)")
    #expect(cycle.count > 50, "\(cycle.count) states")
    #expect(engine.containers.offsets.filter { $0 > 0 }.count > 50)
    // A copy of every offset per state would be `count × (columns + 1)` values.
    #expect(most <= Engine.BoardCycleMemory.valueBudget, "\(most) offsets kept")
    #expect(most * 10 < cycle.count * columns, "\(most) offsets kept in \(cycle.count) states")
  }

  @Test("states that differ in every column: the oldest go once the budget is full")
  func budget() throws {
    var engine = makeEngine((0..<2000).map { _ in SectionSpec(titled: true, rowCount: 30) })
    try engine.setBoard(true)
    try engine.press(position: 0)
    try engine.tick(1)
    let base = engine.boardCycleState
    var memory = Engine.BoardCycleMemory()
    memory.record(base, remaining: 10_000)
    for k in 1...200 {
      var state = base
      for c in 0..<2000 { state.containers.offsets[c] = Double(k) }
      memory.record(state, remaining: 10_000 - k)
      #expect(memory.storedValues <= Engine.BoardCycleMemory.valueBudget + 2001, "\(k)")
    }
    #expect(memory.count <= Engine.BoardCycleMemory.valueBudget / 2001 + 1)
    var last = base
    for c in 0..<2000 { last.containers.offsets[c] = 200 }
    #expect(memory.remaining(when: last) == 10_000 - 200)
    #expect(memory.remaining(when: base) == nil)
  }
}
