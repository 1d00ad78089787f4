/// The search behind `fit`: which hold and auto-scroll law, with which parameters and
/// keys, make a replay of the gesture closest to an app's trace on the clock (the mean
/// of `TraceAlignment`).
///
/// It starts from every preset and from every law's defaults. The best start of each
/// law (and the best that keeps the session's other settings, when a preset's was
/// better) is improved one setting at a time (coordinate descent), twice: a timer's
/// period is scanned in whole milliseconds, each main number is probed at multiples of
/// itself and narrowed by golden-section search, and the clock and the measured point
/// take their best value. The three best laws then get thorough passes: every number,
/// the numbers together by a Nelder–Mead simplex, every key, and another clock or point
/// judged with its numbers refitted; the best of them passes until a pass gains little.
///
/// Until then the search compares how far the replay and the trace move in each tenth
/// of a second (`TraceDifference.stepMean`), where a zone and a speed can be found one
/// at a time; its last passes compare the offsets, which `fit` reports, and `best` is
/// the replay closest in offsets of all, so no preset (each is a start) is closer.
/// Numbers are rounded as they are tried, so the line printed is the line replayed.
/// There is no randomness and no clock in it: the same trace and gesture give the same
/// line, and the number of replays is bounded (`budget`).
final class TraceFit {
  /// A candidate and how far its replay is from the trace; `difference` is nil when the
  /// surface refused the candidate.
  struct Scored {
    var candidate: FitCandidate
    var difference: TraceDifference?
    var mean: Double { difference?.mean ?? .infinity }
    /// The mean difference of the steps (`TraceDifference.stepMean`).
    var stepMean: Double { difference?.stepMean ?? .infinity }
  }

  /// Whether the search compares steps rather than offsets: a step that is off costs
  /// where it is off, not at every sample after it; the last passes compare the
  /// offsets, which `fit` reports.
  private var searchesSteps = true

  /// What the search minimises.
  private func cost(_ scored: Scored) -> Double {
    searchesSteps ? scored.stepMean : scored.mean
  }

  /// Replays a candidate: its difference from the trace, or nil when it cannot run.
  private let evaluate: (FitCandidate) throws -> TraceDifference?
  /// The frames per second the replays run at (a timer clock tried first gets a
  /// frame's period).
  private let fps: Double
  /// The most replays one fit runs.
  let budget: Int
  /// Told after each replay, with the replays so far and the best.
  var progress: ((Int, Scored) -> Void)?

  /// Every candidate replayed so far, by its line.
  private(set) var scores: [String: Scored] = [:]
  /// The best so far.
  private(set) var best: Scored?
  /// Candidates tried so far (those the surface refused among them).
  var replays: Int { scores.count }

  /// How much better a change must make the cost to be taken: less is rounding.
  private static let gain = 1e-6
  /// The laws whose best start gets thorough passes.
  static let lawsRefined = 3

  init(
    fps: Double, budget: Int = 6_000, evaluate: @escaping (FitCandidate) throws -> TraceDifference?
  ) {
    self.fps = fps
    self.budget = budget
    self.evaluate = evaluate
  }

