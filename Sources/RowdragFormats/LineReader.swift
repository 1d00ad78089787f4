import RowdragSystem

/// Lines as they arrive, from a descriptor (standard input, a FIFO, a script file) or
/// from memory, so a command stream runs line by line, in memory that does not grow
/// with its length (as `ed`, `bc` and `sed -f -` read theirs).
///
/// Before a read that would wait — nothing is pending on a pipe or a terminal — the
/// reader calls `beforeWaiting`: the runner flushes standard output there, so a program
/// driving rowdrag always sees the answer to what it sent, while a script that arrives
/// faster than it runs keeps its output buffered.
///
/// - Complexity: each byte is searched for a newline once; memory is the longest line,
///   at least 64 KiB.
public final class LineReader {
  /// Fills the buffer from the start: bytes read, 0 at the end.
  public typealias Fill = (UnsafeMutableRawBufferPointer) throws -> Int

  /// The name errors use: a path, `<stdin>`, `-e #1`.
  public let name: String
  private var fill: Fill?
  private var buffer: [UInt8]
  /// The unread bytes are `start..<end`; `start..<scanned` holds no newline.
  private var start = 0
  private var scanned = 0
  private var end = 0
  /// What may be known of the whole text before it is read (see `mentions`).
  private let whole: Whole
  /// The descriptor this reader opened and closes.
  private var owned: Int32?

  private enum Whole {
    /// The text is the buffer.
    case inMemory
    /// A regular file: its bytes can be mapped and searched.
    case regularFile(Int32, size: Int)
    /// A pipe, a FIFO or a terminal: nothing is known before it arrives.
    case stream
  }

  /// The lines of `bytes`.
  public init(name: String, bytes: [UInt8]) {
    self.name = name
    buffer = bytes
    end = bytes.count
    whole = .inMemory
  }

  /// The lines `fill` delivers; nothing is known of them in advance.
  public init(name: String, fill: @escaping Fill) {
    self.name = name
    self.fill = fill
    buffer = [UInt8](repeating: 0, count: 1 << 16)
    whole = .stream
  }

  private init(name: String, fd: Int32, owned: Bool, beforeWaiting: @escaping () throws -> Void) {
    self.name = name
    buffer = [UInt8](repeating: 0, count: 1 << 16)
    let info = System.status(of: fd)
    whole = info?.kind == .regular ? .regularFile(fd, size: info?.size ?? 0) : .stream
    self.owned = owned ? fd : nil
    fill = Self.reading(fd, name: name, beforeWaiting: beforeWaiting)
  }

  deinit { closeOwned() }

  /// Standard input, which the reader does not close.
  public static func standardInput(beforeWaiting: @escaping () throws -> Void) -> LineReader {
    LineReader(name: "<stdin>", fd: 0, owned: false, beforeWaiting: beforeWaiting)
  }

  /// The file at `path`, opened now — except a FIFO, opened at the first read, since
  /// its `open` waits for a writer.
  public static func open(path: String, beforeWaiting: @escaping () throws -> Void) throws
    -> LineReader
  {
    let info = System.status(ofPath: path)
    if info?.kind == .directory {
      throw IOFailure(path: path, message: "is a directory; give a script file")
    }
    if info?.kind == .fifo {
      let reader = LineReader(name: path) { _ in 0 }
      reader.fill = { [unowned reader] buffer in
        try beforeWaiting()
        let fd = System.open(path, .readOnly)
        guard fd >= 0 else { throw IOFailure.errno(path, "cannot open") }
        reader.owned = fd
        let read = Self.reading(fd, name: path, beforeWaiting: beforeWaiting)
        reader.fill = read
        return try read(buffer)
      }
      return reader
    }
    let fd = System.open(path, .readOnly)
    guard fd >= 0 else { throw IOFailure.errno(path, "cannot open") }
    return LineReader(name: path, fd: fd, owned: true, beforeWaiting: beforeWaiting)
  }

  private static func reading(
    _ fd: Int32, name: String, beforeWaiting: @escaping () throws -> Void
  ) -> Fill {
    { buffer in
      guard let base = buffer.baseAddress else { return 0 }
      if !System.hasInput(fd) { try beforeWaiting() }
      let n = System.read(fd, into: base, count: buffer.count)
      if n < 0 { throw IOFailure.errno(name, "cannot read") }
      return n
    }
  }

