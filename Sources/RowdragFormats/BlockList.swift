import RowdragBase

/// A text list whose rows are blocks of one or more lines, beside header lines that
/// start sections and trivia lines that are no row at all (FORMATS.md §1.1): the one
/// document behind `todo`, `markdown`, `csv`, `tsv`, `m3u`, `jsonl` and `text skip=`.
///
/// A format only sorts lines (`BlockList.Builder`); how rows are labelled, measured and
/// written back — trivia kept in its gaps, the terminator rule — is the same for all
/// of them and lives here, once.
public struct BlockList: ListDocument {
  /// How a row's label is found in its block.
  public enum Labels: Sendable {
    /// The block's first line without its terminator.
    case firstLine
    /// A span of the block, by row identity.
    case spans([Span])
    /// A CSV field by row identity, unquoted when it starts with `"`.
    case fields([Span])
    /// A JSON value's label under these member names (SPEC §5.2).
    case json([String])
    /// An M3U entry's title or path, read from its block when asked.
    case m3u
  }

  /// Trivia lines standing in gap `gap` of their section (FORMATS.md §4).
  struct Trivia: Sendable {
    var gap: Int
    var span: Span
  }

  public let store: ByteStore
  public let formatName: String
  /// Each row's block, terminators included, by row identity.
  public private(set) var blocks: SpanTable
  /// How labels are read.
  public private(set) var labels: Labels
  /// Each section's header line (nil for an untitled section).
  let headers: [Span?]
  /// Rows per section, as loaded or last written.
  public private(set) var sectionRowCounts: [Int]
  /// Each section's trivia, in file order.
  private(set) var trivia: [[Trivia]]
  /// Trivia before the first header when no untitled section precedes it.
  let leadingTrivia: [Span]
  /// For JSON Lines: the rows, as loaded, whose objects may have an attribute member
  /// (nil: every row may).
  var attributeRows: [Int]?
  /// Lines in each row's block by identity; nil while every block is one line.
  public private(set) var lineCounts: LineCounts?
  /// Whether the input ended with a line terminator (or was empty).
  let endsWithNewline: Bool
  /// The terminator a formerly-last line takes when it moves up (SPEC §9.21).
  let fallbackTerminator: [UInt8]
  /// What the rows' first bytes may hold (`Builder.item`): whether Markdown's rules
  /// for ordered and indented items can apply at all.
  var markerHints = MarkerHints()
  /// Markdown's renumbering and nesting veto (`markdownNumbering(renumber:)`); nil for
  /// every other list.
  var numbering: MarkdownNumbering?
  /// The delimiter a CSV or TSV file was read with, given or detected (FORMATS.md
  /// §3.4); nil in other formats.
  public internal(set) var delimiter: UInt8? = nil
  /// The marks rows may have (`todo`'s verbs, Markdown's check boxes); nil for none.
  var marking: RowMarking?
  /// The engine's mark codes by row identity (`showMarks`); empty while none is set.
  var markCodes: [UInt8] = []

  /// Sections after a header are titled; a leading untitled one is not.
  public var sectionTitled: [Bool] { headers.map { $0 != nil } }

  public func title(ofSection s: Int) -> String? {
    guard s < headers.count, let header = headers[s] else { return nil }
    return String(decoding: content(header), as: UTF8.self)
  }

  public func titleBytes(ofSection s: Int) -> [UInt8]? {
    guard s < headers.count, let header = headers[s] else { return nil }
    return Array(content(header))
  }

  /// The bytes of `span` without a final `\n` or `\r\n`.
  func content(_ span: Span) -> UnsafeBufferPointer<UInt8> {
    let buf = store.buffer
    return UnsafeBufferPointer(
      rebasing: buf[span.start..<TextList.contentEnd(buf, span.start, span.end)])
  }

  public func withLabel<R>(ofRow id: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R)
    rethrows -> R
  {
    if markCode(ofRow: id) != 0 {
      return try label(ofRow: id, markCode: markCode(ofRow: id)).withUnsafeBufferPointer(body)
    }
    if let label = numberedLabel(ofRow: id) { return try label.withUnsafeBufferPointer(body) }
    return try withLabel(ofRow: id, in: blocks, body)
  }

