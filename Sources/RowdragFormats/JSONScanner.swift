/// A strict RFC 8259 scanner that validates a whole document without recursion (so
/// any nesting depth is fine) and records the byte spans of the values at depths 1
/// and 2, which is all a list needs: elements are then copied verbatim.
struct JSONScanner {
  /// A value found at depth 1 or 2.
  struct Value {
    enum Kind: UInt8 {
      case object, array, string, number, literal
    }
    var depth: Int
    var kind: Kind
    var start: Int
    var end: Int
    /// For a member of a depth-0 object: its key's span, quotes included.
    var key: Span?
  }

  private enum Container {
    case array
    case object
  }

  /// What the scanner expects next.
  private enum Expect {
    case value
    case firstValueOrClose  // after '['
    case firstKeyOrClose  // after '{'
    case key  // after ',' in an object
    case colon
    case commaOrClose
  }

  let bytes: UnsafeBufferPointer<UInt8>
  private(set) var values: [Value] = []
  private(set) var topKind: Value.Kind = .literal
  private(set) var topStart = 0
  private(set) var topEnd = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// Validates the document, filling `values`.
  mutating func scan() throws(JSONSyntaxError) {
    var stack: [Container] = []
    var open: [Int] = []  // start offsets of open containers at depth 1 and 2
    var pendingKey: Span?
    var expect = Expect.value
    var i = 0
    let n = bytes.count
    var sawTop = false

    func fail(_ message: String, _ at: Int) -> JSONSyntaxError {
      JSONSyntaxError(message, at: at, in: bytes)
    }

    while true {
      i = skipWhitespace(i)
      if i >= n {
        if !sawTop { throw fail("empty document; expected a JSON value", i) }
        if stack.isEmpty { return }
        throw fail(
          "unexpected end of input; expected \(stack.last == .array ? "',' or ']'" : "',' or '}'")",
          i)
      }
      if sawTop && stack.isEmpty {
        throw fail(
          "unexpected '\(Self.show(bytes[i]))' after the top-level value; expected end of input", i)
      }
      let b = bytes[i]
      switch expect {
      case .colon:
        guard b == 58 else { throw fail("expected ':' after object key", i) }
        i += 1
        expect = .value
        continue
      case .commaOrClose:
        let container = stack[stack.count - 1]
        if b == 44 {
          i += 1
          expect = container == .array ? .value : .key
          continue
        }
        if (container == .array && b == 93) || (container == .object && b == 125) {
          i += 1
          close(&stack, &open, at: i)
          expect = .commaOrClose
          continue
        }
        throw fail(
          container == .array
            ? "expected ',' or ']' after array element" : "expected ',' or '}' after object member",
          i)
      case .key, .firstKeyOrClose:
        if expect == .firstKeyOrClose && b == 125 {
          i += 1
          close(&stack, &open, at: i)
          expect = .commaOrClose
          continue
        }
        guard b == 34 else {
          throw fail(
            b == 125
              ? "trailing comma before '}'; remove it" : "expected a string key in double quotes", i
          )
        }
        let end = try scanString(i)
        if stack.count == 1 { pendingKey = Span(start: i, end: end) }
        i = end
        expect = .colon
        continue
      case .value, .firstValueOrClose:
        if expect == .firstValueOrClose && b == 93 {
          i += 1
          close(&stack, &open, at: i)
          expect = .commaOrClose
          continue
        }
        if b == 93 && expect == .value && stack.last == .array {
          throw fail("trailing comma before ']'; remove it", i)
        }
      }
      // A value starts at i.
      let depth = stack.count
      sawTop = true
      switch b {
      case 91, 123:  // [ {
        if depth == 0 {
          topKind = b == 91 ? .array : .object
          topStart = i
        }
        if depth == 1 || depth == 2 {
          values.append(
            Value(depth: depth, kind: b == 91 ? .array : .object, start: i, end: i, key: pendingKey)
          )
          open.append(values.count - 1)
        } else {
          open.append(-1)
        }
        pendingKey = nil
        stack.append(b == 91 ? .array : .object)
        i += 1
        expect = b == 91 ? .firstValueOrClose : .firstKeyOrClose
        continue
      case 34:
        let end = try scanString(i)
        record(depth, .string, i, end, &pendingKey)
        i = end
      case 45, 48...57:
        let end = try scanNumber(i)
        record(depth, .number, i, end, &pendingKey)
        i = end
      case 116, 102, 110:  // t f n
        let word: [UInt8] =
          b == 116
          ? [116, 114, 117, 101] : b == 102 ? [102, 97, 108, 115, 101] : [110, 117, 108, 108]
        guard i + word.count <= n, Array(bytes[i..<(i + word.count)]) == word else {
          throw fail("invalid literal; expected true, false or null", i)
        }
        record(depth, .literal, i, i + word.count, &pendingKey)
        i += word.count
      default:
        throw fail("expected a value, found '\(Self.show(b))'", i)
      }
      if depth == 0 { topEnd = i }
      expect = .commaOrClose
    }
  }

  private mutating func record(
    _ depth: Int, _ kind: Value.Kind, _ start: Int, _ end: Int, _ key: inout Span?
  ) {
    if depth == 0 {
      topKind = kind
      topStart = start
      topEnd = end
    } else if depth <= 2 {
      values.append(Value(depth: depth, kind: kind, start: start, end: end, key: key))
    }
    key = nil
  }

  private mutating func close(_ stack: inout [Container], _ open: inout [Int], at end: Int) {
    stack.removeLast()
    let index = open.removeLast()
    if index >= 0 { values[index].end = end }
    if stack.isEmpty { topEnd = end }
  }

