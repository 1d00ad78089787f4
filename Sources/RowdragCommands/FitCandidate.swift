import Glibc  // log10, pow
import RowdragEngine

/// One setting `fit` tries: the settings the rest come from (the session's as the
/// gesture starts, or a preset's), the hold, and an auto-scroll law with its
/// parameters and keys. What `fit` prints of it is the option line that gives it, so
/// two candidates with the same line are the same candidate.
struct FitCandidate {
  /// The preset whose other settings (rule, slop, grab, …) it keeps; nil keeps the
  /// session's.
  var base: String?
  var hold: Double
  var profile: AutoScrollProfile

  /// The options that give it, as a shell takes them:
  /// `--preset sortablejs --hold 0 --autoscroll 'fixed speed=10 …'`.
  var line: String {
    var words: [String] = []
    if let base { words.append("--preset \(base)") }
    words.append("--hold \(NumberText.short(hold))")
    words.append("--autoscroll '\(AutoScrollText.format(profile))'")
    return words.joined(separator: " ")
  }

  /// The engine the gesture starts on under this candidate, or nil when the surface
  /// refuses it (a rule with no board form, a key the board lacks).
  func engine(from start: Engine) -> Engine? {
    var engine = start
    do {
      if let base { try PresetTable.preset(base).apply(to: &engine) }
      try engine.setHold(hold)
      try engine.setAutoscroll(profile)
    } catch {
      return nil
    }
    return engine
  }

  /// The law's name.
  var law: String { profile.law.name }

  // MARK: Continuous settings

  /// A number of the candidate that `fit` varies continuously.
  enum Coordinate: Hashable {
    case hold
    /// The law's parameter at this index: its number (the `N` of `N`, `Nv`, `Nh+M`,
    /// `v/N`), or the `M` of `Nh+M`.
    case parameter(Int)
    case parameterPlus(Int)
    /// The generic `zone=` key, for a law that does not set its own.
    case zone
    case zonePlus
    /// A timer clock's period.
    case timer
    case rearm
    case latch
    case dampStart
    case dampEnd
  }

  /// The numbers this candidate has, in the order `fit` tries them: the hold last, as
  /// a hold past the gesture's wait lifts nothing, which fits better than a law far
  /// off and would leave every other number nothing to change. A `quick` look leaves
  /// out a law's secondary parameters while they are at their defaults (`linear`'s
  /// `min`, `ramp`'s `per`): they refine a fit, and tried first they bend a law whose
  /// main numbers are still far off.
  func coordinates(quick: Bool = false) -> [Coordinate] {
    var list: [Coordinate] = []
    for (index, (parameter, value)) in zip(profile.law.kind.parameters, profile.law.values)
      .enumerated() where parameter.range != .flag
    {
      if quick && parameter.display != .always && value == parameter.defaultValue { continue }
      list.append(.parameter(index))
      if case .rows = value { list.append(.parameterPlus(index)) }
    }
    if !lawSetsZone {
      list.append(.zone)
      if case .rows = profile.keys.zone { list.append(.zonePlus) }
    }
    let keys = profile.keys
    if case .timer = keys.clock { list.append(.timer) }
    if keys.rearm != nil { list.append(.rearm) }
    if keys.latch != nil { list.append(.latch) }
    if keys.damp != nil { list += [.dampStart, .dampEnd] }
    return list + [.hold]
  }

  /// Whether the law measures its own zone (`linear zone=`), so the key is not read.
  private var lawSetsZone: Bool {
    profile.law.function.zone(span: 1, rowHeight: 1) != nil
  }

  /// The coordinate's value.
  func value(_ coordinate: Coordinate) -> Double {
    let keys = profile.keys
    switch coordinate {
    case .hold: return hold
    case .parameter(let index): return Self.number(profile.law.values[index])
    case .parameterPlus(let index): return Self.plus(profile.law.values[index])
    case .zone: return Self.number(keys.zone)
    case .zonePlus: return Self.plus(keys.zone)
    case .timer: return keys.clock.periodMilliseconds ?? 0
    case .rearm: return keys.rearm ?? 0
    case .latch: return keys.latch ?? 0
    case .dampStart: return keys.damp?.start ?? 0
    case .dampEnd: return keys.damp?.end ?? 0
    }
  }

  /// Whether the coordinate may go below zero (only the `M` of `Nh+M` may).
  static func isSigned(_ coordinate: Coordinate) -> Bool {
    switch coordinate {
    case .parameterPlus, .zonePlus: true
    default: false
    }
  }

