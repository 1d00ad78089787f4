/// The tests of one line's start that CommonMark's block structure rests on (FORMATS.md
/// §3.3): each looks at the bytes from a line's first non-blank byte to its content's
/// end, and at columns counted with tabs to the next multiple of 4.
extension MarkdownFormat {
  /// A place in a line: a byte offset and its column. The column may lie inside a tab
  /// that a container's indentation has partly used (CommonMark's partial tabs): the
  /// tab at `at` then still reaches to the next multiple of 4 past `column`.
  struct Position {
    var at: Int
    var column: Int
  }

  /// Where a line's text ends: before its terminator, and before a carriage return
  /// that ends the file's last line (CommonMark takes a lone CR for a line ending).
  @inline(__always)
  static func textEnd(_ buf: UnsafeBufferPointer<UInt8>, _ line: LineCursor.Line) -> Int {
    let end = line.contentEnd
    return end > line.span.start && buf[end - 1] == 13 ? end - 1 : end
  }

  /// The first byte at or after `p` that is no space or tab, with its column.
  @inline(__always)
  static func firstNonBlank(_ buf: UnsafeBufferPointer<UInt8>, _ p: Position, _ end: Int)
    -> Position
  {
    var p = p
    while p.at < end {
      let b = buf[p.at]
      if b == 32 {
        p.column += 1
      } else if b == 9 {
        p.column = (p.column / 4 + 1) * 4
      } else {
        break
      }
      p.at += 1
    }
    return p
  }

  /// `p` moved over spaces and tabs up to `column` at most, a tab that reaches past it
  /// used in part.
  static func advance(
    _ buf: UnsafeBufferPointer<UInt8>, _ p: Position, to column: Int, _ end: Int
  ) -> Position {
    var p = p
    while p.column < column && p.at < end {
      let b = buf[p.at]
      if b == 32 {
        p.column += 1
        p.at += 1
      } else if b == 9 {
        let stop = (p.column / 4 + 1) * 4
        if stop > column {
          p.column = column
        } else {
          p.column = stop
          p.at += 1
        }
      } else {
        break
      }
    }
    return p
  }

  /// A code fence: three or more backticks or tildes (for backticks, no backtick after
  /// them), and whether nothing but blanks follows (a closing fence).
  static func fence(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> (char: UInt8, count: Int, onlyFence: Bool)?
  {
    guard start < end else { return nil }
    let c = buf[start]
    guard c == 96 || c == 126 else { return nil }
    var i = start
    while i < end && buf[i] == c { i += 1 }
    guard i - start >= 3 else { return nil }
    var only = true
    for k in i..<end {
      let b = buf[k]
      if c == 96 && b == 96 { return nil }
      if b != 32 && b != 9 { only = false }
    }
    return (c, i - start, only)
  }

  /// An ATX heading: `#` to `######`, then a space, a tab or the end of the line.
  static func isHeading(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
    var i = start
    while i < end && buf[i] == 35 { i += 1 }
    guard (1...6).contains(i - start) else { return false }
    return i == end || buf[i] == 32 || buf[i] == 9
  }

  /// A thematic break: three or more of one of `*`, `-`, `_`, with only spaces and
  /// tabs between.
  static func isThematicBreak(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> Bool
  {
    guard start < end else { return false }
    let c = buf[start]
    guard c == 42 || c == 45 || c == 95 else { return false }
    var count = 0
    for i in start..<end {
      let b = buf[i]
      if b == c {
        count += 1
      } else if b != 32 && b != 9 {
        return false
      }
    }
    return count >= 3
  }

  /// A setext heading's underline: one or more `=` or one or more `-`, then only spaces
  /// and tabs.
  static func isSetextUnderline(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> Bool
  {
    guard start < end else { return false }
    let c = buf[start]
    guard c == 61 || c == 45 else { return false }
    var i = start
    while i < end && buf[i] == c { i += 1 }
    while i < end && (buf[i] == 32 || buf[i] == 9) { i += 1 }
    return i == end
  }

  /// A list marker at a line's first non-blank byte.
  struct ListMarker {
    /// The column where the item's content starts: after the marker and 1–4 spaces
    /// (5 or more, or none before the end of the line, count as 1).
    var content: Int
    /// Where the item's own content is read from (at `content`, or inside the spaces
    /// when more than 4 follow the marker: the rest is then indented code).
    var contentStart: Position
    var ordered: Bool
    /// An ordered marker numbered 1 (`1.`, `01)`).
    var isOne: Bool
    /// Nothing but blanks after the marker.
    var empty: Bool
  }

  /// A bullet (`-`, `*`, `+`) or an ordered marker (1–9 digits, then `.` or `)`) at `p`,
  /// followed by a space, a tab or the end of the line. A thematic break is tested
  /// first by the callers.
  static func listMarker(_ buf: UnsafeBufferPointer<UInt8>, _ p: Position, _ end: Int)
    -> ListMarker?
  {
    guard p.at < end else { return nil }
    var i = p.at
    var ordered = false
    var isOne = false
    let b = buf[i]
    if b == 45 || b == 42 || b == 43 {
      i += 1
    } else {
      var value = 0
      while i < end && i - p.at < 10, buf[i] >= 48 && buf[i] <= 57 {
        value = value &* 10 &+ Int(buf[i] - 48)
        i += 1
      }
      let digits = i - p.at
      guard (1...9).contains(digits), i < end, buf[i] == 46 || buf[i] == 41 else { return nil }
      i += 1
      ordered = true
      isOne = value == 1
    }
    let markerEnd = Position(at: i, column: p.column + (i - p.at))
    if i < end && buf[i] != 32 && buf[i] != 9 { return nil }
    let rest = firstNonBlank(buf, markerEnd, end)
    if rest.at == end {
      return ListMarker(
        content: markerEnd.column + 1, contentStart: rest, ordered: ordered, isOne: isOne,
        empty: true)
    }
    if rest.column - markerEnd.column > 4 {
      let content = markerEnd.column + 1
      return ListMarker(
        content: content, contentStart: advance(buf, markerEnd, to: content, end),
        ordered: ordered, isOne: isOne, empty: false)
    }
    return ListMarker(
      content: rest.column, contentStart: rest, ordered: ordered, isOne: isOne, empty: false)
  }
}
