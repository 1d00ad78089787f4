/// A strict RFC 8259 scanner that validates a whole document in one pass without
/// recursion (so any nesting depth is fine) and keeps only what a list needs: the
/// spans of the values at depths 1 and 2, in a `JSONOutline`.
///
/// It is the whole cost of loading a JSON list, so it is written for speed: no
/// allocation per value (spans go into arrays that grow geometrically; depth-2 spans
/// are kept only while the document can still be an array of arrays or an object of
/// arrays), and the inside of strings — most of any document — is crossed eight bytes
/// at a time (SWAR), stopping only at a quote, a backslash, a control character or a
/// non-ASCII byte, which are then checked one by one.
struct JSONScanner {
  fileprivate enum Container {
    case array
    case object
  }

  /// What the scanner expects next.
  fileprivate enum Expect {
    case value
    case firstValueOrClose  // after '['
    case firstKeyOrClose  // after '{'
    case key  // after ',' in an object
    case colon
    case commaOrClose
  }

  let store: ByteStore
  let bytes: UnsafeBufferPointer<UInt8>
  var outline = JSONOutline()
  /// Member names whose keys are noted in `outline.watchedKeys`: each name's length
  /// (under 64) and then its UTF-8 bytes, one after another.
  private var watched: [UInt8]
  /// Bit `k` set when some watched name is `k` bytes long: most keys are passed over
  /// by one test.
  let watchedLengths: UInt64
  /// Bit `b & 63` set for the first byte `b` of each watched name: with the lengths,
  /// a filter that most keys fail without a call.
  let watchedFirsts: UInt64

  /// A scanner that also notes where object keys named by `watching` stand, so that
  /// reading those members later visits only the elements that have them.
  /// Documents of at least this many bytes are scanned in two halves.
  let splitAbove: Int

  init(_ store: ByteStore, watching names: [String] = [], splitAbove: Int = halvesThreshold) {
    self.store = store
    self.splitAbove = splitAbove
    bytes = store.buffer
    let names = names.map { Array($0.utf8) }.filter { $0.count < 64 }
    watched = names.flatMap { [UInt8($0.count)] + $0 }
    watchedLengths = names.reduce(0) { $0 | 1 << UInt64($1.count) }
    watchedFirsts = names.reduce(0) { $0 | 1 << UInt64(($1.first ?? 0) & 63) }
  }

  /// Where the state machine stands between tokens: enough to stop a scan part-way
  /// and go on from there, or to start one mid-document (`JSONScanner+Halves`).
  struct State {
    fileprivate var stack: [Container] = []
    fileprivate var expect = Expect.value
    var sawTop = false

    /// Containers open.
    var depth: Int { stack.count }
    /// Whether the next token must be a value in an array (as after `[x,`).
    var expectsArrayValue: Bool { expect == .value && stack.last == .array }

    /// Back to the start of a value, keeping the stack's storage: a JSON Lines file
    /// scans millions of one-line values with one state, allocating no stack for each.
    mutating func reset() {
      stack.removeAll(keepingCapacity: true)
      expect = .value
      sawTop = false
    }

    /// Inside one array whose opening came before, expecting a value: how a scan of the
    /// second half of a document starts.
    static var insideArray: State { State(stack: [.array], expect: .value, sawTop: true) }

    /// These containers, with what `other` (a scan that ended inside the innermost of
    /// them) expects next.
    func resumed(as other: State) -> State {
      State(stack: stack, expect: other.expect, sawTop: true)
    }
  }

  /// Validates the document, filling `outline`.
  mutating func scan() throws(JSONSyntaxError) {
    // Room for an element every 48 bytes, more than most lists have: growing by
    // doubling would copy the spans and fault fresh pages several times over, while
    // capacity never touched costs only address space.
    outline.depth1.reserveCapacity(bytes.count / 48)
    if try scanInHalves() { return }
    store.populate()
    var state = State()
    _ = try run(&state, from: 0, until: bytes.count, stopAtBase: false)
  }

