import CByteMasks
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

  /// The lines from `start` on that end before `limit` and whose start `rule` accepts
  /// (and whose bytes it does): how many, and where the last of them ends (`start`
  /// when none). `start` must be a line start after the first (`buf[start - 1]` is a
  /// newline) and its line one of those.
  ///
  /// Sixty-four bytes a step, in sixteen-byte vectors: a byte is a line's first when
  /// the byte before it is a newline, so comparing the input with itself one byte
  /// later finds every line start of a step at once; newlines are counted as
  /// `blockCounts` counts them. A step where `rule` refuses a byte ends the stretch,
  /// and the caller reads on line by line from its last line end: what a format whose
  /// lines decide by their first bytes (todo's `#` and blank lines, CSV's blank lines,
  /// Markdown's `- ` items) pays for its common lines is about what counting them costs.
  ///
  /// Where the processor has AVX2 (`rowdrag_avx2_dispatched`), a rule with a C twin
  /// (`LineRule.avx2`) runs C's steps (`rowdrag_plain_lines_avx2`, CByteMasks'
  /// `plain.c`): the same steps and decisions, unless `baseline` asks for this loop
  /// (tests compare the two).
  @inline(__always)
  static func plainLines<Rule: LineRule>(
    from start: Int, until limit: Int, in buf: UnsafeBufferPointer<UInt8>, _ rule: Rule.Type,
    baseline: Bool = false
  ) -> (count: Int, end: Int) {
    guard let base = buf.baseAddress, start >= 1, limit <= buf.count else { return (0, start) }
    if !baseline, let id = Rule.avx2, rowdrag_avx2_dispatched() != 0 {
      var newlines: Int64 = 0
      let c = Int(rowdrag_plain_lines_avx2(base, Int64(start), Int64(limit), id, &newlines))
      guard newlines > 0 else { return (0, start) }
      return (Int(newlines), lineStart(before: c + 1, in: buf))
    }
    let p = UnsafeRawPointer(base)
    let newline = SIMD16<UInt8>(repeating: 10)
    var acc = SIMD16<UInt8>()
    var steps = 0
    var total = 0
    var c = start
    while c + 64 + Rule.lookahead <= limit {
      let v0 = p.loadUnaligned(fromByteOffset: c, as: SIMD16<UInt8>.self)
      let v1 = p.loadUnaligned(fromByteOffset: c + 16, as: SIMD16<UInt8>.self)
      let v2 = p.loadUnaligned(fromByteOffset: c + 32, as: SIMD16<UInt8>.self)
      let v3 = p.loadUnaligned(fromByteOffset: c + 48, as: SIMD16<UInt8>.self)
      @inline(__always)
      func starts(_ at: Int) -> SIMDMask<SIMD16<Int8>> {
        p.loadUnaligned(fromByteOffset: at - 1, as: SIMD16<UInt8>.self) .== newline
      }
      let bad =
        Rule.refuses(v0, starts(c), p, c) | Rule.refuses(v1, starts(c + 16), p, c + 16)
        | Rule.refuses(v2, starts(c + 32), p, c + 32)
        | Rule.refuses(v3, starts(c + 48), p, c + 48)
      guard bad == 0 else { break }
      // A true lane is all ones (-1): subtracting counts it, four at most a step.
      acc &-= unsafeBitCast(v0 .== newline, to: SIMD16<UInt8>.self)
      acc &-= unsafeBitCast(v1 .== newline, to: SIMD16<UInt8>.self)
      acc &-= unsafeBitCast(v2 .== newline, to: SIMD16<UInt8>.self)
      acc &-= unsafeBitCast(v3 .== newline, to: SIMD16<UInt8>.self)
      c += 64
      steps += 1
      if steps == 63 {
        total += laneSum(acc)
        acc = SIMD16<UInt8>()
        steps = 0
      }
    }
    total += laneSum(acc)
    guard total > 0 else { return (0, start) }
    return (total, lineStart(before: c + 1, in: buf))
  }

  /// The sum of sixteen byte lanes.
  @inline(__always)
  static func laneSum(_ a: SIMD16<UInt8>) -> Int {
    let low = SIMD2<UInt64>(repeating: 0x00FF_00FF_00FF_00FF)
    let w = unsafeBitCast(a, to: SIMD2<UInt64>.self)
    let pairs = (w & low) &+ ((w &>> 8) & low)
    let sums = (pairs &* 0x0001_0001_0001_0001) &>> 48
    return Int(sums[0] &+ sums[1])
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

/// Which lines `NewlineScanner.plainLines` may count: a test of sixteen bytes at a
/// time, given which of them start lines. Only the vector operations that compile to
/// single instructions are used (`.==`, `.<`, `.>`, `.&`, `.|` of masks); `.!=`, `.!`
/// and `&` of vectors are lane-by-lane loops in the standard library.
protocol LineRule {
  /// Bytes past a step that `refuses` reads.
  static var lookahead: Int { get }
  /// The rule's number in CByteMasks' `plain.c` (`ROWDRAG_RULE_…`), when it has an
  /// AVX2 twin there.
  static var avx2: Int32? { get }
  /// Nonzero when a lane of `bytes` (at offset `at` of `base`) ends the stretch;
  /// `starts` marks the lanes that start a line.
  static func refuses(
    _ bytes: SIMD16<UInt8>, _ starts: SIMDMask<SIMD16<Int8>>, _ base: UnsafeRawPointer, _ at: Int
  ) -> UInt64
}

extension LineRule {
  static var lookahead: Int { 0 }
  static var avx2: Int32? { nil }

  /// Nonzero when a lane of `mask` is true.
  @inline(__always)
  static func any(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt64 {
    let w = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
    return w[0] | w[1]
  }
}

/// Lines whose first byte is `$` or above: git todo commands (no blank, comment or
/// indented line).
enum TodoLineRule: LineRule {
  static var avx2: Int32? { Int32(ROWDRAG_RULE_TODO) }

  @inline(__always)
  static func refuses(
    _ bytes: SIMD16<UInt8>, _ starts: SIMDMask<SIMD16<Int8>>, _ base: UnsafeRawPointer, _ at: Int
  ) -> UInt64 {
    let low: SIMDMask<SIMD16<Int8>> = bytes .< SIMD16<UInt8>(repeating: 36)
    return any(starts .& low)
  }
}

/// Lines without a quote whose first byte is no control byte up to CR: CSV and TSV
/// records of one line (no blank line).
enum DelimitedLineRule: LineRule {
  static var avx2: Int32? { Int32(ROWDRAG_RULE_DELIMITED) }

  @inline(__always)
  static func refuses(
    _ bytes: SIMD16<UInt8>, _ starts: SIMDMask<SIMD16<Int8>>, _ base: UnsafeRawPointer, _ at: Int
  ) -> UInt64 {
    let low: SIMDMask<SIMD16<Int8>> = bytes .< SIMD16<UInt8>(repeating: 14)
    let quote: SIMDMask<SIMD16<Int8>> = bytes .== SIMD16<UInt8>(repeating: 34)
    return any((starts .& low) .| quote)
  }
}

/// Line feeds counted 64 bytes a step in sixteen byte lanes, folded into a total every
/// 63 steps, before a lane can overflow: the running count of the stretch scanners
/// (M3U entries, compact JSON Lines).
struct NewlineTally {
  private var lanes = SIMD16<UInt8>()
  private var steps = 0
  private var folded = 0

  /// The line feeds counted so far.
  var count: Int { folded + NewlineScanner.laneSum(lanes) }

  /// Counts the line feeds of the 64 bytes at `offset`.
  @inline(__always)
  mutating func add64(_ raw: UnsafeRawPointer, at offset: Int) {
    let newline = SIMD16<UInt8>(repeating: 10)
    // A true lane is all ones (-1): subtracting counts it, four at most a step.
    for k in 0..<4 {
      let v = raw.loadUnaligned(fromByteOffset: offset + 16 * k, as: SIMD16<UInt8>.self)
      lanes &-= unsafeBitCast(v .== newline, to: SIMD16<UInt8>.self)
    }
    steps += 1
    if steps == 63 {
      folded += NewlineScanner.laneSum(lanes)
      lanes = SIMD16<UInt8>()
      steps = 0
    }
  }
}
