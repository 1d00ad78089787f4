import RowdragEngine

/// `set autoscroll LAW [K=V]…` and `get autoscroll` (the behaviour catalogue §2, §5):
/// the law's own parameters, then the generic keys, each with the law's default when
/// left out.
enum AutoScrollText {
  /// The generic keys, in the order `get` prints them.
  static let keyNames = [
    "clock", "sample", "point", "edges", "zone", "order", "test", "gate", "restart", "round",
    "damp", "range", "lift", "rows", "rearm", "expiry", "latch",
  ]

  /// The words a key takes, for help and completion (`timer:` and lengths are typed).
  static func words(for key: String) -> [String] {
    switch key {
    case "clock": ["frame", "step", "move", "timer:"]
    case "sample": ScrollSampling.allCases.map(\.rawValue)
    case "point": MeasuredPoint.allCases.map(\.rawValue)
    case "edges": ZoneEdges.allCases.map(\.rawValue)
    case "order": ZoneOrder.allCases.map(\.rawValue)
    case "test": ZoneTest.allCases.map(\.rawValue)
    case "gate": ScrollGate.allCases.map(\.rawValue)
    case "restart": TimerRestart.allCases.map(\.rawValue)
    case "round": AmountRounding.allCases.map(\.rawValue)
    case "range": ScrollRange.allCases.map(\.rawValue)
    case "lift": LiftScroll.allCases.map(\.rawValue)
    case "rows": RowPositions.allCases.map(\.rawValue)
    case "rearm", "latch": ["none"]
    case "expiry": TimerExpiry.allCases.map(\.rawValue)
    default: []
    }
  }

  /// Reads the words of `set autoscroll` (also separated by commas).
  static func parse(_ values: [String]) throws -> AutoScrollProfile {
    let words = values.flatMap { $0.split(separator: ",").map(String.init) }
    let kinds = AutoScrollRegistry.kinds
    let names = kinds.map(\.name)
    guard let name = words.first else {
      throw fail(" needs a law: \(BehaviourSetting<Never>.list(names, last: "or"))")
    }
    guard let kind = AutoScrollRegistry.kind(named: name) else {
      throw fail(
        ": unknown law '\(name)'; use \(BehaviourSetting<Never>.list(names, last: "or"))"
          + Suggestion.hint(for: name, in: names))
    }
    let ownZone =
      try AutoScrollProfile(Behaviour(kind)).law.function
      .zone(span: 1, rowHeight: 1) != nil
    let parameterNames = kind.parameters.map(\.name)
    var lawValues: [String: Length] = [:]
    var keyValues: [String: String] = [:]
    for word in words.dropFirst() {
      let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        .map(String.init)
      guard parts.count == 2, let key = parts.first, !key.isEmpty else {
        throw fail(": '\(word)' is not KEY=VALUE")
      }
      guard lawValues[key] == nil && keyValues[key] == nil else {
        throw fail(": \(key) is given twice")
      }
      if let parameter = kind.parameters.first(where: { $0.name == key }) {
        guard let value = LengthText.parse(parts[1]), parameter.range.contains(value) else {
          let wanted = parameter.range == .length ? "" : "a number "
          throw fail(
            ": '\(parts[1])' is not a value for \(key); use \(wanted)\(parameter.range.text)")
        }
        lawValues[key] = value
      } else if keyNames.contains(key) && !(key == "zone" && ownZone) {
        keyValues[key] = parts[1]
      } else {
        let allowed = parameterNames + keyNames.filter { !(ownZone && $0 == "zone") }
        throw fail(
          ": unknown key '\(key)' for \(name); use "
            + allowed.map { "\($0)=" }.joined(separator: " ")
            + Suggestion.hint(for: key, in: allowed))
      }
    }
    for parameter in kind.parameters {
      if case .replacing(let other) = parameter.display, lawValues[parameter.name] != nil,
        lawValues[other] != nil
      {
        throw fail(": give \(other) or \(parameter.name), not both")
      }
    }
    let law: AutoScrollLawChoice
    do { law = try Behaviour(kind, values: lawValues) } catch { throw fail(": \(error.message)") }
    var keys = law.function.defaultKeys
    for key in keyNames { if let text = keyValues[key] { try read(key, text, into: &keys) } }
    let profile = AutoScrollProfile(law, keys: keys)
    if let problem = profile.problem { throw fail(": \(problem)") }
    return profile
  }