  /// Row `id`'s label, its block found in `blocks` (this list's, or their explicit
  /// table).
  func withLabel<R>(
    ofRow id: Int, in blocks: SpanTable, _ body: (UnsafeBufferPointer<UInt8>) throws -> R
  ) rethrows -> R {
    let buf = store.buffer
    switch labels {
    case .firstLine:
      let block = blocks[id]
      var end = block.start
      while end < block.end && buf[end] != 10 { end += 1 }
      if end < block.end { end += 1 }
      return try body(content(Span(start: block.start, end: end)))
    case .spans(let spans):
      return try body(UnsafeBufferPointer(rebasing: buf[spans[id].start..<spans[id].end]))
    case .fields(let spans):
      return try DelimitedText.unquoted(buf, spans[id]).withUnsafeBufferPointer(body)
    case .json(let keys):
      return try JSONList.label(of: blocks[id], in: buf, keys: keys).withUnsafeBufferPointer(body)
    case .m3u:
      let label = M3UFormat.label(of: blocks[id], in: buf)
      return try body(UnsafeBufferPointer(rebasing: buf[label.start..<label.end]))
    }
  }

  /// Visits rows one label at a time, every span made first when rows are kept as runs
  /// of lines (`SpanTable.forVisits`).
  public func forEachLabel(
    in order: RowOrder, _ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Bool
  ) rethrows {
    if !markCodes.isEmpty {
      for (position, id) in order.enumerated() {
        guard try withLabel(ofRow: Int(id), { try body(position, $0) }) else { return }
      }
      return
    }
    if numbering?.renumbers == true { return try forEachNumberedLabel(in: order, body) }
    let spans = blocks.forVisits()
    for (position, id) in order.enumerated() {
      guard try withLabel(ofRow: Int(id), in: spans, { try body(position, $0) }) else { return }
    }
  }

  public func lineCount(ofRow id: Int) -> Int { lineCounts.map { Int($0[id]) } ?? 1 }

  /// Line `k` of the block; an empty line past its end.
  public func withLine<R>(
    _ k: Int, ofRow id: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R
  ) rethrows -> R {
    if k == 0 && markCode(ofRow: id) != 0 {
      return try label(ofRow: id, markCode: markCode(ofRow: id)).withUnsafeBufferPointer(body)
    }
    if let line = numberedLine(k, ofRow: id) { return try line.withUnsafeBufferPointer(body) }
    let buf = store.buffer
    let block = blocks[id]
    var start = block.start
    for _ in 0..<k where start < block.end {
      start = NewlineScanner.newline(rank: 0, from: start, in: buf) + 1
    }
    start = Swift.min(start, block.end)
    let newline = NewlineScanner.newline(rank: 0, from: start, in: buf)
    let end = Swift.min(block.end, newline < buf.count ? newline + 1 : buf.count)
    return try body(content(Span(start: start, end: end)))
  }

  /// Heights in lines of the default row height (negative, see `RowAttributes`), and
  /// for JSON Lines the members named by `keys`.
  public func attributes(_ keys: AttributeKeys) throws -> RowAttributes {
    var result = RowAttributes.none
    if case .json = labels {
      let meta = try JSONList.metadata(
        of: blocks, ids: attributeRows ?? Array(blocks.indices), in: store.buffer, keys: keys)
      result = RowAttributes(heights: meta.heights, locked: meta.locked, pinned: meta.pinned)
    } else if let lineCounts, let lines = lineCounts.uniformValue {
      result.uniformLines = Int(lines)
    } else if let lineCounts {
      result.heights = lineCounts.map { $0 == 1 ? .nan : -Double($0) }
    }
    return result
  }

