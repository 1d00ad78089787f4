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
  private static let chunk = 1 << 16
  /// The hash of what went out to the descriptor, when asked for (a file's stamp).
  public var hash: ContentHash?

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
    if System.status(of: fd)?.kind == .fifo { System.setPipeSize(fd, bytes: 1 << 20) }
  }

  /// A sink that keeps everything in `captured`.
  public init(memoryNamed name: String = "<memory>") {
    destination = .memory
    self.name = name
  }

  /// Captured bytes as text (tests).
  public var text: String { String(decoding: captured, as: UTF8.self) }

  public func write(_ bytes: UnsafeRawBufferPointer) throws {
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
      try emit(bytes)
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

  private func emit(_ bytes: UnsafeRawBufferPointer) throws {
    guard case .descriptor(let fd) = destination, var base = bytes.baseAddress else { return }
    hash?.add(bytes)
    var left = bytes.count
    while left > 0 {
      let n = System.write(fd, from: base, count: left)
      if n < 0 { throw IOFailure.errno(name, "cannot write") }
      left -= n
      base += n
    }
  }
}
