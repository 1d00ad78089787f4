import Foundation
import RowdragTestSupport
import Testing

@testable import RowdragEngine

/// Issue 45 item 4: a steady auto-scroll of the lifted card's column is skipped in closed
/// form, as the table's is, alongside the page edge scroll's dwell or turn. `tick(N)`
/// must end bit for bit where `tick(N, observe:)`, which steps every frame, ends, and a
/// reporting tick must report each skipped run as its frames would have been.
@Suite("a board's steady scroll is skipped exactly")
struct BoardSteadySkipTests {
  /// A board with a card lifted in a tall column and the finger somewhere that may
  /// scroll it: in the auto-scroll zones, over another column or a gap, in the page
  /// edge zones, with paging off or on.
  func randomBoard(_ rng: inout SplitMix64) throws -> (Engine, String)? {
    var settings = Settings()
    let laws: [(String, AutoScrollProfile)] = [
      ("linear tiny", .linear(zone: 100, max: 0.000001)),
      ("linear small", .linear(zone: 100, max: 0.001)),
      ("linear", .linear()), ("linear slow", .linear(zone: 150, max: 0.37)),
      ("rate", .rate(divisor: 6, scale: 0.01)), ("fixed", .fixed(speed: 0.002)),
      ("catalogue", randomCatalogueProfile(&rng)),
    ]
    let (lawName, law) = laws[rng.next(laws.count)]
    settings.autoscroll = law
    settings.fps = [60.0, 7, 144, 1000][rng.next(4)]
    settings.grab = rng.next(2) == 0 ? .keep : .center
    settings.insetTop = [0, 20][rng.next(2)]
    settings.viewport = [600, 300][rng.next(2)]
    settings.sections = rng.next(4) == 0 ? .keep : .cross
    let counts = (0..<(2 + rng.next(3))).map { _ in [0, 3, 40, 150][rng.next(4)] }
    let rows = counts.reduce(0, +)
    guard rows > 0 else { return nil }
    let heights: [Double]? =
      rng.next(3) == 0 ? (0..<rows).map { _ in [44.0, 30, 90, 17.5][rng.next(4)] } : nil
    let flags: [RowFlags]? =
      rng.next(4) == 0 ? (0..<rows).map { $0 % 29 == 11 ? .pinned : [] } : nil
    let sections = counts.map { SectionSpec(titled: true, rowCount: $0) }
    var engine = try Engine(
      layout: Layout(sections: sections, ownHeights: heights, flags: flags), settings: settings)
    try engine.setBoard(true)
    let rules: [ReorderRule] = [.midpoint, .under, .nearest, .edge]
    _ = try? engine.setRule(rng.next(3) == 0 ? randomRule(&rng) : rules[rng.next(rules.count)])
    if rng.next(3) == 0 {
      try engine.setColumn(250)
      try engine.setSpacing([0.0, 20, 7.5][rng.next(3)])
    }
    let paging: Paging? =
      rng.next(3) == 0
      ? nil
      : Paging(
        edge: [40.0, 200, 5][rng.next(3)], delay: [0.0, 0.5, 3][rng.next(3)],
        duration: [0.3, 0, 1e9, 5][rng.next(4)])
    try engine.setPaging(paging)
    // A card in a tall column, deep enough that the column can scroll both ways.
    let tall = counts.indices.filter { counts[$0] > 3 }
    let column = tall.isEmpty ? counts.firstIndex { $0 > 0 } ?? 0 : tall[rng.next(tall.count)]
    let start = counts[..<column].reduce(0, +)
    let card = start + rng.next(counts[column])
    guard (try? engine.press(position: card)) != nil else { return nil }
    try engine.tick(1)
    guard engine.lift != nil else { return nil }
    let x = [2.0, 10, 180, 187.5, 365, 372][rng.next(6)]
    let y = [2.0, 5, 10, 150, 290, 299, 590, 595, 599][rng.next(9)]
    try engine.drag(toScreenX: x, y: Swift.min(y, settings.viewport - 1))
    return (
      engine,
      "\(lawName) \(engine.settings.rule.name) fps \(settings.fps) columns \(counts) "
        + "paging \(String(describing: paging)) card \(card) drag \(x),\(y)"
    )
  }