  /// One generic key.
  private static func read(_ key: String, _ text: String, into keys: inout AutoScrollKeys) throws {
    func choice<T: RawRepresentable & CaseIterable>(_: T.Type) throws -> T
    where T.RawValue == String {
      guard let value = T(rawValue: text) else {
        let names = T.allCases.map(\.rawValue)
        throw fail(
          ": \(key) takes \(names.joined(separator: ", ")), not '\(text)'"
            + Suggestion.hint(for: text, in: names))
      }
      return value
    }
    switch key {
    case "clock": keys.clock = try clock(text)
    case "sample": keys.sample = try choice(ScrollSampling.self)
    case "point": keys.point = try choice(MeasuredPoint.self)
    case "edges": keys.edges = try choice(ZoneEdges.self)
    case "zone":
      guard let length = LengthText.parse(text), ParameterRange.length.contains(length) else {
        throw fail(": '\(text)' is not a value for zone; use \(ParameterRange.length.text)")
      }
      keys.zone = length
    case "order": keys.order = try choice(ZoneOrder.self)
    case "test": keys.test = try choice(ZoneTest.self)
    case "gate": keys.gate = try choice(ScrollGate.self)
    case "restart": keys.restart = try choice(TimerRestart.self)
    case "round": keys.round = try choice(AmountRounding.self)
    case "range": keys.range = try choice(ScrollRange.self)
    case "lift": keys.lift = try choice(LiftScroll.self)
    case "rows": keys.rows = try choice(RowPositions.self)
    case "rearm": keys.rearm = try milliseconds(text, key: "rearm")
    case "latch": keys.latch = try milliseconds(text, key: "latch")
    case "expiry": keys.expiry = try choice(TimerExpiry.self)
    default: keys.damp = try damping(text)
    }
  }

  private static func clock(_ text: String) throws -> ScrollClock {
    switch text {
    case "frame": return .frame
    case "step": return .step
    case "move": return .move
    default: break
    }
    let problem = fail(
      ": clock takes frame, step, move or timer:MS (MS >= 1, or A/B), not '\(text)'")
    guard text.hasPrefix("timer:") else { throw problem }
    let period = text.dropFirst(6)
    let parts = period.split(separator: "/", omittingEmptySubsequences: false)
    let numbers = parts.map { NumberText.parse($0) }
    guard parts.count <= 2, let a = numbers[0], a.isFinite else { throw problem }
    var milliseconds = a
    var written = NumberText.short(a)
    if parts.count == 2 {
      guard let b = numbers[1], b.isFinite, b > 0 else { throw problem }
      milliseconds = a / b
      written += "/" + NumberText.short(b)
    }
    // A timer faster than 1 ms would fire thousands of times a frame.
    guard milliseconds >= 1, milliseconds.isFinite else { throw problem }
    return .timer(period: milliseconds, text: written)
  }

  /// The longest `rearm` (a day).
  static let longestRearm = 86_400_000.0

  /// `rearm=` and `latch=`: milliseconds up to a day, or none.
  private static func milliseconds(_ text: String, key: String) throws -> Double? {
    if text == "none" { return nil }
    guard let ms = NumberText.parse(text), ms.isFinite, ms > 0, ms <= longestRearm else {
      throw fail(
        ": \(key) takes MS milliseconds (0 < MS <= 86400000), or none, not '\(text)'")
    }
    return ms
  }

  private static func damping(_ text: String) throws -> Damping? {
    if text == "none" { return nil }
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let a = NumberText.parse(parts[0]), let b = NumberText.parse(parts[1]),
      a.isFinite, b.isFinite, a >= 0, a < b
    else {
      throw fail(": damp takes A:B milliseconds with 0 <= A < B, or none, not '\(text)'")
    }
    return Damping(start: a, end: b)
  }

  /// `get autoscroll`: the law, its parameters, then the keys that differ from the law's
  /// defaults.
  static func format(_ profile: AutoScrollProfile) -> String {
    let law = profile.law
    var words = [law.name]
    for (parameter, value) in zip(law.kind.parameters, law.values) {
      switch parameter.display {
      case .always:
        let replaced = law.kind.parameters.contains {
          guard case .replacing(parameter.name) = $0.display else { return false }
          return law.value($0.name) != $0.defaultValue
        }
        if replaced { continue }
      case .unlessDefault, .replacing:
        if value == parameter.defaultValue { continue }
      }
      words.append("\(parameter.name)=\(LengthText.format(value))")
    }
    let keys = profile.keys
    let defaults = law.function.defaultKeys
    for key in keyNames {
      if let text = text(of: key, in: keys), text != Self.text(of: key, in: defaults) {
        words.append("\(key)=\(text)")
      }
    }
    return words.joined(separator: " ")
  }

  /// A key's value as `set` takes it; nil for `zone` when the law sets its own.
  private static func text(of key: String, in keys: AutoScrollKeys) -> String? {
    switch key {
    case "clock":
      switch keys.clock {
      case .frame: "frame"
      case .step: "step"
      case .move: "move"
      case .timer(_, let text): "timer:" + text
      }
    case "sample": keys.sample.rawValue
    case "point": keys.point.rawValue
    case "edges": keys.edges.rawValue
    case "zone": LengthText.format(keys.zone)
    case "order": keys.order.rawValue
    case "test": keys.test.rawValue
    case "gate": keys.gate.rawValue
    case "restart": keys.restart.rawValue
    case "round": keys.round.rawValue
    case "range": keys.range.rawValue
    case "lift": keys.lift.rawValue
    case "rows": keys.rows.rawValue
    case "rearm": keys.rearm.map { NumberText.short($0) } ?? "none"
    case "latch": keys.latch.map { NumberText.short($0) } ?? "none"
    case "expiry": keys.expiry.rawValue
    default: keys.damp.map { "\(NumberText.short($0.start)):\(NumberText.short($0.end))" } ?? "none"
    }
  }

  private static func fail(_ rest: String) -> CommandError {
    CommandError(command: "", message: "autoscroll" + rest)
  }
}
