import RowdragTestSupport
import Testing

@testable import RowdragEngine

/// `tick(N)` skips holds, clock-only frames and steady scrolls; `tick(N, observe:)`
/// simulates every frame. On random gestures they must agree to the last bit.
@Suite("skipping frames is exact")
struct SkipEquivalenceTests {
  func randomEngine(_ rng: inout SplitMix64) throws -> (Engine, String) {
    let heights: [Double]? =
      rng.next(3) == 0 ? (0..<120).map { _ in [44.0, 30, 90, 17.5][rng.next(4)] } : nil
    let sections =
      rng.next(2) == 0
      ? [SectionSpec(titled: false, rowCount: 120)]
      : [
        SectionSpec(titled: true, rowCount: 50), SectionSpec(titled: true, rowCount: 0),
        SectionSpec(titled: false, rowCount: 70),
      ]
    let flags: [RowFlags]? =
      rng.next(4) == 0 ? (0..<120).map { $0 % 37 == 20 ? .pinned : [] } : nil
    let laws: [(String, AutoScrollProfile)] = [
      ("linear tiny", .linear(zone: 100, max: 0.001)), ("linear", .linear()),
      ("linear slow", .linear(zone: 150, max: 0.37)), ("rate", .rate(divisor: 6, scale: 0.01)),
      ("rate fast", .rate()), ("fixed", .fixed(speed: 0.002)), ("off", .off),
    ]
    let (lawName, law) = laws[rng.next(laws.count)]
    let fps = [60.0, 7, 144, 1000, 1_000_000][rng.next(5)]
    var settings = Settings()
    settings.autoscroll = law
    settings.fps = fps
    settings.rule = rng.next(2) == 0 ? .midpoint : .under
    settings.grab = rng.next(2) == 0 ? .keep : .center
    settings.sections = rng.next(3) == 0 ? .keep : .cross
    settings.insetTop = [0, 20][rng.next(2)]
    settings.hold = [0, 0, 0.3][rng.next(3)]
    settings.viewport = [600, 300][rng.next(2)]
    var engine = try Engine(
      layout: Layout(sections: sections, ownHeights: heights, flags: flags), settings: settings)
    try engine.scroll(to: Double(rng.next(4000)))
    let y = Double(rng.next(Int(settings.viewport)))
    if (try? engine.press(screenY: y)) == nil { try engine.press(position: rng.next(40)) }
    let finger = [2.0, 5, 590, 299, 595, 10, 580][rng.next(7)]
    try engine.drag(toScreenY: Swift.min(finger, settings.viewport - 1))
    return (engine, "\(lawName) fps \(fps) \(settings.rule.name) y \(y) finger \(finger)")
  }

  @Test("random gestures: skipped and simulated ticks end bit for bit alike")
  func equivalence() throws {
    var rng = SplitMix64(seed: 1129)
    var frames = 0
    var skipped = 0
    for trial in 0..<160 {
      let (start, description) = try randomEngine(&rng)
      let count = [37, 1000, 30_000, 120_000][rng.next(4)]
      var fast = start
      try fast.tick(count)
      var slow = start
      try slow.tick(count) { _ in }
      let context = "trial \(trial): \(description), \(count) frames"
      #expect(fast.offset.bitPattern == slow.offset.bitPattern, "\(context)")
      #expect(fast.time.bitPattern == slow.time.bitPattern, "\(context)")
      #expect(fast.phase == slow.phase, "\(context)")
      if case .lifted(let a) = fast.phase, case .lifted(let b) = slow.phase {
        #expect(a.center.bitPattern == b.center.bitPattern, "\(context)")
      }
      #expect(fast.ids == slow.ids, "\(context)")
      frames += count
      skipped += fast.framesSkipped
    }
    // The skips must have carried most of the work, or this test checks little.
    #expect(skipped * 2 > frames, "only \(skipped) of \(frames) frames were skipped")
  }

