import RowdragSystem

/// The immutable bytes of a loaded list.
///
/// A regular file is mapped read-only, so a 200 MB list costs no copy; whoever reads
/// all of it first populates the pages in bulk (`populate`), since on a virtual
/// machine a page fault per 4 KB costs more than the reading. Standard input and
/// tests use ordinary memory. Lists keep spans into it and write them back directly.
public final class ByteStore: @unchecked Sendable {
  private enum Backing {
    case mapped
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

  /// Takes ownership of a mapping from `mmap`.
  init(mapped memory: UnsafeMutableRawPointer, count: Int) {
    base = memory
    self.count = count
    backing = .mapped
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
    case .mapped: System.unmap(base, count: count)
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