  /// Runs the state machine from offset `start` in `state`.
  ///
  /// Returns, unconsumed, the offset of the first token at or past `limit` (the end of
  /// the document: having checked it), or with `stopAtBase` the offset of the bracket
  /// that would close the bottom container of `state`, which the caller opened.
  mutating func run(_ state: inout State, from start: Int, until limit: Int, stopAtBase: Bool)
    throws(JSONSyntaxError) -> Int
  {
    var stack = state.stack
    state.stack = []  // the only reference now: pushes need no copy
    var expect = state.expect
    var sawTop = state.sawTop
    defer { state = State(stack: stack, expect: expect, sawTop: sawTop) }
    var i = start
    let n = bytes.count

    func fail(_ message: String, _ at: Int) -> JSONSyntaxError {
      JSONSyntaxError(message, at: at, in: bytes)
    }

    tokens: while true {
      i = skipWhitespace(i)
      if i >= limit && i < n { return i }
      if _slowPath(i >= n) {
        if !sawTop { throw fail("empty document; expected a JSON value", i) }
        if stack.isEmpty { return i }
        throw fail(
          "unexpected end of input; expected \(stack.last == .array ? "',' or ']'" : "',' or '}'")",
          i)
      }
      if _slowPath(stack.isEmpty && sawTop) {
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
          if stopAtBase && stack.count == 1 { return i }
          i += 1
          stack.removeLast()
          outline.close(depth: stack.count, at: i)
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
          stack.removeLast()
          outline.close(depth: stack.count, at: i)
          expect = .commaOrClose
          continue
        }
        guard b == 34 else {
          throw fail(
            b == 125
              ? "trailing comma before '}'; remove it" : "expected a string key in double quotes", i
          )
        }
        var escaped = false
        var end = plainStringEnd(i)
        if end == 0 { end = try scanString(i, escaped: &escaped) }
        if escaped { outline.keysHaveEscapes = true }
        if stack.count == 1 {
          outline.depth1Keys.append(Span(start: i, end: end))
        } else if mightBeWatched(i, end) {
          noteWatched(i, end)
        }
        i = skipWhitespace(end)
        // The colon, as nearly every key has one; anything else is the colon state's
        // to judge.
        if i < limit && bytes[i] == 58 {
          i += 1
          expect = .value
        } else {
          expect = .colon
        }
        continue
      case .value, .firstValueOrClose:
        if expect == .firstValueOrClose && b == 93 {
          i += 1
          stack.removeLast()
          outline.close(depth: stack.count, at: i)
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
      let end: Int
      switch b {
      case 91, 123:  // [ {
        if b == 123 && depth >= 1, var end = flatObject(at: i, depth: depth) {
          // In an array, flat objects usually follow one another: `},` and the next
          // `{` are read here rather than round the loop twice. Anything else after
          // the comma (or the limit) goes back to the loop as it would have found it.
          while stack[stack.count - 1] == .array {
            var k = skipWhitespace(end)
            guard k < n, bytes[k] == 44 else { break }
            k = skipWhitespace(k + 1)
            guard k < limit, k < n, bytes[k] == 123, let next = flatObject(at: k, depth: depth)
            else {
              i = k
              expect = .value
              continue tokens
            }
            end = next
          }
          i = end
          expect = .commaOrClose
          continue
        }
        let kind: JSONOutline.Kind = b == 91 ? .array : .object
        outline.open(kind, depth: depth, at: i)
        stack.append(b == 91 ? .array : .object)
        i += 1
        expect = b == 91 ? .firstValueOrClose : .firstKeyOrClose
        continue
      case 34:
        let plain = plainStringEnd(i)
        if plain > 0 {
          end = plain
        } else {
          var escaped = false
          end = try scanString(i, escaped: &escaped)
        }
        outline.scalar(.string, depth: depth, i, end)
      case 45, 48...57:
        end = try scanNumber(i)
        outline.scalar(.number, depth: depth, i, end)
      case 116, 102, 110:  // t f n
        end = try scanLiteral(i)
        outline.scalar(.literal, depth: depth, i, end)
      default:
        throw fail("expected a value, found '\(Self.show(b))'", i)
      }
      i = end
      expect = .commaOrClose
    }
  }

  /// Whether the key at `start..<end` (quotes included) has the length and first byte
  /// of a watched name.
  @inline(__always)
  func mightBeWatched(_ start: Int, _ end: Int) -> Bool {
    let length = end - start - 2
    return length > 0 && length < 64 && watchedLengths >> UInt64(length) & 1 != 0
      && watchedFirsts >> UInt64(bytes[start + 1] & 63) & 1 != 0
  }

  /// Notes the key at `start..<end` (quotes included) when it is a watched name.
  mutating func noteWatched(_ start: Int, _ end: Int) {
    let length = end - start - 2
    let found = watched.withUnsafeBufferPointer { names in
      var k = 0
      while k < names.count {
        let count = Int(names[k])
        if count == length
          && (0..<count).allSatisfy({ names[k + 1 + $0] == bytes[start + 1 + $0] })
        {
          return true
        }
        k += 1 + count
      }
      return false
    }
    if found { outline.watchedKeys.append(start) }
  }

  /// A copy that shares no reference-counted storage with this one, for another
  /// thread: counting references to one array from two threads would make them take
  /// turns at its cache line.
  func detached() -> JSONScanner {
    var copy = self
    copy.outline = JSONOutline()
    copy.watched = watched.map { $0 }
    return copy
  }

  /// The first offset at or after `start` that is not JSON whitespace
  /// (`skipBlanks`).
  @inline(__always)
  func skipWhitespace(_ start: Int) -> Int {
    guard let p = bytes.baseAddress else { return start }
    return Self.skipBlanks(p, bytes.count, start)
  }

  @inline(__always)
  static func isWhitespace(_ b: UInt8) -> Bool { b == 32 || b == 10 || b == 13 || b == 9 }

  /// `true`, `false` or `null` at `i`; returns the offset after it.
  @inline(__always)
  func scanLiteral(_ i: Int) throws(JSONSyntaxError) -> Int {
    let n = bytes.count
    func at(_ k: Int, _ c: UInt8) -> Bool { i + k < n && bytes[i + k] == c }
    let length: Int
    switch bytes[i] {
    case 116: length = at(1, 114) && at(2, 117) && at(3, 101) ? 4 : 0  // true
    case 102: length = at(1, 97) && at(2, 108) && at(3, 115) && at(4, 101) ? 5 : 0  // false
    default: length = at(1, 117) && at(2, 108) && at(3, 108) ? 4 : 0  // null
    }
    guard length > 0 else {
      throw JSONSyntaxError("invalid literal; expected true, false or null", at: i, in: bytes)
    }
    return i + length
  }

  private static let sevenBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
  private static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// A word with the high bit set in exactly the bytes of `v` that are zero.
  @inline(__always)
  private static func zeroBytes(_ v: UInt64) -> UInt64 {
    ~(((v & sevenBits) &+ sevenBits) | v) & highBits
  }

  /// A word with the high bit set in exactly the bytes of `word` that end a plain run
  /// inside a string: `"`, `\`, a control character below 0x20, or a non-ASCII byte.
  /// Exact per byte (no carry crosses a byte), so the lowest mark is the first such byte.
  @inline(__always)
  static func stringStops(_ word: UInt64) -> UInt64 {
    let quotes = zeroBytes(word ^ 0x2222_2222_2222_2222)
    let backslashes = zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C)
    let controlOrHigh = ~((word & sevenBits) &+ 0x6060_6060_6060_6060) & highBits
    return quotes | backslashes | controlOrHigh | (word & highBits)
  }

  /// `plainStringEnd` for the string at `start`: its end when nothing in it needs a
  /// look, else 0, for `scanString`.
  @inline(__always)
  func plainStringEnd(_ start: Int) -> Int {
    guard let p = bytes.baseAddress else { return 0 }
    return Self.plainStringEnd(p, bytes.count, start)
  }

  /// Scans a string starting at its opening quote; returns the offset after the
  /// closing quote. Checks escapes, surrogate pairs, control characters and UTF-8;
  /// sets `escaped` when the string has a backslash.
  func scanString(_ start: Int, escaped: inout Bool) throws(JSONSyntaxError) -> Int {
    var i = start + 1
    let n = bytes.count
    let raw = UnsafeRawPointer(bytes.baseAddress)
    while i < n {
      if let raw {
        while i + 8 <= n {
          let stops = Self.stringStops(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
          if stops != 0 {
            i += stops.trailingZeroBitCount >> 3
            break
          }
          i += 8
        }
        if i >= n { break }
      }
      let b = bytes[i]
      if b == 34 { return i + 1 }
      if b == 92 {
        escaped = true
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
  func scanNumber(_ start: Int) throws(JSONSyntaxError) -> Int {
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
