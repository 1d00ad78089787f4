import Testing

@testable import RowdragEngine

/// `tick(_:observe:)` steps every frame where `tick(_:)` fast-forwards: both must end in
/// the same state, and each report must be what one `tick(1)` at a time shows.
@Suite("per-frame observation")
struct ObservationTests {
  /// Gestures that scroll, reorder, hold and oscillate.
  static func scenarios() throws -> [(String, Engine)] {
    var bottom = plainEngine(200) { $0.grab = .center }
    try bottom.press(screenY: 300)
    try bottom.drag(toScreenY: 590)

    // Rows of 30 and 90 points under the `under` rule: the finger over the taller row
    // makes the rows trade places every frame while the list scrolls.
    var oscillating = makeEngine(
      [SectionSpec(titled: false, rowCount: 40)],
      heights: (0..<40).map { $0 % 2 == 0 ? 30 : 90 }
    ) {
      $0.rule = .under
      $0.autoscroll = .off
    }
    try oscillating.press(position: 0)
    try oscillating.drag(toScreenY: 80)

    var holding = plainEngine(50) { $0.hold = 0.2 }
    try holding.press(position: 2)

    var longHold = plainEngine(50) { $0.hold = 100 }  // outlasts every tick below
    try longHold.press(position: 3)

    var top = plainEngine(100) { $0.autoscroll = .rate() }
    try top.scroll(to: 2000)
    try top.press(screenY: 300)
    try top.drag(toScreenY: 3)
    return [
      ("bottom edge", bottom), ("oscillation", oscillating), ("hold", holding),
      ("long hold", longHold), ("top", top),
    ]
  }

  @Test("observed ticks end where plain ticks do, and report each frame as tick(1) would")
  func observedEqualsPlain() throws {
    for (name, start) in try Self.scenarios() {
      for frames in [0, 1, 2, 7, 60, 301] {
        var plain = start
        try plain.tick(frames)
        var observed = start
        var reports: [FrameReport] = []
        try observed.tick(frames) { reports.append($0) }
        #expect(observed.offset == plain.offset, "\(name) \(frames)")
        #expect(observed.time == plain.time, "\(name) \(frames)")
        #expect(observed.phase == plain.phase, "\(name) \(frames)")
        #expect(observed.ids == plain.ids, "\(name) \(frames)")

        var stepped = start
        var expected: [(Double, Double, Phase)] = []
        for _ in 0..<frames {
          try stepped.tick(1)
          expected.append((stepped.offset, stepped.time, stepped.phase))
        }
        #expect(reports.map(\.index) == Array(0..<frames).map { $0 + 1 }, "\(name)")
        #expect(reports.map(\.offset) == expected.map(\.0), "\(name) \(frames)")
        #expect(reports.map(\.time) == expected.map(\.1), "\(name) \(frames)")
        #expect(reports.map(\.phase) == expected.map(\.2), "\(name) \(frames)")
        if name == "oscillation" && frames >= 7 {
          let positions = Set(
            reports.compactMap { report -> Int? in
              if case .lifted(let lift) = report.phase { return lift.position }
              return nil
            })
          #expect(positions.count == 2, "the scenario must oscillate to test the fast path")
        }
      }
    }
  }

  @Test("the reported velocity is the one the frame moved the list by")
  func velocityMovesTheList() throws {
    var engine = plainEngine(200) { $0.grab = .center }
    try engine.press(screenY: 300)
    try engine.drag(toScreenY: 575)  // 75 points into the bottom zone: 900 pt/s
    var previous = engine.offset
    try engine.tick(3) { report in
      #expect(report.amount == 900)
      #expect(report.delta == 15)
      #expect(report.offset - previous == 15)
      previous = report.offset
    }
  }

  @Test("wait(_:observe:) reports ceil(seconds · fps) frames")
  func waitObserves() throws {
    var engine = plainEngine(10)
    var count = 0
    try engine.wait(0.5) { _ in count += 1 }
    #expect(count == 30)
    #expect(throws: EngineError.invalidDuration) { try engine.wait(-1) { _ in } }
  }

  @Test("the DocC article's example (RowdragEngine.docc/DrivingAGesture.md) says what happens")
  func articleExample() throws {
    var settings = Settings()
    settings.grab = .center
    var engine = try Engine(
      layout: Layout(sections: [SectionSpec(titled: false, rowCount: 200)]), settings: settings)
    try engine.press(screenY: 300)
    #expect(engine.lift?.sourcePosition == 6)
    try engine.drag(toScreenY: 575)
    var frames: [(Int, Double, Double)] = []
    try engine.tick(3) { frames.append(($0.index, $0.offset, $0.amount)) }
    #expect(frames.map(\.0) == [1, 2, 3])
    #expect(frames.map(\.1) == [15, 30, 45])
    #expect(frames.map(\.2) == [900, 900, 900])
    try engine.release()
    #expect(engine.canUndo)
    try engine.undo()
    #expect(engine.ids == Array(0..<200))

    struct Constant: AutoScrollLaw {
      var speed: Double
      func amount(_ reading: ZoneReading) -> Double? { speed }
    }
    let constant = AutoScrollKind(
      name: "constant", summary: "the same speed in either zone",
      parameters: [Parameter("speed", default: 600, .nonNegative, "points/s")]
    ) { Constant(speed: $0[0]) }
    var keys = AutoScrollKeys()
    keys.zone = .points(100)
    let law = try AutoScrollLawChoice(constant, values: ["speed": .points(300)])
    try engine.setAutoscroll(AutoScrollProfile(law, keys: keys))
    #expect(engine.settings.autoscroll.law.values == [.points(300)])

    var flutter = OverflowAutoScroll(cap: 20).defaultKeys
    flutter.clock = .timer(period: 20, text: "20")
    try engine.setAutoscroll(
      AutoScrollProfile(try AutoScrollLawChoice(OverflowAutoScroll.kind), keys: flutter))
    #expect(engine.settings.autoscroll.keys.point == .edge)
  }

  @Test("an interrupted tick stops at a 65,536-frame boundary and keeps the frames it ran")
  func interruption() throws {
    // A law of its own that makes no promise: no steady scroll is skipped, every frame runs.
    struct Plain: AutoScrollLaw {
      func amount(_ reading: ZoneReading) -> Double? { 0.001 }
      var defaultKeys: AutoScrollKeys {
        var keys = AutoScrollKeys()
        keys.point = .edge
        return keys
      }
    }
    let plain = AutoScrollKind(name: "plain", summary: "") { _ in Plain() }
    var engine = plainEngine(200)
    try engine.setAutoscroll(AutoScrollProfile(try AutoScrollLawChoice(plain)))
    try engine.press(screenY: 300)
    try engine.drag(toScreenY: 599)  // the snapshot pokes out at the bottom
    var reference = engine
    #expect(throws: EngineError.interrupted(framesRun: 16_960, framesAsked: 1_000_000)) {
      try engine.tick(1_000_000, isInterrupted: { true })
    }
    try reference.tick(16_960)
    #expect(engine.time == reference.time && engine.offset == reference.offset)
    var asked = 0
    try engine.tick(100) {
      asked += 1
      return false
    }
    #expect(asked == 0)  // short ticks never ask
  }
}
