import RowdragTestSupport
import Testing

@testable import RowdragEngine

@Suite("randomized invariants")
struct RandomInvariantTests {
  /// A random list: up to 5 sections (some empty, some titled), up to 40 rows, mixed
  /// heights or uniform, some locked and pinned rows.
  func randomEngine(_ rng: inout SplitMix64) throws -> Engine {
    let sectionCount = Int.random(in: 1...5, using: &rng)
    let sections = (0..<sectionCount).map { _ in
      SectionSpec(titled: Bool.random(using: &rng), rowCount: Int.random(in: 0...10, using: &rng))
    }
    let n = sections.reduce(0) { $0 + $1.rowCount }
    let heights: [Double]? =
      Bool.random(using: &rng)
      ? (0..<n).map { _ in
        Bool.random(using: &rng)
          ? .nan : [20, 44, 100, 13.5, 250][Int.random(in: 0..<5, using: &rng)]
      }
      : nil
    let flags = (0..<n).map { _ -> RowFlags in
      switch Int.random(in: 0..<12, using: &rng) {
      case 0: .locked
      case 1: .pinned
      default: []
      }
    }
    var settings = Settings()
    settings.viewport = [200, 300, 600][Int.random(in: 0..<3, using: &rng)]
    settings.hold = Bool.random(using: &rng) ? 0 : 0.1
    return try Engine(
      layout: Layout(sections: sections, ownHeights: heights, flags: flags), settings: settings)
  }

