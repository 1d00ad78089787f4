import RowdragSystem

/// Files rowdrag writes besides the list (a trace, a chart): never the list itself,
/// which writing would destroy before it is saved.
public enum OutputPath {
  /// Throws when `path` names the same file as `listPath`.
  static func refuseList(_ path: String, listPath: String?) throws {
    guard isList(path, listPath: listPath) else { return }
    throw CommandError(command: "", message: "\(path) is the list itself; write to another file")
  }

  /// Whether `path` names the same file as `listPath` (by device and inode, so a link
  /// or another spelling counts).
  public static func isList(_ path: String, listPath: String?) -> Bool {
    guard let listPath, let list = System.status(ofPath: listPath),
      let existing = System.status(ofPath: path)
    else { return false }
    return list.identity == existing.identity
  }
}
