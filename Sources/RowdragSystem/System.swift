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

  /// `strerror` of `code`, lowercased as rowdrag's messages are.
  public static func errorText(_ code: Int32) -> String {
    String(cString: strerror(code)).lowercased()
  }

  // MARK: Files

  /// `open(2)`; -1 on failure. Retried on `EINTR` (a FIFO's open can wait).
  public static func open(_ path: String, _ flags: OpenFlags, mode: UInt32 = 0) -> Int32 {
    retrying { Glibc.open(path, flags.rawValue | O_CLOEXEC, mode_t(mode)) }
  }

  /// `close(2)`, never retried (Linux releases the descriptor even on `EINTR`).
  @discardableResult
  public static func close(_ fd: Int32) -> Int32 { Glibc.close(fd) }

  /// `read(2)`: bytes read, 0 at end of file, -1 on failure.
  public static func read(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
    retrying { Glibc.read(fd, buffer, count) }
  }

  /// `write(2)`: bytes written, -1 on failure.
  public static func write(_ fd: Int32, from buffer: UnsafeRawPointer, count: Int) -> Int {
    retrying { Glibc.write(fd, buffer, count) }
  }

  /// `fstat(2)` of an open descriptor.
  public static func status(of fd: Int32) -> FileStatus? {
    var info = stat()
    return fstat(fd, &info) == 0 ? FileStatus(info) : nil
  }

  /// `stat(2)` of a path (following symbolic links).
  public static func status(ofPath path: String) -> FileStatus? {
    var info = stat()
    return stat(path, &info) == 0 ? FileStatus(info) : nil
  }

  /// `fsync(2)`.
  public static func sync(_ fd: Int32) -> Bool { retrying { fsync(fd) } == 0 }

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
  public static func rename(_ from: String, to: String) -> Bool { Glibc.rename(from, to) == 0 }

  /// `link(2)`.
  public static func link(_ existing: String, as new: String) -> Bool {
    Glibc.link(existing, new) == 0
  }

  /// `unlink(2)`; failure is ignored by every caller (the file may be gone).
  public static func unlink(_ path: String) { _ = Glibc.unlink(path) }

  /// `mkstemp(3)` for `prefix` + six random characters: the descriptor and the path.
  public static func makeTemporary(prefix: String) -> (fd: Int32, path: String)? {
    var template = Array("\(prefix)XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard fd >= 0 else { return nil }
    return (fd, String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
  }

  /// An unnamed regular file in `directory` (`O_TMPFILE`), open for writing: nothing
  /// to clean up if the process dies. -1 where the file system does not support it.
  public static func openUnnamed(inDirectory directory: String) -> Int32 {
    retrying {
      Glibc.open(directory, FileControl.unnamedFile | O_DIRECTORY | O_WRONLY | O_CLOEXEC, 0o600)
    }
  }

  /// Gives the unnamed file open as `fd` the name `path` (`linkat` through
  /// `/proc/self/fd`, which needs no privilege); false when `path` exists or on error.
  public static func name(unnamed fd: Int32, as path: String) -> Bool {
    linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0
  }

  /// `lstat(2)`: the entry itself, not what a symbolic link names.
  public static func linkStatus(ofPath path: String) -> (status: FileStatus, isLink: Bool)? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return (FileStatus(info), (info.st_mode & S_IFMT) == S_IFLNK)
  }

  /// `readlink(2)`: what a symbolic link names.
  public static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count >= 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// `getcwd(3)`.
  public static func currentDirectory() -> String? {
    guard let cwd = getcwd(nil, 0) else { return nil }
    defer { free(cwd) }
    return String(cString: cwd)
  }

  /// The effective user id, whose links the kernel lets a process follow anywhere.
  public static var effectiveUser: UInt32 { UInt32(geteuid()) }

  /// `0666` less the umask, as a newly created file would get.
  public static var newFileMode: UInt32 {
    let mask = umask(0o022)
    umask(mask)
    return UInt32(0o666 & ~mask)
  }

  // MARK: Memory

  /// `malloc(3)`: nil when the memory cannot be had, where Swift's own allocation
  /// would end the process.
  public static func allocate(_ bytes: Int) -> UnsafeMutableRawPointer? {
    malloc(Swift.max(1, bytes))
  }

  /// `realloc(3)`: nil (and `memory` still valid) when the memory cannot be had.
  public static func reallocate(_ memory: UnsafeMutableRawPointer, to bytes: Int)
    -> UnsafeMutableRawPointer?
  {
    realloc(memory, Swift.max(1, bytes))
  }

  /// `free(3)` for memory from `allocate` or `reallocate`.
  public static func release(_ memory: UnsafeMutableRawPointer) { free(memory) }

  /// `mmap(2)` of a whole file, read-only and private; nil when it cannot be mapped.
  public static func mapReadOnly(_ fd: Int32, count: Int) -> UnsafeMutableRawPointer? {
    guard let mapping = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0), mapping != MAP_FAILED
    else { return nil }
    return mapping
  }

  /// `munmap(2)`.
  public static func unmap(_ start: UnsafeMutableRawPointer, count: Int) {
    _ = munmap(start, count)
  }

  /// The size of a memory page.
  public static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

  /// `madvise(2)` over the whole pages inside `count` bytes at `start` (`inward`) or the
  /// pages that touch them (`outward`). Advice is only advice: failure changes nothing.
  public static func advise(
    _ advice: MemoryAdvice, _ start: UnsafeRawPointer, count: Int, rounding: PageRounding
  ) {
    let page = pageSize
    let address = Int(bitPattern: start)
    let first = rounding == .inward ? (address + page - 1) / page * page : address / page * page
    let end = rounding == .inward ? (address + count) / page * page : address + count
    guard end > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
    _ = madvise(aligned, end - first, advice.rawValue)
  }

  // MARK: Terminals and pipes

  /// Whether `fd` is a terminal.
  public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

  /// The column count of the terminal on `fd`, nil when it is none.
  public static func terminalColumns(_ fd: Int32) -> Int? {
    var size = winsize()
    return ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
  }

  /// Asks for a pipe buffer of `bytes` (`F_SETPIPE_SZ`); the kernel may refuse.
  public static func setPipeSize(_ fd: Int32, bytes: Int32) {
    _ = fcntl(fd, FileControl.setPipeSize, bytes)
  }

  /// `mkdir(2)`; true when the directory exists afterwards.
  public static func makeDirectory(_ path: String, mode: UInt32) -> Bool {
    mkdir(path, mode_t(mode)) == 0 || errno == EEXIST
  }

  /// The process's environment variables.
  public static func environmentVariables() -> [String: String] {
    var variables: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let eq = text.firstIndex(of: "=") {
        variables[String(text[..<eq])] = String(text[text.index(after: eq)...])
      }
      entry += 1
    }
    return variables
  }

  /// `exit(3)`: ends the process with `status`.
  public static func exit(_ status: Int32) -> Never { Glibc.exit(status) }

  /// `_exit(2)`: ends the process at once, without running anything else.
  public static func exitNow(_ status: Int32) -> Never { _exit(status) }
}

