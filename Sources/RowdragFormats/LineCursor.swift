/// Walks a buffer line by line: each line with its terminator, where its content
/// ends, and its 1-based number, for the formats that sort lines (FORMATS.md §1.1).
struct LineCursor {
  struct Line {
    /// The line with its terminator.
    var span: Span
    /// End of its content, before `\n` or `\r\n`.
    var contentEnd: Int
    /// 1-based line number.
    var number: Int
    var content: Range<Int> { span.start..<contentEnd }
  }

  let buf: UnsafeBufferPointer<UInt8>
  private(set) var offset = 0
  private var number = 0

  init(_ buf: UnsafeBufferPointer<UInt8>) { self.buf = buf }

  /// A cursor at `offset`, which must be a line start (line numbers then count from
  /// there).
  init(_ buf: UnsafeBufferPointer<UInt8>, from offset: Int) {
    self.buf = buf
    self.offset = offset
  }

  /// At the start of the input, steps over a UTF-8 byte-order mark and returns its span,
  /// for the caller to keep as trivia: so it stays first, and hides no line's meaning.
  mutating func byteOrderMark() -> Span? {
    guard offset == 0, buf.starts(with: [0xEF, 0xBB, 0xBF]) else { return nil }
    offset = 3
    return Span(start: 0, end: 3)
  }

  /// Moves past `lines` whole lines that end at `end`.
  mutating func skip(to end: Int, lines: Int) {
    offset = end
    number += lines
  }

  @inline(__always)
  mutating func next() -> Line? {
    guard offset < buf.count else { return nil }
    let newline = NewlineScanner.next(from: offset, in: buf)
    let end = newline < buf.count ? newline + 1 : buf.count
    number += 1
    let line = Line(
      span: Span(start: offset, end: end), contentEnd: TextList.contentEnd(buf, offset, end),
      number: number)
    offset = end
    return line
  }

  /// Whether a line holds only spaces, tabs and CR.
  @inline(__always)
  static func isBlank(_ buf: UnsafeBufferPointer<UInt8>, _ line: Line) -> Bool {
    var i = line.span.start
    while i < line.span.end {
      let b = buf[i]
      guard b == 32 || b == 9 || b == 13 || b == 10 else { return false }
      i += 1
    }
    return true
  }
}
