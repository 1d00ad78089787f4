import RowdragTestSupport

@testable import RowdragEngine

/// Builds an engine over `sections` with optional per-row heights and flags.
func makeEngine(
  _ sections: [SectionSpec], heights: [Double]? = nil, flags: [RowFlags]? = nil,
  configure: (inout Settings) -> Void = { _ in }
) -> Engine {
  var settings = Settings()
  configure(&settings)
  // Tests configure valid settings; a refused one is a broken test, caught here.
  guard
    let engine = try? Engine(
      layout: Layout(sections: sections, ownHeights: heights, flags: flags), settings: settings)
  else { preconditionFailure("invalid test settings") }
  return engine
}

/// One untitled section of `n` rows of 44 points.
func plainEngine(_ n: Int, configure: (inout Settings) -> Void = { _ in }) -> Engine {
  makeEngine([SectionSpec(titled: false, rowCount: n)], configure: configure)
}

/// The offset after each of `frames` frames of a tick.
func offsets(_ e: inout Engine, frames: Int) throws -> [Double] {
  var seen: [Double] = []
  try e.tick(frames) { seen.append($0.offset) }
  return seen
}

extension Engine {
  /// Row identities in layout order, as plain Ints.
  var ids: [Int] { layout.order.map(Int.init) }

  /// Rows per section, in order.
  var sectionSizes: [Int] { (0..<layout.sectionCount).map { layout.rowCount(inSection: $0) } }

  /// Checks the structural invariants every command must keep; returns the first
  /// broken one.
  func brokenInvariant() -> String? {
    let n = layout.rowCount
    if layout.order.map(Int.init).sorted() != Array(0..<n) { return "order is not a permutation" }
    if !layout.flagStore.isEmpty && layout.flagStore.count != n { return "flags out of step" }
    if layout.sectionStarts.first != 0 { return "first section does not start at 0" }
    for s in 1..<max(1, layout.sectionCount)
    where layout.sectionStarts[s] < layout.sectionStarts[s - 1] {
      return "section starts decrease"
    }
    if let last = layout.sectionStarts.last, last > n { return "section start past the end" }
    var expected = 0
    for k in 0..<n where Int(layout.order[k]) != k { expected += 1 }
    for s in 0..<layout.sectionCount where layout.sectionStarts[s] != layout.baselineStarts[s] {
      expected += 1
    }
    if expected != layout.mismatches { return "mismatch count \(layout.mismatches) != \(expected)" }
    if !layout.isUniform {
      var sum = 0.0
      for k in 0..<n {
        if layout.prefix[k] != sum { return "prefix sum at \(k) is stale" }
        sum += layout.height(at: k)
      }
    }
    if !offsetRange.contains(offset) { return "offset \(offset) outside \(offsetRange)" }
    switch phase {
    case .lifted(let lift):
      if lift.position < 0 || lift.position >= n { return "lifted position out of range" }
      if layout.section(of: lift.position) != lift.section
        && !(layout.rowCount(inSection: lift.section) > 0
          && layout.sectionStarts[lift.section] <= lift.position
          && lift.position < layout.sectionEnd(lift.section))
      {
        return "lifted section \(lift.section) does not hold position \(lift.position)"
      }
      if !layout.flags(at: lift.position).isDisjoint(with: [.locked, .pinned]) {
        return "a flagged row is lifted"
      }
      // A range (SPEC §10): its rows stay consecutive, in its section, unflagged, and
      // the snapshot is as high as they are.
      if lift.count < 1 || lift.position + lift.count > layout.sectionEnd(lift.section) {
        return "lifted block of \(lift.count) rows leaves section \(lift.section)"
      }
      for k in lift.position..<(lift.position + lift.count)
      where !layout.flags(at: k).isDisjoint(with: [.locked, .pinned]) {
        return "a flagged row is lifted in the block"
      }
      let blockHeight = layout.height(at: lift.position, count: lift.count)
      if abs(lift.height - blockHeight) > 1e-9 * max(1, blockHeight) {
        return "snapshot height \(lift.height) is not the block's"
      }
      // The snapshot follows the finger, kept between the insets with clamp inset (grab
      // and clamp take effect at the next drag, so either form may hold).
      let candidates = [lift.grab, 0].flatMap { g in
        [
          lift.finger + g,
          max(settings.insetTop, min(lift.finger + g, settings.viewport - settings.insetBottom)),
        ]
      }
      // (On a board the lifted row's column scrolls it: `verticalOffset`.)
      if candidates.allSatisfy({ abs(lift.center - (verticalOffset + $0)) > 1e-6 }) {
        return "snapshot center is not o + finger + grab"
      }
    case .holding(let touch):
      if touch.position < 0 || touch.position >= n { return "touch position out of range" }
    default:
      break
    }
    return nil
  }
}

/// A random auto-scroll setting from the behaviour catalogue: any law at its defaults
/// with any clock, sampling, point, edges, zone, order, test, gate, restart, rounding
/// and, for `power`, damping — every combination the command language accepts.
func randomCatalogueProfile(_ rng: inout SplitMix64) -> AutoScrollProfile {
  let kinds = AutoScrollRegistry.kinds
  let kind = kinds[rng.next(kinds.count)]
  guard let law = try? AutoScrollLawChoice(kind) else { preconditionFailure("defaults refused") }
  var keys = law.function.defaultKeys
  func pick<T>(_ values: [T]) -> T { values[rng.next(values.count)] }
  keys.clock = pick([
    .frame, .step, .move, .timer(period: 5, text: "5"), .timer(period: 20, text: "20"),
    .timer(period: 1000 / 60, text: "1000/60"), .timer(period: 50, text: "50"),
  ])
  let readsState = law.function.readsRunTime || law.function.readsCount
  keys.sample = readsState ? .frame : pick([.frame, .move])
  keys.point = pick(MeasuredPoint.allCases)
  keys.edges = pick(ZoneEdges.allCases)
  keys.zone = pick([.points(0), .points(30), .span(0.2), .spanDivided(6), .rows(0.5, plus: 6)])
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
  if kind.name == "power" && keys.sample == .frame && rng.next(2) == 0 {
    keys.damp = Damping(start: 360, end: 1200)
  }
  return AutoScrollProfile(law, keys: keys)
}

/// Any rule of the registry, its flags (`under end=`) on or off at random.
func randomRule(_ rng: inout SplitMix64) -> ReorderRule {
  let kind = ReorderRuleRegistry.kinds[rng.next(ReorderRuleRegistry.kinds.count)]
  let values = kind.parameters.map { p in
    // Flags either way; `under every=MS` off, or an interval longer or shorter than a frame.
    p.range == .flag
      ? Length.points(Double(rng.next(2)))
      : p.name == "every" ? Length.points([0, 0, 50, 7][rng.next(4)]) : p.defaultValue
  }
  guard let rule = try? ReorderRule(kind, orderedValues: values) else {
    preconditionFailure("rule refused")
  }
  return rule
}
