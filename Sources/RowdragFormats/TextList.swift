/// A list of text lines, kept as the file's bytes plus where each line starts
/// (SPEC §5.1).
///
/// Every byte survives: each line keeps its own terminator (`\n` or `\r\n`), NULs and
/// invalid UTF-8 pass through, and whether the file ended with a newline is a property
/// of the list, not of the line that happened to be last (§9.21). A row costs 8 bytes
/// here (its line start), plus 4 when headers or a save reorder rows against lines.
public struct TextList: Sendable {
  public let store: ByteStore
  /// Start of every line, headers included, plus the end of the input.
  let lineStarts: [Int]
  /// The line of each row identity; nil while row `k` is simply line `k`.
  private(set) var rowLines: [Int32]?
  /// Each section's header line (nil for the untitled leading section).
  public let headerLines: [Int?]
  /// Rows per section, in layout order.
  public let sectionRowCounts: [Int]
  /// Whether the input ended with a line terminator (or was empty).
  public let endsWithNewline: Bool
  /// The terminator a formerly-last line takes when it moves up: that of the last
  /// terminated input line, `\n` if none.
  public let fallbackTerminator: [UInt8]

  public init(bytes: [UInt8], isHeader: ((UnsafeBufferPointer<UInt8>) -> Bool)? = nil) {
    self.init(store: ByteStore(bytes), isHeader: isHeader)
  }

  /// Splits the store into lines; lines for which `isHeader` is true start sections.
  ///
  /// Rows before the first header form a leading untitled section only when there is
  /// at least one; an empty list is one empty untitled section (§9.3).
  /// - Complexity: O(bytes), eight bytes at a time (two passes, so the line table is
  ///   allocated once at its exact size), plus `isHeader` per line.
  public init(store: ByteStore, isHeader: ((UnsafeBufferPointer<UInt8>) -> Bool)? = nil) {
    self.store = store
    let buf = store.buffer
    let total = buf.count
    let newlines = NewlineScanner.count(buf)
    let lineCount = newlines + (total > 0 && buf[total - 1] != 10 ? 1 : 0)
    let starts: [Int] = LargeArray.make(count: lineCount + 1) { out in
      var line = 0
      if lineCount > 0 { out[0] = 0 }
      NewlineScanner.forEach(buf) { at in
        line += 1
        out[line] = at + 1
      }
      // A file ending in a newline: the last "start" is the end itself.
      out[lineCount] = total
    }
    lineStarts = starts

    var headers: [Int?] = []
    var counts: [Int] = []
    var rowLines: [Int32] = []
    if let isHeader {
      var current = 0
      for line in 0..<lineCount {
        let content = TextList.contentEnd(buf, starts[line], starts[line + 1])
        if isHeader(UnsafeBufferPointer(rebasing: buf[starts[line]..<content])) {
          if !headers.isEmpty || current > 0 {
            if headers.isEmpty { headers.append(nil) }
            counts.append(current)
          }
          headers.append(line)
          current = 0
        } else {
          rowLines.append(Int32(truncatingIfNeeded: line))
          current += 1
        }
      }
      if headers.isEmpty { headers.append(nil) }
      counts.append(current)
    } else {
      headers = [nil]
      counts = [lineCount]
    }
    self.rowLines = isHeader == nil || headers.allSatisfy({ $0 == nil }) ? nil : rowLines
    headerLines = headers
    sectionRowCounts = counts
    endsWithNewline = total == 0 || buf[total - 1] == 10
    // The last terminated line ends at the last newline.
    var fallback: [UInt8] = [10]
    if newlines > 0 {
      let lastNewline = endsWithNewline ? total - 1 : starts[lineCount - 1] - 1
      let lineStart = starts[endsWithNewline ? lineCount - 1 : lineCount - 2]
      if lastNewline > lineStart && buf[lastNewline - 1] == 13 { fallback = [13, 10] }
    }
    fallbackTerminator = fallback
  }

  /// Number of rows.
  public var rowCount: Int { sectionRowCounts.reduce(0, +) }

