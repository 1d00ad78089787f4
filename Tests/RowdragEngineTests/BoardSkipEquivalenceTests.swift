import Foundation
import RowdragTestSupport
import Testing

@testable import RowdragEngine

/// Issue 20: board mode skips dwells, page turns and a board turning back and forth in
/// closed form. `tick(N)` and the frame-by-frame `tick(N, observe:)` must end bit for bit
/// alike, as they do for tables, and the longest tick must take seconds, not minutes.
@Suite("board frames are skipped exactly")
struct BoardSkipEquivalenceTests {
  func randomBoard(_ rng: inout SplitMix64) throws -> (Engine, String)? {
    var settings = Settings()
    let laws: [(String, AutoScrollProfile)] = [
      ("off", .off), ("linear", .linear()), ("linear slow", .linear(zone: 150, max: 0.37)),
      ("fixed", .fixed(speed: 0.002)),
    ]
    let (lawName, law) = laws[rng.next(laws.count)]
    settings.autoscroll = law
    settings.fps = [60.0, 7, 144][rng.next(3)]
    settings.grab = rng.next(2) == 0 ? .keep : .center
    let sections = (0..<(2 + rng.next(4))).map { _ in
      SectionSpec(titled: true, rowCount: [0, 1, 3, 12][rng.next(4)])
    }
    var engine = try Engine(layout: Layout(sections: sections), settings: settings)
    try engine.setBoard(true)
    let rules: [ReorderRule] = [.midpoint, .under, .nearest, .edge]
    let rule = rules[rng.next(rules.count)]
    _ = try? engine.setRule(rule)
    if rng.next(3) == 0 {
      try engine.setColumn(250)
      try engine.setSpacing([0.0, 20, 7.5][rng.next(3)])
    }
    let paging = Paging(
      edge: [40.0, 200, 190, 5][rng.next(4)], delay: [0.0, 0.5, 0.01, 3][rng.next(4)],
      duration: [0.3, 0, 1e9, 5, 0.01][rng.next(5)])
    try engine.setPaging(paging)
    let pressX = Double(rng.next(375))
    let pressY = 28 + 22 + 44 * Double(rng.next(3))
    guard (try? engine.press(screenX: pressX, screenY: pressY)) != nil,
      (try? engine.tick(1)) != nil, engine.lift != nil
    else { return nil }
    let x = [2.0, 10, 180, 365, 372][rng.next(5)]
    let y = [50.0, 300, 590][rng.next(3)]
    try engine.drag(toScreenX: x, y: y)
    return (
      engine,
      "\(lawName) \(engine.settings.rule.name) fps \(settings.fps) \(paging) "
        + "press \(pressX),\(pressY) drag \(x),\(y)"
    )
  }

  @Test("random boards, page turns and edge zones: skipped and simulated ticks agree")
  func equivalence() throws {
    var rng = SplitMix64(seed: 2020)
    var frames = 0
    var skipped = 0
    var trials = 0
    while trials < 80 {
      guard let (start, description) = try randomBoard(&rng) else { continue }
      trials += 1
      let count = [37, 1000, 20_000, 60_000][rng.next(4)]
      var fast = start
      try fast.tick(count)
      var slow = start
      try slow.tick(count) { _ in }
      let context = "trial \(trials): \(description), \(count) frames"
      #expect(fast.offset.bitPattern == slow.offset.bitPattern, "\(context)")
      #expect(fast.time.bitPattern == slow.time.bitPattern, "\(context)")
      #expect(fast.phase == slow.phase, "\(context)")
      #expect(fast.board == slow.board, "\(context)")
      #expect(fast.board.x.bitPattern == slow.board.x.bitPattern, "\(context)")
      #expect(fast.board.centerX.bitPattern == slow.board.centerX.bitPattern, "\(context)")
      #expect(fast.containers == slow.containers, "\(context)")
      #expect(fast.ids == slow.ids, "\(context)")
      frames += count
      skipped += fast.framesSkipped - start.framesSkipped
    }
    #expect(skipped * 2 > frames, "only \(skipped) of \(frames) frames were skipped")
  }

  @Test("tick 2147483647 with a turn of 1e9 s, or edge zones that overlap, takes seconds")
  func longestTick() throws {
    for (paging, fingerX) in [
      (Paging(edge: 40, delay: 0.5, duration: 1e9), 360.0),
      (Paging(edge: 200, delay: 0.5, duration: 0.3), 180.0),
      (Paging(edge: 200, delay: 0, duration: 0), 180.0),
      (Paging(edge: 190, delay: 3, duration: 1e9), 187.0),
    ] {
      var engine = makeEngine([
        SectionSpec(titled: true, rowCount: 3), SectionSpec(titled: true, rowCount: 1),
        SectionSpec(titled: true, rowCount: 1),
      ])
      try engine.setBoard(true)
      try engine.setPaging(paging)
      try engine.press(screenX: 100, screenY: 28 + 22)
      try engine.drag(toScreenX: fingerX, y: 50)
      let started = Date()
      try engine.tick(Engine.maxFrames)
      let seconds = Date().timeIntervalSince(started)
      #expect(seconds < 5, "\(paging): \(seconds) s")
      #expect(engine.lift != nil)
    }
  }
}
