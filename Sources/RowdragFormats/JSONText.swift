/// Reading pieces of already-validated JSON: string contents, compact text, and the
/// members of an object. Only ever called on spans the scanner accepted.
enum JSONText {
  /// The decoded contents of the string at `span` (quotes included).
  static func decodeString(_ bytes: UnsafeBufferPointer<UInt8>, _ span: Span) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(span.count)
    var i = span.start + 1
    let end = span.end - 1
    while i < end {
      let b = bytes[i]
      guard b == 92 else {
        out.append(b)
        i += 1
        continue
      }
      let e = bytes[i + 1]
      switch e {
      case 98: out.append(8)
      case 102: out.append(12)
      case 110: out.append(10)
      case 114: out.append(13)
      case 116: out.append(9)
      case 117:
        var scalar = hex(bytes, i + 2)
        i += 6
        if scalar >= 0xD800 && scalar <= 0xDBFF {
          let low = hex(bytes, i + 2)
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          i += 6
        }
        out.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
        continue
      default: out.append(e)
      }
      i += 2
    }
    return String(decoding: out, as: UTF8.self)
  }

  private static func hex(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32 {
    var value: UInt32 = 0
    for k in at..<(at + 4) {
      let c = bytes[k]
      value = value << 4 | UInt32(c <= 57 ? c - 48 : (c | 0x20) - 87)
    }
    return value
  }

  /// The value's text without insignificant whitespace.
  static func compact(_ bytes: UnsafeBufferPointer<UInt8>, _ span: Span) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(span.count)
    var inString = false
    var i = span.start
    while i < span.end {
      let b = bytes[i]
      if inString {
        out.append(b)
        if b == 92 {
          out.append(bytes[i + 1])
          i += 2
          continue
        }
        if b == 34 { inString = false }
      } else if b == 34 {
        inString = true
        out.append(b)
      } else if b != 32 && b != 10 && b != 13 && b != 9 {
        out.append(b)
      }
      i += 1
    }
    return out
  }

  /// The direct members of the object at `span`: key span and value span each.
  static func members(_ bytes: UnsafeBufferPointer<UInt8>, _ span: Span) -> [(
    key: Span, value: Span
  )] {
    var result: [(key: Span, value: Span)] = []
    var i = skipSpace(bytes, span.start + 1)
    while i < span.end, bytes[i] == 34 {
      let keyEnd = valueEnd(bytes, i)
      let key = Span(start: i, end: keyEnd)
      i = skipSpace(bytes, keyEnd) + 1  // past ':'
      i = skipSpace(bytes, i)
      let end = valueEnd(bytes, i)
      result.append((key, Span(start: i, end: end)))
      i = skipSpace(bytes, end)
      guard i < span.end, bytes[i] == 44 else { break }
      i = skipSpace(bytes, i + 1)
    }
    return result
  }

  /// Offset just past the value starting at `start`.
  static func valueEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
    var i = start
    switch bytes[i] {
    case 34:
      i += 1
      while bytes[i] != 34 { i += bytes[i] == 92 ? 2 : 1 }
      return i + 1
    case 91, 123:
      var depth = 0
      repeat {
        let b = bytes[i]
        if b == 34 {
          i = valueEnd(bytes, i)
          continue
        }
        if b == 91 || b == 123 { depth += 1 }
        if b == 93 || b == 125 { depth -= 1 }
        i += 1
      } while depth > 0
      return i
    default:
      while i < bytes.count {
        let b = bytes[i]
        if b == 44 || b == 93 || b == 125 || b == 32 || b == 10 || b == 13 || b == 9 { break }
        i += 1
      }
      return i
    }
  }

  static func skipSpace(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
    var i = start
    while i < bytes.count, bytes[i] == 32 || bytes[i] == 10 || bytes[i] == 13 || bytes[i] == 9 {
      i += 1
    }
    return i
  }
}
