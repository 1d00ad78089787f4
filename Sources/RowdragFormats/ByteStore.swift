import RowdragSystem

/// The immutable bytes of a loaded list.
///
/// A regular file is mapped read-only, so a 200 MB list costs no copy; whoever reads
/// all of it first populates the pages in bulk (`populate`), since on a virtual
/// machine a page fault per 4 KB costs more than the reading. Standard input and
/// tests use ordinary memory. Lists keep spans into it and write them back directly.
///
/// A mapped store keeps its file open, so that a writer can have the kernel copy long
/// stretches of it file to file (`file`, `OutputSink.write(_:from:)`).
public final class ByteStore: @unchecked Sendable {
  private enum Backing {
    /// A mapping of the open file `fd`, which the store closes.
    case mapped(fd: Int32)
    case allocated
    /// Part of another store, kept alive by this one.
    case view(ByteStore)
  }

  private let base: UnsafeMutableRawPointer
  public let count: Int
  private let backing: Backing

  /// Copies `bytes`.
  public convenience init(_ bytes: [UInt8]) {
    guard let memory = System.allocate(bytes.count) else { Signals.exitOutOfMemory() }
    bytes.withUnsafeBytes {
      memory.copyMemory(from: $0.baseAddress ?? UnsafeRawPointer(memory), byteCount: $0.count)
    }
    self.init(adopting: memory, count: bytes.count)
  }

  /// Takes ownership of `memory` from `System.allocate`.
  init(adopting memory: UnsafeMutableRawPointer, count: Int) {
    base = memory
    self.count = count
    backing = .allocated
  }

  /// Takes ownership of a mapping from `mmap` of the whole of `fd`, and of `fd`.
  init(mapped memory: UnsafeMutableRawPointer, count: Int, fd: Int32) {
    base = memory
    self.count = count
    backing = .mapped(fd: fd)
  }

  /// The bytes of `span` of `parent`, without a copy: a JSON value inside a document,
  /// or one line of a JSON Lines file, read as a document of its own.
  public init(viewing parent: ByteStore, _ span: Span) {
    base = parent.base + span.start
    count = span.count
    backing = .view(parent)
  }

  deinit {
    switch backing {
    case .mapped(let fd):
      System.unmap(base, count: count)
      System.close(fd)
    case .allocated: System.release(base)
    case .view: break
    }
  }

  /// The bytes; valid as long as the store lives.
  public var buffer: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count)
  }

  public var raw: UnsafeRawBufferPointer { UnsafeRawBufferPointer(buffer) }

  public subscript(_ index: Int) -> UInt8 { buffer[index] }

  /// The open file whose bytes these are and the offset of the first in it; nil for
  /// ordinary memory. The file's bytes are the mapping's for as long as it is not
  /// changed (the kernel reads both from the same cache).
  public var file: FileBytes? {
    switch backing {
    case .mapped(let fd): return FileBytes(fd: fd, offset: 0)
    case .allocated: return nil
    case .view(let parent):
      return parent.file.map {
        FileBytes(fd: $0.fd, offset: $0.offset + parent.base.distance(to: base))
      }
    }
  }

  /// Maps every page of the store now (a no-op for ordinary memory).
  public func populate() {
    if case .mapped = backing { ByteStore.populate(base, count: count) }
  }

  /// Maps the pages of `count` bytes at `start` in one system call
  /// (`MADV_POPULATE_READ`, Linux 5.14); elsewhere pages fault in as they are read.
  static func populate(_ start: UnsafeRawPointer, count: Int) {
    System.advise(.populateRead, start, count: count, rounding: .outward)
  }

  /// A copy, for tests and small inputs.
  public var array: [UInt8] { Array(buffer) }
}
