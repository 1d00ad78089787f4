import Glibc  // snprintf for %.3f; no I/O

/// Numbers as the command language reads them and as `state` prints them.
public enum NumberText {
  /// Parses a decimal number: optional sign, digits, optional fraction and exponent.
  /// No `inf`, `nan` or hex (SPEC §9.19). Returns nil when malformed; the value may be
  /// infinite when out of range, which callers refuse.
  public static func parse<S: StringProtocol>(_ text: S) -> Double? {
    let bytes = Array(text.utf8)
    var i = 0
    if i < bytes.count, bytes[i] == 43 || bytes[i] == 45 { i += 1 }  // + -
    var digits = 0
    while i < bytes.count, isDigit(bytes[i]) {
      i += 1
      digits += 1
    }
    if i < bytes.count, bytes[i] == 46 {  // .
      i += 1
      while i < bytes.count, isDigit(bytes[i]) {
        i += 1
        digits += 1
      }
    }
    guard digits > 0 else { return nil }
    if i < bytes.count, bytes[i] == 101 || bytes[i] == 69 {  // e E
      i += 1
      if i < bytes.count, bytes[i] == 43 || bytes[i] == 45 { i += 1 }
      let start = i
      while i < bytes.count, isDigit(bytes[i]) { i += 1 }
      guard i > start else { return nil }
    }
    guard i == bytes.count else { return nil }
    return Double(String(text))
  }

  /// Parses a whole number of decimal digits (no sign), nil when malformed or too big.
  public static func parseWhole<S: StringProtocol>(_ text: S) -> Int? {
    guard !text.isEmpty, text.utf8.allSatisfy(isDigit) else { return nil }
    return Int(text)
  }

  private static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }

  /// The shortest text that reads back as the same double, without a trailing `.0`
  /// (`600`, `12.5`, `1e-05`): how settings and messages show numbers.
  public static func short(_ value: Double) -> String {
    if value == 0 { return "0" }
    let text = value.description
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }

  /// `value` as its `fixed3` text reads back: the number a trace or `state` line gives.
  public static func asFixed3(_ value: Double) -> Double {
    if value == value.rounded(.towardZero) { return value }
    return Double(fixed3(value)) ?? value
  }

  /// SPEC §5.3: rounded to 3 decimals as `%.3f` does (correctly rounded), trailing zeros
  /// and a trailing point removed, `-0` printed as `0`.
  public static func fixed3(_ value: Double) -> String {
    // The engine keeps geometry finite; should anything overflow, print the nearest
    // finite number so the state line stays valid JSON.
    if value.isNaN { return "0" }
    if value.isInfinite {
      return fixed3(value > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude)
    }
    // Integers below 2^53 print exactly without the C library.
    if value == value.rounded(.towardZero) && abs(value) < 9_007_199_254_740_992 {
      return value == 0 ? "0" : String(Int64(value))
    }
    var bytes = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 400) { out in
      let written = withVaList([value]) { vsnprintf(out.baseAddress, out.count, "%.3f", $0) }
      return out.prefix(Int(Swift.max(0, Swift.min(written, 399)))).map { UInt8(bitPattern: $0) }
    }
    while bytes.last == 48 { bytes.removeLast() }  // 0
    if bytes.last == 46 { bytes.removeLast() }  // .
    if bytes == [45, 48] { return "0" }  // -0
    return String(decoding: bytes, as: UTF8.self)
  }
}
