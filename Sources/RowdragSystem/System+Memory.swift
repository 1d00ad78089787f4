import CSystem
import Glibc

/// Memory: allocation that can fail, file mappings and advice.
extension System {
  /// `malloc(3)`: nil when the memory cannot be had, where Swift's own allocation
  /// would end the process.
  public static func allocate(_ bytes: Int) -> UnsafeMutableRawPointer? {
    malloc(Swift.max(1, bytes))
  }

  /// `realloc(3)`: nil (and `memory` still valid) when the memory cannot be had.
  public static func reallocate(_ memory: UnsafeMutableRawPointer, to bytes: Int)
    -> UnsafeMutableRawPointer?
  {
    realloc(memory, Swift.max(1, bytes))
  }

  /// `free(3)` for memory from `allocate` or `reallocate`.
  public static func release(_ memory: UnsafeMutableRawPointer) { free(memory) }

  /// `mmap(2)` of a whole file, read-only and private; nil when it cannot be mapped.
  public static func mapReadOnly(_ fd: Int32, count: Int) -> UnsafeMutableRawPointer? {
    guard !fails(.mmap), let mapping = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0),
      mapping != MAP_FAILED
    else { return nil }
    return mapping
  }

  /// `munmap(2)`.
  public static func unmap(_ start: UnsafeMutableRawPointer, count: Int) {
    _ = munmap(start, count)
  }

  /// The size of a memory page.
  public static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

  /// `madvise(2)` over the whole pages inside `count` bytes at `start` (`inward`) or the
  /// pages that touch them (`outward`). Advice is only advice: failure changes nothing.
  public static func advise(
    _ advice: MemoryAdvice, _ start: UnsafeRawPointer, count: Int, rounding: PageRounding
  ) {
    let page = pageSize
    let address = Int(bitPattern: start)
    let first = rounding == .inward ? (address + page - 1) / page * page : address / page * page
    let end = rounding == .inward ? (address + count) / page * page : address + count
    guard end > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
    guard !fails(.madvise) else { return }
    _ = madvise(aligned, end - first, advice.rawValue)
  }

  /// `memmem(3)`: the offset in `haystack` of the first occurrence of `needle`, or
  /// nil. The C library's search is far faster than a byte loop over a large buffer.
  public static func firstOffset(
    of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>
  ) -> Int? {
    guard let base = haystack.baseAddress, let n = needle.baseAddress, !needle.isEmpty else {
      return nil
    }
    guard let found = rowdrag_memmem(base, haystack.count, n, needle.count) else { return nil }
    return UnsafeRawPointer(found) - UnsafeRawPointer(base)
  }

  /// `memchr(3)`: the offset of the first `byte` in `haystack`, or nil.
  public static func firstOffset(of byte: UInt8, in haystack: UnsafeRawBufferPointer) -> Int? {
    guard let base = haystack.baseAddress,
      let found = memchr(base, Int32(byte), haystack.count)
    else { return nil }
    return UnsafeRawPointer(found) - base
  }
}
