#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A list of text lines, kept as the file's bytes plus one span a line (SPEC §5.1).
///
/// Every byte survives: each line keeps its own terminator (`\n` or `\r\n`), NULs and
/// invalid UTF-8 pass through, and whether the file ended with a newline is a property
/// of the list, not of the line that happened to be last (§9.21).
public struct TextList: Sendable {
  public let bytes: [UInt8]
  /// Each row's line, terminator included, indexed by row identity.
  public private(set) var rows: [Span]
  /// Each section's header line (`nil` for the untitled leading section).
  public let headers: [Span?]
  /// Rows per section, in layout order.
  public let sectionRowCounts: [Int]
  /// Whether the input ended with a line terminator (or was empty).
  public let endsWithNewline: Bool
  /// The terminator a formerly-last line takes when it moves up: that of the last
  /// terminated input line, `\n` if none.
  public let fallbackTerminator: [UInt8]

  /// Splits `bytes` into lines; lines for which `isHeader` is true start sections.
  ///
  /// Rows before the first header form a leading untitled section only when there is
  /// at least one; an empty list is one empty untitled section (§9.3).
  /// - Complexity: O(bytes) with `memchr`, plus `isHeader` per line.
  public init(bytes: [UInt8], isHeader: ((UnsafeBufferPointer<UInt8>) -> Bool)? = nil) {
    self.bytes = bytes
    var rows: [Span] = []
    var headers: [Span?] = []
    var counts: [Int] = []
    var lastTerminated: Span?
    bytes.withUnsafeBufferPointer { buf in
      guard let base = buf.baseAddress else { return }
      var start = 0
      var current = 0
      let total = buf.count
      while start < total {
        let found = memchr(base + start, 10, total - start)
        let end = found.map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - base + 1 } ?? total
        let span = Span(start: start, end: end)
        if found != nil { lastTerminated = span }
        if let isHeader,
          isHeader(UnsafeBufferPointer(rebasing: buf[start..<TextList.contentEnd(buf, span)]))
        {
          if headers.isEmpty && current > 0 {
            headers.append(nil)
            counts.append(current)
          } else if !headers.isEmpty {
            counts.append(current)
          }
          headers.append(span)
          current = 0
        } else {
          rows.append(span)
          current += 1
        }
        start = end
      }
      if !headers.isEmpty || current > 0 || rows.isEmpty {
        if headers.isEmpty { headers.append(nil) }
        counts.append(current)
      }
    }
    self.rows = rows
    self.headers = headers
    self.sectionRowCounts = counts
    self.endsWithNewline = bytes.last.map { $0 == 10 } ?? true
    if let last = lastTerminated {
      let hasCR = last.count >= 2 && bytes[last.end - 2] == 13
      self.fallbackTerminator = hasCR ? [13, 10] : [10]
    } else {
      self.fallbackTerminator = [10]
    }
  }

  /// End of a line's content: before its `\n` or `\r\n`.
  static func contentEnd(_ buf: UnsafeBufferPointer<UInt8>, _ span: Span) -> Int {
    var end = span.end
    if end > span.start && buf[end - 1] == 10 {
      end -= 1
      if end > span.start && buf[end - 1] == 13 { end -= 1 }
    }
    return end
  }

  /// Calls `body` with the label (the line without its terminator) of row `id`.
  public func withLabel<R>(ofRow id: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    bytes.withUnsafeBufferPointer { buf in
      let span = rows[id]
      return body(UnsafeBufferPointer(rebasing: buf[span.start..<TextList.contentEnd(buf, span)]))
    }
  }

  /// Calls `body` with section `s`'s header line without terminator, if titled.
  public func withTitle<R>(ofSection s: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
    guard let span = headers[s] else { return nil }
    return bytes.withUnsafeBufferPointer { buf in
      body(UnsafeBufferPointer(rebasing: buf[span.start..<TextList.contentEnd(buf, span)]))
    }
  }

  /// Writes the list in the order given by the engine's layout.
  ///
  /// Lines that sit next to each other in the file are written as one run straight
  /// from the input buffer, so an almost unchanged 200 MB list costs about a `cat`.
  public func write(order: [Int32], sectionStarts: [Int], to out: OutputSink) throws {
    let lastLine = lastOutputLine(order: order, sectionStarts: sectionStarts)
    try bytes.withUnsafeBytes { (raw) throws in
      let buf = raw.bindMemory(to: UInt8.self)
      var run = Span(start: 0, end: 0)
      func emit(_ span: Span, last: Bool) throws {
        let terminated = span.end > span.start && buf[span.end - 1] == 10
        if last && !endsWithNewline {
          try flushThen(Span(start: span.start, end: TextList.contentEnd(buf, span)))
        } else if !terminated {
          try flushThen(span)
          try out.write(fallbackTerminator)
        } else if span.start == run.end && run.count > 0 {
          run.end = span.end
        } else {
          try out.write(UnsafeRawBufferPointer(rebasing: raw[run.start..<run.end]))
          run = span
        }
      }
      func flushThen(_ span: Span) throws {
        try out.write(UnsafeRawBufferPointer(rebasing: raw[run.start..<run.end]))
        run = Span(start: 0, end: 0)
        try out.write(UnsafeRawBufferPointer(rebasing: raw[span.start..<span.end]))
      }
      for s in headers.indices {
        let end = s + 1 < sectionStarts.count ? sectionStarts[s + 1] : order.count
        if let header = headers[s] { try emit(header, last: lastLine == .header(s)) }
        var p = sectionStarts[s]
        while p < end {
          try emit(rows[Int(order[p])], last: lastLine == .row(p))
          p += 1
        }
      }
      try out.write(UnsafeRawBufferPointer(rebasing: raw[run.start..<run.end]))
    }
  }

  private enum OutputLine: Equatable {
    case header(Int)
    case row(Int)
    case none
  }

  private func lastOutputLine(order: [Int32], sectionStarts: [Int]) -> OutputLine {
    var s = headers.count - 1
    while s >= 0 {
      let end = s + 1 < sectionStarts.count ? sectionStarts[s + 1] : order.count
      if end > sectionStarts[s] { return .row(end - 1) }
      if headers[s] != nil { return .header(s) }
      s -= 1
    }
    return .none
  }

  /// After a write, row identity `k` becomes the row now at position `k`.
  public mutating func rebase(_ previous: [Int32]) {
    rows = previous.map { rows[Int($0)] }
  }
}
