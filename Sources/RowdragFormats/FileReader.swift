import RowdragSystem

/// Reads whole files and streams into memory with plain system calls (no Foundation on
/// the start-up path): a 200 MB list is one `fstat` and a few large `read`s.
public enum FileReader {
  /// The bytes of the file at `path`, or of standard input when `path` is `nil`.
  ///
  /// A regular file is mapped when `mapping` allows: no copy, but the bytes are the
  /// file's for as long as the store lives, so a program that shrinks the file
  /// meanwhile makes reading them fail (`SIGBUS`, see main.swift). Long-lived
  /// sessions read a copy instead.
  /// `kind` names what the file should be, for the message when `path` is a directory.
  public static func read(path: String?, mapping: Bool = true, kind: String = "a list file")
    throws -> ByteStore
  {
    try readStamped(path: path, mapping: mapping, kind: kind).store
  }

  /// The bytes of the file at `path` (standard input when `nil`) and its stamp, taken
  /// before they were read (nil but for a regular file), so that a write can tell
  /// whether another program changed the file since.
  public static func readStamped(
    path: String?, mapping: Bool = true, kind: String = "a list file"
  ) throws -> (store: ByteStore, stamp: FileStamp?) {
    guard let path else { return (try readAll(fd: 0, name: "<stdin>"), nil) }
    let fd = System.open(path, .readOnly)
    guard fd >= 0 else { throw IOFailure.errno(path, "cannot open") }
    // A mapped store keeps the descriptor (see `ByteStore.file`); else it closes here.
    var kept = false
    defer { if !kept { System.close(fd) } }
    let info = System.status(of: fd)
    if info?.kind == .directory {
      throw IOFailure(path: path, message: "is a directory; give \(kind)")
    }
    let size = info?.kind == .regular ? info?.size ?? 0 : 0
    let store: ByteStore
    if mapping, size > 0, let mapping = System.mapReadOnly(fd, count: size) {
      store = ByteStore(mapped: mapping, count: size, fd: fd)
      kept = true
    } else {
      store = try readAll(fd: fd, name: path, expected: size)
    }
    return (store, info.flatMap { FileStamp(status: $0) { ContentHash(store.raw) } })
  }

  /// Reads until end of file into a buffer sized for `expected` bytes (plus one, to
  /// see the end in one pass), growing it geometrically past that. The buffer comes
  /// from `malloc`, so running out of memory is an error rowdrag reports, not the end
  /// of the process.
  static func readAll(fd: Int32, name: String, expected: Int = 0) throws -> ByteStore {
    var capacity = Swift.max(1 << 16, expected + 1)
    func outOfMemory(_ needed: Int) -> IOFailure {
      IOFailure(
        path: name,
        message: "out of memory reading the list (\(needed) bytes); raise the memory limit"
          + (name == "<stdin>" ? ", or give the file by name so it can be mapped" : ""))
    }
    guard var memory = System.allocate(capacity) else { throw outOfMemory(capacity) }
    var used = 0
    while true {
      if used == capacity {
        guard let bigger = System.reallocate(memory, to: capacity * 2) else {
          System.release(memory)
          throw outOfMemory(capacity * 2)
        }
        memory = bigger
        capacity *= 2
      }
      let n = System.read(fd, into: memory + used, count: capacity - used)
      if n < 0 {
        let failure = IOFailure.errno(name, "cannot read")
        System.release(memory)
        throw failure
      }
      if n == 0 { break }
      used += n
    }
    return ByteStore(adopting: memory, count: used)
  }
}
