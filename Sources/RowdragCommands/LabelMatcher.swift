import Glibc  // regcomp/regexec and memchr; no I/O
import RowdragFormats
import RowdragSystem

/// Matches row labels against a `/REGEX/`: a POSIX extended regular expression, as
/// `grep -E` and `sed -E` take it, unanchored, in the C.UTF-8 locale whatever the user's.
///
/// Matching time is bounded: without back-references glibc's matcher is an automaton
/// that never backtracks, so they are refused, and so are repetition counts that
/// multiply into an automaton too large to build (`((a{1,100}){1,100}){1,100}`). A
/// pattern without metacharacters is searched as plain bytes (`memchr`, then a compare),
/// and one that is `^` and such a literal is a byte prefix test: `/milk/` and
/// `/^pick /` over ten million rows stay at memory speed.
///
/// Over the lines of a text list (`LabelSearch`) it searches whole stretches, as
/// `grep` does: the longest literal every match must contain is found with `memmem`
/// and only its line is matched; a pattern without one runs once over many lines with
/// `REG_NEWLINE`, and the line where it matched is confirmed on its own.
public final class LabelMatcher: LabelSearch {
  enum Kind {
    case literal([UInt8])
    case prefix([UInt8])
    case posix(UnsafeMutablePointer<regex_t>)
  }

  let kind: Kind
  /// What every match of a `.posix` pattern contains (`PatternLiteral`).
  let requiredLiteral: [UInt8]?
  /// The pattern as compiled, for the many-lines variant.
  private let translated: String
  /// The pattern compiled with `REG_NEWLINE`, for searching many lines at once; built
  /// on first use (`manyLineRegex`).
  private var lineRegex: UnsafeMutablePointer<regex_t>?
  private var triedLineRegex = false

  /// The most copies of a pattern's atoms that repetition counts may ask glibc to build.
  static let expansionLimit = 10_000

