import CByteMasks
import RowdragSystem

/// CSV and TSV (FORMATS.md §3.4): RFC 4180 records, a row each, however many lines a
/// quoted field makes them span; the header record and blank lines are trivia. Nothing
/// is re-quoted: a record is written as its bytes.
public enum DelimitedFormat {
  /// How to read a file.
  public struct Parameters: Sendable, Equatable {
    /// `csv` or `tsv`.
    public var name: String
    /// The delimiter given; nil to detect it (`detectedDelimiter`).
    public var delimiter: UInt8?
    /// Whether the first record is a header (trivia that stays first).
    public var header: Bool
    /// The label field: a 1-based number or a header field's name; nil for the line.
    public var label: String?
    /// Whether a first line `sep=C` is Excel's (trivia naming the delimiter): csv's,
    /// not tsv's.
    public var readsExcelLine: Bool

    public init(
      name: String, delimiter: UInt8?, header: Bool = true, label: String? = nil,
      readsExcelLine: Bool? = nil
    ) {
      self.name = name
      self.delimiter = delimiter
      self.header = header
      self.label = label
      self.readsExcelLine = readsExcelLine ?? (name == "csv")
    }
  }

  /// A file of `splitAbove` bytes or more, without `label=`, is read in two halves at
  /// once: the second half is read as if a record started at the line start nearest
  /// its middle; when the first half's last record ends exactly there (no quoted
  /// field crosses the split) and has passed the header record, that guess was
  /// right and the halves join (`BlockList.Builder.append`), with the first half's
  /// error, if any, coming first, as in one pass. Otherwise the second half's work is
  /// dropped and the first goes on alone.
  public static func read(
    _ store: ByteStore, _ parameters: Parameters,
    splitAbove: Int = JSONLinesFormat.halvesThreshold
  ) throws(JSONSyntaxError) -> BlockList {
    let buf = store.buffer
    // The byte-order mark, Excel's line and the delimiter first, so that both halves
    // read with the one delimiter.
    let preamble = preamble(buf, parameters)
    var parameters = parameters
    parameters.delimiter =
      parameters.delimiter ?? preamble.excelDelimiter
      ?? detectedDelimiter(buf, from: preamble.end)
    var split =
      parameters.label == nil && buf.count >= splitAbove
      ? JSONLinesFormat.secondHalfStart(buf) : buf.count
    if split <= preamble.end { split = buf.count }
    var reader = Reader(
      store: store, parameters: parameters, preamble: preamble, inHalves: split < buf.count)
    if split < buf.count {
      let second = SecondHalf(store: store, parameters: parameters, from: split)
      var firstError: JSONSyntaxError?
      BackgroundThread.overlap({ second.run() }) {
        do throws(JSONSyntaxError) {
          try reader.run(until: split)
        } catch {
          firstError = error
        }
      }
      if let firstError { throw firstError }
      if reader.offset == split && !reader.needsHeader, let joined = second.reader {
        if let error = second.error { throw error }
        reader.builder.append(joined.builder)
        reader.offset = buf.count
      }
    }
    try reader.run(until: buf.count)
    if let name = parameters.label, reader.labelField == nil {
      throw JSONSyntaxError(
        line: 1, column: 1,
        message: "label=\(name) names a header field, but "
          + (parameters.header ? "the file has no header record" : "header=no")
          + "; give label=N (a field number)")
    }
    var list = reader.builder.build(
      format: parameters.name, labels: parameters.label == nil ? .firstLine : .fields([]))
    list.delimiter = reader.delimiter
    return list
  }

  /// One pass over records, from `offset` on.
  struct Reader {
    let buf: UnsafeBufferPointer<UInt8>
    let parameters: Parameters
    /// The delimiter given or detected.
    let delimiter: UInt8
    var builder: BlockList.Builder
    var labelField: Int?
    var needsHeader: Bool
    var offset = 0
    var line = 1
    /// The quick walk assumes a delimiter that is no quote, CR or LF.
    let quick: Bool

    /// A reader from the file's start, its `preamble` kept as trivia (`inHalves` when
    /// a second half is read at once, so that no page is mapped in bulk); or, for a
    /// second half, from `start`, past the header record and sized to the half.
    /// `parameters` name the delimiter.
    init(
      store: ByteStore, parameters: Parameters, preamble: Preamble = Preamble(),
      from start: Int? = nil, inHalves: Bool = false
    ) {
      buf = store.buffer
      self.parameters = parameters
      delimiter = parameters.delimiter ?? 44
      builder = BlockList.Builder(
        store: store, labels: parameters.label != nil,
        size: start.map { store.count - $0 } ?? (inHalves ? store.count : nil))
      labelField = parameters.label.flatMap { Int($0) }.map { $0 - 1 }
      needsHeader = start == nil && parameters.header
      offset = start ?? preamble.end
      line = start == nil ? 1 + preamble.lines : 1
      if start == nil && preamble.end > 0 { builder.trivia(Span(start: 0, end: preamble.end)) }
      quick = ![10, 13, 34].contains(delimiter)
    }

