import RowdragSystem

/// Arrays of millions of elements, created in one allocation with transparent huge
/// pages requested before the first touch: on a virtual machine a page fault per 4 KB
/// costs more than filling the memory.
enum LargeArray {
  /// An array of exactly `count` elements; `fill` must initialize all of them.
  ///
  /// The memory is tried with `malloc` first: should it be missing, the process ends
  /// with rowdrag's one-line "out of memory" (status 4) instead of the runtime's report.
  static func make<T>(count: Int, _ fill: (UnsafeMutableBufferPointer<T>) -> Void) -> [T] {
    let (bytes, overflow) = count.multipliedReportingOverflow(by: MemoryLayout<T>.stride)
    guard !overflow, let probe = System.allocate(bytes) else { Signals.exitOutOfMemory() }
    System.release(probe)
    return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
      adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
      fill(buffer)
      initialized = count
    }
  }

  /// Asks for transparent huge pages over the whole pages of `buffer`: one fault per
  /// 2 MiB instead of one per 4 KiB while an array of millions of rows fills it.
  static func adviseHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
    let huge = 2 << 20
    guard buffer.count >= 2 * huge, let base = buffer.baseAddress else { return }
    System.advise(.hugePages, base, count: buffer.count, rounding: .inward)
  }
}

extension Array {
  /// Reserves room for `count` elements and asks for huge pages over all of it, so that
  /// appending millions of rows faults a page per 2 MiB, not per 4 KiB (the room is
  /// address space until it is used).
  mutating func reserveLarge(_ count: Int) {
    reserveCapacity(count)
    let capacity = self.capacity
    withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      LargeArray.adviseHugePages(
        UnsafeMutableRawBufferPointer(
          start: base, count: capacity * MemoryLayout<Element>.stride))
    }
  }
}