  /// Writes headers, rows and trivia, the trivia of each gap where the gap still is and
  /// the rest at its section's end (FORMATS.md §4), through the terminator rule.
  public func write(order: RowOrder, sectionStarts: [Int], to out: OutputSink) throws {
    var writer = TerminatedWriter(
      writer: SpanWriter(store: store, out: out), inputEnd: store.count,
      endsWithNewline: endsWithNewline, fallback: fallbackTerminator, buffer: store.buffer,
      patches: markPatches())
    var pass = numberingPass(order, sectionStarts: sectionStarts)
    for span in leadingTrivia { try writer.write(span) }
    for s in headers.indices {
      if let header = headers[s] { try writer.write(header) }
      let start = s < sectionStarts.count ? sectionStarts[s] : order.count
      let end = s + 1 < sectionStarts.count ? sectionStarts[s + 1] : order.count
      let kept = Swift.min(sectionRowCounts[s], end - start)
      let gaps = trivia[s]
      // Trivia of gaps 0..<kept stays (file order keeps each gap's lines together);
      // `next` is the first trivia not yet written.
      var next = 0
      if kept > 0 { try BlockList.write(gaps, gap: 0, from: &next, to: &writer) }
      var written = 0
      try order.forEachRun(in: start..<end) { run in
        var k = Int(run.first)
        let stop = k + run.count
        while k < stop {
          // Rows up to the next gap that holds trivia, written as few long spans.
          var chunkEnd = stop
          if next < gaps.count && gaps[next].gap < kept {
            chunkEnd = Swift.min(stop, k + Swift.max(1, gaps[next].gap - written))
          }
          try writeRows(
            k..<chunkEnd, at: start + written, section: s, pass: &pass, to: &writer)
          written += chunkEnd - k
          k = chunkEnd
          if written < kept && next < gaps.count && gaps[next].gap == written {
            try BlockList.write(gaps, gap: written, from: &next, to: &writer)
          }
        }
      }
      // Every other gap, in its original order, at the end.
      while next < gaps.count {
        try writer.write(gaps[next].span)
        next += 1
      }
    }
    try writer.finish()
  }

  /// Writes the blocks of `ids`, each stretch of blocks that follow each other in the
  /// input as one span: an unmoved run of a million rows is one comparison a row and
  /// one write, not a million calls into the writer (which would merge them the same).
  func writeContiguous(_ ids: Range<Int>, to writer: inout TerminatedWriter) throws {
    var s = ids.lowerBound
    while s < ids.upperBound {
      let t = blocks.contiguousEnd(from: s, limit: ids.upperBound)
      try writer.write(Span(start: blocks[s].start, end: blocks[t].end))
      s = t + 1
    }
  }

  /// Writes the trivia of gap `gap` that starts at `next`, moving `next` past it.
  private static func write(
    _ gaps: [Trivia], gap: Int, from next: inout Int, to writer: inout TerminatedWriter
  ) throws {
    while next < gaps.count && gaps[next].gap == gap {
      try writer.write(gaps[next].span)
      next += 1
    }
  }

  /// After a write: identity `k` is the row now at position `k`, and trivia sits in the
  /// gaps it was written to.
  public mutating func rebase(_ previous: RowOrder, sectionStarts: [Int]) {
    let written = RowBytes(blocks: blocks, buf: store.buffer)
    if !previous.isIdentity {
      attributeRows = nil
      let old = blocks.materialized()
      blocks = SpanTable(previous.lazy.map { old[Int($0)] }, inputSize: store.count)
      lineCounts = lineCounts.map { $0.reordered(previous) }
      switch labels {
      case .spans(let spans): labels = .spans(previous.map { spans[Int($0)] })
      case .fields(let spans): labels = .fields(previous.map { spans[Int($0)] })
      case .firstLine, .json, .m3u: break
      }
    }
    for s in headers.indices {
      let start = s < sectionStarts.count ? sectionStarts[s] : previous.count
      let end = s + 1 < sectionStarts.count ? sectionStarts[s + 1] : previous.count
      let m = end - start
      let kept = Swift.min(sectionRowCounts[s], m)
      let stay = trivia[s].filter { $0.gap < kept }
      let moved = trivia[s].filter { $0.gap >= kept }.map { Trivia(gap: m, span: $0.span) }
      trivia[s] = stay + moved
      sectionRowCounts[s] = m
    }
    numbering = numbering?.rebased(
      previous, sectionStarts: sectionStarts, counts: sectionRowCounts, rows: written)
  }
}

extension BlockList {
  /// Sorts a file's lines into rows, headers and trivia in file order: what each format
  /// does, line by line or block by block.
  public struct Builder {
    let store: ByteStore
    private var blocks: SpanTable
    private var labelSpans: [Span] = []
    /// Lines per block, kept from the first block of more than one line on.
    private var lineCounts: LineCounts?
    private var headers: [Span?] = []
    /// Rows of every section but the last, which counts in `current`.
    private var counts: [Int] = []
    private var current = 0
    private var trivia: [[Trivia]] = []
    /// Trivia seen before any row or header.
    private var pending: [Span] = []
    /// Whether rows come with label spans.
    private let keepsLabels: Bool
    /// What the first bytes of rows added one at a time hold.
    private var hints = MarkerHints()
    /// Whether stretches of rows may be counted (`extendsLines`).
    let countsStretches: Bool
    /// Whether rows of several lines may be kept as runs (`SpanTable`): set by a format
    /// whose blocks are always whole lines, `lines` of them, as `LineCursor` finds
    /// lines (M3U); a row of one line always may.
    public var runsOfLines = false