  /// End of a line's content: before its `\n` or `\r\n`.
  static func contentEnd(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
    var e = end
    if e > start && buf[e - 1] == 10 {
      e -= 1
      if e > start && buf[e - 1] == 13 { e -= 1 }
    }
    return e
  }

  private func line(ofRow id: Int) -> Int { rowLines.map { Int($0[id]) } ?? id }

  private func span(ofLine line: Int) -> Span {
    Span(start: lineStarts[line], end: lineStarts[line + 1])
  }

  /// Calls `body` with the label (the line without its terminator) of row `id`.
  public func withLabel<R>(ofRow id: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    let span = span(ofLine: line(ofRow: id))
    let buf = store.buffer
    return body(
      UnsafeBufferPointer(
        rebasing: buf[span.start..<TextList.contentEnd(buf, span.start, span.end)]))
  }

  /// Calls `body` with section `s`'s header line without terminator, if titled.
  public func withTitle<R>(ofSection s: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
    guard s < headerLines.count, let line = headerLines[s] else { return nil }
    let span = span(ofLine: line)
    let buf = store.buffer
    return body(
      UnsafeBufferPointer(
        rebasing: buf[span.start..<TextList.contentEnd(buf, span.start, span.end)]))
  }

  /// Writes the list in the order given by the engine's layout.
  ///
  /// Lines that sit next to each other in the file are written as one run straight
  /// from the input, so an almost unchanged 200 MB list costs about a `cat`.
  public func write(order: [Int32], sectionStarts: [Int], to out: OutputSink) throws {
    let buf = store.buffer
    let lastLine = lastOutputLine(order: order, sectionStarts: sectionStarts)
    var writer = SpanWriter(store: store, out: out)
    func emit(_ line: Int, last: Bool) throws {
      let span = span(ofLine: line)
      if last && !endsWithNewline {
        try writer.write(
          Span(start: span.start, end: TextList.contentEnd(buf, span.start, span.end)))
      } else if span.end > span.start && buf[span.end - 1] != 10 {
        try writer.write(span)
        try writer.write(fallbackTerminator)
      } else {
        try writer.write(span)
      }
    }
    let lineCount = lineStarts.count - 1
    func lineAt(_ p: Int) -> Int { rowLines.map { Int($0[Int(order[p])]) } ?? Int(order[p]) }
    for s in headerLines.indices {
      let end = s + 1 < sectionStarts.count ? sectionStarts[s + 1] : order.count
      if let header = headerLines[s] { try emit(header, last: lastLine == .header(s)) }
      var p = s < sectionStarts.count ? sectionStarts[s] : end
      while p < end {
        // A run of rows whose lines follow each other in the input is one span; only
        // its last line can be special (unterminated, or the last one written).
        let first = lineAt(p)
        var q = p + 1
        while q < end && lineAt(q) == first + (q - p) { q += 1 }
        let last = first + (q - p) - 1
        let isLastOutput = lastLine == .row(q - 1)
        if isLastOutput || (!endsWithNewline && last == lineCount - 1) {
          try writer.write(Span(start: lineStarts[first], end: lineStarts[last]))
          try emit(last, last: isLastOutput)
        } else {
          try writer.write(Span(start: lineStarts[first], end: lineStarts[last + 1]))
        }
        p = q
      }
    }
    try writer.flush()
  }

  private enum OutputLine: Equatable {
    case header(Int)
    case row(Int)
    case none
  }

  private func lastOutputLine(order: [Int32], sectionStarts: [Int]) -> OutputLine {
    var s = headerLines.count - 1
    while s >= 0 {
      let end = s + 1 < sectionStarts.count ? sectionStarts[s + 1] : order.count
      if end > sectionStarts[s] { return .row(end - 1) }
      if headerLines[s] != nil { return .header(s) }
      s -= 1
    }
    return .none
  }

  /// After a write, row identity `k` becomes the row now at position `k`.
  public mutating func rebase(_ previous: [Int32]) {
    rowLines = previous.map { id in rowLines.map { $0[Int(id)] } ?? id }
  }
}