  /// Runs the search from `starts`; `best` holds the result. Ctrl-C (an `interrupted`
  /// error from a replay) ends it early with `best` as far as it got.
  func run(from starts: [FitCandidate]) throws {
    do {
      var scored: [Scored] = []
      for start in starts { scored.append(try score(start)) }
      // The best start of each law, best laws first (ties keep the starts' order); and
      // when that start keeps a preset's other settings, the best that keeps the
      // session's too: a preset's rule, slop or start may be what keeps it off.
      var seeds: [Scored] = []
      let ranked = scored.enumerated().sorted {
        (cost($0.element), $0.offset) < (cost($1.element), $1.offset)
      }.map(\.element).filter { $0.difference != nil }
      for entry in ranked {
        let law = entry.candidate.law
        let same = seeds.filter { $0.candidate.law == law }
        if same.isEmpty
          || (entry.candidate.base == nil && same.allSatisfy { $0.candidate.base != nil })
        {
          seeds.append(entry)
        }
      }
      // Two quick passes from each seed, two thorough ones for the three best, then the
      // best until a pass gains little.
      var refined: [Scored] = []
      for seed in seeds { refined.append(try descend(from: seed, passes: 2, thorough: false)) }
      refined.sort { cost($0) < cost($1) }
      var finalists: [Scored] = []
      for seed in refined
      where !finalists.contains(where: { $0.candidate.law == seed.candidate.law }) {
        guard finalists.count < Self.lawsRefined else { break }
        finalists.append(try descend(from: seed, passes: 2, thorough: true))
      }
      if let winner = finalists.min(by: { cost($0) < cost($1) }) {
        let stepped = try descend(from: winner, passes: 8, thorough: true)
        // Last, the offsets themselves, from the best of the search and the best seen.
        searchesSteps = false
        _ = try descend(from: stepped, passes: 3, thorough: true)
        if let best, best.candidate.line != stepped.candidate.line {
          _ = try descend(from: best, passes: 3, thorough: true)
        }
      }
    } catch is BudgetSpent {
      return
    }
  }

  /// The replay of `candidate`, once: a candidate tried again is looked up.
  @discardableResult
  func score(_ candidate: FitCandidate) throws -> Scored {
    let line = candidate.line
    if let known = scores[line] { return known }
    guard scores.count < budget else { throw BudgetSpent() }
    let scored = Scored(candidate: candidate, difference: try evaluate(candidate))
    scores[line] = scored
    if scored.difference != nil, scored.mean < best?.mean ?? .infinity { best = scored }
    if let best { progress?(scores.count, best) }
    return scored
  }

  /// Coordinate descent from `start`: up to `passes` passes over its numbers and keys,
  /// ending early when a pass gains little. A number that changed nothing at any value
  /// in the first pass, or a key in any pass, is not tried again. A quick pass tries
  /// only the main numbers and the `shapeKeys`; a `thorough` one tries every number and
  /// key, refits the numbers for each value of the `shapeKeys`, and moves the
  /// numbers together by a simplex.
  private func descend(from start: Scored, passes: Int, thorough: Bool) throws -> Scored {
    var current = start
    var inert = Inert()
    for pass in 0..<passes {
      let before = cost(current)
      // A timer's period first, then the numbers, one at a time and then together (a
      // zone and a speed, say, trade off: one at a time zig-zags towards where a
      // simplex walks), and last the keys, judged with numbers that fit.
      for coordinate in current.candidate.coordinates() where coordinate == .timer {
        current = try number(coordinate, from: current, pass: pass, inert: &inert)
      }
      for coordinate in current.candidate.coordinates(quick: !thorough) where coordinate != .timer {
        current = try number(coordinate, from: current, pass: pass, inert: &inert)
      }
      let live = numbers(of: current, inert: inert)
      if thorough, !live.isEmpty { current = try simplex(from: current, live, perCoordinate: 30) }
      // A first look at a law tries only the keys that change the scroll's shape (its
      // clock, the point it measures); the others are worth their replays only for the
      // laws that come closest.
      for key in FitCandidate.choiceKeys
      where !inert.keys.contains(key) && (thorough || Self.shapeKeys.contains(key)) {
        var changes = false
        for alternative in current.candidate.alternatives(key, fps: fps) {
          var scored = try score(alternative)
          if cost(scored) != cost(current) { changes = true }
          // Where the point is measured, and the clock, move the zone and the amount
          // the numbers should have: such a value is judged with its numbers refitted.
          if thorough, Self.shapeKeys.contains(key), scored.difference != nil, !live.isEmpty {
            scored = try simplex(from: scored, live, perCoordinate: 10)
          }
          if cost(scored) < cost(current) - Self.gain { current = scored }
        }
        if !changes { inert.keys.insert(key) }
      }
      // A pass that gains less than a hundredth (of a point, or of the mean) is the last.
      if cost(current) >= before - Swift.max(0.01, 0.01 * before) { break }
    }
    return current
  }

