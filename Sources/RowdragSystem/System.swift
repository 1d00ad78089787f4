import CSystem
import Glibc

/// Every system call rowdrag makes, in one place: each retried on `EINTR` where the
/// call may be interrupted, with named constants instead of raw numbers, so the rest of
/// the program never imports the C library for I/O.
///
/// rowdrag targets Linux (Debian's GNU readline and glibc); there is no second platform
/// branch to keep dead.
public enum System {
  /// Calls `body` again while it fails with `EINTR` — unless the interruption was a
  /// Ctrl-C the program catches (`Signals.catchInterrupts`): then the call fails with
  /// `EINTR`, so a blocked `open` of a FIFO or a `write` to a stuck pipe gives up.
  @inline(__always)
  static func retrying<T: BinaryInteger>(_ body: () -> T) -> T {
    while true {
      let result = body()
      if result != -1 || errno != EINTR || Signals.interruptPending { return result }
    }
  }

  /// The `errno` of the last failed call.
  public static var errorNumber: Int32 { errno }

  /// `EFAULT`: a buffer handed to the kernel was not readable.
  public static let badAddress = EFAULT
  /// `EEXIST`: the name is taken.
  public static let alreadyExists = EEXIST
  /// `ENOENT`: no such file or directory.
  public static let noSuchFile = ENOENT

  /// `strerror` of `code`, lowercased as rowdrag's messages are.
  public static func errorText(_ code: Int32) -> String {
    String(cString: strerror(code)).lowercased()
  }

  // MARK: Files

  /// `path` as the C string of the bytes it stands for (`RawText`): every path goes
  /// to the kernel through it, so a file name that is not UTF-8 names its file.
  static func cPath(_ path: String) -> [CChar] {
    RawText.bytes(path).map { CChar(bitPattern: $0) } + [0]
  }

  /// A path the kernel gave (`readlink`, `getcwd`, `mkstemp`) as text that keeps its
  /// bytes.
  static func pathText<C: Collection<CChar>>(_ bytes: C) -> String {
    RawText.string(bytes.map { UInt8(bitPattern: $0) })
  }

  /// `open(2)`; -1 on failure. Retried on `EINTR` (a FIFO's open can wait).
  public static func open(_ path: String, _ flags: OpenFlags, mode: UInt32 = 0) -> Int32 {
    let path = cPath(path)
    return retrying {
      fails(.open) ? -1 : Glibc.open(path, flags.rawValue | O_CLOEXEC, mode_t(mode))
    }
  }

  /// `close(2)`, never retried (Linux releases the descriptor even on `EINTR`).
  @discardableResult
  public static func close(_ fd: Int32) -> Int32 { Glibc.close(fd) }

  /// `read(2)`: bytes read, 0 at end of file, -1 on failure.
  public static func read(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
    retrying { faulted(.read, count: count) { Glibc.read(fd, buffer, $0) } }
  }

  /// Whether a `read` of `fd` would return at once (`poll(2)` with no timeout): data,
  /// the end of file or an error is waiting. A regular file always is.
  public static func hasInput(_ fd: Int32) -> Bool {
    var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return retrying { fails(.poll) ? -1 : poll(&descriptor, 1, 0) } > 0
  }

  /// `write(2)`: bytes written, -1 on failure.
  public static func write(_ fd: Int32, from buffer: UnsafeRawPointer, count: Int) -> Int {
    retrying { faulted(.write, count: count) { Glibc.write(fd, buffer, $0) } }
  }

  /// `copy_file_range(2)`: copies up to `count` bytes at `offset` of `source` to `fd`
  /// at its file position, inside the kernel (the page cache to the page cache, as
  /// `cat` does); bytes copied, 0 at the end of `source`, -1 on failure (`EXDEV`,
  /// `EINVAL` or `EBADF` where the two files cannot be copied between, e.g. `fd` opened
  /// to append, or a kernel or file system without the call).
  public static func copyRange(from source: Int32, at offset: Int, to fd: Int32, count: Int)
    -> Int
  {
    retrying {
      faulted(.copyFileRange, count: count) {
        rowdrag_copy_file_range(source, Int64(offset), fd, $0)
      }
    }
  }

  /// The file position of `fd` (`lseek(2)` by 0 from the current one); nil where it has
  /// none (a pipe, a terminal).
  public static func position(of fd: Int32) -> Int? {
    let at = lseek(fd, 0, SEEK_CUR)
    return at < 0 ? nil : Int(at)
  }

