import RowdragSystem

/// Finds `\n` bytes. Lines in lists are short (about 20 bytes), so a `memchr` call per
/// line costs more in set-up than in searching: counting compares sixteen bytes at a
/// time, and finding positions eight at a time (SWAR).
enum NewlineScanner {
  /// Bytes per block of `blockCounts`: small enough that finding one line inside a
  /// block is quick, large enough that the table is 1/512 of the input.
  static let blockSize = 4096

  private static let sevenBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
  private static let newlines: UInt64 = 0x0A0A_0A0A_0A0A_0A0A

  /// A word with the high bit set in exactly the bytes of `word` that are `\n`
  /// (exact per byte: no carry crosses a byte boundary).
  @inline(__always)
  private static func marks(_ word: UInt64) -> UInt64 {
    let x = word ^ newlines
    return ~(((x & sevenBits) &+ sevenBits) | x | sevenBits)
  }

  /// `result[b]` = number of newlines in the bytes before block `b`; the last entry is
  /// the total. Inputs of many blocks are counted in two halves at once.
  static func blockCounts(_ buf: UnsafeBufferPointer<UInt8>) -> [Int] {
    let blocks = (buf.count + blockSize - 1) / blockSize
    var counts = [Int](repeating: 0, count: blocks + 1)
    guard blocks > 0, let base = buf.baseAddress else { return counts }
    counts.withUnsafeMutableBufferPointer { counts in
      guard let table = counts.baseAddress else { return }
      // Each block's own count goes to counts[b + 1]; a prefix sum follows.
      let counter = BlockCounter(base: UnsafeRawPointer(base), count: buf.count, counts: table + 1)
      if blocks >= parallelBlocks {
        BackgroundThread.overlap({ counter.count(blocks / 2..<blocks) }) {
          counter.count(0..<blocks / 2)
        }
      } else {
        counter.count(0..<blocks)
      }
      for b in 1...blocks { counts[b] += counts[b - 1] }
    }
    return counts
  }

  /// Below this many blocks (1 MiB) starting a thread costs more than it saves.
  static let parallelBlocks = 256

  /// Offset of the newline of rank `rank` (0-based) among those at or after `start`,
  /// or the end of the buffer when there are not that many.
  static func newline(rank: Int, from start: Int, in buf: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = buf.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    var remaining = rank
    var i = start
    while i + 8 <= buf.count {
      var m = marks(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
      let here = m.nonzeroBitCount
      if remaining < here {
        for _ in 0..<remaining { m &= m &- 1 }
        return i + m.trailingZeroBitCount / 8
      }
      remaining -= here
      i += 8
    }
    while i < buf.count {
      if buf[i] == 10 {
        if remaining == 0 { return i }
        remaining -= 1
      }
      i += 1
    }
    return buf.count
  }

  /// Offset of the first newline at or after `start`, or the end of the buffer: the
  /// line cursor's search, sixteen bytes (two words) a step, since most lines of a
  /// structured file are 16 to 64 bytes long.
  @inline(__always)
  static func next(from start: Int, in buf: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = buf.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    var i = start
    while i + 16 <= buf.count {
      let a = marks(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
      let b = marks(raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))
      if a != 0 { return i + a.trailingZeroBitCount / 8 }
      if b != 0 { return i + 8 + b.trailingZeroBitCount / 8 }
      i += 16
    }
    while i < buf.count {
      if buf[i] == 10 { return i }
      i += 1
    }
    return buf.count
  }

  /// The start of the line that ends at `end` (after its terminator, or at the end of
  /// the input): just after the last newline before `end - 1`, or 0. Eight bytes a
  /// step, backwards.
  static func lineStart(before end: Int, in buf: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = buf.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    var i = end - 1  // bytes before i are searched
    while i >= 8 {
      let m = marks(raw.loadUnaligned(fromByteOffset: i - 8, as: UInt64.self))
      if m != 0 { return i - 8 + (63 - m.leadingZeroBitCount) / 8 + 1 }
      i -= 8
    }
    while i > 0 {
      if buf[i - 1] == 10 { return i }
      i -= 1
    }
    return 0
  }

  /// Number of newlines in `range` of `buf`, eight bytes at a time.
  static func count(in buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
    guard let base = buf.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    var total = 0
    var i = range.lowerBound
    while i + 8 <= range.upperBound {
      total += marks(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)).nonzeroBitCount
      i += 8
    }
    while i < range.upperBound {
      if buf[i] == 10 { total += 1 }
      i += 1
    }
    return total
  }