  /// The keys that change the scroll's shape: a first look at a law tries them, and a
  /// thorough pass judges their other values with the numbers refitted.
  static let shapeKeys: Set<String> = ["point", "clock"]

  /// The numbers and keys a descent found to change nothing.
  private struct Inert {
    var coordinates: Set<FitCandidate.Coordinate> = []
    var keys: Set<String> = []
  }

  /// The numbers of `scored` the simplex moves: all but a timer's period (searched in
  /// whole milliseconds) and those found inert.
  private func numbers(of scored: Scored, inert: Inert) -> [FitCandidate.Coordinate] {
    scored.candidate.coordinates().filter { $0 != .timer && !inert.coordinates.contains($0) }
  }

  /// `line` for one number not known to be inert; one that changed nothing in the first
  /// pass becomes so.
  private func number(
    _ coordinate: FitCandidate.Coordinate, from current: Scored, pass: Int, inert: inout Inert
  ) throws -> Scored {
    guard !inert.coordinates.contains(coordinate) else { return current }
    let (next, changes) = try line(coordinate, from: current)
    if pass == 0 && !changes { inert.coordinates.insert(coordinate) }
    return next
  }

  /// The best value of one number: probes at multiples of it (or steps from zero),
  /// then golden-section search between the probes on either side of the best (a
  /// timer's period is probed in whole milliseconds, then every millisecond around the
  /// best). Returns the best candidate and whether any value changed the cost.
  private func line(_ coordinate: FitCandidate.Coordinate, from current: Scored) throws -> (
    Scored, Bool
  ) {
    var points: [(x: Double, scored: Scored)] = [(current.candidate.value(coordinate), current)]
    var changes = false
    func probe(_ x: Double) throws -> Double {
      guard let candidate = current.candidate.with(coordinate, x) else { return .infinity }
      let rounded = candidate.value(coordinate)
      if let known = points.first(where: { $0.x == rounded }) { return cost(known.scored) }
      let scored = try score(candidate)
      if cost(scored) != cost(current) { changes = true }
      points.append((rounded, scored))
      return cost(scored)
    }
    func bestIndex() -> Int {
      points.indices.min { cost(points[$0].scored) < cost(points[$1].scored) } ?? 0
    }
    for x in probes(current.candidate.value(coordinate), coordinate) { _ = try probe(x) }
    points.sort { $0.x < $1.x }
    var best = bestIndex()
    if coordinate == .timer {
      // Between coarse probes, every whole millisecond around the best.
      let x = points[best].x
      let spread = points.count > 2 ? (points[points.count - 1].x - points[0].x) / 40 : 1
      let step = Swift.min(20, Swift.max(1, spread.rounded(.up)))
      for ms in Swift.stride(from: x - step + 1, to: x + step, by: 1) where ms >= 1 {
        _ = try probe(ms.rounded())
      }
      best = bestIndex()
    } else {
      var a = points[Swift.max(0, best - 1)].x
      var b = points[Swift.min(points.count - 1, best + 1)].x
      let ratio = 0.618_033_988_749_895
      for _ in 0..<5 where FitCandidate.rounded(a) != FitCandidate.rounded(b) {
        let c = b - ratio * (b - a)
        let d = a + ratio * (b - a)
        if try probe(c) <= (try probe(d)) { b = d } else { a = c }
      }
      best = bestIndex()
    }
    guard cost(points[best].scored) < cost(current) - Self.gain else { return (current, changes) }
    return (points[best].scored, true)
  }