  /// `pread(2)`: bytes read at `offset`, 0 at end of file, -1 on failure.
  public static func read(
    _ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int
  ) -> Int {
    retrying { faulted(.read, count: count) { pread(fd, buffer, $0, off_t(offset)) } }
  }

  /// `fstat(2)` of an open descriptor.
  public static func status(of fd: Int32) -> FileStatus? {
    var info = stat()
    return fstat(fd, &info) == 0 ? FileStatus(info) : nil
  }

  /// `stat(2)` of a path (following symbolic links).
  public static func status(ofPath path: String) -> FileStatus? {
    var info = stat()
    return stat(cPath(path), &info) == 0 ? FileStatus(info) : nil
  }

  /// `fsync(2)`.
  public static func sync(_ fd: Int32) -> Bool {
    retrying { fails(.fsync) ? -1 : fsync(fd) } == 0
  }

  /// `fchmod(2)`.
  public static func setMode(_ fd: Int32, _ mode: UInt32) -> Bool {
    fchmod(fd, mode_t(mode)) == 0
  }

  /// `fchown(2)`.
  public static func setOwner(_ fd: Int32, user: UInt32, group: UInt32) -> Bool {
    fchown(fd, uid_t(user), gid_t(group)) == 0
  }

  /// Whether the process runs as root (and so may keep a file's owner).
  public static var isRoot: Bool { getuid() == 0 }

  /// `rename(2)`.
  public static func rename(_ from: String, to: String) -> Bool {
    !fails(.rename) && Glibc.rename(cPath(from), cPath(to)) == 0
  }

  /// `link(2)`.
  public static func link(_ existing: String, as new: String) -> Bool {
    !fails(.link) && Glibc.link(cPath(existing), cPath(new)) == 0
  }

  /// `unlink(2)`; failure is ignored by every caller (the file may be gone).
  public static func unlink(_ path: String) { _ = Glibc.unlink(cPath(path)) }

  /// `mkstemp(3)` for `prefix` + six random characters: the descriptor and the path.
  public static func makeTemporary(prefix: String) -> (fd: Int32, path: String)? {
    var template = cPath("\(prefix)XXXXXX")
    let fd = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard fd >= 0 else { return nil }
    return (fd, pathText(template.dropLast()))
  }

  /// An unnamed regular file in `directory` (`O_TMPFILE`), open for writing: nothing
  /// to clean up if the process dies. -1 where the file system does not support it.
  public static func openUnnamed(inDirectory directory: String) -> Int32 {
    let directory = cPath(directory)
    return retrying {
      fails(.open)
        ? -1
        : Glibc.open(directory, FileControl.unnamedFile | O_DIRECTORY | O_WRONLY | O_CLOEXEC, 0o600)
    }
  }

  /// Gives the unnamed file open as `fd` the name `path` (`linkat` through
  /// `/proc/self/fd`, which needs no privilege); false when `path` exists or on error.
  public static func name(unnamed fd: Int32, as path: String) -> Bool {
    !fails(.link)
      && linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, cPath(path), AT_SYMLINK_FOLLOW) == 0
  }

  /// `lstat(2)`: the entry itself, not what a symbolic link names.
  public static func linkStatus(ofPath path: String) -> (status: FileStatus, isLink: Bool)? {
    var info = stat()
    guard lstat(cPath(path), &info) == 0 else { return nil }
    return (FileStatus(info), (info.st_mode & S_IFMT) == S_IFLNK)
  }

  /// `readlink(2)`: what a symbolic link names.
  public static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(cPath(path), &buffer, buffer.count - 1)
    guard count >= 0 else { return nil }
    return pathText(buffer[..<count])
  }

  /// `getcwd(3)`.
  public static func currentDirectory() -> String? {
    guard let cwd = getcwd(nil, 0) else { return nil }
    defer { free(cwd) }
    return pathText(UnsafeBufferPointer(start: cwd, count: strlen(cwd)))
  }

  /// The effective user id, whose links the kernel lets a process follow anywhere.
  public static var effectiveUser: UInt32 { UInt32(geteuid()) }

  /// `0666` less the umask, as a newly created file would get.
  public static var newFileMode: UInt32 {
    let mask = umask(0o022)
    umask(mask)
    return UInt32(0o666 & ~mask)
  }
}
