/// The shape most lists are made of — an object of string keys and plain values, such
/// as `{"title": "So What", "plays": 3}` — read in one straight pass.
///
/// The general state machine goes round its loop once a token, and that, not the
/// reading, is most of its cost. An element object with no container inside is read
/// here without a state: key, colon, value, comma, over and over. Anything else — a
/// nested array or object, or any mistake — gives up and leaves the object to the state
/// machine, which then reads it from its start and reports what is wrong exactly as it
/// always has; so this path decides nothing on its own.
extension JSONScanner {
  /// The end of the flat object at `start` (a `{` at stack depth `depth` ≥ 1), recorded
  /// in the outline as the state machine records it; nil, with nothing recorded, when
  /// it is not flat or not valid.
  mutating func flatObject(at start: Int, depth: Int) -> Int? {
    guard let p = bytes.baseAddress else { return nil }
    let n = bytes.count
    let watchedBefore = outline.watchedKeys.count
    let escapesBefore = outline.keysHaveEscapes
    func giveUp() -> Int? {
      outline.watchedKeys.removeSubrange(watchedBefore...)
      outline.keysHaveEscapes = escapesBefore
      return nil
    }
    // The loop reads through a local pointer and calls nothing on the common path,
    // so the bytes' address and length stay in registers.
    var i = Self.skipBlanks(p, n, start + 1)
    guard i < n else { return nil }
    if p[i] != 125 {
      while true {
        // A key.
        guard i < n, p[i] == 34 else { return giveUp() }
        var keyEnd = Self.plainStringEnd(p, n, i)
        if keyEnd == 0 {
          var escaped = false
          guard let end = try? scanString(i, escaped: &escaped) else { return giveUp() }
          if escaped { outline.keysHaveEscapes = true }
          keyEnd = end
        }
        if mightBeWatched(i, keyEnd) { noteWatched(i, keyEnd) }
        i = Self.skipBlanks(p, n, keyEnd)
        guard i < n, p[i] == 58 else { return giveUp() }
        i = Self.skipBlanks(p, n, i + 1)
        guard i < n else { return giveUp() }
        // A plain value (its span is at depth 2 or deeper, where nothing is recorded
        // once an object sits at depth 1).
        guard let end = plainValueEnd(at: i) else { return giveUp() }
        i = end
        i = Self.skipBlanks(p, n, i)
        guard i < n else { return giveUp() }
        if p[i] == 44 {
          i = Self.skipBlanks(p, n, i + 1)
          continue
        }
        guard p[i] == 125 else { return giveUp() }
        break
      }
    }
    let end = i + 1
    outline.open(.object, depth: depth, at: start)
    outline.close(depth: depth, at: end)
    return end
  }

  /// The end of the string, number or literal at `i` (a value's first byte, `i` within
  /// the bytes); nil when no valid one starts there. Strings without escapes and short
  /// integers are read inline; anything else by `scanString`, `scanNumber` or
  /// `scanLiteral`. The one value step of `flatObject` and `flatLine`.
  ///
  /// `mutating`, as `flatLine` is, only so that the scanner is passed by reference: a
  /// non-mutating call from those copied the whole struct, a `memcpy` every value.
  @inline(__always)
  mutating func plainValueEnd(at i: Int) -> Int? {
    guard let p = bytes.baseAddress else { return nil }
    let n = bytes.count
    switch p[i] {
    case 34:
      let end = Self.plainStringEnd(p, n, i)
      if end > 0 { return end }
    case 49...57:
      var k = i + 1
      while k < n && p[k] >= 48 && p[k] <= 57 { k += 1 }
      if k < n && p[k] != 46 && p[k] != 101 && p[k] != 69 && k - i < 19 { return k }
    default:
      break
    }
    return scannedValueEnd(at: i)
  }

  /// `plainValueEnd`'s values that need the full scanners; out of line, so that the
  /// common path carries none of their set-up.
  @inline(never)
  mutating func scannedValueEnd(at i: Int) -> Int? {
    switch bytes[i] {
    case 34:
      var escaped = false
      return try? scanString(i, escaped: &escaped)
    case 45, 48...57:
      return try? scanNumber(i)
    case 116, 102, 110:
      return try? scanLiteral(i)
    default:
      return nil
    }
  }

  /// The first offset at or after `start` that is not JSON whitespace: mostly a byte
  /// loop, as the runs are short, but after a line break the spaces of an indentation
  /// are crossed eight at a time.
  @inline(__always)
  static func skipBlanks(_ p: UnsafePointer<UInt8>, _ n: Int, _ start: Int) -> Int {
    var i = start
    while i < n {
      let b = p[i]
      if b == 32 {
        i += 1
      } else if b == 10 || b == 13 || b == 9 {
        i += 1
        guard i + 8 <= n else { continue }
        let others =
          UnsafeRawPointer(p).loadUnaligned(fromByteOffset: i, as: UInt64.self)
          ^ 0x2020_2020_2020_2020
        i += others == 0 ? 8 : others.trailingZeroBitCount >> 3
      } else {
        break
      }
    }
    return i
  }

  /// The end of the string at `start` when nothing in it needs a look (no escape,
  /// control character or non-ASCII byte), eight bytes at a time; 0 otherwise, for
  /// `scanString`.
  @inline(__always)
  static func plainStringEnd(_ p: UnsafePointer<UInt8>, _ n: Int, _ start: Int) -> Int {
    var at = start + 1
    let raw = UnsafeRawPointer(p)
    while at + 8 <= n {
      let stops = stringStops(raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
      if stops != 0 {
        at += stops.trailingZeroBitCount >> 3
        return p[at] == 34 ? at + 1 : 0
      }
      at += 8
    }
    return 0
  }
}
