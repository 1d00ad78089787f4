import RowdragEngine

/// `set KEY VALUE…` and `get KEY` (SPEC §6, §9.13, §9.16, §9.20).
extension Session {
  /// The setting keys, in the order `help` lists them.
  public static var settingKeys: [String] { CommandTable.settings.map(\.key) }

  func set(_ key: String, _ values: [String]) throws {
    try Session.apply(key: key, values: values, to: &engine)
  }

  /// Applies one `set`; shared with the command-line presets.
  public static func apply(key: String, values: [String], to engine: inout Engine) throws {
    func one() throws -> String {
      guard values.count == 1 else {
        throw CommandError(command: "", message: "\(key) takes one value, got \(values.count)")
      }
      return values[0]
    }
    func number(_ text: String) throws -> Double {
      guard let v = NumberText.parse(text), v.isFinite else {
        throw CommandError(command: "", message: "\(key): '\(text)' is not a number")
      }
      return v
    }
    func choice<T: RawRepresentable & CaseIterable>(_: T.Type) throws -> T
    where T.RawValue == String {
      let word = try one()
      guard let value = T(rawValue: word) else {
        let names = T.allCases.map(\.rawValue)
        throw CommandError(
          command: "",
          message: "\(key): '\(word)' is not one of \(names.joined(separator: ", "))"
            + Suggestion.hint(for: word, in: names))
      }
      return value
    }
    switch key {
    case "viewport": try engine.setViewport(try number(try one()))
    case "row-height": try engine.setRowHeight(try number(try one()))
    case "fps": try engine.setFPS(try number(try one()))
    case "hold": try engine.setHold(try number(try one()))
    case "inset":
      guard values.count == 2 else {
        throw CommandError(command: "", message: "inset takes exactly two numbers: TOP BOTTOM")
      }
      try engine.setInsets(top: try number(values[0]), bottom: try number(values[1]))
    case "rule": engine.setRule(try choice(ReorderRule.self))
    case "grab": engine.setGrab(try choice(GrabMode.self))
    case "sections": engine.setSections(try choice(SectionPolicy.self))
    case "autoscroll": engine.setAutoscroll(try profile(values))
    default:
      throw CommandError(
        command: "", message: "unknown key '\(key)'" + Suggestion.hint(for: key, in: settingKeys))
    }
  }

  /// `P k=v…`: omitted parameters take the profile's defaults; unknown or repeated
  /// parameters are errors. Words may also be separated by commas (`--autoscroll`).
  public static func profile(_ values: [String]) throws -> AutoScrollProfile {
    let words = values.flatMap { $0.split(separator: ",").map(String.init) }
    guard let name = words.first else {
      throw CommandError(
        command: "", message: "autoscroll needs a profile: linear, fixed, rate or off")
    }
    guard let defaults = AutoScrollProfile.defaults(for: name) else {
      throw CommandError(
        command: "",
        message: "autoscroll: unknown profile '\(name)'; use linear, fixed, rate or off"
          + Suggestion.hint(for: name, in: AutoScrollProfile.names))
    }
    var parameters: [String: Double] = [:]
    for (key, value) in defaults { parameters[key] = value }
    var seen: Set<String> = []
    let allowed = defaults.map(\.key)
    for word in words.dropFirst() {
      let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, allowed.contains(parts[0]) else {
        let keyName = parts.first ?? word
        throw CommandError(
          command: "",
          message: allowed.isEmpty
            ? "autoscroll: '\(name)' takes no parameters"
            : "autoscroll: unknown parameter '\(keyName)' for \(name); use "
              + allowed.map { "\($0)=N" }.joined(separator: " ")
              + Suggestion.hint(for: keyName, in: allowed))
      }
      guard seen.insert(parts[0]).inserted else {
        throw CommandError(command: "", message: "autoscroll: \(parts[0]) is given twice")
      }
      guard let v = NumberText.parse(parts[1]), v.isFinite else {
        throw CommandError(
          command: "", message: "autoscroll: '\(parts[1])' is not a number for \(parts[0])")
      }
      parameters[parts[0]] = v
    }
    return try AutoScrollProfile.make(name: name, values: parameters)
  }

  func get(_ key: String) throws -> String {
    try Session.value(of: key, in: engine)
  }

  /// The value of a setting as `set KEY` would accept it.
  public static func value(of key: String, in engine: Engine) throws -> String {
    let s = engine.settings
    switch key {
    case "viewport": return shortNumber(s.viewport)
    case "inset": return "\(shortNumber(s.insetTop)) \(shortNumber(s.insetBottom))"
    case "fps": return shortNumber(s.fps)
    case "hold": return shortNumber(s.hold)
    case "rule": return s.rule.rawValue
    case "grab": return s.grab.rawValue
    case "sections": return s.sections.rawValue
    case "row-height": return shortNumber(engine.layout.rowHeight)
    case "autoscroll":
      let p = s.autoscroll
      return ([p.name] + p.parameters.map { "\($0.key)=\(shortNumber($0.value))" }).joined(
        separator: " ")
    default:
      throw CommandError(
        command: "", message: "unknown key '\(key)'" + Suggestion.hint(for: key, in: settingKeys))
    }
  }
}
