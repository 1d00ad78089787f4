import Testing

@testable import RowdragEngine

/// Profiles and rules are registry entries a library user can add to: these tests plug
/// in their own and run them through the engine, and hold the built-in entries to their
/// own descriptions.
@Suite("extension points")
struct ExtensionPointTests {
  /// A law that always scrolls down at 600 points per second: its bottom zone is the
  /// whole span and is tested first.
  struct Constant: AutoScrollLaw {
    var speed: Double
    func amount(_ reading: ZoneReading) -> Double? { speed }
    var defaultKeys: AutoScrollKeys {
      var keys = AutoScrollKeys()
      keys.zone = .span(1)
      keys.order = .bottom
      keys.test = .lessOrEqual
      return keys
    }
  }

  static let constant = AutoScrollKind(
    name: "constant", summary: "always scrolls",
    parameters: [Parameter("speed", default: 600, .nonNegative, "points/s")]
  ) { Constant(speed: $0[0]) }

  /// A rule that never reorders.
  struct Frozen: ReorderStrategy {
    func reorder<G: ReorderGeometry>(_ input: ReorderInput, in geometry: inout G) {}
  }

  @Test("every built-in kind's defaults lie in its ranges, and names are unique")
  func builtInsDescribeThemselves() throws {
    for kind in AutoScrollRegistry.kinds {
      #expect(kind.parameters.allSatisfy { $0.range.contains($0.defaultValue) }, "\(kind.name)")
      #expect(try AutoScrollLawChoice(kind).values == kind.defaults)
    }
    for kind in ReorderRuleRegistry.kinds {
      #expect(kind.parameters.allSatisfy { $0.range.contains($0.defaultValue) }, "\(kind.name)")
    }
    let names = AutoScrollRegistry.kinds.map(\.name)
    #expect(Set(names).count == names.count)
    #expect(
      names == ["linear", "fixed", "rate", "ramp", "power", "quintic", "overflow", "count", "off"])
    #expect(
      ReorderRuleRegistry.kinds.map(\.name) == [
        "edge", "midpoint", "under", "nearest", "far", "guarded", "intersect", "overlap", "drop",
        "halves", "itemview",
      ])
  }

  @Test("a profile of one's own runs through the engine: 600 pt/s at 60 fps is 10 a frame")
  func customProfile() throws {
    var engine = plainEngine(100) { $0.grab = .center }
    try engine.setAutoscroll(AutoScrollProfile(try AutoScrollLawChoice(Self.constant)))
    try engine.press(screenY: 300)
    try engine.tick(3)
    #expect(engine.offset == 30)
    #expect(engine.autoscrollAmount == 600)
  }

  @Test("a rule of one's own replaces the reorder step")
  func customRule() throws {
    let frozen = ReorderRuleKind(name: "frozen", summary: "never moves") { _ in Frozen() }
    var engine = plainEngine(5) { $0.autoscroll = .off }
    try engine.setRule(try ReorderRule(frozen))
    try engine.press(position: 0)
    try engine.drag(by: 150)
    #expect(engine.lift?.position == 0)
    try engine.setRule(.midpoint)  // a rule may change mid-gesture: it runs from the next drag
    try engine.drag(by: 1)
    #expect(engine.lift?.position == 3)
  }

  /// A rule that enters a board's column after its last row and then never steps.
  struct FrozenOnBoards: ReorderStrategy {
    func reorder<G: ReorderGeometry>(_ input: ReorderInput, in geometry: inout G) {}
    var columnEntry: ColumnEntry? { .append }
  }

  @Test(
    "a rule of one's own that says how it enters a column runs on a board; one that does not is refused"
  )
  func customRuleOnBoard() throws {
    let frozen = ReorderRuleKind(name: "frozen", summary: "never steps") { _ in FrozenOnBoards() }
    var engine = makeEngine([
      SectionSpec(titled: true, rowCount: 3), SectionSpec(titled: true, rowCount: 2),
    ]) { $0.autoscroll = .off }
    try engine.setBoard(true)
    try engine.setRule(try ReorderRule(frozen))
    try engine.press(screenX: 100, screenY: 28 + 44 + 22)  // column 1, row 2
    try engine.drag(toScreenX: 560, y: 50)  // over column 2, near its top
    // Entered after column 2's last row, and the rule kept it there.
    #expect(engine.lift?.section == 1)
    #expect(engine.lift?.position == 4)
    // A rule without a column entry is no board rule: refused, whatever its name.
    let plain = ReorderRuleKind(name: "edge", summary: "not the built-in") { _ in Frozen() }
    #expect(throws: EngineError.ruleNotOnBoard(rule: "edge", culprit: .setRule)) {
      try engine.setRule(try ReorderRule(plain))
    }
  }

  /// A rule that enters a column before the row under the finger and, once the finger
  /// is over the row's own column again, sends the row to that column's top.
  struct ToTop: ReorderStrategy {
    var columnEntry: ColumnEntry? { .underFinger }
    func reorder<G: ReorderGeometry>(_ input: ReorderInput, in geometry: inout G) {
      guard !input.enteredColumn, input.pointerInItsColumn else { return }
      while let item = geometry.neighbour(.backward), !item.isPinned {
        geometry.moveLifted(to: geometry.slot(beside: item, after: false))
      }
    }
  }

  @Test("on a board the surface lends its column to a rule of one's own, after the entry")
  func customRuleStepsInAColumn() throws {
    let toTop = ReorderRuleKind(name: "to-top", summary: "to the column's top") { _ in ToTop() }
    var engine = makeEngine([
      SectionSpec(titled: true, rowCount: 3), SectionSpec(titled: true, rowCount: 3),
    ]) { $0.autoscroll = .off }
    try engine.setBoard(true)
    try engine.setRule(try ReorderRule(toTop))
    #expect(engine.surface.isBoard)
    try engine.press(screenX: 100, screenY: 28 + 44 + 22)  // column 1, row 2
    try engine.drag(toScreenX: 560, y: 28 + 88 + 22)  // over column 2's third row
    // Entered before that row; the rule left the entering event alone.
    #expect(engine.lift?.section == 1)
    #expect(engine.lift?.position == 4)
    try engine.drag(by: 1)  // within column 2 now: the rule runs over the column alone
    #expect(engine.lift?.section == 1)
    #expect(engine.lift?.position == 2)
    try engine.release()
    #expect(engine.lastEditSlots?.to == Slot(position: 2, section: 1))
  }

  @Test("parameters are checked against their ranges and names")
  func parameterChecks() {
    #expect(throws: EngineError.parameterOutOfRange(parameter: "max", range: .nonNegative)) {
      try AutoScrollLawChoice(LinearAutoScroll.kind, values: ["max": .points(-1)])
    }
    #expect(throws: EngineError.parameterOutOfRange(parameter: "max", range: .nonNegative)) {
      try AutoScrollLawChoice(LinearAutoScroll.kind, values: ["max": .span(1)])
    }
    #expect(throws: EngineError.parameterOutOfRange(parameter: "zone", range: .length)) {
      try AutoScrollLawChoice(LinearAutoScroll.kind, values: ["zone": .spanDivided(0)])
    }
    #expect(throws: EngineError.unknownParameter(behaviour: "linear", parameter: "speed")) {
      try AutoScrollLawChoice(LinearAutoScroll.kind, values: ["speed": .points(1)])
    }
    #expect(throws: EngineError.wrongParameterCount(behaviour: "fixed", expected: 1, got: 2)) {
      try AutoScrollLawChoice(FixedAutoScroll.kind, orderedValues: [.points(1), .points(2)])
    }
    #expect(throws: EngineError.invalidSetting(.autoscroll, .invalidParameters)) {
      var engine = plainEngine(3)
      try engine.setAutoscroll(.linear(zone: -1))
    }
  }

  @Test("Engine.init refuses what the setters refuse")
  func initValidates() {
    let layout = Layout(sections: [SectionSpec(titled: false, rowCount: 3)])
    var settings = Settings()
    settings.viewport = 0
    #expect(throws: EngineError.invalidSetting(.viewport, .outOfRange(.positive))) {
      try Engine(layout: layout, settings: settings)
    }
    var engine = Engine(layout: layout)
    #expect(throws: EngineError.invalidSetting(.viewport, .outOfRange(.positive))) {
      try engine.setViewport(0)
    }
    settings = Settings()
    settings.fps = .infinity
    #expect(throws: EngineError.invalidSetting(.fps, .outOfRange(.positive))) {
      try Engine(layout: layout, settings: settings)
    }
    settings = Settings()
    settings.autoscroll = .rate(divisor: 0)
    #expect(throws: EngineError.invalidSetting(.autoscroll, .invalidParameters)) {
      try Engine(layout: layout, settings: settings)
    }
  }
}

