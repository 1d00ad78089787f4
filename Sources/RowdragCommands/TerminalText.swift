import RowdragFormats

/// Text from a list or a user, made harmless for a terminal: control characters cannot
/// set the clipboard (OSC 52), clear the screen, retitle the window or reorder what is
/// shown, and nothing is lost, since each is written out visibly.
///
/// C0 controls and DEL become caret notation (`^[`, `^J`, `^?`; a tab stays a tab), C1
/// controls `\x9b`, bidirectional controls `\u202E`, and bytes that are not UTF-8
/// `\xff`. Only what reaches a terminal is escaped: `print` and output into files and
/// pipes stay byte for byte, but for `list`'s line breaks, `\n` and `\r` wherever it
/// writes (`escapeLineBreaks`).
public enum TerminalText {
  /// Whether the scalar would steer the terminal or the text's direction.
  public static func isControl(_ value: UInt32) -> Bool {
    value < 0x20 && value != 0x09 || value == 0x7F || (0x80...0x9F).contains(value)
      || isBidiControl(value)
  }

  /// Marks and embeddings that reorder text (U+061C, U+200E–F, U+202A–E, U+2066–9).
  static func isBidiControl(_ value: UInt32) -> Bool {
    value == 0x061C || value == 0x200E || value == 0x200F || (0x202A...0x202E).contains(value)
      || (0x2066...0x2069).contains(value)
  }

  /// Appends `bytes` to `out`, escaped; with `backslashBreaks`, a line feed and a
  /// carriage return are `\n` and `\r` (`list`'s form, as `sed -n l` writes them)
  /// rather than `^J` and `^M`.
  /// - Complexity: O(bytes); plain ASCII is copied as it is.
  public static func escape(
    _ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8], backslashBreaks: Bool = false
  ) {
    if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F || $0 == 0x09 }) {
      out.append(contentsOf: bytes)
      return
    }
    var index = 0
    while index < bytes.count {
      let length = scalarLength(bytes, at: index)
      guard length > 0 else {
        hex(bytes[index], into: &out)
        index += 1
        continue
      }
      let value = decode(bytes, at: index, length: length)
      if backslashBreaks && (value == 10 || value == 13) {
        out += [UInt8(ascii: "\\"), value == 10 ? UInt8(ascii: "n") : UInt8(ascii: "r")]
      } else if value < 0x20 && value != 0x09 || value == 0x7F {
        out += [UInt8(ascii: "^"), UInt8(truncatingIfNeeded: value ^ 0x40)]
      } else if (0x80...0x9F).contains(value) {
        hex(UInt8(value), into: &out)
      } else if isBidiControl(value) {
        out += Array("\\u".utf8)
        out += Array(String(value, radix: 16, uppercase: true).utf8)
      } else {
        out.append(contentsOf: bytes[index..<(index + length)])
      }
      index += length
    }
  }

  /// Whether `bytes` hold a carriage return or a line feed.
  /// - Complexity: O(bytes), eight bytes at a time (the last word overlapping the one
  ///   before), since `list` asks it of labels it writes into a pipe.
  @inline(__always)
  public static func hasLineBreak(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let raw = UnsafeRawPointer(base)
    let count = bytes.count
    guard count >= 8 else { return bytes.contains { $0 == 10 || $0 == 13 } }
    var i = 0
    while i + 8 < count {
      if hasLineBreak(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) { return true }
      i += 8
    }
    return hasLineBreak(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
  }

  /// Whether one of the eight bytes of `word` is a CR or an LF: first whether any is
  /// below 14 at all, which plain text never is.
  @inline(__always)
  private static func hasLineBreak(_ word: UInt64) -> Bool {
    guard controlBytes(word) != 0 else { return false }
    return marks(word, 10) | marks(word, 13) != 0
  }

  /// Nonzero exactly when a byte of `word` is below 14, where CR and LF are (Bit
  /// Twiddling Hacks' `hasless(x, 14)`).
  @inline(__always)
  static func controlBytes(_ word: UInt64) -> UInt64 {
    (word &- 0x0101_0101_0101_0101 &* 14) & ~word & 0x8080_8080_8080_8080
  }

  /// Appends `bytes` to `out` with each carriage return and line feed written `\r` and
  /// `\n` (issue 46; visible, as FORMATS.md §5 asks, as `list` writes them on a
  /// terminal too), and every other byte as it is: what `list` writes into a file or a
  /// pipe, one line a row whatever the labels hold.
  public static func escapeLineBreaks(
    _ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]
  ) {
    for byte in bytes {
      if byte == 10 || byte == 13 {
        out += [UInt8(ascii: "\\"), byte == 10 ? UInt8(ascii: "n") : UInt8(ascii: "r")]
      } else {
        out.append(byte)
      }
    }
  }

  /// A word with the high bit set in exactly the bytes of `word` equal to `byte`.
  @inline(__always)
  private static func marks(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    let sevenBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
    return ~(((x & sevenBits) &+ sevenBits) | x | sevenBits)
  }

  /// `text`, escaped.
  public static func escape(_ text: String) -> String {
    var out: [UInt8] = []
    var text = text
    text.withUTF8 { escape($0, into: &out) }
    return String(decoding: out, as: UTF8.self)
  }

  private static func hex(_ byte: UInt8, into out: inout [UInt8]) {
    let digits = Array("0123456789abcdef".utf8)
    out += [UInt8(ascii: "\\"), UInt8(ascii: "x"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
  }

  /// The length of the well-formed UTF-8 sequence at `index`, 0 when there is none
  /// (stray continuation bytes, overlong forms, surrogates, past U+10FFFF, cut short).
  private static func scalarLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let lead = bytes[index]
    let length: Int
    let second: ClosedRange<UInt8>
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
    case 0xE0: (length, second) = (3, 0xA0...0xBF)
    case 0xED: (length, second) = (3, 0x80...0x9F)
    case 0xE1...0xEF: (length, second) = (3, 0x80...0xBF)
    case 0xF0: (length, second) = (4, 0x90...0xBF)
    case 0xF4: (length, second) = (4, 0x80...0x8F)
    case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
    default: return 0
    }
    guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return 0 }
    for k in 2..<length where !(0x80...0xBF).contains(bytes[index + k]) { return 0 }
    return length
  }

  private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int)
    -> UInt32
  {
    if length == 1 { return UInt32(bytes[index]) }
    var value = UInt32(bytes[index]) & (0x7F >> UInt32(length))
    for k in 1..<length { value = value << 6 | UInt32(bytes[index + k] & 0x3F) }
    return value
  }
}

extension OutputSink {
  /// `text` as this sink may show it: escaped on a terminal, as it is elsewhere.
  public func terminalSafe(_ text: String) -> String {
    isTerminal ? TerminalText.escape(text) : text
  }
}
