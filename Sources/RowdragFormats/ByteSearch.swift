/// Finding one of two bytes eight bytes at a time (SWAR), for the CSV/TSV record walk:
/// most of a record's bytes are plain field text, where only a line feed or a quote
/// can change anything.
enum ByteSearch {
  private static let sevenBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
  private static let ones: UInt64 = 0x0101_0101_0101_0101

  /// A word with the high bit set in exactly the bytes of `word` equal to `byte`
  /// (exact per byte: no carry crosses a byte boundary).
  @inline(__always)
  static func marks(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    let x = word ^ (ones &* UInt64(byte))
    return ~(((x & sevenBits) &+ sevenBits) | x | sevenBits)
  }

  /// The offset of the first `a` or `b` at or after `start`, or the buffer's end.
  @inline(__always)
  static func firstOf(
    _ a: UInt8, _ b: UInt8, from start: Int, in buf: UnsafeBufferPointer<UInt8>
  ) -> Int {
    guard let base = buf.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    var i = start
    while i + 8 <= buf.count {
      let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      let m = marks(word, a) | marks(word, b)
      if m != 0 { return i + m.trailingZeroBitCount / 8 }
      i += 8
    }
    while i < buf.count && buf[i] != a && buf[i] != b { i += 1 }
    return i
  }

  /// The offset of the first quote (`"`) at or after `start`, or the buffer's end,
  /// adding the line feeds before it to `lines`.
  @inline(__always)
  static func quote(from start: Int, in buf: UnsafeBufferPointer<UInt8>, lines: inout Int) -> Int {
    guard let base = buf.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    var i = start
    while i + 8 <= buf.count {
      let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      let q = marks(word, 34)
      let n = marks(word, 10)
      // Line feeds are rare inside a quoted field, and the baseline x86-64 target has
      // no population count instruction (it is a dozen instructions): count only
      // when there is one.
      if q != 0 {
        // Line feeds in the bytes below the first quote's.
        if n != 0 { lines += (n & ((q & (0 &- q)) &- 1)).nonzeroBitCount }
        return i + q.trailingZeroBitCount / 8
      }
      if n != 0 { lines += n.nonzeroBitCount }
      i += 8
    }
    while i < buf.count && buf[i] != 34 {
      if buf[i] == 10 { lines += 1 }
      i += 1
    }
    return i
  }
}
