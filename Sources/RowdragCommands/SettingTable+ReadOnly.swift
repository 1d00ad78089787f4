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
  /// Whether it is read from a row (`get mark ADDR`) rather than from the list.
  public let readsRow: Bool
  /// The current value, as `get` prints it: of the row given when `readsRow` (with the
  /// Ctrl-C check a `/REGEX/` search asks).
  public let read: @Sendable (Session, (Address, () -> Bool)?) throws -> String
}

extension SettingTable {
  /// The keys `get` reads from the session rather than the engine.
  public static let readOnly: [ReadOnlySettingSpec] = [
    ReadOnlySettingSpec(
      key: "format", summary: "the list's format, as --format takes it",
      help: "the list's format; chosen by --format",
      refusal: "the format is chosen when the list is loaded; give --format when starting "
        + "rowdrag ('get format' shows it)",
      readsRow: false,
      read: { session, _ in session.format.resolved(by: session.document).description }),
    ReadOnlySettingSpec(
      key: "mark", summary: "a row's mark, read as get mark ADDR",
      help: "a row's mark by its full name: a todo line's verb, a Markdown task's done or todo",
      refusal: "marks are set with the mark command: mark ADDR WORD",
      readsRow: true,
      read: { session, row in
        guard let (address, stop) = row else { return "" }
        return try session.markName(of: address, isInterrupted: stop)
      }),
  ]

  /// The read-only row for `key`, if it is one.
  static func readOnly(_ key: String) -> ReadOnlySettingSpec? {
    readOnly.first { $0.key == key }
  }
}
