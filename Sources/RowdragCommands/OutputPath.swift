import RowdragSystem

/// Files rowdrag writes besides the list (a trace, a chart): never the list itself,
/// which writing would destroy before it is saved.
enum OutputPath {
  /// Throws when `path` names the same file as `listPath`.
  static func refuseList(_ path: String, listPath: String?) throws {
    guard let listPath, let list = System.status(ofPath: listPath),
      let existing = System.status(ofPath: path), list.identity == existing.identity
    else { return }
    throw CommandError(command: "", message: "\(path) is the list itself; write to another file")
  }
}
