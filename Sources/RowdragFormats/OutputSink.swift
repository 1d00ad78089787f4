import RowdragSystem

/// A buffered byte destination: a file descriptor, or memory for tests.
///
/// It keeps SPEC §9.21's promise that standard output lacks a final newline only at
/// its very end: after a `print` that ended without one, the next write of anything
/// first writes `\n`.
public final class OutputSink {
  private enum Destination {
    case descriptor(Int32)
    case memory
  }

  private let destination: Destination
  /// The name errors use: a path, `<stdout>` or `<stderr>`.
  public let name: String
  private var buffer: [UInt8] = []
  /// Everything written, for a memory sink.
  public private(set) var captured: [UInt8] = []
  /// Set after output that ended without a newline.
  public var owesNewline = false
  private var lastByte: UInt8?
  /// Whether the last byte written was not a newline.
  public var endsWithoutNewline: Bool { lastByte.map { $0 != 10 } ?? false }
  /// Writes smaller than this are buffered; larger ones go out at once (or are copied).
  static let chunk = 1 << 16
  /// A long write from memory goes to the kernel this much at a time, as `cat` reads
  /// and writes: one `write` of a 300 MB stretch took 2.3 times the CPU time of
  /// 128 KiB writes of it here (bench/README.md).
  static let writePiece = 1 << 17
  /// The hash of what went out to the descriptor, when asked for (a file's stamp).
  public var hash: ContentHash?
  /// Whether long stretches that are also in a file are copied by the kernel
  /// (`copy_file_range`): while the destination is a regular file and no copy has
  /// failed.
  public private(set) var copiesFiles = false
  /// Bytes the kernel copied file to file so far (for tests: which path a write took).
  public private(set) var copiedBytes = 0

  /// Whether the sink is a terminal, where text from lists and users is escaped.
  public lazy var isTerminal: Bool = {
    if case .descriptor(let fd) = destination { return System.isTerminal(fd) }
    return false
  }()

  /// A sink that writes to `fd`.
  public init(fd: Int32, name: String) {
    destination = .descriptor(fd)
    self.name = name
    buffer.reserveCapacity(OutputSink.chunk)
    // A bigger pipe means fewer round trips with the reader for large lists; the
    // kernel may refuse (a limit), which changes nothing.
    let kind = System.status(of: fd)?.kind
    if kind == .fifo { System.setPipeSize(fd, bytes: 1 << 20) }
    copiesFiles = kind == .regular
  }

  /// A sink that keeps everything in `captured`.
  public init(memoryNamed name: String = "<memory>") {
    destination = .memory
    self.name = name
  }

  /// Captured bytes as text (tests).
  public var text: String { String(decoding: captured, as: UTF8.self) }

  public func write(_ bytes: UnsafeRawBufferPointer) throws { try write(bytes, from: nil) }

  /// Writes `bytes`, which are also the bytes at `file` when it is given (a stretch of
  /// a mapped list). Into a regular file, a stretch of 64 KiB or more that lands at
  /// the same place within a page as it has in the list file is then copied file to
  /// file by the kernel, as `cat` copies; other stretches are written from memory (see
  /// `copy`).
  /// Where the copy fails — the destination is opened to append, or is on a file
  /// system the kernel cannot copy to from there — the sink writes from memory from
  /// then on, so the output is the same bytes either way, and a real failure (a full
  /// disk) is the write's to report.
  public func write(_ bytes: UnsafeRawBufferPointer, from file: FileBytes?) throws {
    guard !bytes.isEmpty else { return }
    if owesNewline {
      owesNewline = false
      buffer.append(10)
      lastByte = 10
    }
    if case .memory = destination {
      captured.append(contentsOf: buffer)
      buffer.removeAll(keepingCapacity: true)
      captured.append(contentsOf: bytes)
    } else if bytes.count >= OutputSink.chunk {
      try flush()
      // Large spans come straight from a mapped list file: the kernel reads them first,
      // so a file shrunk meanwhile is an `EFAULT` here rather than a SIGBUS in rowdrag.
      if let file {
        // The mapping's pages are dropped behind the write (`PageRelease`).
        try PageRelease.during(bytes) { (progress) throws in
          if copiesFiles {
            try copy(bytes, from: file, progress: progress)
          } else {
            try emit(bytes, progress: progress)
          }
        }
      } else {
        try emit(bytes)
      }
    } else {
      buffer.append(contentsOf: bytes)
      if buffer.count >= OutputSink.chunk { try flush() }
    }
    lastByte = bytes[bytes.count - 1]
  }

  public func write(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { (raw) throws in try write(raw) }
  }

  public func write(_ text: String) throws {
    var text = text
    try text.withUTF8 { (utf8) throws in try write(UnsafeRawBufferPointer(utf8)) }
  }

  /// Writes out what is buffered.
  public func flush() throws {
    guard !buffer.isEmpty else { return }
    if case .memory = destination {
      captured.append(contentsOf: buffer)
    } else {
      try buffer.withUnsafeBytes { (raw) throws in try emit(raw) }
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Copies `bytes` from `file` with `copy_file_range`, then writes from memory
  /// whatever was not copied: all of it after a failure, which also ends copying for
  /// this sink, and the rest after a short copy (the file shrank since it was mapped:
  /// the write then fails with `EFAULT`, as it always did).
  ///
  /// The kernel copies page by page: a stretch shifted by other than whole pages (an
  /// item moved out from before it) is copied as two pieces a page, which took 1.4
  /// times the CPU time of writing it from memory in 128 KiB writes, while a stretch
  /// that keeps its place within the pages costs the same either way (bench/README.md,
  /// "copying by pages"). Such a stretch is written.
  /// `progress` hears how many bytes are out after each call.
  private func copy(
    _ bytes: UnsafeRawBufferPointer, from file: FileBytes, progress: (Int) -> Void
  ) throws {
    guard case .descriptor(let fd) = destination else { return }
    guard let at = System.position(of: fd), (file.offset - at) % System.pageSize == 0 else {
      return try emit(bytes, progress: progress)
    }
    hash?.add(bytes)
    var done = 0
    while done < bytes.count {
      let n = System.copyRange(
        from: file.fd, at: file.offset + done, to: fd, count: bytes.count - done)
      if n <= 0 {
        if n < 0 { copiesFiles = false }
        break
      }
      done += n
      progress(done)
    }
    copiedBytes += done
    if done < bytes.count {
      try emit(UnsafeRawBufferPointer(rebasing: bytes[done...]), hashing: false) {
        progress(done + $0)
      }
    }
  }

  /// Writes `bytes` from memory; `progress` hears how many are out after each write.
  private func emit(
    _ bytes: UnsafeRawBufferPointer, hashing: Bool = true, progress: (Int) -> Void = { _ in }
  ) throws {
    guard case .descriptor(let fd) = destination, var base = bytes.baseAddress else { return }
    if hashing { hash?.add(bytes) }
    var left = bytes.count
    while left > 0 {
      let n = System.write(fd, from: base, count: min(left, OutputSink.writePiece))
      if n < 0 { throw IOFailure.errno(name, "cannot write") }
      left -= n
      base += n
      progress(bytes.count - left)
    }
  }
}
