#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads whole files and streams into memory with plain system calls (no Foundation on
/// the start-up path): a 200 MB list is one `fstat` and a few large `read`s.
public enum FileReader {
  /// The bytes of the file at `path`, or of standard input when `path` is `nil`.
  public static func read(path: String?) throws -> [UInt8] {
    guard let path else { return try readAll(fd: 0, name: "<stdin>") }
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw IOFailure.errno(path, "cannot open") }
    defer { close(fd) }
    var info = stat()
    if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
      throw IOFailure(path: path, message: "is a directory; give a list file")
    }
    return try readAll(fd: fd, name: path)
  }

  /// Reads until end of file, growing the buffer geometrically.
  static func readAll(fd: Int32, name: String) throws -> [UInt8] {
    var info = stat()
    var capacity = 1 << 16
    if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 {
      capacity = Int(info.st_size) + 1
    }
    var buffer = [UInt8](repeating: 0, count: capacity)
    var used = 0
    while true {
      if used == buffer.count {
        buffer.append(contentsOf: repeatElement(0, count: buffer.count))
      }
      let n = buffer.withUnsafeMutableBytes { raw in
        Glibc.read(fd, raw.baseAddress! + used, raw.count - used)
      }
      if n < 0 {
        if errno == EINTR { continue }
        throw IOFailure.errno(name, "cannot read")
      }
      if n == 0 { break }
      used += n
    }
    buffer.removeSubrange(used...)
    return buffer
  }
}