  private func skipWhitespace(_ start: Int) -> Int {
    var i = start
    while i < bytes.count {
      let b = bytes[i]
      guard b == 32 || b == 10 || b == 13 || b == 9 else { break }
      i += 1
    }
    return i
  }

  /// Scans a string starting at its opening quote; returns the offset after the
  /// closing quote. Checks escapes, surrogate pairs, control characters and UTF-8.
  func scanString(_ start: Int) throws(JSONSyntaxError) -> Int {
    var i = start + 1
    let n = bytes.count
    while i < n {
      let b = bytes[i]
      if b == 34 { return i + 1 }
      if b == 92 {
        guard i + 1 < n else { break }
        let e = bytes[i + 1]
        switch e {
        case 34, 92, 47, 98, 102, 110, 114, 116:
          i += 2
        case 117:
          let unit = try hex4(i + 2, escapeAt: i)
          if unit >= 0xD800 && unit <= 0xDBFF {
            guard i + 11 < n + 0, bytes[i + 6] == 92, bytes[i + 7] == 117 else {
              throw JSONSyntaxError(
                "lone surrogate in \\u escape; expected a low surrogate \\uDC00-\\uDFFF next",
                at: i, in: bytes)
            }
            let low = try hex4(i + 8, escapeAt: i + 6)
            guard low >= 0xDC00 && low <= 0xDFFF else {
              throw JSONSyntaxError("invalid surrogate pair in \\u escapes", at: i, in: bytes)
            }
            i += 12
          } else if unit >= 0xDC00 && unit <= 0xDFFF {
            throw JSONSyntaxError("lone low surrogate in \\u escape", at: i, in: bytes)
          } else {
            i += 6
          }
        default:
          throw JSONSyntaxError("invalid escape '\\\(Self.show(e))' in string", at: i, in: bytes)
        }
        continue
      }
      if b < 0x20 {
        throw JSONSyntaxError(
          "control character in string; escape it (\\n, \\t, \\u00XX)", at: i, in: bytes)
      }
      if b < 0x80 {
        i += 1
        continue
      }
      guard let length = utf8Length(at: i) else {
        throw JSONSyntaxError("invalid UTF-8 in string", at: i, in: bytes)
      }
      i += length
    }
    throw JSONSyntaxError("unterminated string; expected '\"'", at: start, in: bytes)
  }

  private func hex4(_ at: Int, escapeAt: Int) throws(JSONSyntaxError) -> UInt32 {
    guard at + 4 <= bytes.count else {
      throw JSONSyntaxError("incomplete \\u escape; expected 4 hex digits", at: escapeAt, in: bytes)
    }
    var value: UInt32 = 0
    for k in at..<(at + 4) {
      let c = bytes[k]
      let digit: UInt32
      switch c {
      case 48...57: digit = UInt32(c - 48)
      case 65...70: digit = UInt32(c - 55)
      case 97...102: digit = UInt32(c - 87)
      default:
        throw JSONSyntaxError("invalid \\u escape; expected 4 hex digits", at: escapeAt, in: bytes)
      }
      value = value << 4 | digit
    }
    return value
  }

  /// Length of a valid UTF-8 sequence at `i` (no overlongs, surrogates or > U+10FFFF).
  private func utf8Length(at i: Int) -> Int? {
    let n = bytes.count
    let b0 = bytes[i]
    func cont(_ k: Int) -> Bool { i + k < n && bytes[i + k] & 0xC0 == 0x80 }
    switch b0 {
    case 0xC2...0xDF: return cont(1) ? 2 : nil
    case 0xE0:
      return cont(1) && cont(2) && bytes[i + 1] >= 0xA0 ? 3 : nil
    case 0xED:
      return cont(1) && cont(2) && bytes[i + 1] < 0xA0 ? 3 : nil
    case 0xE1...0xEC, 0xEE...0xEF: return cont(1) && cont(2) ? 3 : nil
    case 0xF0:
      return cont(1) && cont(2) && cont(3) && bytes[i + 1] >= 0x90 ? 4 : nil
    case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : nil
    case 0xF4:
      return cont(1) && cont(2) && cont(3) && bytes[i + 1] < 0x90 ? 4 : nil
    default: return nil
    }
  }

  /// Scans a number; returns the offset after it.
  private func scanNumber(_ start: Int) throws(JSONSyntaxError) -> Int {
    var i = start
    let n = bytes.count
    func digit(_ k: Int) -> Bool { k < n && bytes[k] >= 48 && bytes[k] <= 57 }
    if bytes[i] == 45 { i += 1 }
    guard digit(i) else {
      throw JSONSyntaxError("invalid number; expected a digit", at: i, in: bytes)
    }
    if bytes[i] == 48 {
      i += 1
      if digit(i) {
        throw JSONSyntaxError("leading zeros are not allowed in numbers", at: start, in: bytes)
      }
    } else {
      while digit(i) { i += 1 }
    }
    if i < n && bytes[i] == 46 {
      i += 1
      guard digit(i) else {
        throw JSONSyntaxError("invalid number; expected a digit after '.'", at: i, in: bytes)
      }
      while digit(i) { i += 1 }
    }
    if i < n && (bytes[i] == 101 || bytes[i] == 69) {
      i += 1
      if i < n && (bytes[i] == 43 || bytes[i] == 45) { i += 1 }
      guard digit(i) else {
        throw JSONSyntaxError("invalid number; expected a digit in the exponent", at: i, in: bytes)
      }
      while digit(i) { i += 1 }
    }
    return i
  }

  /// A byte as messages quote it: itself when printable ASCII, else `\x00`-style.
  static func show(_ b: UInt8) -> String {
    guard b < 0x20 || b >= 0x7F else { return String(UnicodeScalar(b)) }
    let hex = String(b, radix: 16)
    return "\\x" + (hex.count == 1 ? "0" + hex : hex)
  }
}
