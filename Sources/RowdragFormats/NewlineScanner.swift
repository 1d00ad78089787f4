/// Finds every `\n` in a buffer eight bytes at a time (SWAR), which beats a `memchr`
/// call per line when lines are short, as list lines are.
enum NewlineScanner {
  private static let sevenBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
  private static let newlines: UInt64 = 0x0A0A_0A0A_0A0A_0A0A

  /// A word with the high bit set in exactly the bytes of `word` that are `\n`
  /// (exact per byte: no carry crosses a byte boundary).
  @inline(__always)
  private static func marks(_ word: UInt64) -> UInt64 {
    let x = word ^ newlines
    return ~(((x & sevenBits) &+ sevenBits) | x | sevenBits)
  }

  /// Number of newlines.
  static func count(_ buf: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = buf.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    var total = 0
    var i = 0
    while i + 8 <= buf.count {
      total += marks(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)).nonzeroBitCount
      i += 8
    }
    while i < buf.count {
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
