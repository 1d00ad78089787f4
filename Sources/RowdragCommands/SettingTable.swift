import RowdragEngine

/// One `set`/`get` key: its synopsis, the words completion offers, and how it reads and
/// changes the engine. The key exists here and nowhere else: `set`, `get`, the
/// command-line presets, help, completion and the man page check all read this row.
public struct SettingSpec: Sendable {
  /// The key as typed.
  public let key: String
  /// Value synopsis for help (`HEIGHT`, `edge|midpoint|under`).
  public let arguments: String
  /// Words completion offers for the first value.
  public let values: [String]
  /// Words completion offers after the first value (`zone=` after `linear`).
  public let parameterWords: @Sendable (_ first: String) -> [String]
  /// Words completion offers after `KEY=` (`frame` after `clock=`).
  public var parameterValues: @Sendable (_ key: String) -> [String] = { _ in [] }
  /// Applies the values to the engine, or throws with a message that starts with the key.
  public let apply: @Sendable (_ values: [String], _ engine: inout Engine) throws -> Void
  /// The current value, as `set` would take it.
  public let read: @Sendable (Engine) -> String
}

/// The settings table, in the order help lists it.
public enum SettingTable {
  /// Every key.
  public static let settings: [SettingSpec] = [
    SettingSpec(
      key: "preset", arguments: "NAME", values: PresetTable.names, parameterWords: { _ in [] },
      apply: { values, engine in
        let preset = try PresetTable.preset(try one(values, key: "preset"))
        try engine.requireIdle()
        if engine.surface.isBoard
          && ReorderRuleRegistry.kind(named: preset.ruleName)?.isAvailableOnBoards != true
        {
          throw CommandError(
            command: "",
            message:
              "preset: \(preset.name) uses the rule \(preset.ruleName), which is not available in board mode"
          )
        }
        var next = engine
        try preset.apply(to: &next)
        next.setPresetName(preset.name)
        engine = next
      },
      read: { engine in
        let name = engine.settings.presetName
        let changed = (try? PresetTable.preset(name))?.differences(engine) ?? []
        return changed.isEmpty ? name : "\(name) (modified: \(changed.joined(separator: ", ")))"
      }),
    .number("viewport", "HEIGHT", read: { $0.settings.viewport }) { try $0.setViewport($1) },
    SettingSpec(
      key: "inset", arguments: "TOP BOTTOM", values: [], parameterWords: { _ in [] },
      apply: { values, engine in
        guard values.count == 2 else {
          throw CommandError(command: "", message: "inset takes exactly two numbers: TOP BOTTOM")
        }
        try engine.setInsets(
          top: try number(values[0], key: "inset"), bottom: try number(values[1], key: "inset"))
      },
      read: {
        "\(NumberText.short($0.settings.insetTop)) \(NumberText.short($0.settings.insetBottom))"
      }),
    .number("fps", "FPS", read: { $0.settings.fps }) { try $0.setFPS($1) },
    .number("hold", "SECONDS", read: { $0.settings.hold }) { try $0.setHold($1) },
    .behaviour(
      "rule", BehaviourSetting(key: "rule", kinds: ReorderRuleRegistry.kinds),
      read: { $0.settings.rule }, write: { try $0.setRule($1) }),
    .choice("grab", read: { $0.settings.grab }) { $0.setGrab($1) },
    .choice("sections", read: { $0.settings.sections }) { $0.setSections($1) },
    SettingSpec(
      key: "autoscroll",
      arguments: AutoScrollRegistry.kinds.map(\.name).joined(separator: "|") + " [K=V...]",
      values: AutoScrollRegistry.kinds.map(\.name),
      parameterWords: { first in
        guard let kind = AutoScrollRegistry.kind(named: first) else { return [] }
        let own = kind.parameters.map(\.name)
        // `linear` takes zone= as its own parameter; `rate` sets its zone itself.
        let keys = AutoScrollText.keyNames.filter {
          $0 != "zone" || (!own.contains("zone") && first != "rate")
        }
        return (own + keys).map { "\($0)=" }
      },
      parameterValues: AutoScrollText.words(for:),
      apply: { values, engine in try engine.setAutoscroll(try AutoScrollText.parse(values)) },
      read: { AutoScrollText.format($0.settings.autoscroll) }),
    .number("slop", "POINTS", read: { $0.settings.slop }) { try $0.setSlop($1) },
    .number("distance", "POINTS", read: { $0.settings.distance }) { try $0.setDistance($1) },
    .choice("start", read: { $0.settings.start }) { $0.setStart($1) },
    SettingSpec(
      key: "reveal", arguments: "off|SECONDS [coarse]", values: ["off"],
      parameterWords: { first in first == "off" ? [] : ["coarse"] },
      apply: { values, engine in try engine.setReveal(try RevealText.parse(values)) },
      read: { RevealText.format($0.settings.reveal) }),
    .choice("clamp", read: { $0.settings.clamp }) { $0.setClamp($1) },
    .number("row-height", "HEIGHT", read: { $0.layout.rowHeight }) { try $0.setRowHeight($1) },
    SettingSpec(
      key: "board", arguments: "on|off", values: ["on", "off"], parameterWords: { _ in [] },
      apply: { values, engine in
        switch try one(values, key: "board") {
        case "on": try engine.setBoard(true)
        case "off": try engine.setBoard(false)
        case let word:
          throw CommandError(command: "", message: "board: '\(word)' is not one of on, off")
        }
      },
      read: { $0.surface.isBoard ? "on" : "off" }),
    .number("screen", "WIDTH", read: { $0.settings.board.screen }) { try $0.setScreen($1) },
    SettingSpec(
      key: "column", arguments: "WIDTH|screen", values: ["screen"], parameterWords: { _ in [] },
      apply: { values, engine in
        let word = try one(values, key: "column")
        try engine.setColumn(word == "screen" ? nil : try number(word, key: "column"))
      },
      read: { $0.settings.board.column.map(NumberText.short) ?? "screen" }),
    .number("spacing", "WIDTH", read: { $0.settings.board.spacing }) { try $0.setSpacing($1) },
    SettingSpec(
      key: "paging", arguments: "on [edge=PT] [delay=S] [duration=S] | off", values: ["on", "off"],
      parameterWords: { first in first == "on" ? ["edge=", "delay=", "duration="] : [] },
      apply: { values, engine in try engine.setPaging(try PagingText.parse(values)) },
      read: { PagingText.format($0.settings.board.paging) }),
  ]