  /// Nelder–Mead over `coordinates` from `start`, at most `perCoordinate` replays a
  /// coordinate:
  /// reflect the worst corner through the others, expand when that is best, contract
  /// when it is not better, shrink towards the best when nothing helps.
  private func simplex(
    from start: Scored, _ coordinates: [FitCandidate.Coordinate], perCoordinate: Int
  ) throws -> Scored {
    var best = start
    func f(_ x: [Double]) throws -> Double {
      var candidate: FitCandidate? = start.candidate
      for (coordinate, value) in zip(coordinates, x) {
        candidate = candidate?.with(coordinate, value)
      }
      guard let candidate else { return .infinity }
      let scored = try score(candidate)
      if cost(scored) < cost(best) { best = scored }
      return cost(scored)
    }
    let x0 = coordinates.map { start.candidate.value($0) }
    var corners: [(x: [Double], f: Double)] = [(x0, cost(start))]
    for index in coordinates.indices {
      var x = x0
      x[index] += x0[index] != 0 ? 0.2 * x0[index] : (coordinates[index] == .hold ? 0.05 : 20)
      corners.append((x, try f(x)))
    }
    var left = perCoordinate * coordinates.count
    while left > 0 {
      corners.sort { $0.f < $1.f }
      guard let worst = corners.last, corners[0].f.isFinite,
        worst.f - corners[0].f > Swift.max(Self.gain, 1e-4 * corners[0].f)
      else { break }
      let others = corners.dropLast()
      let centre = x0.indices.map { i in others.map { $0.x[i] }.reduce(0, +) / Double(others.count)
      }
      func towards(_ t: Double) -> [Double] {
        x0.indices.map { centre[$0] + t * (worst.x[$0] - centre[$0]) }
      }
      let reflected = towards(-1)
      let fr = try f(reflected)
      left -= 1
      if fr < corners[0].f {
        let expanded = towards(-2)
        let fe = try f(expanded)
        left -= 1
        corners[corners.count - 1] = fe < fr ? (expanded, fe) : (reflected, fr)
      } else if fr < corners[corners.count - 2].f {
        corners[corners.count - 1] = (reflected, fr)
      } else {
        let contracted = towards(fr < worst.f ? -0.5 : 0.5)
        let fc = try f(contracted)
        left -= 1
        if fc < Swift.min(fr, worst.f) {
          corners[corners.count - 1] = (contracted, fc)
        } else {
          let first = corners[0].x
          for index in corners.indices.dropFirst() {
            let x = x0.indices.map { first[$0] + 0.5 * (corners[index].x[$0] - first[$0]) }
            corners[index] = (x, try f(x))
            left -= 1
          }
        }
      }
    }
    return cost(best) < cost(start) - Self.gain ? best : start
  }

  /// Where a number is probed first: multiples of it, or steps from zero of about the
  /// size it has.
  func probes(_ value: Double, _ coordinate: FitCandidate.Coordinate) -> [Double] {
    if FitCandidate.isSigned(coordinate) {
      let scale = Swift.max(abs(value), 10)
      return [-1, -0.5, -0.2, 0.2, 0.5, 1].map { value + $0 * scale }
    }
    // A timer's period is searched in whole milliseconds, as apps write it, from a
    // quarter of it to four times it: between periods the fit changes by steps no
    // narrowing can follow.
    if coordinate == .timer {
      let low = Swift.max(1, (value / 4).rounded(.down))
      let high = Swift.max(low + 1, (value * 4).rounded(.up))
      let step = Swift.max(1, ((high - low) / 40).rounded(.up))
      return Swift.stride(from: low, through: high, by: step).map { $0 } + [1000 / fps]
    }
    if value > 0 { return [0, 0.25, 0.5, 0.8, 1.25, 2, 4].map { value * $0 } }
    let unit = coordinate == .hold ? 0.1 : 10
    return [0.25, 0.5, 1, 2, 4, 16].map { unit * $0 }
  }

  /// Thrown when the budget of replays is spent: the search stops with what it has.
  private struct BudgetSpent: Error {}
}
