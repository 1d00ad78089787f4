import RowdragBase

/// A list of text lines, kept as the file's bytes plus where each line starts
/// (SPEC §5.1).
///
/// Every byte survives: each line keeps its own terminator (`\n` or `\r\n`), NULs and
/// invalid UTF-8 pass through, and whether the file ended with a newline is a property
/// of the list, not of the line that happened to be last (§9.21). A row costs nothing
/// here until many lines are looked up (then 8 bytes, see `LineIndex`), plus 4 when
/// headers or a save reorder rows against lines.
public struct TextList: ListDocument {
  public let store: ByteStore
  /// Where lines start, found lazily.
  private let lines: LineIndex
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
  /// - Complexity: O(bytes) sixteen bytes at a time (see `LineIndex`), plus
  ///   `isHeader` per line when given.
  public init(store: ByteStore, isHeader: ((UnsafeBufferPointer<UInt8>) -> Bool)? = nil) {
    self.store = store
    let buf = store.buffer
    let total = buf.count
    // A byte-order mark stays the file's first bytes, no part of line 0 (FORMATS.md
    // §1.4): lines are counted from after it, and `write` writes it first.
    lines = LineIndex(store: store, firstStart: buf.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
    let lineCount = lines.lineCount

    var headers: [Int?] = []
    var counts: [Int] = []
    var rowLines: [Int32] = []
    if let isHeader {
      lines.buildTable()
      var current = 0
      for line in 0..<lineCount {
        let span = lines.span(ofLine: line)
        let content = TextList.contentEnd(buf, span.start, span.end)
        if isHeader(UnsafeBufferPointer(rebasing: buf[span.start..<content])) {
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
    if lines.newlineCount > 0 {
      let last = lines.span(ofLine: lines.newlineCount - 1)
      if last.end - 2 >= last.start && buf[last.end - 2] == 13 { fallback = [13, 10] }
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

  private func span(ofLine line: Int) -> Span { lines.span(ofLine: line) }

  /// Calls `body` with the label (the line without its terminator) of row `id`.
  public func withLabel<R>(ofRow id: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R)
    rethrows -> R
  {
    let span = span(ofLine: line(ofRow: id))
    let buf = store.buffer
    return try body(
      UnsafeBufferPointer(
        rebasing: buf[span.start..<TextList.contentEnd(buf, span.start, span.end)]))
  }

  /// Calls `body` with each position of `order` and the label there, front to back,
  /// until `body` returns false.
  ///
  /// Rows on consecutive lines are read straight through the bytes, so visiting every
  /// row of a ten-million-line list (a `/REGEX/`, `list`) needs no table of line starts.
  public func forEachLabel(
    in order: RowOrder, _ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Bool
  ) rethrows {
    let buf = store.buffer
    let rowLines = rowLines
    var going = true
    try order.forEachRun(in: 0..<order.count) { run in
      var previous = (line: -2, end: 0)
      for k in 0..<run.count where going {
        let id = Int(run.first) + k
        let line = rowLines.map { Int($0[id]) } ?? id
        let start = line == previous.line + 1 ? previous.end : lines.start(ofLine: line)
        let end =
          line < lines.newlineCount
          ? NewlineScanner.newline(rank: 0, from: start, in: buf) + 1 : buf.count
        let label = UnsafeBufferPointer(
          rebasing: buf[start..<TextList.contentEnd(buf, start, end)])
        going = try body(run.position + k, label)
        previous = (line, end)
      }
    }
  }

  /// Searches rows that are consecutive lines as whole stretches of bytes, about a
  /// megabyte at a time (asking `isInterrupted` between), rather than label by label:
  /// `/REGEX/` over ten million lines runs at the pace of `grep`.
  public func forEachMatch(
    of search: any LabelSearch, in order: RowOrder, isInterrupted: () -> Bool,
    _ body: (Int) throws -> Bool
  ) rethrows -> SearchEnd {
    var end = SearchEnd.finished
    var going = true
    try order.forEachRun(in: 0..<order.count) { run in
      var k = 0
      while going && k < run.count {
        // The longest stretch from row k of the run whose lines follow each other.
        let first = Int(run.first) + k
        var count = run.count - k
        if let rowLines {
          count = 1
          while k + count < run.count && rowLines[first + count] == rowLines[first + count - 1] + 1
          {
            count += 1
          }
        }
        let line = line(ofRow: first)
        let bytes = lines.start(ofLine: line)..<lines.start(ofLine: line + count)
        going = try search.forEachMatch(
          inLines: bytes, of: store.buffer, firstPosition: run.position + k,
          isInterrupted: isInterrupted, &end, body)
        k += count
      }
    }
    return end
  }

  /// `text`.
  public var formatName: String { "text" }

  /// Sections after a header line are titled; a leading section before any is not.
  public var sectionTitled: [Bool] { headerLines.map { $0 != nil } }

  /// The header line without its terminator.
  public func title(ofSection s: Int) -> String? {
    withTitle(ofSection: s) { String(decoding: $0, as: UTF8.self) }
  }

  public func titleBytes(ofSection s: Int) -> [UInt8]? { withTitle(ofSection: s) { Array($0) } }

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
  /// Rows whose lines follow each other in the file are written as one span straight
  /// from the input, so an almost unchanged 200 MB list costs about a `cat` and needs
  /// the starts of only the lines where spans begin and end.
  public func write(order: RowOrder, sectionStarts: [Int], to out: OutputSink) throws {
    let buf = store.buffer
    let lastLine = lastOutputLine(rowCount: order.count, sectionStarts: sectionStarts)
    var writer = SpanWriter(store: store, out: out)
    if lines.firstStart > 0 { try writer.write(Span(start: 0, end: lines.firstStart)) }
    /// Writes lines `first...last`; only the last can be special (unterminated, or
    /// the last one written).
    func emit(_ first: Int, through last: Int, isLastOutput: Bool) throws {
      let isUnterminated = !endsWithNewline && last == lines.lineCount - 1
      guard isLastOutput || isUnterminated else {
        return try writer.write(
          Span(start: lines.start(ofLine: first), end: lines.start(ofLine: last + 1)))
      }
      let span = span(ofLine: last)
      if last > first { try writer.write(Span(start: lines.start(ofLine: first), end: span.start)) }
      if isLastOutput && !endsWithNewline {
        try writer.write(
          Span(start: span.start, end: TextList.contentEnd(buf, span.start, span.end)))
      } else if isUnterminated {
        try writer.write(span)
        try writer.write(fallbackTerminator)
      } else {
        try writer.write(span)
      }
    }
    for s in headerLines.indices {
      let end = s + 1 < sectionStarts.count ? sectionStarts[s + 1] : order.count
      if let header = headerLines[s] {
        try emit(header, through: header, isLastOutput: lastLine == .header(s))
      }
      let start = s < sectionStarts.count ? sectionStarts[s] : end
      try order.forEachRun(in: start..<end) { run in
        let isLastRun = lastLine == .row(run.position + run.count - 1)
        guard let rowLines else {
          let first = Int(run.first)
          return try emit(first, through: first + run.count - 1, isLastOutput: isLastRun)
        }
        // Consecutive rows need not be consecutive lines once headers sit between.
        var k = 0
        while k < run.count {
          let first = Int(rowLines[Int(run.first) + k])
          var j = k + 1
          while j < run.count && Int(rowLines[Int(run.first) + j]) == first + (j - k) { j += 1 }
          try emit(first, through: first + (j - k) - 1, isLastOutput: isLastRun && j == run.count)
          k = j
        }
      }
    }
    try writer.flush()
  }

  private enum OutputLine: Equatable {
    case header(Int)
    case row(Int)
    case none
  }

  private func lastOutputLine(rowCount: Int, sectionStarts: [Int]) -> OutputLine {
    var s = headerLines.count - 1
    while s >= 0 {
      let end = s + 1 < sectionStarts.count ? sectionStarts[s + 1] : rowCount
      if end > sectionStarts[s] { return .row(end - 1) }
      if headerLines[s] != nil { return .header(s) }
      s -= 1
    }
    return .none
  }

  /// After a write, row identity `k` becomes the row now at position `k`.
  public mutating func rebase(_ previous: RowOrder, sectionStarts: [Int]) {
    if rowLines == nil && previous.isIdentity { return }
    rowLines = previous.map { id in rowLines.map { $0[Int(id)] } ?? id }
  }
}