  /// Compiles `pattern`; the message of the thrown error says what is wrong.
  public init(_ pattern: String) throws(CommandError) {
    // By Unicode scalars, as glibc reads the pattern: a combining mark after `(` is no
    // part of it.
    let meta: Set<Unicode.Scalar> = [
      "\\", "^", "$", ".", "|", "?", "*", "+", "(", ")", "[", "]", "{", "}",
    ]
    let scalars = pattern.unicodeScalars
    if !scalars.contains(where: meta.contains) {
      kind = .literal(RawText.bytes(pattern))
      (requiredLiteral, translated) = (nil, pattern)
      return
    }
    if scalars.first == "^", !scalars.dropFirst().contains(where: meta.contains) {
      kind = .prefix(Array(RawText.bytes(pattern).dropFirst()))
      (requiredLiteral, translated) = (nil, pattern)
      return
    }
    func fail(_ reason: String) -> CommandError {
      CommandError(command: "", message: "invalid /REGEX/ '\(pattern)': \(reason)")
    }
    let scan = PatternScan(pattern)
    if scan.hasBackReference {
      throw fail("back-references (\\1 to \\9) are not supported; they can take exponential time")
    }
    if scan.hasCharacterName {
      throw fail("\\N{NAME} character names are not supported; type the character itself")
    }
    if scan.expansion > LabelMatcher.expansionLimit {
      throw fail(
        "too complex: its repetitions build over \(LabelMatcher.expansionLimit) copies of its "
          + "parts; use fewer or smaller {m,n} and fewer stacked +")
    }
    let compiled = UnsafeMutablePointer<regex_t>.allocate(capacity: 1)
    let status = LabelMatcher.inUTF8 {
      regcomp(compiled, LabelMatcher.cPattern(scan.translated), REG_EXTENDED | REG_NOSUB)
    }
    guard status == 0 else {
      var text = [CChar](repeating: 0, count: 256)
      regerror(status, compiled, &text, text.count)
      compiled.deallocate()
      let reason = String(
        decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw fail(reason.prefix(1).lowercased() + reason.dropFirst())
    }
    kind = .posix(compiled)
    // The literal prefilter reads the pattern's UTF-8; one holding raw bytes goes without.
    requiredLiteral = RawText.hasEscapes(pattern) ? nil : PatternLiteral.required(in: pattern)
    translated = scan.translated
  }

  deinit {
    if case .posix(let compiled) = kind {
      regfree(compiled)
      compiled.deallocate()
    }
    if let lineRegex {
      regfree(lineRegex)
      lineRegex.deallocate()
    }
  }

  /// The `REG_NEWLINE` variant of a `.posix` pattern; nil for the other kinds and for
  /// patterns with \` or \' (glibc's start and end of the whole text), which would
  /// see a stretch of lines differently from one line.
  func manyLineRegex() -> UnsafeMutablePointer<regex_t>? {
    if triedLineRegex { return lineRegex }
    triedLineRegex = true
    guard case .posix = kind, !translated.contains("\\`"), !translated.contains("\\'") else {
      return nil
    }
    let compiled = UnsafeMutablePointer<regex_t>.allocate(capacity: 1)
    let pattern = LabelMatcher.cPattern(translated)
    let status = LabelMatcher.inUTF8 { regcomp(compiled, pattern, REG_EXTENDED | REG_NEWLINE) }
    guard status == 0 else {
      compiled.deallocate()
      return nil
    }
    lineRegex = compiled
    return compiled
  }

  /// Whether the label (UTF-8 bytes, NULs and invalid sequences allowed) matches.
  public func matches(_ label: UnsafeBufferPointer<UInt8>) -> Bool {
    switch kind {
    case .literal(let needle):
      if needle.isEmpty { return true }
      guard let base = label.baseAddress, label.count >= needle.count else { return false }
      return LabelMatcher.find(needle, in: UnsafeBufferPointer(start: base, count: label.count))
    case .prefix(let head):
      if head.isEmpty { return true }
      guard let base = label.baseAddress, label.count >= head.count else { return false }
      return memcmp(base, head, head.count) == 0
    case .posix(let compiled):
      return LabelMatcher.inUTF8 { LabelMatcher.matches(compiled, label) }
    }
  }

  /// `regexec` on one label, in whatever locale the caller set.
  static func matches(
    _ compiled: UnsafeMutablePointer<regex_t>, _ label: UnsafeBufferPointer<UInt8>
  )
    -> Bool
  {
    guard let base = label.baseAddress else { return regexec(compiled, "", 0, nil, 0) == 0 }
    // REG_STARTEND: the label is a byte range, not a C string, so NULs are ordinary.
    var range = regmatch_t(rm_so: 0, rm_eo: regoff_t(label.count))
    return base.withMemoryRebound(to: CChar.self, capacity: label.count) { chars in
      regexec(compiled, chars, 1, &range, REG_STARTEND)
    } == 0
  }

  /// The C.UTF-8 locale for this thread while `body` runs, so `.` is one character and
  /// classes are the same on every machine.
  static func inUTF8<R>(_ body: () -> R) -> R {
    guard let locale = utf8Locale else { return body() }
    let previous = uselocale(locale)
    defer { uselocale(previous) }
    return body()
  }

  nonisolated(unsafe) private static let utf8Locale: locale_t? = newlocale(
    LC_CTYPE_MASK, "C.UTF-8", nil)

  /// The bytes a pattern stands for (`RawText`), as a C string for `regcomp`: a byte that
  /// is not UTF-8 is that byte, as `grep` reads it.
  static func cPattern(_ text: String) -> [CChar] {
    RawText.bytes(text).map { CChar(bitPattern: $0) } + [0]
  }

  /// Byte substring search: `memchr` for the first byte, then a compare.
  private static func find(_ needle: [UInt8], in hay: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = hay.baseAddress else { return false }
    let first = Int32(needle[0])
    let last = hay.count - needle.count
    var i = 0
    while i <= last {
      guard let hit = memchr(base + i, first, last - i + 1) else { return false }
      let at = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
      if memcmp(base + at, needle, needle.count) == 0 { return true }
      i = at + 1
    }
    return false
  }
}