/// `open(2)` flags rowdrag uses; `O_CLOEXEC` is always added.
public struct OpenFlags: OptionSet, Sendable {
  /// The flag bits.
  public let rawValue: Int32
  /// Wraps flag bits.
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// `O_RDONLY` (zero: the default access).
  public static let readOnly = OpenFlags([])
  /// `O_WRONLY`.
  public static let writeOnly = OpenFlags(rawValue: O_WRONLY)
  /// `O_DIRECTORY`.
  public static let directory = OpenFlags(rawValue: O_DIRECTORY)
  /// `O_CREAT`.
  public static let create = OpenFlags(rawValue: O_CREAT)
  /// `O_APPEND`.
  public static let append = OpenFlags(rawValue: O_APPEND)
}

/// What `stat(2)` says about a file, in the terms rowdrag asks about.
public struct FileStatus: Sendable, Equatable {
  /// The kinds of file rowdrag tells apart.
  public enum Kind: Sendable, Equatable {
    /// A regular file.
    case regular
    /// A directory.
    case directory
    /// A FIFO (named or anonymous pipe).
    case fifo
    /// A device, socket or anything else.
    case other
  }

  /// The file's kind.
  public var kind: Kind
  /// Size in bytes (regular files).
  public var size: Int
  /// Permission bits (`0o7777`).
  public var mode: UInt32
  /// Sticky and writable by everyone, as `/tmp` is.
  public var isSharedSticky: Bool { mode & 0o1000 != 0 && mode & 0o002 != 0 }
  /// Owner.
  public var user: UInt32
  /// Group.
  public var group: UInt32

  init(_ info: stat) {
    switch info.st_mode & S_IFMT {
    case S_IFREG: kind = .regular
    case S_IFDIR: kind = .directory
    case S_IFIFO: kind = .fifo
    default: kind = .other
    }
    size = Int(info.st_size)
    mode = UInt32(info.st_mode & 0o7777)
    user = UInt32(info.st_uid)
    group = UInt32(info.st_gid)
  }
}

/// `madvise(2)` advice, with the Linux numbers the C headers do not export to Swift.
public enum MemoryAdvice: Int32, Sendable {
  /// `MADV_HUGEPAGE`: back the range with transparent huge pages.
  case hugePages = 14
  /// `MADV_POPULATE_READ` (Linux 5.14): fault every page in now, in one call.
  case populateRead = 22
}

/// How `System.advise` rounds a range to pages.
public enum PageRounding: Sendable {
  /// Only pages wholly inside the range.
  case inward
  /// Every page the range touches.
  case outward
}

/// `fcntl(2)` commands and `open(2)` flags the C headers do not export to Swift.
enum FileControl {
  /// `F_SETPIPE_SZ` (Linux).
  static let setPipeSize: Int32 = 1031
  /// `__O_TMPFILE` (Linux, the same on x86-64 and ARM64); `O_TMPFILE` adds
  /// `O_DIRECTORY`.
  static let unnamedFile: Int32 = 0o20_000_000
}
