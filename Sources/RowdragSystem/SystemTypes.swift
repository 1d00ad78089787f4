import Glibc

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
  /// `O_TRUNC`.
  public static let truncate = OpenFlags(rawValue: O_TRUNC)
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
  /// The device and inode: the file itself, whatever name reaches it.
  public var identity: (device: UInt64, inode: UInt64)
  /// The last modification time (`st_mtim`): seconds and nanoseconds since the epoch.
  public var modified: (seconds: Int, nanoseconds: Int)

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
    identity = (UInt64(info.st_dev), UInt64(info.st_ino))
    modified = (Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec))
  }

  public static func == (a: FileStatus, b: FileStatus) -> Bool {
    a.kind == b.kind && a.size == b.size && a.mode == b.mode && a.user == b.user
      && a.group == b.group && a.identity == b.identity
  }
}

/// `madvise(2)` advice, with the Linux numbers the C headers do not export to Swift.
public enum MemoryAdvice: Int32, Sendable {
  /// `MADV_HUGEPAGE`: back the range with transparent huge pages.
  case hugePages = 14
  /// `MADV_POPULATE_READ` (Linux 5.14): fault every page in now, in one call.
  case populateRead = 22
  /// `MADV_DONTNEED`: drop the range's page mappings; a private read-only mapping of a
  /// file reads the file again where it is next read.
  case dontNeed = 4
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