  /// The keys, in table order, the session's last.
  public static var keys: [String] { settings.map(\.key) + session.map(\.key) }

  /// The row for `key`, or an error naming the nearest key.
  public static func spec(_ key: String) throws -> SettingSpec {
    guard let spec = settings.first(where: { $0.key == key }) else {
      throw CommandError(
        command: "", message: "unknown key '\(key)'" + Suggestion.hint(for: key, in: keys))
    }
    return spec
  }

  /// `set KEY VALUE…`; shared with the command-line presets.
  public static func apply(key: String, values: [String], to engine: inout Engine) throws {
    try spec(key).apply(values, &engine)
  }

  /// `get KEY`.
  public static func value(of key: String, in engine: Engine) throws -> String {
    try spec(key).read(engine)
  }

  static func number(_ text: String, key: String) throws -> Double {
    guard let v = NumberText.parse(text), v.isFinite else {
      throw CommandError(command: "", message: "\(key): '\(text)' is not a number")
    }
    return v
  }

  static func one(_ values: [String], key: String) throws -> String {
    guard values.count == 1 else {
      throw CommandError(command: "", message: "\(key) takes one value, got \(values.count)")
    }
    return values[0]
  }
}

extension SettingSpec {
  /// A key with one number.
  static func number(
    _ key: String, _ arguments: String, read: @escaping @Sendable (Engine) -> Double,
    write: @escaping @Sendable (inout Engine, Double) throws -> Void
  ) -> SettingSpec {
    SettingSpec(
      key: key, arguments: arguments, values: [], parameterWords: { _ in [] },
      apply: { values, engine in
        try write(
          &engine, try SettingTable.number(try SettingTable.one(values, key: key), key: key))
      },
      read: { NumberText.short(read($0)) })
  }

  /// A key with one word of a fixed set.
  static func choice<T: RawRepresentable & CaseIterable & Sendable>(
    _ key: String, read: @escaping @Sendable (Engine) -> T,
    write: @escaping @Sendable (inout Engine, T) -> Void
  ) -> SettingSpec where T.RawValue == String {
    let names = T.allCases.map(\.rawValue)
    return SettingSpec(
      key: key, arguments: names.joined(separator: "|"), values: names,
      parameterWords: { _ in [] },
      apply: { values, engine in
        let word = try SettingTable.one(values, key: key)
        guard let value = T(rawValue: word) else {
          throw CommandError(
            command: "",
            message: "\(key): '\(word)' is not one of \(names.joined(separator: ", "))"
              + Suggestion.hint(for: word, in: names))
        }
        write(&engine, value)
      },
      read: { read($0).rawValue })
  }

  /// A key naming a registered behaviour with optional `K=V` parameters.
  static func behaviour<F>(
    _ key: String, _ setting: BehaviourSetting<F>,
    read: @escaping @Sendable (Engine) -> Behaviour<F>,
    write: @escaping @Sendable (inout Engine, Behaviour<F>) throws -> Void
  ) -> SettingSpec {
    let names = setting.kinds.map(\.name)
    let takesParameters = setting.kinds.contains { !$0.parameters.isEmpty }
    return SettingSpec(
      key: key,
      arguments: names.joined(separator: "|") + (takesParameters ? " [K=V...]" : ""),
      values: names,
      parameterWords: { first in
        setting.kinds.first { $0.name == first }?.parameters.map { "\($0.name)=" } ?? []
      },
      apply: { values, engine in try write(&engine, try setting.parse(values)) },
      read: { behaviour in
        let b = read(behaviour)
        let shown = zip(b.kind.parameters, b.values).filter { parameter, value in
          parameter.display != .unlessDefault || value != parameter.defaultValue
        }
        return ([b.name] + shown.map { "\($0.name)=\(LengthText.format($1))" })
          .joined(separator: " ")
      })
  }
}