  @Test("ranges: with a block lifted, skipped and simulated ticks end bit for bit alike")
  func rangeEquivalence() throws {
    var rng = SplitMix64(seed: 23)
    var frames = 0
    var skipped = 0
    for trial in 0..<100 {
      var settings = Settings()
      settings.autoscroll = rng.next(2) == 0 ? randomCatalogueProfile(&rng) : .linear()
      settings.rule = randomRule(&rng)
      settings.fps = [60.0, 7, 144][rng.next(3)]
      settings.grab = rng.next(2) == 0 ? .keep : .center
      settings.hold = [0, 0.3][rng.next(2)]
      let heights: [Double]? =
        rng.next(3) == 0 ? (0..<200).map { _ in [44.0, 30, 90, 17.5][rng.next(4)] } : nil
      let sections =
        rng.next(2) == 0
        ? [SectionSpec(titled: false, rowCount: 200)]
        : [SectionSpec(titled: true, rowCount: 90), SectionSpec(titled: false, rowCount: 110)]
      var engine = try Engine(
        layout: Layout(sections: sections, ownHeights: heights), settings: settings)
      try engine.scroll(to: Double(rng.next(3000)))
      let first = Swift.min(80, Int(engine.offset / 44) + rng.next(6))
      let count = [2, 3, 7, 20][rng.next(4)]
      // Within one section: the first section's 90 rows end at position 90.
      let start = sections.count == 2 && first < 90 && first + count > 90 ? 90 - count : first
      try engine.press(position: start, count: count)
      var fast = engine
      var slow = engine
      for _ in 0..<3 {
        let y = [2.0, 5, 590, 299, 595, 10, 580][rng.next(7)]
        try fast.drag(toScreenY: y)
        try slow.drag(toScreenY: y)
        let frameCount = [1, 37, 1000, 20_000][rng.next(4)]
        try fast.tick(frameCount)
        try slow.tick(frameCount) { _ in }
        let context =
          "trial \(trial): \(settings.autoscroll) \(settings.rule.name), \(count) rows, \(frameCount) frames"
        #expect(fast.offset.bitPattern == slow.offset.bitPattern, "\(context)")
        #expect(fast.time.bitPattern == slow.time.bitPattern, "\(context)")
        #expect(fast.phase == slow.phase, "\(context)")
        #expect(fast.ids == slow.ids, "\(context)")
        frames += frameCount
      }
      skipped += fast.framesSkipped
      #expect(fast.brokenInvariant() == nil)
    }
    #expect(skipped * 4 > frames, "only \(skipped) of \(frames) frames were skipped")
  }

  @Test("random catalogue settings: skipped and simulated ticks end bit for bit alike")
  func catalogueEquivalence() throws {
    var rng = SplitMix64(seed: 1130)
    for trial in 0..<400 {
      var settings = Settings()
      settings.autoscroll = randomCatalogueProfile(&rng)
      settings.rule = randomRule(&rng)
      settings.fps = [60.0, 7, 144][rng.next(3)]
      settings.grab = rng.next(2) == 0 ? .keep : .center
      settings.clamp = rng.next(3) == 0 ? .inset : .none
      settings.insetTop = [0, 20][rng.next(2)]
      settings.insetBottom = [0, 30][rng.next(2)]
      settings.hold = [0, 0.3][rng.next(2)]
      var engine = try Engine(
        layout: Layout(sections: [SectionSpec(titled: false, rowCount: 90)]), settings: settings)
      try engine.scroll(to: Double(rng.next(3000)))
      try engine.press(position: Swift.min(89, Int(engine.offset / 44) + 1 + rng.next(8)))
      var script: [Double] = []
      for _ in 0..<3 { script.append([2.0, 5, 590, 299, 595, 10, 580][rng.next(7)]) }
      var fast = engine
      var slow = engine
      let counts = [1, 37, 1000, 20_000]
      for y in script {
        try fast.drag(toScreenY: y)
        try slow.drag(toScreenY: y)
        let count = counts[rng.next(counts.count)]
        try fast.tick(count)
        try slow.tick(count) { _ in }
        let context =
          "trial \(trial): \(settings.autoscroll) \(settings.rule.name), \(count) frames"
        #expect(fast.offset.bitPattern == slow.offset.bitPattern, "\(context)")
        #expect(fast.time.bitPattern == slow.time.bitPattern, "\(context)")
        #expect(fast.phase == slow.phase, "\(context)")
        #expect(fast.ids == slow.ids, "\(context)")
      }
    }
  }
}
