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
