import RowdragSystem

/// Where the REPL keeps its history (SPEC §8): `$ROWDRAG_HISTORY`, else
/// `$XDG_STATE_HOME/rowdrag/history`, else `~/.local/state/rowdrag/history`.
enum HistoryFile {
  /// The most entries kept.
  static let limit: Int32 = 1000

  static func path(_ variables: [String: String]) -> String? {
    if let explicit = variables["ROWDRAG_HISTORY"], !explicit.isEmpty { return explicit }
    if let state = variables["XDG_STATE_HOME"], state.hasPrefix("/") {
      return state + "/rowdrag/history"
    }
    if let home = variables["HOME"], !home.isEmpty { return home + "/.local/state/rowdrag/history" }
    return nil
  }

  /// Creates the file (and its directories) if needed; returns why it cannot be
  /// written, or nil when it can.
  static func prepare(_ path: String) -> String? {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for part in path.split(separator: "/").dropLast() {
      prefix += part
      if !System.makeDirectory(prefix, mode: 0o700) { return System.errorText(System.errorNumber) }
      prefix += "/"
    }
    let fd = System.open(path, [.writeOnly, .create, .append], mode: 0o600)
    guard fd >= 0 else { return System.errorText(System.errorNumber) }
    System.close(fd)
    return nil
  }
}
