import Glibc  // opendir, readdir
import RowdragSystem

/// File names that complete a typed path, for `--complete` (`--compare trace:FILE`,
/// `-e 'write FILE'`): the shells cannot complete a file inside another word, so the
/// program lists the folder itself. Only names are read, never a file.
enum FileNameCandidates {
  /// Paths that begin with `typed`, a folder's with `/` after it; hidden files only
  /// when `typed` names one. At most `limit`, sorted.
  static func matching(_ typed: String, limit: Int = 200) -> [(path: String, isFolder: Bool)] {
    let slash = typed.lastIndex(of: "/")
    let folder = slash.map { String(typed[...$0]) } ?? ""
    let start = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
    guard let dir = opendir(folder.isEmpty ? "." : folder) else { return [] }
    defer { closedir(dir) }
    var found: [(String, Bool)] = []
    while found.count < limit * 4, let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name != ".", name != "..", name.hasPrefix(start),
        !name.hasPrefix(".") || start.hasPrefix(".")
      else { continue }
      let path = folder + name
      var isFolder = entry.pointee.d_type == UInt8(DT_DIR)
      if entry.pointee.d_type == UInt8(DT_LNK) || entry.pointee.d_type == UInt8(DT_UNKNOWN) {
        isFolder = System.status(ofPath: path)?.kind == .directory
      }
      found.append((path, isFolder))
    }
    return found.sorted { $0.0 < $1.0 }.prefix(limit).map { ($0.0, $0.1) }
  }
}
