#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces a file's contents so that, whatever fails or whenever the process dies,
/// the path holds either the whole old file or the whole new one.
///
/// As GNU sed's in-place mode, plus durability: a temporary file in the same directory
/// (`mkstemp`, which opens with `O_EXCL`), the new bytes, `fsync`, the old mode (and
/// owner when root), an optional backup (a hard link to the old file), `rename`, and an
/// `fsync` of the directory. Foundation's `.atomic` would drop the mode on Linux.
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
  ///   - produce: writes the new contents into the sink it is given.
  /// - Throws: `IOFailure` naming the file; the old contents are then untouched.
  public static func write(
    path: String, mustExist: Bool = false, backupSuffix: String? = nil,
    produce: (OutputSink) throws -> Void
  ) throws {
    // Write through a symbolic link to the file it names, so the link survives.
    let path = realPath(path) ?? path
    var info = stat()
    let exists = stat(path, &info) == 0
    if !exists && mustExist { throw IOFailure.errno(path, "cannot edit in place") }
    if exists && (info.st_mode & S_IFMT) != S_IFREG {
      if mustExist {
        throw IOFailure(path: path, message: "not a regular file; cannot edit in place")
      }
      try writeDirectly(path: path, produce: produce)
      return
    }
    let directory = directoryOf(path)
    var template = Array("\(directory)/.rowdrag-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard fd >= 0 else {
      throw IOFailure.errno(path, "cannot create a temporary file in \(directory)")
    }
    let temporary = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var renamed = false
    defer {
      if !renamed { unlink(temporary) }
    }
    do {
      let sink = OutputSink(fd: fd, name: path)
      try produce(sink)
      try sink.flush()
      if fsync(fd) != 0 { throw IOFailure.errno(path, "cannot sync") }
      let mode = exists ? info.st_mode & 0o7777 : defaultMode()
      if fchmod(fd, mode) != 0 { throw IOFailure.errno(path, "cannot set the mode") }
      if exists && getuid() == 0 { _ = fchown(fd, info.st_uid, info.st_gid) }
      if close(fd) != 0 { throw IOFailure.errno(path, "cannot write") }
    } catch {
      close(fd)
      throw error
    }
    if exists, let suffix = backupSuffix, !suffix.isEmpty {
      let backup = path + suffix
      unlink(backup)
      if link(path, backup) != 0 { throw IOFailure.errno(backup, "cannot make the backup") }
    }
    guard rename(temporary, path) == 0 else { throw IOFailure.errno(path, "cannot replace") }
    renamed = true
    let dirFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if dirFD >= 0 {
      _ = fsync(dirFD)
      close(dirFD)
    }
  }

  /// Throws unless `path` is an existing regular file (checked before an in-place run
  /// starts, so a device or FIFO is refused even when nothing would change).
  public static func checkEditable(_ path: String) throws {
    var info = stat()
    guard stat(path, &info) == 0 else { throw IOFailure.errno(path, "cannot edit in place") }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw IOFailure(path: path, message: "not a regular file; cannot edit in place")
    }
  }

  private static func writeDirectly(path: String, produce: (OutputSink) throws -> Void)
    throws
  {
    let fd = open(path, O_WRONLY | O_CLOEXEC)
    guard fd >= 0 else { throw IOFailure.errno(path, "cannot open") }
    defer { close(fd) }
    let sink = OutputSink(fd: fd, name: path)
    try produce(sink)
    try sink.flush()
  }

  /// The canonical path of an existing file, nil when it does not exist.
  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// `0666` less the umask, as a newly created file would get.
  private static func defaultMode() -> mode_t {
    let mask = umask(0o022)
    umask(mask)
    return 0o666 & ~mask
  }

  static func directoryOf(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let dir = path[..<slash]
    return dir.isEmpty ? "/" : String(dir)
  }
}