  /// Calls `body` with the offset of each newline, in order.
  @inline(__always)
  static func forEach(_ buf: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) {
    guard let base = buf.baseAddress else { return }
    let raw = UnsafeRawPointer(base)
    var i = 0
    while i + 8 <= buf.count {
      var m = marks(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
      while m != 0 {
        body(i + m.trailingZeroBitCount / 8)
        m &= m &- 1
      }
      i += 8
    }
    while i < buf.count {
      if buf[i] == 10 { body(i) }
      i += 1
    }
  }
}

/// Counts the newlines of blocks of the input into a table; two threads share one
/// counter on disjoint ranges of blocks (the input is read-only, the table written at
/// distinct indices).
private struct BlockCounter: @unchecked Sendable {
  let base: UnsafeRawPointer
  let count: Int
  let counts: UnsafeMutablePointer<Int>

  /// Maps and counts a few MiB at a time: a mapping call holds the process's memory
  /// map lock, and one call for a whole half would stall the other thread's start.
  func count(_ blocks: Range<Int>) {
    var chunk = blocks.lowerBound
    while chunk < blocks.upperBound {
      let end = Swift.min(blocks.upperBound, chunk + 512)
      prefetch(blocks: chunk..<end)
      for b in chunk..<end { counts[b] = countBlock(b) }
      chunk = end
    }
  }

  /// Maps the pages of `blocks` in one call rather than a page fault every 4 KB.
  func prefetch(blocks: Range<Int>) {
    let size = NewlineScanner.blockSize
    let start = blocks.lowerBound * size
    ByteStore.populate(base + start, count: Swift.min(count, blocks.upperBound * size) - start)
  }

  /// Newlines in block `b`, sixteen bytes per comparison with four byte-wide
  /// accumulators (a block is 64 steps of 64 bytes, so no lane passes 255).
  @inline(__always)
  func countBlock(_ b: Int) -> Int {
    let size = NewlineScanner.blockSize
    let start = b * size
    let end = Swift.min(count, start + size)
    guard end - start == size else {
      var total = 0
      for i in start..<end where base.load(fromByteOffset: i, as: UInt8.self) == 10 { total += 1 }
      return total
    }
    let newline = SIMD16<UInt8>(repeating: 10)
    var a0 = SIMD16<UInt8>()
    var a1 = SIMD16<UInt8>()
    var a2 = SIMD16<UInt8>()
    var a3 = SIMD16<UInt8>()
    var p = base + start
    for _ in 0..<(size / 64) {
      // A true lane of a mask is all ones (-1), so subtracting counts it.
      a0 &-= unsafeBitCast(
        p.loadUnaligned(as: SIMD16<UInt8>.self) .== newline, to: SIMD16<UInt8>.self)
      a1 &-= unsafeBitCast(
        p.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self) .== newline,
        to: SIMD16<UInt8>.self)
      a2 &-= unsafeBitCast(
        p.loadUnaligned(fromByteOffset: 32, as: SIMD16<UInt8>.self) .== newline,
        to: SIMD16<UInt8>.self)
      a3 &-= unsafeBitCast(
        p.loadUnaligned(fromByteOffset: 48, as: SIMD16<UInt8>.self) .== newline,
        to: SIMD16<UInt8>.self)
      p += 64
    }
    // Sum the 64 byte lanes: pairs into 16-bit lanes, then the four 16-bit lanes of
    // each word with one multiply (each partial sum stays below 2^16).
    let low = SIMD2<UInt64>(repeating: 0x00FF_00FF_00FF_00FF)
    func widen(_ a: SIMD16<UInt8>) -> SIMD2<UInt64> {
      let w = unsafeBitCast(a, to: SIMD2<UInt64>.self)
      return (w & low) &+ ((w &>> 8) & low)
    }
    let sums = ((widen(a0) &+ widen(a1) &+ widen(a2) &+ widen(a3)) &* 0x0001_0001_0001_0001) &>> 48
    return Int(sums[0] &+ sums[1])
  }
}
