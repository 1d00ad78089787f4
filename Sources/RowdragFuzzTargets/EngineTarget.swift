import RowdragEngine

/// Bytes as a small list and a sequence of engine commands. The first bytes choose the
/// sections, heights, flags and settings; each following pair is one command and its
/// argument. Refused commands must change nothing (checked on the order); every state
/// must keep the invariants.
enum EngineTarget {
  static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    var input = ByteReader(bytes)
    let sectionCount = 1 + input.next() % 5
    let sections = (0..<sectionCount).map { _ in
      SectionSpec(titled: input.next() % 2 == 0, rowCount: input.next() % 12)
    }
    let rows = sections.reduce(0) { $0 + $1.rowCount }
    let heights: [Double]? =
      input.next() % 3 == 0
      ? (0..<rows).map { _ in [Double.nan, 20, 44, 90][input.next() % 4] } : nil
    let flags: [RowFlags]? =
      input.next() % 3 == 0
      ? (0..<rows).map { _ in [[], [], .locked, .pinned][input.next() % 4] } : nil
    var settings = Settings()
    settings.viewport = [150, 300, 600][input.next() % 3]
    settings.insetTop = [0, 20][input.next() % 2]
    settings.hold = [0, 0.1][input.next() % 2]
    settings.fps = [60, 7, 120][input.next() % 3]
    let rule = ReorderRuleRegistry.kinds[input.next() % ReorderRuleRegistry.kinds.count]
    let ruleValues = rule.parameters.map { p in
      // Flags either way; `under every=MS` off, or an interval longer or shorter than a frame.
      p.range == .flag
        ? Length.points(Double(input.next() % 2))
        : p.name == "every" ? Length.points([0, 0, 50, 7, 0.01][input.next() % 5]) : p.defaultValue
    }
    settings.rule = (try? ReorderRule(rule, orderedValues: ruleValues)) ?? .edge
    settings.grab = [.keep, .center, .press][input.next() % 3]
    settings.sections = input.next() % 2 == 0 ? .cross : .keep
    settings.autoscroll = profile(&input)
    settings.slop = [10, 0, 8][input.next() % 3]
    settings.distance = [0, 0, 1, 10][input.next() % 4]
    settings.start = input.next() % 2 == 0 ? .first : .armed
    settings.reveal = [.off, PressReveal(delay: 0.5, coarse: true)][input.next() % 2]
    settings.clamp = input.next() % 3 == 0 ? .inset : .none
    if input.next() % 3 == 0 {
      settings.board.isOn = true
      settings.rule = [ReorderRule.edge, .midpoint, .under][input.next() % 3]
      settings.board.column = [nil, 300, 120][input.next() % 3]
      settings.board.spacing = [0, 10][input.next() % 2]
    }
    guard
      var engine = try? Engine(
        layout: Layout(sections: sections, ownHeights: heights, flags: flags), settings: settings)
    else { return }
    Invariants.check(engine)
    // A lifted range's rows in order, as first seen lifted: a block never splits.
    var block: [Int32]?
    while !input.isAtEnd {
      let command = input.next() % 24
      let argument = input.next()
      let row = rows == 0 ? 0 : argument % (rows + 1) - (argument % 7 == 0 ? 1 : 0)
      let y = Double(argument) * 3 - 30
      let before = engine.layout.order.map { $0 }
      do {
        switch command {
        case 0: try engine.press(position: row)
        case 1: try engine.press(screenY: y)
        case 2: try engine.drag(toScreenY: y)
        case 3: try engine.drag(by: Double(argument) - 128)
        case 4: try engine.drag(toRow: row)
        case 5: try engine.tick(argument * 4)
        case 6: try engine.release()
        case 7: try engine.cancel()
        case 8: try engine.move(row, toPosition: argument % Swift.max(1, rows))
        case 9: try engine.move(row, toSection: argument % 6, row: argument % 5)
        case 10: try engine.scroll(to: y * 10)
        case 11: try engine.scroll(reveal: row)
        case 12: try engine.lock(row)
        case 13: try engine.pin(row)
        case 14: try engine.unlock(row)
        case 15: try engine.undo()
        case 16: try engine.redo()
        case 17: try engine.setViewport(Double(argument % 200) * 4)
        case 18: try engine.wait(Double(argument) / 50)
        case 19 where engine.surface.isBoard: try engine.press(screenX: y + 30, screenY: y)
        case 20 where engine.surface.isBoard:
          try engine.drag(toScreenX: Double(argument) * 2 - 20, y: argument % 2 == 0 ? nil : y)
        case 21 where engine.surface.isBoard: try engine.page(argument % 4)
        case 22: try engine.press(position: row, count: 1 + argument % 5)
        case 23:
          try engine.move(row, count: 1 + argument % 4, toPosition: argument % Swift.max(1, rows))
        default: try engine.setRowHeight(Double(argument % 100))
        }
      } catch {
        // A refused command changes nothing it was asked to change: the order stays.
        precondition(engine.layout.order.map { $0 } == before, "a refused command moved rows")
      }
      Invariants.check(engine)
      block = Invariants.checkBlock(engine, lifted: block)
    }
  }
}

extension EngineTarget {
  /// Any law of the registry at its defaults, with the generic keys chosen by the bytes
  /// (`sample=move` only where the law allows it).
  static func profile(_ input: inout ByteReader) -> AutoScrollProfile {
    let kinds = AutoScrollRegistry.kinds
    guard let law = try? AutoScrollLawChoice(kinds[input.next() % kinds.count]) else {
      return .linear()
    }
    var keys = law.function.defaultKeys
    func pick<T>(_ values: [T]) -> T { values[input.next() % values.count] }
    keys.clock = pick([
      .frame, .step, .move, .timer(period: 5, text: "5"), .timer(period: 1, text: "1"),
      .timer(period: 1000 / 60, text: "1000/60"),
    ])
    if !law.function.readsRunTime && !law.function.readsCount {
      keys.sample = pick([.frame, .move])
    }
    keys.point = pick(MeasuredPoint.allCases)
    keys.edges = pick(ZoneEdges.allCases)
    keys.zone = pick([.points(0), .points(30), .span(0.25), .spanDivided(6), .rows(0.5, plus: -6)])
    keys.order = pick(ZoneOrder.allCases)
    keys.test = pick(ZoneTest.allCases)
    keys.gate = pick(ScrollGate.allCases)
    keys.restart = pick(TimerRestart.allCases)
    keys.round = pick(AmountRounding.allCases)
    keys.range = pick(ScrollRange.allCases)
    keys.lift = pick(LiftScroll.allCases)
    keys.rearm = pick([nil, 30, 7.5])
    keys.latch = pick([nil, 30, 7.5])
    keys.expiry = pick(TimerExpiry.allCases)
    keys.rows = pick(RowPositions.allCases)
    if law.name == "power" && keys.sample == .frame && input.next() % 2 == 0 {
      keys.damp = Damping(start: 360, end: 1200)
    }
    return AutoScrollProfile(law, keys: keys)
  }
}

/// Reads bytes as small numbers, then zeros past the end.
struct ByteReader {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  var isAtEnd: Bool { index >= bytes.count }

  mutating func next() -> Int {
    defer { index += 1 }
    return index < bytes.count ? Int(bytes[index]) : 0
  }
}
