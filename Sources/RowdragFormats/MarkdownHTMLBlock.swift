/// CommonMark's seven kinds of HTML block (spec 0.31.2, §4.6), as markdown-it reads
/// them: how a line opens one and which line ends it (FORMATS.md §3.3).
///
/// Only ASCII counts as white space in a tag (CommonMark's own definition; markdown-it's
/// Python port also takes Unicode spaces there).
enum MarkdownHTMLBlock: UInt8, Equatable {
  /// `<script`, `<pre`, `<style`, `<textarea`: to a line holding its closing tag.
  case raw = 1
  /// `<!--`: to a line holding `-->`.
  case comment
  /// `<?`: to a line holding `?>`.
  case processing
  /// `<!` and a letter: to a line holding `>`.
  case declaration
  /// `<![CDATA[`: to a line holding `]]>`.
  case cdata
  /// A block-level tag (`<div`, `</table`, …): to the next blank line.
  case blockTag
  /// Any complete open or close tag alone on its line: to the next blank line; it cannot
  /// interrupt a paragraph.
  case anyTag

  /// Whether a blank line, not an end marker, ends the block.
  var endsAtBlankLine: Bool { self == .blockTag || self == .anyTag }

  /// The kind of block a line opens at `start` (its first non-blank byte, a `<`), if any.
  static func opening(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> MarkdownHTMLBlock?
  {
    guard start < end, buf[start] == 60 else { return nil }
    let s = UnsafeBufferPointer(rebasing: buf[start..<end])
    if let name = tagName(s, from: 1), name.end == tagEnd(s, name.end, allowSlash: false),
      rawNames.contains(where: { equalsIgnoringCase(s, name.range, $0) })
    {
      return .raw
    }
    if hasPrefix(s, "<!--") { return .comment }
    if hasPrefix(s, "<?") { return .processing }
    if s.count > 2 && s[1] == 33 && isLetter(s[2]) { return .declaration }
    if hasPrefix(s, "<![CDATA[") { return .cdata }
    let afterSlash = s.count > 1 && s[1] == 47 ? 2 : 1
    if let name = tagName(s, from: afterSlash), name.end == tagEnd(s, name.end, allowSlash: true),
      blockNames.contains(where: { equalsIgnoringCase(s, name.range, $0) })
    {
      return .blockTag
    }
    return isCompleteTagLine(s) ? .anyTag : nil
  }

  /// Whether the line `start..<end` ends a block of this kind (kinds 1–5: it holds the
  /// end marker; the opening line itself may).
  func ends(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
    let s = UnsafeBufferPointer(rebasing: buf[start..<end])
    switch self {
    case .raw: return Self.rawEnds.contains { Self.contains(s, $0, ignoringCase: true) }
    case .comment: return Self.contains(s, Self.commentEnd)
    case .processing: return Self.contains(s, Self.processingEnd)
    case .declaration: return s.contains(62)
    case .cdata: return Self.contains(s, Self.cdataEnd)
    case .blockTag, .anyTag: return false
    }
  }

  static let rawNames: [[UInt8]] = ["script", "pre", "style", "textarea"].map { Array($0.utf8) }
  /// `</script>` and the others: what ends a `.raw` block.
  static let rawEnds: [[UInt8]] = rawNames.map { Array("</".utf8) + $0 + [62] }
  static let commentEnd = Array("-->".utf8)
  static let processingEnd = Array("?>".utf8)
  static let cdataEnd = Array("]]>".utf8)

  /// CommonMark 0.31.2's block-level tag names.
  static let blockNames: [[UInt8]] = [
    "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption",
    "center", "col", "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt",
    "fieldset", "figcaption", "figure", "footer", "form", "frame", "frameset", "h1", "h2",
    "h3", "h4", "h5", "h6", "head", "header", "hr", "html", "iframe", "legend", "li", "link",
    "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup", "option", "p", "param",
    "search", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "title",
    "tr", "track", "ul",
  ].map { Array($0.utf8) }

  /// A tag name at `from`: an ASCII letter, then letters, digits and `-`.
  static func tagName(_ s: UnsafeBufferPointer<UInt8>, from: Int) -> (range: Range<Int>, end: Int)?
  {
    guard from < s.count, isLetter(s[from]) else { return nil }
    var i = from + 1
    while i < s.count && (isLetter(s[i]) || isDigit(s[i]) || s[i] == 45) { i += 1 }
    return (from..<i, i)
  }

  /// `i` when what follows a tag name there lets the name stand (a blank, `>`, the end of
  /// the line, or `/>` with `allowSlash`); otherwise -1.
  static func tagEnd(_ s: UnsafeBufferPointer<UInt8>, _ i: Int, allowSlash: Bool) -> Int {
    guard i < s.count else { return i }
    let b = s[i]
    if isSpace(b) || b == 62 { return i }
    if allowSlash && b == 47 && i + 1 < s.count && s[i + 1] == 62 { return i }
    return -1
  }

  /// A complete open tag (with its attributes) or close tag, then only white space
  /// (CommonMark's kind 7, markdown-it's `HTML_OPEN_CLOSE_TAG_RE` and `\s*$`).
  static func isCompleteTagLine(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 1
    if s.count > 1 && s[1] == 47 {
      guard let name = tagName(s, from: 2) else { return false }
      i = skipSpaces(s, name.end)
      guard i < s.count, s[i] == 62 else { return false }
      return skipSpaces(s, i + 1) == s.count
    }
    guard let name = tagName(s, from: 1) else { return false }
    i = name.end
    while true {
      let spaced = skipSpaces(s, i)
      guard spaced > i, spaced < s.count, isAttributeNameStart(s[spaced]) else { break }
      var j = spaced + 1
      while j < s.count && isAttributeNameByte(s[j]) { j += 1 }
      let beforeValue = skipSpaces(s, j)
      if beforeValue < s.count && s[beforeValue] == 61 {
        guard let valueEnd = attributeValue(s, skipSpaces(s, beforeValue + 1)) else { return false }
        j = valueEnd
      }
      i = j
    }
    i = skipSpaces(s, i)
    if i < s.count && s[i] == 47 { i += 1 }
    guard i < s.count, s[i] == 62 else { return false }
    return skipSpaces(s, i + 1) == s.count
  }

  /// The end of an attribute value at `i`: unquoted, or in single or double quotes.
  static func attributeValue(_ s: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
    guard i < s.count else { return nil }
    let q = s[i]
    if q == 34 || q == 39 {
      var j = i + 1
      while j < s.count && s[j] != q { j += 1 }
      return j < s.count ? j + 1 : nil
    }
    var j = i
    while j < s.count {
      let b = s[j]
      if b <= 32 || b == 34 || b == 39 || b == 61 || b == 60 || b == 62 || b == 96 { break }
      j += 1
    }
    return j > i ? j : nil
  }

  static func skipSpaces(_ s: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
    var i = i
    while i < s.count && isSpace(s[i]) { i += 1 }
    return i
  }

  static func isSpace(_ b: UInt8) -> Bool { b == 32 || (9...13).contains(b) }
  static func isLetter(_ b: UInt8) -> Bool { (65...90).contains(b) || (97...122).contains(b) }
  static func isDigit(_ b: UInt8) -> Bool { (48...57).contains(b) }
  static func isAttributeNameStart(_ b: UInt8) -> Bool { isLetter(b) || b == 95 || b == 58 }
  static func isAttributeNameByte(_ b: UInt8) -> Bool {
    isAttributeNameStart(b) || isDigit(b) || b == 46 || b == 45
  }

  static func hasPrefix(_ s: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
    let p = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
    return s.count >= p.count && s.prefix(p.count).elementsEqual(p)
  }

  static func equalsIgnoringCase(
    _ s: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ name: [UInt8]
  ) -> Bool {
    range.count == name.count && zip(s[range], name).allSatisfy { lower($0) == $1 }
  }

  static func lower(_ b: UInt8) -> UInt8 { (65...90).contains(b) ? b + 32 : b }

  /// Whether `needle` occurs in `s` (lowercase `needle` when ignoring case).
  static func contains(
    _ s: UnsafeBufferPointer<UInt8>, _ needle: [UInt8], ignoringCase: Bool = false
  ) -> Bool {
    guard s.count >= needle.count else { return false }
    for i in 0...(s.count - needle.count) {
      var k = 0
      while k < needle.count && (ignoringCase ? lower(s[i + k]) : s[i + k]) == needle[k] { k += 1 }
      if k == needle.count { return true }
    }
    return false
  }
}
