import RowdragSystem

/// A file as rowdrag last read or wrote it, to tell before a write whether another
/// program changed it since (as vim and Emacs do): its device, inode, size and
/// modification time, and, when the file was modified less than ``resolution`` seconds
/// before it was read, a hash of its contents — there a later write may leave the time
/// as it was (coarse file system clocks, FAT's two seconds).
public struct FileStamp: Sendable, Equatable {
  var device: UInt64
  var inode: UInt64
  var size: Int
  var modifiedSeconds: Int
  var modifiedNanoseconds: Int
  /// The contents' hash, when the time alone cannot tell.
  var contentHash: ContentHash?

  /// Seconds within which a modification time is not trusted alone.
  public static let resolution = 2.0

  /// The stamp of a regular file whose `status` was taken before its contents were
  /// read; `hash` gives their hash, asked only when the time cannot tell. Nil for
  /// anything but a regular file (a device, a FIFO: nothing to compare).
  init?(status: FileStatus, hash: () throws -> ContentHash?) rethrows {
    guard status.kind == .regular else { return nil }
    device = status.identity.device
    inode = status.identity.inode
    size = status.size
    (modifiedSeconds, modifiedNanoseconds) = status.modified
    let modified = Double(modifiedSeconds) + Double(modifiedNanoseconds) / 1e9
    contentHash = System.wallClockSeconds() - modified < Self.resolution ? try hash() : nil
  }

  /// Whether the file at `path` is still the one stamped. A file that is gone is not
  /// "changed": writing it loses nothing (vim writes it too). A file whose contents
  /// must be hashed but cannot be read throws that failure: an I/O error is no change.
  public func isCurrent(at path: String) throws -> Bool {
    guard let now = System.status(ofPath: path) else { return true }
    guard now.kind == .regular, now.identity == (device, inode), now.size == size,
      now.modified == (modifiedSeconds, modifiedNanoseconds)
    else { return false }
    guard let contentHash else { return true }
    // `raw` points into the store: it lives until the hash is taken.
    let store = try FileReader.read(path: path, mapping: false)
    return withExtendedLifetime(store) { ContentHash(store.raw) == contentHash }
  }
}

/// A write refused because the file changed since it was read.
public struct FileChanged: Error, Sendable, Equatable {
  public var path: String

  public init(path: String) { self.path = path }
}
