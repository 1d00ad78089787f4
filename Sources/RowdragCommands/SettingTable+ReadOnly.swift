/// A key `get` reads and `set` refuses: a property of the list, fixed when it was read.
public struct ReadOnlySettingSpec: Sendable {
  /// The key as typed.
  public let key: String
  /// What the list of settings in `help` says of it, after "get only: ".
  public let summary: String
  /// What `help get` says of it.
  public let help: String
  /// Why `set` refuses it, and where it is given instead.
  public let refusal: String
  /// The current value, as `get` prints it.
  public let read: @Sendable (Session) -> String
}

extension SettingTable {
  /// The keys `get` reads from the session rather than the engine.
  public static let readOnly: [ReadOnlySettingSpec] = [
    ReadOnlySettingSpec(
      key: "format", summary: "the list's format, as --format takes it",
      help: "the list's format; chosen by --format",
      refusal: "the format is chosen when the list is loaded; give --format when starting "
        + "rowdrag ('get format' shows it)",
      read: { session in session.format.resolved(by: session.document).description })
  ]

  /// The read-only row for `key`, if it is one.
  static func readOnly(_ key: String) -> ReadOnlySettingSpec? {
    readOnly.first { $0.key == key }
  }
}