/// A strip of items of the given lengths side by side, one section, as a second
/// geometry: the rules must work over it without knowing about tables.
struct StripGeometry: ReorderGeometry {
  var lengths: [Double]
  var ids: [Int]
  var lifted: Slot

  func start(_ k: Int) -> Double { lengths[..<k].reduce(0, +) }

  func neighbour(_ direction: AxisDirection) -> AxisItem? {
    let k = lifted.position + (direction == .forward ? 1 : -1)
    guard k >= 0, k < lengths.count else { return nil }
    return item(k)
  }

  func row(at coordinate: Double) -> AxisItem? {
    (0..<lengths.count).first { start($0) <= coordinate && coordinate < start($0) + lengths[$0] }
      .map(item)
  }

  func hasBarrier(before item: AxisItem) -> Bool { false }

  var liftedStart: Double { start(lifted.position) }

  func walkRowsAtLift(
    from a: Double, to b: Double, source: Slot, _ visit: (RowAtLift) -> AtLiftWalk
  ) {
    var atLift = self
    atLift.moveLifted(to: source)
    var liftedOnly = false
    for k in 0..<lengths.count where atLift.start(k) < b && atLift.start(k) + atLift.lengths[k] > a
    {
      if liftedOnly && k != source.position { continue }
      let item = AxisItem(
        kind: .row(position: k), start: atLift.start(k), length: atLift.lengths[k],
        isPinned: false, destination: Slot(position: k, section: 0))
      switch visit(RowAtLift(item: item, isLifted: k == source.position, isBehindPin: false)) {
      case .next where !liftedOnly: continue
      case .liftedOnly where !liftedOnly && k < source.position: liftedOnly = true
      default: return
      }
    }
  }