    /// Reads the records that start before `end`.
    mutating func run(until end: Int) throws(JSONSyntaxError) {
      let limit = Swift.min(end, buf.count)
      var quiet = 0
      while offset < end {
        // A stretch of lines after a row, each a record: counted rather than read
        // (blank lines, lines that start with a control byte and anything unusual about
        // quotes are read below).
        // After a stretch of under 8 lines, the next 32 records are read one by one.
        if quiet > 0 {
          quiet -= 1
        } else if quick && !needsHeader && labelField == nil && offset > 0 && buf[offset] > 13
          && buf[offset] != 34 && builder.extendsLines(at: offset)
        {
          var run = NewlineScanner.plainLines(
            from: offset, until: limit, in: buf, DelimitedLineRule.self)
          if run.count < 8 {
            run = DelimitedFormat.quotedLines(
              from: offset, until: limit, in: buf, delimiter: delimiter)
          }
          if run.count < 8 { quiet = 32 }
          if run.count > 0 {
            builder.items(lines: run.count, endingAt: run.end)
            offset = run.end
            line += run.count
            continue
          }
        }
        // Most records: no field kept, nothing unusual; `quickRecord` knows their end
        // without building a record, and leaves everything else to `scan`.
        if quick && !needsHeader && labelField == nil && buf[offset] != 10 && buf[offset] != 13,
          let quick = quickRecord(buf, from: offset, delimiter: delimiter)
        {
          builder.item(Span(start: offset, end: quick.end), lines: quick.lines)
          offset = quick.end
          line += quick.lines
          continue
        }
        try record()
      }
    }

    /// Reads one record with `scan`.
    private mutating func record() throws(JSONSyntaxError) {
      // Every field of the header record (to find label=NAME), else only the label's.
      let record = try scan(
        buf, from: offset, line: line, delimiter: delimiter,
        keeping: needsHeader ? .all : labelField.map { .one($0) } ?? .none)
      let span = Span(start: offset, end: record.end)
      defer {
        offset = record.end
        line += record.lines
      }
      if record.isBlank {
        builder.trivia(span)
      } else if needsHeader {
        needsHeader = false
        builder.trivia(span)
        if let name = parameters.label, labelField == nil {
          // A spreadsheet's byte-order mark is trivia before the record, no part of
          // its first name; a name given as bytes (`RawText`) is compared as such.
          let bytes = RawText.bytes(name)
          labelField = record.fields.firstIndex {
            DelimitedText.unquoted(buf, $0).elementsEqual(bytes)
          }
          if labelField == nil {
            throw JSONSyntaxError(
              line: line, column: 1,
              message: "the header record has no field named \"\(name)\"; "
                + "give label=N (a field number) or one of the header's names: "
                + record.fields.map {
                  String(decoding: DelimitedText.unquoted(buf, $0), as: UTF8.self)
                }.joined(separator: ", "))
          }
        }
      } else {
        let label: Span? =
          labelField == nil ? nil : record.label ?? Span(start: span.start, end: span.start)
        builder.item(span, lines: record.lines, label: label)
      }
    }
  }

  /// The second half's reader and error, handed to another thread and read by the
  /// first only after `BackgroundThread.overlap` has joined it. The reader is made on
  /// that thread: a copy handed in would lose its builder's reserved room.
  private final class SecondHalf: @unchecked Sendable {
    let store: ByteStore
    let parameters: Parameters
    let start: Int
    var reader: Reader?
    var error: JSONSyntaxError?

    init(store: ByteStore, parameters: Parameters, from start: Int) {
      self.store = store
      self.parameters = parameters
      self.start = start
    }

    func run() {
      var local = Reader(store: store, parameters: parameters, from: start)
      do throws(JSONSyntaxError) {
        try local.run(until: store.count)
      } catch {
        self.error = error
      }
      reader = local
    }
  }