  @Test("random boards: skipped and simulated ticks end bit for bit alike")
  func equivalence() throws {
    var rng = SplitMix64(seed: 4504)
    var frames = 0
    var skipped = 0
    var trials = 0
    while trials < 100 {
      guard let (start, description) = try randomBoard(&rng) else { continue }
      trials += 1
      var fast = start
      var slow = start
      for round in 0..<2 {
        if round == 1 {
          let y = [2.0, 596, 300][rng.next(3)]
          try fast.drag(toScreenX: nil, y: y)
          try slow.drag(toScreenX: nil, y: y)
        }
        let count = [37, 1000, 5000, 30_000][rng.next(4)]
        let before = fast.framesSkipped
        try fast.tick(count)
        try slow.tick(count) { _ in }
        let context = "trial \(trials) round \(round): \(description), \(count) frames"
        #expect(fast.offset.bitPattern == slow.offset.bitPattern, "\(context)")
        #expect(fast.time.bitPattern == slow.time.bitPattern, "\(context)")
        #expect(fast.phase == slow.phase, "\(context)")
        if case .lifted(let a) = fast.phase, case .lifted(let b) = slow.phase {
          #expect(a.center.bitPattern == b.center.bitPattern, "\(context)")
        }
        #expect(fast.board == slow.board, "\(context)")
        #expect(fast.board.x.bitPattern == slow.board.x.bitPattern, "\(context)")
        #expect(fast.board.centerX.bitPattern == slow.board.centerX.bitPattern, "\(context)")
        #expect(
          fast.containers.offsets.map(\.bitPattern) == slow.containers.offsets.map(\.bitPattern),
          "\(context)")
        #expect(fast.ids == slow.ids, "\(context)")
        #expect(fast.layout.sectionStarts == slow.layout.sectionStarts, "\(context)")
        frames += count
        skipped += fast.framesSkipped - before
      }
      #expect(fast.brokenInvariant() == nil)
    }
    // The skips must have carried most of the work, or this test checks little.
    #expect(skipped * 2 > frames, "only \(skipped) of \(frames) frames were skipped")
  }

  /// The reproducer: a tiny steady scroll of a tall column, 2^31 frames.
  func tinyScroll(paging: Paging?, fingerX: Double = 187.5) throws -> Engine {
    var engine = makeEngine((0..<4).map { _ in SectionSpec(titled: true, rowCount: 200) }) {
      $0.autoscroll = .linear(zone: 100, max: 0.000001)
    }
    try engine.setBoard(true)
    try engine.setPaging(paging)
    try engine.press(position: 0)
    try engine.drag(toScreenX: fingerX, y: 599)
    return engine
  }

  @Test("tick 2147483647 of a tiny steady scroll takes well under a second, paging on or off")
  func longestTick() throws {
    for (paging, x) in [
      (nil, 187.5), (Paging(), 187.5), (Paging(edge: 40, delay: 1e6, duration: 0.3), 370),
      (Paging(edge: 40, delay: 0.5, duration: 1e9), 370),
    ] as [(Paging?, Double)] {
      var engine = try tinyScroll(paging: paging, fingerX: x)
      let started = Date()
      try engine.tick(Engine.maxFrames)
      let seconds = Date().timeIntervalSince(started)
      #expect(seconds < 1, "\(String(describing: paging)): \(seconds) s")
      #expect(engine.framesSkipped > Engine.maxFrames - 10_000, "\(String(describing: paging))")
      #expect(engine.lift != nil)
    }
  }

  @Test("the first million frames of the reproducer: skipped as stepped, bit for bit")
  func reproducer() throws {
    let start = try tinyScroll(paging: nil)
    var fast = start
    try fast.tick(1_000_000)
    var slow = start
    try slow.tick(1_000_000) { _ in }
    #expect(fast.framesSkipped > 999_000)
    #expect(fast.containers.offsets.map(\.bitPattern) == slow.containers.offsets.map(\.bitPattern))
    #expect(fast.phase == slow.phase)
    #expect(fast.time.bitPattern == slow.time.bitPattern)
    #expect(fast.verticalOffset > 0)
  }

  @Test("a reporting tick reports the board's steady runs, each as its frames were")
  func reported() throws {
    var rng = SplitMix64(seed: 4505)
    var trials = 0
    var frames = 0
    var skipped = 0
    while trials < 40 {
      guard let (start, description) = try randomBoard(&rng) else { continue }
      trials += 1
      let count = [37, 1000, 6000][rng.next(3)]
      let result = try ReportedSkipTests().check(
        start, count, "board \(trials): \(description), \(count)", board: true)
      frames += count
      skipped += result.skipped
    }
    #expect(skipped * 2 > frames, "only \(skipped) of \(frames) frames were reported skipped")
    // The reproducer: nearly every frame reported as skipped, in a few runs.
    var events: [TickEvent] = []
    var engine = try tinyScroll(paging: Paging())
    try engine.tickReportingSkips(100_000) { events.append($0) }
    let runs = events.filter { if case .skipped = $0 { true } else { false } }
    let skippedFrames = runs.reduce(0) {
      if case .skipped(let run) = $1 { $0 + run.count } else { $0 }
    }
    #expect(events.count < 1000, "\(events.count) events")
    #expect(skippedFrames > 99_000, "\(skippedFrames) frames skipped")
  }

  @Test("a column pressed against its end under a timer law still turns the page")
  func timerAtBoundDuringTurn() throws {
    var profile = AutoScrollProfile.linear()
    profile.keys.clock = .timer(period: 20, text: "20")
    // Short columns: the timer fires and finds the column at its end, changing nothing
    // in it, while the page edge scroll turns the board.
    var engine = makeEngine((0..<3).map { _ in SectionSpec(titled: true, rowCount: 2) }) {
      $0.autoscroll = profile
    }
    try engine.setBoard(true)
    try engine.setPaging(Paging(edge: 40, delay: 0, duration: 5))
    try engine.press(position: 0)
    try engine.drag(toScreenX: 365, y: 595)
    var fast = engine
    var slow = engine
    try fast.tick(600)
    try slow.tick(600) { _ in }
    #expect(slow.board.x > 0)
    #expect(fast.board == slow.board)
    #expect(fast.phase == slow.phase)
    #expect(fast.time.bitPattern == slow.time.bitPattern)
  }
}
