import RowdragSystem

/// Replaces a file's contents so that, whatever fails or whenever the process dies,
/// the path holds either the whole old file or the whole new one.
///
/// As GNU sed's in-place mode, plus durability and no litter: an unnamed file in the
/// same directory (`O_TMPFILE`; `mkstemp` where the file system lacks it), the new
/// bytes, `fsync`, the old mode (and owner when root), an optional backup (a hard link
/// to the old file), a temporary name only for the moment of the `rename`, and an
/// `fsync` of the directory. While a temporary name exists, SIGINT, SIGTERM and SIGHUP
/// remove it (`Signals.removeOnTermination`); SIGKILL can leave one only in that
/// moment. Foundation's `.atomic` would drop the mode on Linux.
public enum AtomicFile {
  /// Writes the bytes `produce` emits to `path`.
  ///
  /// A non-regular existing file (a device, a FIFO) is refused when `mustExist`, and is
  /// otherwise written directly, since it cannot be replaced by a rename.
  ///
  /// - Parameters:
  ///   - path: the file to replace or create.
  ///   - mustExist: refuse when `path` is missing (in-place editing).
  ///   - backupSuffix: keep the old file as `path + suffix` (non-empty suffix only).
  ///   - unchangedSince: refuse with `FileChanged` when the file is no longer the one
  ///     stamped (checked last, just before the rename).
  ///   - produce: writes the new contents into the sink it is given.
  /// - Returns: the new file's stamp (nil for a non-regular file).
  /// - Throws: `IOFailure` naming the file, or `FileChanged`; the old contents are
  ///   then untouched.
  @discardableResult
  public static func write(
    path: String, mustExist: Bool = false, backupSuffix: String? = nil,
    unchangedSince: FileStamp? = nil, produce: (OutputSink) throws -> Void
  ) throws -> FileStamp? {
    // Write through a symbolic link to the file it names, so the link survives.
    let path = try ProtectedPath.resolve(path)
    let info = System.status(ofPath: path)
    if info == nil && mustExist { throw IOFailure.errno(path, "cannot edit in place") }
    if let info, info.kind != .regular {
      if mustExist {
        throw IOFailure(path: path, message: "not a regular file; cannot edit in place")
      }
      try writeDirectly(path: path, produce: produce)
      return nil
    }
    let directory = directoryOf(path)
    var temporary: String?  // the name the new contents have, while they have one
    defer {
      if let temporary { System.unlink(temporary) }
      Signals.removeOnTermination(nil)
    }
    var fd = System.openUnnamed(inDirectory: directory)
    if fd < 0 {
      guard let (named, name) = System.makeTemporary(prefix: "\(directory)/.rowdrag-") else {
        throw IOFailure.errno(path, "cannot create a temporary file in \(directory)")
      }
      Signals.removeOnTermination(name)
      (fd, temporary) = (named, name)
    }
    let written: FileStamp?
    do {
      let sink = OutputSink(fd: fd, name: path)
      sink.hash = ContentHash()
      try produce(sink)
      try sink.flush()
      if !System.sync(fd) { throw IOFailure.errno(path, "cannot sync") }
      if !System.setMode(fd, info?.mode ?? System.newFileMode) {
        throw IOFailure.errno(path, "cannot set the mode")
      }
      if let info, System.isRoot { _ = System.setOwner(fd, user: info.user, group: info.group) }
      let hash = sink.hash
      written = System.status(of: fd).flatMap { FileStamp(status: $0) { hash } }
      if temporary == nil { temporary = try name(unnamed: fd, in: directory, for: path) }
      if System.close(fd) != 0 { throw IOFailure.errno(path, "cannot write") }
    } catch {
      System.close(fd)
      throw error
    }
    if let unchangedSince, try !unchangedSince.isCurrent(at: path) {
      throw FileChanged(path: path)
    }
    if info != nil, let suffix = backupSuffix, !suffix.isEmpty {
      let backup = path + suffix
      System.unlink(backup)
      if !System.link(path, as: backup) { throw IOFailure.errno(backup, "cannot make the backup") }
    }
    guard let name = temporary, System.rename(name, to: path) else {
      throw IOFailure.errno(path, "cannot replace")
    }
    temporary = nil
    let directoryFD = System.open(directory, .directory)
    if directoryFD >= 0 {
      _ = System.sync(directoryFD)
      System.close(directoryFD)
    }
    return written
  }

  /// Links the finished unnamed file under a fresh temporary name next to `path`.
  private static func name(unnamed fd: Int32, in directory: String, for path: String) throws
    -> String
  {
    for _ in 0..<100 {
      let name = "\(directory)/.rowdrag-\(String(UInt64.random(in: 0...UInt64.max), radix: 36))"
      if System.name(unnamed: fd, as: name) {
        Signals.removeOnTermination(name)
        return name
      }
      if System.errorNumber != System.alreadyExists { break }
    }
    throw IOFailure.errno(path, "cannot name the new file in \(directory)")
  }

  /// Throws unless `path` is an existing regular file (checked before an in-place run
  /// starts, so a device or FIFO is refused even when nothing would change).
  public static func checkEditable(_ path: String) throws {
    guard let info = System.status(ofPath: path) else {
      throw IOFailure.errno(path, "cannot edit in place")
    }
    guard info.kind == .regular else {
      throw IOFailure(path: path, message: "not a regular file; cannot edit in place")
    }
  }

  private static func writeDirectly(path: String, produce: (OutputSink) throws -> Void)
    throws
  {
    let fd = System.open(path, .writeOnly)
    guard fd >= 0 else { throw IOFailure.errno(path, "cannot open") }
    defer { System.close(fd) }
    let sink = OutputSink(fd: fd, name: path)
    try produce(sink)
    try sink.flush()
  }

  /// The folder `path` is in: `.` for a bare name, `/` for a file at the root.
  public static func directoryOf(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let dir = path[..<slash]
    return dir.isEmpty ? "/" : String(dir)
  }
}