  /// The lines from `start` on that end before `limit` and are records of one line
  /// each, quoted fields and all, as `quickRecord` would read them: how many, and where
  /// the last of them ends (`start` when none). `start` must be a line start after the
  /// first, and its first byte above CR.
  ///
  /// Sixty-four bytes a step: the quotes, line feeds and field edges (a delimiter or a
  /// line feed) of a step as bit masks, and which bytes are inside quotes as the running
  /// parity of the quotes before them (a prefix XOR). A step is counted when no line
  /// feed is inside quotes, every opening quote starts a field (the byte before it is
  /// an edge), every closing quote ends one (the byte after it is an edge; so no `""`
  /// and no CR after a quote), and no line starts with a byte up to CR. Such lines are
  /// read by `quickRecord` as one record each, and anything else ends the stretch, for
  /// `quickRecord` or `scan` to read and judge as before.
  ///
  /// Where the processor has AVX2 (`rowdrag_avx2_dispatched`), the steps are C's
  /// (`rowdrag_quoted_lines_avx2`, CByteMasks' `quoted.c`), the same decisions with
  /// fewer instructions, unless `baseline` asks for this loop (tests compare the two).
  static func quotedLines(
    from start: Int, until limit: Int, in buf: UnsafeBufferPointer<UInt8>, delimiter: UInt8,
    baseline: Bool = false
  ) -> (count: Int, end: Int) {
    guard let base = buf.baseAddress, start >= 1, limit <= buf.count else { return (0, start) }
    if !baseline && rowdrag_avx2_dispatched() != 0 {
      var state = rowdrag_quoted_state(
        inside: 0, edge_before: 1, last_newline: 1 << 63, newlines: 0)
      let c = Int(
        rowdrag_quoted_lines_avx2(base, Int64(start), Int64(limit), delimiter, &state))
      guard state.newlines > 0 else { return (0, start) }
      return (Int(state.newlines), NewlineScanner.lineStart(before: c + 1, in: buf))
    }
    let p = UnsafeRawPointer(base)
    var c = start
    var tally = NewlineTally()
    var inside: UInt64 = 0  // all ones when the step starts inside quotes
    var edgeBefore: UInt64 = 1  // the byte before the step is an edge (a line feed)
    var lastNewline: UInt64 = 1 << 63  // last step's line feeds; `start` follows one
    while c + 65 <= limit {
      // Quotes, line feeds and edges of the step, and the line starts with a byte up
      // to CR.
      let b = base + c
      let q = rowdrag_mask_eq(b, 34)
      let n = rowdrag_mask_eq(b, 10)
      let e = n | rowdrag_mask_eq(b, delimiter)
      let lowStarts = (n << 1 | lastNewline >> 63) & rowdrag_mask_below(b, 14)
      let next = p.load(fromByteOffset: c + 64, as: UInt8.self)
      let edgeAfter: UInt64 = next == delimiter || next == 10 ? 1 : 0
      let x = rowdrag_prefix_xor(q) ^ inside
      let opening = q & x
      let closing = q & ~x
      let before = e << 1 | edgeBefore
      let after = e >> 1 | edgeAfter << 63
      let bad = (n & x) | (opening & ~before) | (closing & ~after) | lowStarts
      guard bad == 0 else { break }
      tally.add64(p, at: c)
      inside = 0 &- (x >> 63)
      edgeBefore = e >> 63
      lastNewline = n
      c += 64
    }
    let total = tally.count
    guard total > 0 else { return (0, start) }
    return (total, NewlineScanner.lineStart(before: c + 1, in: buf))
  }

  /// Which fields a scan keeps: most records need none, so no array is made for them.
  enum Keep {
    case none
    case one(Int)
    case all
  }

  /// One record: where it ends (after its terminator), the fields kept, its lines.
  struct Record {
    var end: Int
    /// Every field, kept for `.all`.
    var fields: [Span]
    /// The field kept for `.one`.
    var label: Span? = nil
    var lines: Int
    var isBlank: Bool
    /// How many fields it has (0 for a blank line).
    var fieldCount = 0
  }

  /// Where the record starting at `start` ends and how many lines it spans, exactly as
  /// `scan` would say, for a record that keeps no field; nil when `scan` must judge it
  /// (a lone CR after a closing quote, or an error to report). It walks the same
  /// grammar without a `Record`, a field count or a field array, and skips plain field
  /// text eight bytes at a time: outside quotes only a line feed ends a record, and a
  /// quote matters only where a field starts (elsewhere it is field text, as in `scan`).
  @inline(__always)
  static func quickRecord(_ buf: UnsafeBufferPointer<UInt8>, from start: Int, delimiter: UInt8)
    -> (end: Int, lines: Int)?
  {
    let n = buf.count
    var i = start
    var lines = 1
    while true {
      // In unquoted text: the next line feed ends the record, unless a quote that
      // opens a field comes first.
      let j = ByteSearch.firstOf(10, 34, from: i, in: buf)
      guard j < n else { return (n, lines) }
      if buf[j] == 10 { return (j + 1, lines) }
      guard j == start || buf[j - 1] == delimiter else {
        i = j + 1  // a quote inside an unquoted field
        continue
      }
      // A quoted field: up to a quote not followed by a quote.
      i = j + 1
      while true {
        let q = ByteSearch.quote(from: i, in: buf, lines: &lines)
        guard q < n else { return nil }
        if q + 1 < n && buf[q + 1] == 34 {
          i = q + 2
          continue
        }
        i = q + 1
        break
      }
      guard i < n else { return (n, lines) }
      let b = buf[i]
      if b == delimiter {
        i += 1
        continue
      }
      if b == 10 { return (i + 1, lines) }
      if b == 13 && i + 1 < n && buf[i + 1] == 10 { return (i + 2, lines) }
      return nil
    }
  }

