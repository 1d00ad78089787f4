import Glibc
import RowdragFormats
import RowdragSystem

/// Searching many lines at once (`LabelSearch`), the way `grep` does.
extension LabelMatcher {
  /// The start of the first line in `lines` whose label matches, or nil.
  ///
  /// A literal is found with `memmem` (a prefix as a newline and itself). A regular
  /// expression first looks for the literal every match contains and matches only its
  /// line; without one it runs over the lines with `REG_NEWLINE`, where a match can
  /// start no earlier than the first line that matches on its own, and confirms that
  /// line alone, since a class like `[[:space:]]` may reach across a newline.
  public func firstMatchingLine(in lines: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = lines.baseAddress, !lines.isEmpty else { return nil }
    switch kind {
    case .literal(let needle) where !Self.hasLineBreak(needle):
      if needle.isEmpty { return 0 }
      return needle.withUnsafeBufferPointer { System.firstOffset(of: $0, in: lines) }
        .map { Self.lineStart(at: $0, in: lines) }
    case .prefix(let head) where !Self.hasLineBreak(head):
      if lines.starts(with: head) { return 0 }
      let needle = [10] + head
      return needle.withUnsafeBufferPointer { System.firstOffset(of: $0, in: lines) }
        .map { $0 + 1 }
    case .posix(let compiled):
      return Self.inUTF8 {
        if let literal = requiredLiteral {
          return literal.withUnsafeBufferPointer { candidates(of: $0, in: lines, compiled) }
        }
        if let regex = manyLineRegex(), memchr(base, 13, lines.count) == nil,
          Self.startsAreRare(regex, in: lines)
        {
          return firstMatch(of: regex, in: lines, compiled)
        }
        return Self.firstLine(in: lines, from: 0, matching: compiled)
      }
    default:
      return firstMatchingLineOneByOne(in: lines)
    }
  }

  /// Lines holding `literal`, each matched on its own with `compiled`, until one matches.
  private func candidates(
    of literal: UnsafeBufferPointer<UInt8>, in lines: UnsafeBufferPointer<UInt8>,
    _ compiled: UnsafeMutablePointer<regex_t>
  ) -> Int? {
    var from = 0
    while from < lines.count,
      let hit = System.firstOffset(of: literal, in: UnsafeBufferPointer(rebasing: lines[from...]))
    {
      let start = Self.lineStart(at: from + hit, in: lines)
      let end = Self.lineEnd(at: from + hit, in: lines)
      if Self.matches(compiled, Self.label(lines, start, end)) { return start }
      from = end + 1
    }
    return nil
  }

  /// Runs `regex` (compiled with `REG_NEWLINE`) over `lines` and confirms the line where
  /// it matched, going on after it when that line alone does not match.
  private func firstMatch(
    of regex: UnsafeMutablePointer<regex_t>, in lines: UnsafeBufferPointer<UInt8>,
    _ compiled: UnsafeMutablePointer<regex_t>
  ) -> Int? {
    guard let base = lines.baseAddress else { return nil }
    var from = 0
    while from < lines.count {
      var range = regmatch_t(rm_so: 0, rm_eo: regoff_t(lines.count - from))
      let status = UnsafeRawPointer(base + from).withMemoryRebound(
        to: CChar.self, capacity: lines.count - from
      ) { regexec(regex, $0, 1, &range, REG_STARTEND) }
      guard status == 0 else { return nil }
      let at = from + Int(range.rm_so)
      // An empty match after a final newline is in no line of this stretch.
      guard at < lines.count || lines[lines.count - 1] != 10 else { return nil }
      let start = Self.lineStart(at: at, in: lines)
      let end = Self.lineEnd(at: at, in: lines)
      if Self.matches(compiled, Self.label(lines, start, end)) { return start }
      from = end + 1
    }
    return nil
  }

  /// The start of the first line at or after `from` that `compiled` matches, one
  /// `regexec` per line.
  private static func firstLine(
    in lines: UnsafeBufferPointer<UInt8>, from: Int,
    matching compiled: UnsafeMutablePointer<regex_t>
  ) -> Int? {
    var start = from
    while start < lines.count {
      let end = lineEnd(at: start, in: lines)
      if matches(compiled, label(lines, start, end)) { return start }
      start = end + 1
    }
    return nil
  }

  /// Whether the bytes where a match could start (glibc's fastmap) are rarer than two
  /// a line in the first 64 KiB of `lines`. glibc tries a match at each such byte, so
  /// where they are many (`[0-9]…` in numbered lines) one call per line costs less.
  private static func startsAreRare(
    _ regex: UnsafeMutablePointer<regex_t>, in lines: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    guard let fastmap = regex.pointee.__fastmap, regex.pointee.__can_be_null == 0 else {
      return true
    }
    var starts = 0
    var newlines = 0
    for b in lines.prefix(1 << 16) {
      if fastmap[Int(b)] != 0 { starts += 1 }
      if b == 10 { newlines += 1 }
    }
    return starts < 2 * (newlines + 1)
  }

  private static func hasLineBreak(_ bytes: [UInt8]) -> Bool {
    bytes.contains(10) || bytes.contains(13)
  }

  /// The start of the line holding offset `at`: just after the newline before it.
  private static func lineStart(at: Int, in lines: UnsafeBufferPointer<UInt8>) -> Int {
    var i = at
    while i > 0 && lines[i - 1] != 10 { i -= 1 }
    return i
  }

  /// The offset of the newline ending the line holding `at`, or the end of `lines`.
  private static func lineEnd(at: Int, in lines: UnsafeBufferPointer<UInt8>) -> Int {
    guard at < lines.count, let base = lines.baseAddress,
      let found = memchr(base + at, 10, lines.count - at)
    else { return lines.count }
    return UnsafeRawPointer(found) - UnsafeRawPointer(base)
  }

  /// The label of the line `start..<end` (`end` at its newline): without a `\r` before it.
  private static func label(_ lines: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> UnsafeBufferPointer<UInt8>
  {
    let stop = end < lines.count && end > start && lines[end - 1] == 13 ? end - 1 : end
    return UnsafeBufferPointer(rebasing: lines[start..<stop])
  }
}
