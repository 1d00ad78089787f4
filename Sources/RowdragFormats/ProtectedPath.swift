import RowdragSystem

/// Resolves a path to write through, following symbolic links as the kernel would for
/// `echo > path` with `fs.protected_symlinks` on: a link inside a sticky, world-writable
/// directory (such as `/tmp`) is followed only when the writer or the directory's owner
/// owns it. Otherwise another user could plant a link there and have rowdrag replace
/// the file it points to, since the replacement is a `rename` onto the resolved path,
/// which the kernel's check never sees.
enum ProtectedPath {
  /// The path with every symbolic link resolved (the target of a link that points
  /// nowhere yet, for a new file); `..` is taken after links, as the kernel does.
  /// - Throws: `IOFailure` for a link the rule forbids, or more than 40 links.
  static func resolve(_ path: String) throws -> String {
    var resolved = path.hasPrefix("/") ? "" : (System.currentDirectory() ?? ".")
    var pending = ArraySlice(path.split(separator: "/").map(String.init))
    var links = 0
    while let part = pending.popFirst() {
      if part == "." { continue }
      if part == ".." {
        resolved = String(resolved[..<(resolved.lastIndex(of: "/") ?? resolved.startIndex)])
        continue
      }
      let candidate = resolved + "/" + part
      guard let entry = System.linkStatus(ofPath: candidate), entry.isLink,
        let target = System.linkTarget(candidate)
      else {
        resolved = candidate  // a file, a directory, or a name not there yet
        continue
      }
      links += 1
      guard links <= 40 else {
        throw IOFailure(path: path, message: "too many levels of symbolic links")
      }
      let directory = System.status(ofPath: resolved.isEmpty ? "/" : resolved)
      if let directory, directory.isSharedSticky, entry.status.user != System.effectiveUser,
        entry.status.user != directory.user
      {
        throw IOFailure(
          path: path,
          message: "refusing to follow a symbolic link that user \(entry.status.user) put in "
            + "the shared sticky directory \(resolved.isEmpty ? "/" : resolved); "
            + "give the file's own path")
      }
      if target.hasPrefix("/") { resolved = "" }
      pending = ArraySlice(target.split(separator: "/").map(String.init)) + pending
    }
    return resolved.isEmpty ? "/" : resolved
  }
}