  /// Reads the record starting at `start` (on line `line`), keeping the spans of the
  /// fields `keeping` says.
  static func scan(
    _ buf: UnsafeBufferPointer<UInt8>, from start: Int, line: Int, delimiter: UInt8,
    keeping: Keep
  ) throws(JSONSyntaxError) -> Record {
    var i = start
    // A blank line: empty, or only CR.
    if buf[i] == 10 || (buf[i] == 13 && (i + 1 == buf.count || buf[i + 1] == 10)) {
      let end = buf[i] == 10 ? i + 1 : Swift.min(i + 2, buf.count)
      return Record(end: end, fields: [], lines: 1, isBlank: true)
    }
    var fields: [Span] = []
    var lines = 1
    var fieldStart = i
    var fieldEnd = i
    var index = 0
    var label: Span?
    while true {
      if i < buf.count && buf[i] == 34 {
        // A quoted field: up to a quote not followed by a quote.
        let open = i
        i += 1
        while true {
          i = ByteSearch.quote(from: i, in: buf, lines: &lines)
          guard i < buf.count else {
            throw JSONSyntaxError(
              "the quoted field opened here is still open at the end of the file; "
                + "close it with \" (a quote inside a field is written \"\")", at: open, in: buf)
          }
          if i + 1 < buf.count && buf[i + 1] == 34 {
            i += 2
            continue
          }
          i += 1
          break
        }
        guard i == buf.count || buf[i] == delimiter || buf[i] == 13 || buf[i] == 10 else {
          throw JSONSyntaxError(
            "a quoted field must end at the delimiter or the end of the line, not at "
              + "\(DelimitedText.describe(buf[i])); write a quote inside a field as \"\"",
            at: i, in: buf)
        }
        fieldEnd = i
        if i < buf.count && buf[i] == 13 {
          if i + 1 < buf.count && buf[i + 1] == 10 {
            i += 1  // CR LF ends the record
          } else {
            // A lone CR after a closing quote: the rest of the line is the field's.
            while i < buf.count && buf[i] != delimiter && buf[i] != 10 { i += 1 }
            fieldEnd = i
          }
        }
      } else {
        i = ByteSearch.firstOf(delimiter, 10, from: i, in: buf)
        fieldEnd = i < buf.count && buf[i] == 10 && i > fieldStart && buf[i - 1] == 13 ? i - 1 : i
      }
      switch keeping {
      case .all: fields.append(Span(start: fieldStart, end: fieldEnd))
      case .one(let k) where k == index: label = Span(start: fieldStart, end: fieldEnd)
      default: break
      }
      index += 1
      guard i < buf.count, buf[i] == delimiter else { break }
      i += 1
      fieldStart = i
    }
    let end = i < buf.count ? i + 1 : i
    return Record(
      end: end, fields: fields, label: label, lines: lines, isBlank: false, fieldCount: index)
  }
}

/// Reading CSV field text.
enum DelimitedText {
  /// The field's value: a quoted field without its quotes and with `""` as `"`.
  static func unquoted(_ buf: UnsafeBufferPointer<UInt8>, _ span: Span) -> [UInt8] {
    guard span.count >= 1, buf[span.start] == 34 else { return Array(buf[span.start..<span.end]) }
    var out: [UInt8] = []
    var i = span.start + 1
    while i < span.end {
      if buf[i] == 34 {
        if i + 1 < span.end && buf[i + 1] == 34 {
          out.append(34)
          i += 2
          continue
        }
        break
      }
      out.append(buf[i])
      i += 1
    }
    return out
  }

  /// A byte as a message says it.
  static func describe(_ b: UInt8) -> String {
    switch b {
    case 32: "a space"
    case 9: "a tab"
    case 0x21...0x7E: "'\(Character(Unicode.Scalar(b)))'"
    default: "the byte 0x" + String(b, radix: 16, uppercase: true)
    }
  }
}
