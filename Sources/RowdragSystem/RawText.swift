/// Text that stands for bytes which need not be UTF-8: file names, arguments and
/// `/REGEX/` patterns, which are bytes to the kernel and to `cat`, `sed` and `grep`.
///
/// A byte that is no part of valid UTF-8 becomes one scalar of the last 128 code points
/// of plane 16 (private use): byte `b` is U+10FF00 + `b`, U+10FF80 to U+10FFFF. A valid
/// sequence for one of those code points is taken as its bytes too, so every byte string
/// comes back unchanged (`bytes(string(x)) == x`), as PEP 383's surrogate escapes do.
public enum RawText {
  private static let escapeBase: UInt32 = 0x10FF00
  private static let escapes: ClosedRange<UInt32> = 0x10FF80...0x10FFFF

  /// The text for `bytes`: UTF-8 decoded, other bytes escaped.
  ///
  /// Inlinable, so a caller's contiguous bytes (the lexer's words, a million a second)
  /// take the fast path without a copy or a generic call.
  @inlinable
  public static func string<C: Collection<UInt8>>(_ bytes: C) -> String {
    // Most text is valid UTF-8 and holds no F4 lead, the only one an escape can have.
    let plain = bytes.withContiguousStorageIfAvailable { buffer -> String? in
      // ASCII, as command words are, decodes without a validating pass.
      if buffer.allSatisfy({ $0 < 0x80 }) { return String(decoding: buffer, as: UTF8.self) }
      return buffer.contains(0xF4) ? nil : String(validating: buffer, as: UTF8.self)
    }
    if let plain, let text = plain { return text }
    return escapedString(Array(bytes))
  }

  /// `string` for bytes that are not plain UTF-8.
  @usableFromInline
  static func escapedString(_ bytes: [UInt8]) -> String {
    if !bytes.contains(0xF4), let text = String(validating: bytes, as: UTF8.self) { return text }
    var scalars = String.UnicodeScalarView()
    var i = 0
    while i < bytes.count {
      if let (value, length) = decode(bytes, at: i), !escapes.contains(value),
        let scalar = Unicode.Scalar(value)
      {
        scalars.append(scalar)
        i += length
      } else {
        scalars.append(Unicode.Scalar(escapeBase + UInt32(bytes[i])) ?? "?")
        i += 1
      }
    }
    return String(scalars)
  }

  /// The bytes `text` stands for: its UTF-8 with escapes turned back into their bytes.
  public static func bytes<S: StringProtocol>(_ text: S) -> [UInt8] {
    if !text.utf8.contains(0xF4) { return Array(text.utf8) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if escapes.contains(scalar.value) {
        bytes.append(UInt8(truncatingIfNeeded: scalar.value - escapeBase))
      } else {
        bytes.append(contentsOf: String(scalar).utf8)
      }
    }
    return bytes
  }

  /// Whether `text` holds an escaped byte.
  public static func hasEscapes<S: StringProtocol>(_ text: S) -> Bool {
    text.utf8.contains(0xF4) && text.unicodeScalars.contains { escapes.contains($0.value) }
  }

  /// The scalar value and length of the well-formed UTF-8 sequence at `i`, nil when
  /// the bytes there are not one (overlong, a surrogate, past U+10FFFF, cut short).
  private static func decode(_ b: [UInt8], at i: Int) -> (UInt32, Int)? {
    let lead = b[i]
    func continuation(_ k: Int) -> UInt32? {
      i + k < b.count && b[i + k] & 0xC0 == 0x80 ? UInt32(b[i + k] & 0x3F) : nil
    }
    switch lead {
    case 0x00...0x7F:
      return (UInt32(lead), 1)
    case 0xC2...0xDF:
      guard let c1 = continuation(1) else { return nil }
      return (UInt32(lead & 0x1F) << 6 | c1, 2)
    case 0xE0...0xEF:
      guard let c1 = continuation(1), let c2 = continuation(2) else { return nil }
      let value = UInt32(lead & 0x0F) << 12 | c1 << 6 | c2
      guard value >= 0x800, !(0xD800...0xDFFF).contains(value) else { return nil }
      return (value, 3)
    case 0xF0...0xF4:
      guard let c1 = continuation(1), let c2 = continuation(2), let c3 = continuation(3) else {
        return nil
      }
      let value = UInt32(lead & 0x07) << 18 | c1 << 12 | c2 << 6 | c3
      guard (0x10000...0x10FFFF).contains(value) else { return nil }
      return (value, 4)
    default:
      return nil
    }
  }
}
