/// A JSON Lines line that is a flat object — `{"title":"item 1","n":1}`, what most such
/// files hold — checked in one straight pass, as `flatObject` reads a list's elements.
///
/// The state machine goes round its loop once a token and was nine tenths of the time
/// of loading a JSON Lines file. This path only accepts: anything it does not know to
/// be a valid flat object alone on its line (a nested value, an array, a scalar, any
/// mistake) returns false, and the caller runs the state machine over the line, which
/// decides and reports exactly as before.
extension JSONScanner {
  /// Whether one of the keys of the flat object that `line` (a line's content, without
  /// its terminator) holds may be one of `names` (`mayName`); nil when the line holds
  /// anything but one flat object and blanks. Nothing is recorded in the outline.
  ///
  /// `mutating` only so that the scanner is passed by reference: a call on a
  /// checker's stored scanner copied the whole struct, a `memcpy` every line.
  mutating func flatLine(_ line: Range<Int>, names: KeyNames) -> Bool? {
    guard let p = bytes.baseAddress else { return nil }
    let n = bytes.count
    let stop = line.upperBound
    var named = false
    var i = line.lowerBound
    while i < stop && (p[i] == 32 || p[i] == 9 || p[i] == 13) { i &+= 1 }
    guard i < stop, p[i] == 123 else { return nil }
    // Blanks are skipped as JSON has them, line feeds included, so a walk may leave
    // the line; every step checks `stop`, so such a walk gives up.
    i = Self.skipBlanks(p, n, i &+ 1)
    guard i < stop else { return nil }
    if p[i] != 125 {
      while true {
        // A key.
        guard i < stop, p[i] == 34 else { return nil }
        var keyEnd = Self.plainStringEnd(p, n, i)
        if keyEnd == 0 {
          guard let end = scannedValueEnd(at: i) else { return nil }
          keyEnd = end
        }
        guard keyEnd <= stop else { return nil }
        if !named { named = Self.mayName(Span(start: i, end: keyEnd), in: p, names: names) }
        i = Self.skipBlanks(p, n, keyEnd)
        guard i < stop, p[i] == 58 else { return nil }
        i = Self.skipBlanks(p, n, i &+ 1)
        guard i < stop else { return nil }
        // A plain value.
        guard let end = plainValueEnd(at: i) else { return nil }
        i = end
        i = Self.skipBlanks(p, n, i)
        guard i < stop else { return nil }
        if p[i] == 44 {
          i = Self.skipBlanks(p, n, i &+ 1)
          continue
        }
        guard p[i] == 125 else { return nil }
        break
      }
    }
    // After the closing brace, only blanks to the line's end.
    i &+= 1
    while i < stop && (p[i] == 32 || p[i] == 9 || p[i] == 13) { i &+= 1 }
    return i == stop ? named : nil
  }

  /// Whether the key at `key` (quotes included) is one of `names`, or has an escape
  /// and so may still spell one: a byte loop, no slices, as it runs for every key.
  @inline(__always)
  static func mayName(_ key: Span, in p: UnsafePointer<UInt8>, names: KeyNames) -> Bool {
    let start = key.start &+ 1
    let count = key.end &- 1 &- start
    var k = 0
    while k < count {
      if p[start &+ k] == 92 { return true }
      k &+= 1
    }
    // Most keys have no name's length: no look at the names then.
    guard names.lengths & (1 << Swift.min(count, 63)) != 0 else { return false }
    for name in names.names where name.count == count {
      var same = true
      k = 0
      while same && k < count {
        same = p[start &+ k] == name[k]
        k &+= 1
      }
      if same { return true }
    }
    return false
  }
}

/// The member names a JSON Lines checker looks for (`--height-key`, …), with a mask of
/// their lengths, so that most keys are judged by their length alone.
struct KeyNames {
  let names: [[UInt8]]
  /// Bit `n` is set when a name has `n` bytes (bit 63: 63 or more).
  let lengths: UInt64

  /// Whether compact lines may be checked in stretches (`compactLines`): no name holds
  /// a quote or a backslash, so a name compared with the bytes before a closing quote
  /// can only match a whole key.
  let compact: Bool

  init(_ names: [[UInt8]]) {
    self.names = names
    lengths = names.reduce(0) { $0 | 1 << Swift.min($1.count, 63) }
    compact = !names.contains { $0.contains(34) || $0.contains(92) }
  }
}
