/// Marks (FORMATS.md §5.1) in a list of blocks: a row's mark is a span of its first
/// line, found in its input bytes; the engine's codes (`showMarks`) say which rows have
/// another, and labels, lines and the writer replace that span.
extension BlockList {
  public var markNames: [String] { marking?.names ?? [] }

  /// The span of row `id`'s first line (terminator excluded) in the input, its block
  /// found in `blocks` (this list's, or their explicit table).
  private func firstLineContent(ofRow id: Int, in blocks: SpanTable? = nil) -> Span {
    let buf = store.buffer
    let block = blocks?[id] ?? self.blocks[id]
    // A list of one-line rows (every todo) has its line's end at the block's.
    var end = block.end
    if lineCounts != nil {
      end = Swift.min(block.end, NewlineScanner.newline(rank: 0, from: block.start, in: buf) + 1)
    }
    return Span(start: block.start, end: TextList.contentEnd(buf, block.start, end))
  }

  /// Where row `id`'s mark is in the input, which it is and how it is written.
  private func foundMark(ofRow id: Int, in blocks: SpanTable? = nil)
    -> (span: Span, mark: Int, short: Bool)?
  {
    guard let marking else { return nil }
    let line = firstLineContent(ofRow: id, in: blocks)
    let bytes = UnsafeBufferPointer(rebasing: store.buffer[line.start..<line.end])
    guard let found = marking.find(in: bytes) else { return nil }
    return (
      Span(start: line.start + found.span.lowerBound, end: line.start + found.span.upperBound),
      found.mark, found.short
    )
  }

  public func ownMark(ofRow id: Int) -> Int? { foundMark(ofRow: id)?.mark }

  public func misreads(mark: Int, ofRow id: Int) -> Bool {
    guard let marking, let found = foundMark(ofRow: id) else { return false }
    let end = firstLineContent(ofRow: id).end
    return marking.misreads(
      mark, before: UnsafeBufferPointer(rebasing: store.buffer[found.span.end..<end]))
  }

  public func mark(named word: String) -> Int? { marking?.mark(named: word) }

  public mutating func showMarks(_ codes: [UInt8]) {
    guard marking != nil else { return }
    markCodes = codes
  }

  /// The code the engine holds for row `id`.
  func markCode(ofRow id: Int) -> UInt8 { markCodes.isEmpty ? 0 : markCodes[id] }

  /// Row `id`'s label as it would read with mark code `code` (0: its own).
  public func label(ofRow id: Int, markCode code: UInt8) -> [UInt8] {
    let own = numberedLabel(ofRow: id) ?? Array(content(firstLineContent(ofRow: id)))
    guard code != 0, let marking, let found = foundMark(ofRow: id) else { return own }
    // What follows the mark is input bytes in the label too (a renumbered marker
    // changes only what comes before a check box), so the span is found from the end.
    let contentEnd = firstLineContent(ofRow: id).end
    let from = own.count - (contentEnd - found.span.start)
    let to = own.count - (contentEnd - found.span.end)
    return Array(own[..<from]) + marking.bytes(of: Int(code) - 1, short: found.short)
      + own[to...]
  }

  /// The replacements the writer makes: each marked row's span and its new bytes.
  func markPatches() -> MarkPatches? {
    guard let marking, markCodes.contains(where: { $0 != 0 }) else { return nil }
    var patches = MarkPatches(
      table: marking.names.indices.flatMap { mark in
        [marking.bytes(of: mark, short: false), marking.bytes(of: mark, short: true)]
      })
    let spans = blocks.forVisits()
    for (id, code) in markCodes.enumerated() where code != 0 {
      guard let found = foundMark(ofRow: id, in: spans) else { continue }
      patches.add(found.span, bytes: (Int(code) - 1) * 2 + (found.short ? 1 : 0))
    }
    patches.sort()
    return patches
  }
}

/// Spans of the input the writer replaces, sorted by where they start.
struct MarkPatches {
  /// Each replacement's bytes.
  let table: [[UInt8]]
  private(set) var starts: [Int] = []
  private(set) var ends: [Int] = []
  private(set) var replacements: [Int] = []

  init(table: [[UInt8]]) { self.table = table }

  mutating func add(_ span: Span, bytes: Int) {
    starts.append(span.start)
    ends.append(span.end)
    replacements.append(bytes)
  }

  /// Sorts them by start, when they were not added in input order (rows written since
  /// they were read).
  mutating func sort() {
    guard zip(starts, starts.dropFirst()).contains(where: { $0 > $1 }) else { return }
    let order = starts.indices.sorted { starts[$0] < starts[$1] }
    starts = order.map { starts[$0] }
    ends = order.map { ends[$0] }
    replacements = order.map { replacements[$0] }
  }

  /// The first patch that starts at or after `offset`.
  func first(atOrAfter offset: Int) -> Int {
    var low = 0
    var high = starts.count
    while low < high {
      let mid = (low + high) / 2
      if starts[mid] < offset { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// Writes `span` of the input to `writer`, each patch inside it replaced. A span
  /// with patches is assembled in a buffer and written 64 KiB at a time: a million
  /// marked rows are a few hundred writes, not two million.
  func write(_ span: Span, to writer: inout SpanWriter, buffer: UnsafeBufferPointer<UInt8>)
    throws
  {
    var k = first(atOrAfter: span.start)
    guard k < starts.count && ends[k] <= span.end else { return try writer.write(span) }
    var at = span.start
    var out: [UInt8] = []
    out.reserveCapacity(Self.chunk + 256)
    func copy(_ from: Int, _ to: Int) throws {
      var from = from
      while from < to {
        let n = Swift.min(to - from, Self.chunk + 256 - out.count)
        out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[from..<(from + n)]))
        from += n
        if out.count >= Self.chunk { try flush() }
      }
    }
    func flush() throws {
      try out.withUnsafeBytes { try writer.write($0) }
      out.removeAll(keepingCapacity: true)
    }
    while k < starts.count && ends[k] <= span.end {
      try copy(at, starts[k])
      out.append(contentsOf: table[replacements[k]])
      if out.count >= Self.chunk { try flush() }
      at = ends[k]
      k += 1
    }
    try copy(at, span.end)
    if !out.isEmpty { try flush() }
  }

  /// How many bytes are assembled before they are written.
  static let chunk = 1 << 16
}