  /// Runs one random command; errors are fine, they must just change nothing.
  /// With `ranges`, ranges (SPEC §10) join the mix: presses and moves of blocks.
  func randomCommand(_ engine: inout Engine, _ rng: inout SplitMix64, ranges: Bool = false)
    -> String
  {
    let n = max(1, engine.layout.rowCount)
    let row = Int.random(in: -1...n, using: &rng)
    let y =
      Double(Int.random(in: -200...900, using: &rng))
      + [0, 0.5, 0.25][Int.random(in: 0..<3, using: &rng)]
    let before = engine
    var name = ""
    do {
      switch Int.random(in: 0..<(ranges ? 28 : 24), using: &rng) {
      case 0, 1: name = "press"; try engine.press(position: row)
      case 2, 3: name = "press y"; try engine.press(screenY: y)
      case 4, 5, 6: name = "drag y"; try engine.drag(toScreenY: y)
      case 7: name = "drag by"; try engine.drag(by: y / 4)
      case 8: name = "drag row"; try engine.drag(toRow: row)
      case 9, 10, 11: name = "tick"; try engine.tick(Int.random(in: 0...12, using: &rng))
      case 12, 13: name = "release"; try engine.release()
      case 14: name = "cancel"; try engine.cancel()
      case 15: name = "move"; try engine.move(row, toPosition: Int.random(in: -1...n, using: &rng))
      case 16:
        name = "move S:R"
        try engine.move(
          row, toSection: Int.random(in: 0..<engine.layout.sectionCount, using: &rng),
          row: Int.random(in: 0...4, using: &rng))
      case 17: name = "undo"; try engine.undo()
      case 18: name = "redo"; try engine.redo()
      case 19: name = "scroll"; try engine.scroll(by: y)
      case 20:
        name = "flags"
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: try engine.lock(row)
        case 1: try engine.pin(row)
        default: try engine.unlock(row)
        }
      case 21:
        name = "set rule"
        try engine.setRule(randomRule(&rng))
        engine.setSections(Bool.random(using: &rng) ? .cross : .keep)
      case 22:
        name = "set autoscroll"
        try engine.setAutoscroll(
          rng.next(2) == 0
            ? randomCatalogueProfile(&rng)
            : [.linear(), .fixed(), .rate(), .off][Int.random(in: 0..<4, using: &rng)])
        engine.setGrab(Bool.random(using: &rng) ? .keep : .center)
        engine.setClamp(rng.next(3) == 0 ? .inset : .none)
        try engine.setSlop([10, 0, 8, 18][rng.next(4)])
        try engine.setDistance([0, 0, 1, 10][rng.next(4)])
        engine.setStart(rng.next(2) == 0 ? .first : .armed)
        try engine.setReveal(
          [.off, PressReveal(delay: 0.1, coarse: rng.next(2) == 0)][rng.next(2)])
      case 23:
        name = "set geometry"
        try engine.setViewport([150, 300, 600][Int.random(in: 0..<3, using: &rng)])
      case 24, 25:
        name = "press range"
        try engine.press(position: row, count: Int.random(in: 1...6, using: &rng))
      case 26:
        name = "move range"
        try engine.move(
          row, count: Int.random(in: 1...6, using: &rng),
          toPosition: Int.random(in: -1...n, using: &rng))
      default:
        name = "move range S:R"
        try engine.move(
          row, count: Int.random(in: 1...6, using: &rng),
          toSection: Int.random(in: 0..<engine.layout.sectionCount, using: &rng),
          row: Int.random(in: 0...4, using: &rng))
      }
    } catch {
      if engine.ids != before.ids || engine.offset != before.offset || engine.phase != before.phase
        || engine.layout.allFlags != before.layout.allFlags || engine.time != before.time
      {
        return "refused \(name) changed the engine"
      }
    }
    return name
  }

  @Test("100,000 random commands keep every invariant")
  func invariants() throws {
    var rng = SplitMix64(seed: 20_261_129)
    var commands = 0
    while commands < 100_000 {
      var engine = try randomEngine(&rng)
      for _ in 0..<200 {
        let pinnedBefore = pinnedIDs(engine)
        let sectionBefore = engine.lift?.section
        let name = randomCommand(&engine, &rng)
        commands += 1
        if let broken = engine.brokenInvariant() {
          Issue.record("after \(name) (command \(commands)): \(broken)")
          return
        }
        // Under `sections keep` a rule never takes the row into another section — back
        // into the one it was lifted from excepted: `overlap` works from the order at
        // lift, so after `keep` is set mid-gesture it returns the row there.
        if engine.settings.sections == .keep, let lift = engine.lift, let sectionBefore,
          lift.section != sectionBefore, lift.section != lift.sourceSection
        {
          Issue.record(
            "after \(name) (command \(commands)): the row left its section under \(engine.settings.rule.name)"
          )
          return
        }
        if name.hasPrefix("refused") {
          Issue.record("command \(commands): \(name)")
          return
        }
        if name != "undo" && name != "redo" && name != "flags" {
          // Pinned rows never change position (undo and redo may move a row pinned
          // after the edit, SPEC §9.14).
          for (position, id) in pinnedBefore where engine.layout.order[position] != id {
            Issue.record(
              "after \(name) (command \(commands)): pinned row \(id) left position \(position)")
            return
          }
        }
      }
    }
  }

  @Test("100,000 random commands with ranges keep every invariant; a block never splits")
  func rangeInvariants() throws {
    var rng = SplitMix64(seed: 23)
    var commands = 0
    var ranges = 0
    while commands < 100_000 {
      var engine = try randomEngine(&rng)
      // The lifted block's rows, in order, as first seen lifted.
      var block: [Int32]?
      for _ in 0..<200 {
        let pinnedBefore = pinnedIDs(engine)
        let undoBefore = engine.undoCount
        let name = randomCommand(&engine, &rng, ranges: true)
        commands += 1
        if let broken = engine.brokenInvariant() {
          Issue.record("after \(name) (command \(commands)): \(broken)")
          return
        }
        if name.hasPrefix("refused") {
          Issue.record("command \(commands): \(name)")
          return
        }
        if let lift = engine.lift {
          let now = Array(engine.layout.order[lift.position..<(lift.position + lift.count)])
          if lift.count > 1 { ranges += 1 }
          if block == nil { block = now }
          if now != block {
            Issue.record("after \(name) (command \(commands)): the block \(block!) is now \(now)")
            return
          }
        } else if let rows = block {
          // Released or cancelled: the rows are together, in order, where it left them.
          let first =
            engine.undoCount > undoBefore
            ? engine.lastEdit?.to ?? 0
            : engine.layout.order
              .firstIndex(of: rows[0]) ?? 0
          let end = first + rows.count
          guard end <= engine.layout.rowCount,
            Array(engine.layout.order[first..<end]) == rows
          else {
            Issue.record("after \(name) (command \(commands)): the block \(rows) came apart")
            return
          }
          block = nil
        }
        if name != "undo" && name != "redo" && name != "flags" {
          for (position, id) in pinnedBefore where engine.layout.order[position] != id {
            Issue.record(
              "after \(name) (command \(commands)): pinned row \(id) left position \(position)")
            return
          }
        }
      }
    }
    #expect(ranges > 1000, "blocks were lifted in \(ranges) states")
  }

  private func pinnedIDs(_ engine: Engine) -> [(Int, Int32)] {
    engine.layout.allFlags.indices.compactMap {
      engine.layout.flags(at: $0).contains(.pinned) ? ($0, engine.layout.order[$0]) : nil
    }
  }
}