  /// The candidate with the coordinate at `value` (rounded to four significant
  /// digits, a hold to the millisecond, as `fit` prints it), or nil when the setting
  /// takes no such value.
  func with(_ coordinate: Coordinate, _ raw: Double) -> FitCandidate? {
    // A hold in whole milliseconds: no app waits a fraction of one.
    let value = coordinate == .hold ? (raw * 1000).rounded() / 1000 : Self.rounded(raw)
    guard value.isFinite, Self.isSigned(coordinate) || value >= 0 else { return nil }
    var keys = profile.keys
    switch coordinate {
    case .hold:
      var next = self
      next.hold = value
      return next
    case .parameter(let index), .parameterPlus(let index):
      var values = profile.law.values
      values[index] = Self.replacing(values[index], coordinate == .parameter(index), value)
      guard let law = try? AutoScrollLawChoice(profile.law.kind, orderedValues: values) else {
        return nil
      }
      return with(AutoScrollProfile(law, keys: keys))
    case .zone, .zonePlus:
      keys.zone = Self.replacing(keys.zone, coordinate == .zone, value)
    case .timer: keys.clock = .timer(period: value, text: NumberText.short(value))
    case .rearm: keys.rearm = value
    case .latch: keys.latch = value
    case .dampStart, .dampEnd:
      guard var damp = keys.damp else { return nil }
      if coordinate == .dampStart { damp.start = value } else { damp.end = value }
      keys.damp = damp
    }
    var changed = profile
    changed.keys = keys
    return with(changed)
  }

  /// The candidate with `profile`, when the words `fit` prints for it read back as it
  /// (`set autoscroll` takes no timer under 1 ms, no damp that ends before it starts, no
  /// sample=move with quintic, …); nil otherwise, so every line printed replays as tried.
  private func with(_ profile: AutoScrollProfile) -> FitCandidate? {
    let words = AutoScrollText.format(profile).split(separator: " ").map(String.init)
    guard (try? AutoScrollText.parse(words)) == profile else { return nil }
    var next = self
    next.profile = profile
    return next
  }

  // MARK: Discrete settings

  /// The generic keys `fit` tries every value of.
  static let choiceKeys = [
    "clock", "sample", "point", "edges", "order", "test", "gate", "restart", "round", "range",
    "lift", "rows", "expiry",
  ]

  /// The candidate with each other value of `key`, those the law takes.
  func alternatives(_ key: String, fps: Double) -> [FitCandidate] {
    let keys = profile.keys
    var options: [AutoScrollKeys] = []
    func each<T: CaseIterable & Equatable>(_ path: WritableKeyPath<AutoScrollKeys, T>) {
      for value in T.allCases where value != keys[keyPath: path] {
        var changed = keys
        changed[keyPath: path] = value
        options.append(changed)
      }
    }
    switch key {
    case "clock":
      // A timer at a frame's period and at the periods apps use (a timer's own period
      // is searched as a number).
      var clocks: [ScrollClock] = [.frame, .step, .move]
      if keys.clock.periodMilliseconds == nil {
        for period in [Self.rounded(1000 / fps), 10, 20, 33, 50] {
          clocks.append(.timer(period: period, text: NumberText.short(period)))
        }
      }
      for clock in clocks where clock.name != keys.clock.name {
        var changed = keys
        changed.clock = clock
        options.append(changed)
      }
    case "sample": each(\.sample)
    case "point": each(\.point)
    case "edges": each(\.edges)
    case "order": each(\.order)
    case "test": each(\.test)
    case "gate": each(\.gate)
    case "restart": each(\.restart)
    case "round": each(\.round)
    case "range": each(\.range)
    case "lift": each(\.lift)
    case "rows": each(\.rows)
    default: each(\.expiry)
    }
    return options.compactMap { keys in
      var changed = profile
      changed.keys = keys
      return with(changed)
    }
  }

  // MARK: Numbers

  /// Four significant digits: what `fit` prints, and so what it tries.
  static func rounded(_ value: Double) -> Double {
    guard value != 0, value.isFinite else { return value }
    // By a power of ten that is exact (10^k, k >= 0), so 123,456 reads 123,500, not
    // 123,500.00000000001.
    let exponent = 3 - floor(log10(abs(value)))
    let power = pow(10, abs(exponent))
    guard power.isFinite, power > 0 else { return value }
    let rounded =
      exponent >= 0 ? (value * power).rounded() / power : (value / power).rounded() * power
    return rounded.isFinite ? rounded : value
  }

  private static func number(_ length: Length) -> Double {
    switch length {
    case .points(let n), .span(let n), .spanDivided(let n), .rows(let n, _): n
    }
  }

  private static func plus(_ length: Length) -> Double {
    if case .rows(_, let m) = length { return m }
    return 0
  }

  /// `length` with its number (or, for `Nh+M`, its `M`) replaced.
  private static func replacing(_ length: Length, _ number: Bool, _ value: Double) -> Length {
    switch length {
    case .points: .points(value)
    case .span: .span(value)
    case .spanDivided: .spanDivided(value)
    case .rows(let n, let m): number ? .rows(value, plus: m) : .rows(n, plus: value)
    }
  }
}

extension ScrollClock {
  /// A timer's period in milliseconds; nil for the other clocks.
  var periodMilliseconds: Double? {
    if case .timer(let period, _) = self { return period }
    return nil
  }

  /// The clock's kind, without a timer's period.
  var name: String {
    switch self {
    case .frame: "frame"
    case .step: "step"
    case .move: "move"
    case .timer: "timer"
    }
  }
}