  func slot(beside item: AxisItem, after: Bool) -> Slot {
    guard case .row(let r) = item.kind else { return lifted }
    let position = r > lifted.position ? (after ? r : r - 1) : (after ? r + 1 : r)
    return Slot(position: position, section: 0)
  }

  mutating func moveLifted(to slot: Slot) {
    let length = lengths.remove(at: lifted.position)
    lengths.insert(length, at: slot.position)
    ids.insert(ids.remove(at: lifted.position), at: slot.position)
    lifted = slot
  }

  private func item(_ k: Int) -> AxisItem {
    AxisItem(
      kind: .row(position: k), start: start(k), length: lengths[k], isPinned: false,
      destination: Slot(position: k, section: 0))
  }
}

@Suite("rules over another geometry")
struct GeometryTests {
  func input(center: Double, pointer: Double? = nil) -> ReorderInput {
    ReorderInput(
      center: center, snapshotLength: 10, pointer: pointer ?? center, crossesSections: true)
  }

  @Test("midpoint over a strip: items 10, 30, 20, 30 wide, the first lifted, center at 61")
  func midpointStrip() {
    var strip = StripGeometry(
      lengths: [10, 30, 20, 30], ids: [0, 1, 2, 3], lifted: Slot(position: 0, section: 0))
    MidpointRule().reorder(input(center: 61), in: &strip)
    // Item 1 spans 10…40, middle 25 < 61: pass. Then item 2 spans 40…60, middle 50: pass.
    // Item 3 spans 60…90, middle 75 > 61: stop.
    #expect(strip.ids == [1, 2, 0, 3])
    // Back: item 2 now spans 30…50 (middle 40), item 1 spans 0…30 (middle 15); 5 < both.
    MidpointRule().reorder(input(center: 5), in: &strip)
    #expect(strip.ids == [0, 1, 2, 3])
  }

  @Test("under over a strip: jumps to the item under the pointer in one step")
  func underStrip() {
    var strip = StripGeometry(
      lengths: [10, 30, 20, 30], ids: [0, 1, 2, 3], lifted: Slot(position: 0, section: 0))
    UnderRule().reorder(input(center: 5, pointer: 65), in: &strip)
    #expect(strip.ids == [1, 2, 3, 0])
  }
}