    /// False while tests read files line by line to compare with counting stretches
    /// (read when a builder is made; a second half made on another thread counts
    /// anyway, so such tests read on one thread).
    @TaskLocal static var stretches = true

    /// False while tests read files with every row of several lines kept as its own
    /// span, to compare with runs of such rows (`runsOfLines`).
    @TaskLocal static var lineRuns = true

    /// Rows are kept as runs of lines while they can be (`SpanTable`), else with room
    /// for a row every 16 bytes: address space, not memory, until rows use it, and no
    /// copy of a growing array on a 10-million-line file.
    /// The formats read every byte, so the store's pages are mapped in bulk first when
    /// no `size` is given.
    ///
    /// A file read in two halves at once maps nothing in bulk: each thread takes the
    /// page faults of its half as it reads (the kernel maps 64 KiB around each), which
    /// measured faster than mapping the whole file on one thread before either starts.
    /// The first half's builder is given the file's `size`, the second's the half's.
    public init(store: ByteStore, labels: Bool = false, size: Int? = nil) {
      self.store = store
      keepsLabels = labels
      countsStretches = Builder.stretches
      let room = (size ?? store.count) / 16 + 1
      blocks = SpanTable(runsOf: store, room: room)
      if size == nil { store.populate() }
      if labels { labelSpans.reserveLarge(room) }
    }

    /// Appends what `other` sorted from the lines that follow this builder's, as if
    /// this builder had been given them itself: how the halves of a file sorted on
    /// two threads become one. The other's trivia before its first row or header
    /// lands in this builder's current gap; its untitled leading section, if any, goes
    /// on with this builder's last section; each of its titled sections follows as is.
    mutating func append(_ other: Builder) {
      hints.note(other.hints)
      for span in other.pending { trivia(span) }
      if other.lineCounts != nil && lineCounts == nil {
        lineCounts = LineCounts(repeating: 1, count: blocks.count)
      }
      blocks.append(contentsOf: other.blocks)
      labelSpans.append(contentsOf: other.labelSpans)
      if lineCounts != nil {
        lineCounts?.append(
          contentsOf: other.lineCounts ?? LineCounts(repeating: 1, count: other.blocks.count))
      }
      for (k, header) in other.headers.enumerated() {
        let rows = k < other.counts.count ? other.counts[k] : other.current
        if k == 0 && header == nil {
          // Gap 0 is the other's trivia before its first row (its pending trivia,
          // merged): this builder's current gap, or still pending.
          let gaps = other.trivia[0]
          for t in gaps where t.gap == 0 { trivia(t.span) }
          if headers.isEmpty { openSection(header: nil) }
          let s = headers.count - 1
          for t in gaps where t.gap > 0 {
            trivia[s].append(Trivia(gap: current + t.gap, span: t.span))
          }
          current += rows
        } else {
          openSection(header: header)
          trivia[trivia.count - 1] = other.trivia[k]
          current = rows
        }
      }
    }

    /// Adds a row made of `lines` lines covering `block`, labelled by `label` when
    /// the format reads labels from a span. Inlined: it runs once per row.
    @inline(__always)
    public mutating func item(_ block: Span, lines: Int, label: Span? = nil) {
      if headers.isEmpty { openSection(header: nil) }
      if lines != 1 && lineCounts == nil {
        lineCounts = LineCounts(repeating: 1, count: blocks.count)
      }
      assert(
        (lines != 1 && !runsOfLines)
          || block.end
            == Swift.min(
              store.count,
              NewlineScanner.newline(rank: lines - 1, from: block.start, in: store.buffer) + 1),
        "a block kept in a run is \(lines) whole lines")
      blocks.append(block, lines: lines == 1 || runsOfLines ? lines : 0)
      if block.start < block.end { hints.note(store.buffer[block.start]) }
      if let label { labelSpans.append(label) }
      lineCounts?.append(Int32(clamping: lines))
      current += 1
    }

