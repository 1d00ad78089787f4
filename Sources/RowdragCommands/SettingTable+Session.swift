/// A key `set` and `get` take that belongs to the session, not to the gesture: how it
/// talks to whoever runs it. A recording does not write it and a comparison's replay
/// does not need it, since nothing it changes is in the list or the trace.
public struct SessionSettingSpec: Sendable {
  /// The key as typed.
  public let key: String
  /// Value synopsis for help.
  public let arguments: String
  /// Words completion offers for the value.
  public let values: [String]
  /// What `help set` says of it.
  public let help: String
  /// Applies the values, or throws with a message that starts with the key.
  public let apply: @Sendable (_ values: [String], _ session: Session) throws -> Void
  /// The current value, as `set` would take it.
  public let read: @Sendable (Session) -> String
}

extension SettingTable {
  /// The keys of the session, after the gesture's in help.
  public static let session: [SessionSettingSpec] = [
    SessionSettingSpec(
      key: "verbose", arguments: "on|off", values: ["on", "off"],
      help: "say on standard output what each move, mark and write did ('moved 3 → 1'): "
        + "on in the shell on a terminal, else off unless --verbose",
      apply: { values, session in
        switch try one(values, key: "verbose") {
        case "on": session.verbose = true
        case "off": session.verbose = false
        case let word:
          throw CommandError(command: "", message: "verbose: '\(word)' is not one of on, off")
        }
      },
      read: { $0.verbose ? "on" : "off" })
  ]

  /// The session's row for `key`, if it is one.
  static func sessionSetting(_ key: String) -> SessionSettingSpec? {
    session.first { $0.key == key }
  }
}