  /// Whether the whole text contains `word`, when that can be known before it is read
  /// (memory, a regular file); nil for a stream.
  public func mentions(_ word: String) -> Bool? {
    let needle = Array(word.utf8)
    func search(_ haystack: UnsafeBufferPointer<UInt8>) -> Bool {
      needle.withUnsafeBufferPointer { System.firstOffset(of: $0, in: haystack) } != nil
    }
    switch whole {
    case .inMemory:
      return buffer.withUnsafeBufferPointer(search)
    case .regularFile(let fd, let size):
      guard size > 0 else { return false }
      guard let mapping = System.mapReadOnly(fd, count: size) else { return nil }
      defer { System.unmap(mapping, count: size) }
      let bytes = UnsafeBufferPointer(
        start: mapping.assumingMemoryBound(to: UInt8.self), count: size)
      return search(bytes)
    case .stream:
      return nil
    }
  }

  /// The next line without its newline; nil after the last. A last line without a
  /// newline is a line.
  public func next() throws -> [UInt8]? {
    while true {
      let found = buffer.withUnsafeBytes { bytes in
        System.firstOffset(of: 10, in: UnsafeRawBufferPointer(rebasing: bytes[scanned..<end]))
      }
      if let found {
        let line = Array(buffer[start..<scanned + found])
        start = scanned + found + 1
        scanned = start
        return line
      }
      scanned = end
      guard fill != nil else {
        guard start < end else { return nil }
        defer { start = end }
        return Array(buffer[start..<end])
      }
      try refill()
    }
  }

  /// The next line as `next()` gives it, except that a comment line — its first byte
  /// that is not a space or a tab is `#` — comes back empty, its bytes read past and
  /// dropped as they arrive: a script's comments cost no memory however long they are,
  /// and its line numbers stay right.
  public func nextDroppingComments() throws -> [UInt8]? {
    while true {
      var k = start
      while k < end && (buffer[k] == 32 || buffer[k] == 9) { k += 1 }
      if k < end {
        guard buffer[k] == 35 else { return try next() }
        return try dropLine(from: k)
      }
      // Only blanks so far: a line of blanks, the end, or more to read.
      guard fill != nil, end - start < buffer.count / 2 else { return try next() }
      try refill()
      if fill == nil && start == end { return nil }
    }
  }

  /// Reads past the line that holds `from` without keeping it; an empty line.
  private func dropLine(from: Int) throws -> [UInt8] {
    var k = from
    while true {
      let found = buffer.withUnsafeBytes { bytes in
        System.firstOffset(of: 10, in: UnsafeRawBufferPointer(rebasing: bytes[k..<end]))
      }
      if let found {
        start = k + found + 1
        scanned = start
        return []
      }
      // Nothing of the line is kept: the buffer is read into afresh, never grown.
      start = 0
      scanned = 0
      end = 0
      k = 0
      guard fill != nil else { return [] }
      try refill()
      if end == 0 { return [] }
    }
  }

  /// The bytes the reader holds room for: the longest line kept, at least 64 KiB.
  var capacity: Int { buffer.count }

  /// Moves the partial line to the front, grows the buffer when it is all one line,
  /// and reads more; at the end of the input, drops `fill` and closes the file.
  private func refill() throws {
    if start > 0 {
      buffer.withUnsafeMutableBytes { bytes in
        guard let base = bytes.baseAddress else { return }
        base.copyMemory(from: base + start, byteCount: end - start)
      }
      end -= start
      scanned -= start
      start = 0
    }
    if end == buffer.count {
      buffer += [UInt8](repeating: 0, count: buffer.count)
    }
    guard let fill else { return }
    let n = try buffer.withUnsafeMutableBytes { bytes in
      try fill(UnsafeMutableRawBufferPointer(rebasing: bytes[end...]))
    }
    if n == 0 {
      self.fill = nil
      closeOwned()
    } else {
      end += n
    }
  }

  private func closeOwned() {
    if let fd = owned { System.close(fd) }
    owned = nil
  }
}