    /// Whether rows of one line each that start at `offset` may be added by
    /// `items(lines:endingAt:)`: the last row ends there, and no label is kept.
    @inline(__always)
    public func extendsLines(at offset: Int) -> Bool { extends(lines: 1, at: offset) }

    /// Whether rows of `lines` lines each that start at `offset` may be added by
    /// `items(_:lines:endingAt:)`.
    @inline(__always)
    func extends(lines: Int, at offset: Int) -> Bool {
      countsStretches && blocks.canAppend(lines: lines) && blocks.lastEnd == offset
        && !keepsLabels && (lines == 1 || runsOfLines)
    }

    /// Adds `count` rows, each one line, from where the last row ends to `end`.
    @inline(__always)
    public mutating func items(lines count: Int, endingAt end: Int) {
      items(count, lines: 1, endingAt: end)
    }

    /// Adds `count` rows of `lines` whole lines each, from where the last row ends to
    /// `end` (after `extends(lines:at:)`). Only the first row's first byte is noted in
    /// `hints`: a stretch holds a format's plainest rows, all alike (Markdown's: `- text`
    /// from column 0), never an ordered or indented item after a bullet.
    @inline(__always)
    mutating func items(_ count: Int, lines: Int, endingAt end: Int) {
      let first = blocks.lastEnd
      if first < store.count { hints.note(store.buffer[first]) }
      blocks.appendRows(count, lines: lines, endingAt: end)
      if lineCounts != nil || lines != 1 {
        if lineCounts == nil { lineCounts = LineCounts(repeating: 1, count: blocks.count - count) }
        lineCounts?.append(Int32(lines), count: count)
      }
      current += count
    }

    /// Rows added so far.
    var rowCount: Int { blocks.count }

    /// Starts a titled section at the header line `line`.
    public mutating func header(_ line: Span) { openSection(header: line) }

    /// Adds trivia lines (one or more, consecutive).
    public mutating func trivia(_ span: Span) {
      guard span.count > 0 else { return }
      guard !headers.isEmpty else { return pending.append(span) }
      let s = headers.count - 1
      // Merge with the previous trivia of the same gap when they touch.
      if var last = trivia[s].last, last.gap == current, last.span.end == span.start {
        last.span.end = span.end
        trivia[s][trivia[s].count - 1] = last
      } else {
        trivia[s].append(Trivia(gap: current, span: span))
      }
    }

    private mutating func openSection(header: Span?) {
      if !headers.isEmpty { counts.append(current) }
      current = 0
      headers.append(header)
      trivia.append([])
      // Trivia before the first header belongs to the leading untitled section once
      // that section has a row (§4); before a first header it is simply written first.
      if header == nil, let first = pending.first, let last = pending.last {
        trivia[0] = [Trivia(gap: 0, span: Span(start: first.start, end: last.end))]
        pending = []
      }
    }

    /// The document; `labels` says how rows are labelled (`.spans` and `.fields` use
    /// the spans given to `item`).
    public func build(format: String, labels: Labels) -> BlockList {
      var headers = headers
      var counts = counts + [current]
      var trivia = trivia
      if headers.isEmpty {
        headers = [nil]
        counts = [0]
        trivia = [[]]
      }
      let leading = self.headers.isEmpty ? [] : pending
      if self.headers.isEmpty, let first = pending.first, let last = pending.last {
        trivia[0] = [Trivia(gap: 0, span: Span(start: first.start, end: last.end))]
      }
      let finalLabels: Labels
      switch labels {
      case .spans: finalLabels = .spans(labelSpans)
      case .fields: finalLabels = .fields(labelSpans)
      case .firstLine, .json, .m3u: finalLabels = labels
      }
      let buf = store.buffer
      var fallback: [UInt8] = [10]
      if let nl = buf.lastIndex(of: 10), nl > 0, buf[nl - 1] == 13 { fallback = [13, 10] }
      return BlockList(
        store: store, formatName: format, blocks: blocks, labels: finalLabels, headers: headers,
        sectionRowCounts: counts, trivia: trivia, leadingTrivia: leading,
        lineCounts: lineCounts,
        endsWithNewline: buf.isEmpty || buf[buf.count - 1] == 10, fallbackTerminator: fallback,
        markerHints: hints)
    }
  }
}
