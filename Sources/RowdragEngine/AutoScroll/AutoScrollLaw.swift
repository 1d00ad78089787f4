// SPDX-License-Identifier: Apache-2.0

/// An edge auto-scroll law: how much the list scrolls, once the engine has found the
/// measured point inside an edge zone (the behaviour catalogue §2.5).
///
/// The engine does everything the laws share — the measured point, the edges, the zone
/// test, the order and gates, rounding, damping and the clock (`AutoScrollKeys`) — and
/// asks the law only for the amount, so a law reads like its source's formula. A law is
/// a pure function of its reading: the engine may call it any number of times.
public protocol AutoScrollLaw: Sendable {
  /// The amount `A ≥ 0` for a point inside the chosen zone — points per second under
  /// the `frame` clock, points under the others — or nil when the law finds no zone
  /// after all (a zone of zero length, a row taller than the span).
  func amount(_ reading: ZoneReading) -> Double?

  /// The zone length the law sets itself, overriding the `zone` key (`linear`'s own
  /// zone, `rate`'s span divided). Nil (the default): the key.
  func zone(span: Double, rowHeight: Double) -> Double?

  /// The generic keys' defaults for this law (§2.5's second table).
  var defaultKeys: AutoScrollKeys { get }

  /// Whether, with the finger, geometry and keys fixed, the signed amount never
  /// decreases as the snapshot moves down the screen, is computed with monotonically
  /// rounding operations and reads neither the time nor the count: then a steady scroll
  /// can be skipped ahead exactly (see `Engine.tick`). False unless a law says so.
  var isMonotoneInScreenPosition: Bool { get }

  /// Whether the amount reads `ZoneReading.runMilliseconds` (`quintic`).
  var readsRunTime: Bool { get }

  /// Whether the amount reads `ZoneReading.count` (`count`): each application then
  /// stores its amount there.
  var readsCount: Bool { get }
}

extension AutoScrollLaw {
  /// The `zone` key.
  public func zone(span: Double, rowHeight: Double) -> Double? { nil }
  /// The catalogue's generic defaults.
  public var defaultKeys: AutoScrollKeys { AutoScrollKeys() }
  /// Laws make no promise unless they say so.
  public var isMonotoneInScreenPosition: Bool { false }
  /// Most laws do not read the time.
  public var readsRunTime: Bool { false }
  /// Most laws do not count.
  public var readsCount: Bool { false }
}

/// What a law sees of the zone the engine chose (§2.3).
public struct ZoneReading: Sendable, Equatable {
  /// `D`: how deep the measured point is in the zone (negative never; past the edge it
  /// exceeds `zone`).
  public var depth: Double
  /// `Z`: the zone's length.
  public var zone: Double
  /// `dist`: the measured point's distance from the edge (negative past it).
  public var distance: Double
  /// The span between the two edges the zones are measured from.
  public var span: Double
  /// `h_L`: the lifted row's height.
  public var rowHeight: Double
  /// How far the offset can still move towards this edge.
  public var room: Double
  /// Milliseconds since the current run of applications began (0 for its first).
  public var runMilliseconds: Double
  /// The amount the last application stored (`count`).
  public var count: Double

  /// Gathers a reading.
  public init(
    depth: Double, zone: Double, distance: Double, span: Double, rowHeight: Double,
    room: Double = .infinity, runMilliseconds: Double = 0, count: Double = 0
  ) {
    self.depth = depth
    self.zone = zone
    self.distance = distance
    self.span = span
    self.rowHeight = rowHeight
    self.room = room
    self.runMilliseconds = runMilliseconds
    self.count = count
  }
}

/// The description of one auto-scroll law: its name, parameters and constructor.
public typealias AutoScrollKind = BehaviourKind<any AutoScrollLaw>

/// A law with its parameter values.
public typealias AutoScrollLawChoice = Behaviour<any AutoScrollLaw>

/// The whole `autoscroll` setting: a law with its parameters and the generic keys.
public struct AutoScrollProfile: Sendable, Equatable {
  /// The law and its parameters.
  public var law: AutoScrollLawChoice {
    didSet { reads = LawReads(law.function) }
  }
  /// When and where the law is applied.
  public var keys: AutoScrollKeys
  /// What the law reads of the run state, asked of it once, when it is set: each
  /// application asks, and through the law's existential each question is a call.
  private(set) var reads: LawReads

  /// A law with the given keys; by default the law's own defaults.
  public init(_ law: AutoScrollLawChoice, keys: AutoScrollKeys? = nil) {
    self.law = law
    self.keys = keys ?? law.function.defaultKeys
    reads = LawReads(law.function)
  }

  /// `AutoScrollLaw.readsRunTime` and `readsCount`, kept.
  struct LawReads: Sendable, Equatable {
    var runTime: Bool
    var count: Bool

    init(_ law: any AutoScrollLaw) {
      runTime = law.readsRunTime
      count = law.readsCount
    }
  }

  /// The law's name.
  public var name: String { law.name }

  /// Whether a frame under this profile depends only on the snapshot, the offset and
  /// the settings: no timer, no stored value, no time or count read. The engine skips
  /// repeating and steady frames only then.
  var isStationary: Bool {
    switch keys.clock {
    case .frame, .step: break
    case .timer, .move: return false
    }
    return keys.sample == .frame && keys.damp == nil && !law.function.readsRunTime
      && !law.function.readsCount
  }

  /// Whether every value fits: the law's parameters, a damping window only with
  /// `power` (the catalogue §2.6), and `sample=move` only with laws that read no run
  /// state.
  var isValid: Bool {
    guard law.isValid, keys.zone.isWellFormed, keys.damp?.isWellFormed ?? true else {
      return false
    }
    if case .timer(let period, _) = keys.clock, !(period.isFinite && period > 0) { return false }
    return problem == nil
  }

  /// Why the keys do not go together, if they do not.
  public var problem: String? {
    if keys.damp != nil && law.name != PowerAutoScroll.kind.name {
      return "damp goes with power only"
    }
    if keys.sample == .move
      && (law.function.readsRunTime || law.function.readsCount || keys.damp != nil)
    {
      return "sample=move cannot be combined with quintic, count or damp"
    }
    return nil
  }

  /// The `linear` profile of SPEC §4.
  public static func linear(zone: Double = 100, max: Double = 1200) -> AutoScrollProfile {
    AutoScrollProfile(.unchecked(LinearAutoScroll.kind, [zone, max, 0]))
  }

  /// The `fixed` profile of SPEC §4.
  public static func fixed(speed: Double = 240) -> AutoScrollProfile {
    AutoScrollProfile(.unchecked(FixedAutoScroll.kind, [speed]))
  }

  /// The `rate` profile of SPEC §4.
  public static func rate(divisor: Double = 6, scale: Double = 600) -> AutoScrollProfile {
    AutoScrollProfile(.unchecked(RateAutoScroll.kind, [divisor, scale]))
  }

  /// No auto-scroll.
  public static var off: AutoScrollProfile { AutoScrollProfile(.unchecked(NoAutoScroll.kind, [])) }
}
