#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The immutable bytes of a loaded list.
///
/// A regular file is mapped read-only and populated in one go (`MAP_POPULATE`), so a
/// 200 MB list costs neither a copy nor a page fault per 4 KB; standard input and
/// tests use ordinary memory. Lists keep spans into it and write them back directly.
public final class ByteStore: @unchecked Sendable {
  private enum Backing {
    case mapped
    case allocated
  }

  private let base: UnsafeMutableRawPointer
  public let count: Int
  private let backing: Backing
  /// The mapped file, kept open so unchanged runs can be copied file to file by the
  /// kernel (`sendfile`) instead of through memory.
  let sourceDescriptor: Int32?

  /// Copies `bytes`.
  public convenience init(_ bytes: [UInt8]) {
    let memory = UnsafeMutableRawPointer.allocate(
      byteCount: Swift.max(1, bytes.count), alignment: 16)
    bytes.withUnsafeBytes {
      memory.copyMemory(from: $0.baseAddress ?? UnsafeRawPointer(memory), byteCount: $0.count)
    }
    self.init(adopting: memory, count: bytes.count)
  }

  /// Takes ownership of `memory` from `UnsafeMutableRawPointer.allocate`.
  init(adopting memory: UnsafeMutableRawPointer, count: Int) {
    base = memory
    self.count = count
    backing = .allocated
    sourceDescriptor = nil
  }

  /// Takes ownership of a mapping from `mmap` and of `descriptor`, the file it maps.
  init(mapped memory: UnsafeMutableRawPointer, count: Int, descriptor: Int32) {
    base = memory
    self.count = count
    backing = .mapped
    sourceDescriptor = descriptor
  }

  deinit {
    if let sourceDescriptor { close(sourceDescriptor) }
    switch backing {
    case .mapped: munmap(base, count)
    case .allocated: base.deallocate()
    }
  }

  /// The bytes; valid as long as the store lives.
  public var buffer: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count)
  }

  public var raw: UnsafeRawBufferPointer { UnsafeRawBufferPointer(buffer) }

  public subscript(_ index: Int) -> UInt8 { buffer[index] }

  /// A copy, for tests and small inputs.
  public var array: [UInt8] { Array(buffer) }
}
