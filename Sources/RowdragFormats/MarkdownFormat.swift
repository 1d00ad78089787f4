import CByteMasks
import RowdragSystem

/// Markdown lists (FORMATS.md §3.3): each top-level list item with its nested items,
/// continuation lines and code is one row; ATX headings start sections; front matter,
/// paragraphs, code outside items and the blank lines between items are trivia.
///
/// A line-based reading of CommonMark's block structure: enough to know where a list
/// item ends, nothing about inline content.
public enum MarkdownFormat {
  /// `isHeader` picks which ATX headings are headers (nil: every one); it sees the
  /// line without its terminator.
  ///
  /// `quick: false` reads every line through `shape` (tests compare the two).
  ///
  /// A file of `splitAbove` bytes or more is read in two halves at once, the second
  /// from a line past the middle that ends whatever item is open (`secondHalfStart`).
  /// Whether a code fence is open there only the lines before it know, so the second
  /// half is a guess: the first half, once at that line, keeps the second's rows when
  /// no fence (nor front matter) is open, as the line then starts afresh, and reads on
  /// alone otherwise. Either way the result is the one pass's. A `--header` test is
  /// asked on this thread only, so with one the file is read in one pass.
  public static func read(
    _ store: ByteStore, isHeader: ((UnsafeBufferPointer<UInt8>) -> Bool)?, quick: Bool = true,
    splitAbove: Int = JSONLinesFormat.halvesThreshold
  ) -> BlockList {
    readHalves(store, isHeader: isHeader, quick: quick, splitAbove: splitAbove).list
  }

  /// `read`'s list, and whether it joined a second half read at once (tests).
  static func readHalves(
    _ store: ByteStore, isHeader: ((UnsafeBufferPointer<UInt8>) -> Bool)?, quick: Bool,
    splitAbove: Int
  ) -> (list: BlockList, joined: Bool) {
    let buf = store.buffer
    let split = buf.count >= splitAbove && isHeader == nil ? secondHalfStart(buf) : buf.count
    var reader = Reader(store: store, isHeader: isHeader, size: split < buf.count ? buf.count : nil)
    reader.quick = quick
    guard split < buf.count else {
      reader.run(until: buf.count)
      return (reader.builder.build(format: "markdown", labels: .firstLine), false)
    }
    let second = SecondHalfBuilder(store: store, from: split) { half in
      var rest = Reader(from: split, builder: half, isHeader: nil)
      // The reader's copy is then the builder's only one: appends do not copy it.
      half = BlockList.Builder(store: store, size: 0)
      rest.quick = quick
      rest.run(until: buf.count)
      half = rest.builder
    }
    BackgroundThread.overlap({ second.run() }) { reader.run(until: split) }
    let joined = reader.lines.offset == split && reader.fence == nil
    if joined {
      reader.closeItem()
      reader.builder.append(second.builder)
    } else {
      reader.run(until: buf.count)
    }
    return (reader.builder.build(format: "markdown", labels: .firstLine), joined)
  }

  /// How far past the middle a line that may start a second half is looked for.
  static let splitSearch = 1 << 16

  /// Where a second half may start: the first line past the middle, within
  /// `splitSearch` bytes, that starts a list item or is a heading from column 0. Unless
  /// it is inside a code fence or front matter, such a line ends any open item whatever
  /// came before (`Reader.take`), so a reader starting there decides as one that read
  /// the lines before it. The end when there is none.
  static func secondHalfStart(_ buf: UnsafeBufferPointer<UInt8>) -> Int {
    let middle = JSONLinesFormat.secondHalfStart(buf)
    var lines = LineCursor(buf, from: middle)
    while lines.offset < Swift.min(buf.count, middle + splitSearch), let line = lines.next() {
      let shape = shape(buf, line.content)
      if shape.indent == 0 && (shape.itemContent != nil || shape.isHeading) {
        return line.span.start
      }
    }
    return buf.count
  }

  /// What a line is, as far as lists care.
  struct LineShape {
    /// Columns of leading whitespace (a tab to the next multiple of 4).
    var indent: Int
    var isBlank: Bool
    /// The fence character and run length, when the line is a code fence.
    var fence: (char: UInt8, count: Int, onlyFence: Bool)?
    var isHeading: Bool
    var isThematicBreak: Bool
    /// The content column when the line starts a list item.
    var itemContent: Int?
  }

  static func shape(_ buf: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> LineShape {
    var i = line.lowerBound
    var column = 0
    while i < line.upperBound && (buf[i] == 32 || buf[i] == 9) {
      column = buf[i] == 9 ? (column / 4 + 1) * 4 : column + 1
      i += 1
    }
    let isBlank = i == line.upperBound || (buf[i] == 13 && i + 1 == line.upperBound)
    var shape = LineShape(
      indent: column, isBlank: isBlank, fence: nil, isHeading: false, isThematicBreak: false,
      itemContent: nil)
    guard !isBlank && column <= 3 else { return shape }
    let rest = UnsafeBufferPointer(rebasing: buf[i..<line.upperBound])
    // Each test needs its own first byte; most lines are settled by that byte alone.
    switch buf[i] {
    case 96, 126:  // ` ~
      shape.fence = fence(rest)
    case 35:  // #
      shape.isHeading = isHeading(rest)
    case 42, 45, 95:  // * - _
      shape.isThematicBreak = isThematicBreak(rest)
      if !shape.isThematicBreak && buf[i] != 95 {
        shape.itemContent = itemContent(rest, column: column)
      }
    case 43, 48...57:  // + and digits
      shape.itemContent = itemContent(rest, column: column)
    default:
      break
    }
    return shape
  }

  /// Three or more backticks or tildes; for backticks, no backtick after them.
  static func fence(_ s: UnsafeBufferPointer<UInt8>) -> (char: UInt8, count: Int, onlyFence: Bool)?
  {
    guard let c = s.first, c == 96 || c == 126 else { return nil }
    let count = s.prefix { $0 == c }.count
    guard count >= 3 else { return nil }
    let info = s[(s.startIndex + count)...]
    if c == 96 && info.contains(96) { return nil }
    return (c, count, info.allSatisfy { $0 == 32 || $0 == 9 || $0 == 13 })
  }

  /// `#` to `######`, then a space, a tab or the end of the line.
  static func isHeading(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
    let hashes = s.prefix { $0 == 35 }.count
    guard (1...6).contains(hashes) else { return false }
    let next = hashes < s.count ? s[s.startIndex + hashes] : 10
    return next == 32 || next == 9 || next == 13 || next == 10
  }

  /// Three or more of one of `*`, `-`, `_`, with only spaces and tabs between.
  static func isThematicBreak(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let c = s.first, c == 42 || c == 45 || c == 95 else { return false }
    var count = 0
    for b in s {
      if b == c {
        count += 1
      } else if b != 32 && b != 9 && b != 13 {
        return false
      }
    }
    return count >= 3
  }

  /// A bullet or an ordered marker followed by a space, a tab or the end of the line:
  /// the column where the item's content starts (1–4 spaces after the marker; 5 or
  /// more, or none before the end of the line, count as 1).
  static func itemContent(_ s: UnsafeBufferPointer<UInt8>, column: Int) -> Int? {
    var k = s.startIndex
    if let c = s.first, c == 45 || c == 42 || c == 43 {
      k += 1
    } else {
      let digits = s.prefix { $0 >= 48 && $0 <= 57 }.count
      guard (1...9).contains(digits), digits < s.count, s[k + digits] == 46 || s[k + digits] == 41
      else { return nil }
      k += digits + 1
    }
    let markerEnd = column + (k - s.startIndex)
    guard k < s.endIndex, s[k] != 13 else { return markerEnd + 1 }
    guard s[k] == 32 || s[k] == 9 else { return nil }
    var spaces = 0
    var col = markerEnd
    var j = k
    while j < s.endIndex && (s[j] == 32 || s[j] == 9) {
      col = s[j] == 9 ? (col / 4 + 1) * 4 : col + 1
      j += 1
    }
    spaces = col - markerEnd
    let atEnd = j == s.endIndex || s[j] == 13
    return markerEnd + (spaces > 4 || atEnd ? 1 : spaces)
  }

  /// The state of one pass over the lines.
  struct Reader {
    var builder: BlockList.Builder
    let buf: UnsafeBufferPointer<UInt8>
    let isHeader: ((UnsafeBufferPointer<UInt8>) -> Bool)?
    var lines: LineCursor
    /// The open item: its block so far, its line count, its content column.
    var item: (block: Span, lines: Int, content: Int)?
    /// Blank lines after the open item's last line, not yet known to be inside it.
    var blanks: (span: Span, lines: Int)?
    /// The open code fence and whether it belongs to the open item.
    var fence: (char: UInt8, count: Int, inItem: Bool)?
    /// Whether the common list item line is recognised before `shape` (`startsPlainItem`).
    var quick = true

    /// A reader from the file's start; `size` as `BlockList.Builder`'s.
    init(store: ByteStore, isHeader: ((UnsafeBufferPointer<UInt8>) -> Bool)?, size: Int?) {
      self.init(from: 0, builder: BlockList.Builder(store: store, size: size), isHeader: isHeader)
    }

    /// A reader from `start`, a line start, filling `builder`.
    init(
      from start: Int, builder: BlockList.Builder,
      isHeader: ((UnsafeBufferPointer<UInt8>) -> Bool)?
    ) {
      self.builder = builder
      buf = builder.store.buffer
      self.isHeader = isHeader
      lines = LineCursor(buf, from: start)
    }

    /// Reads the lines that start before `end` (from the file's start, the byte-order
    /// mark and front matter first); at the file's end, closes the open item.
    mutating func run(until end: Int) {
      if lines.offset == 0 {
        if let mark = lines.byteOrderMark() { builder.trivia(mark) }
        frontMatter()
      }
      while lines.offset < end, let line = lines.next() {
        take(line)
        if quick && item?.lines == 1 && item?.block.start == line.span.start && fence == nil
          && line.span.start > 0 && line.span.end < end && startsPlainItem(line)
        {
          takePlainItems(after: line, until: end)
        }
      }
      if end == buf.count { closeItem() }
    }

    /// After `line`, a plain item (`startsPlainItem`) now open: the plain items that
    /// follow it line after line up to `end`, found sixty-four bytes at a time
    /// (`NewlineScanner.plainLines`). Each closes the one before, so all but the last
    /// are rows of one line; the last stays open, as `take` leaves it.
    mutating func takePlainItems(after line: LineCursor.Line, until end: Int) {
      guard builder.countsStretches else { return }
      let run = NewlineScanner.plainLines(
        from: line.span.start, until: end, in: buf, MarkdownItemRule.self)
      // `run.count` lines from `line` on, each a plain item.
      guard run.count > 1 else { return }
      let last = NewlineScanner.lineStart(before: run.end, in: buf)
      if builder.extendsLines(at: line.span.start) {
        builder.items(lines: run.count - 1, endingAt: last)
      } else {
        builder.item(line.span, lines: 1)
        var s = line.span.end
        if s < last && builder.extendsLines(at: s) {
          builder.items(lines: run.count - 2, endingAt: last)
        } else {
          // Rows kept span by span: one at a time.
          while s < last {
            let e = NewlineScanner.next(from: s, in: buf) + 1
            builder.item(Span(start: s, end: e), lines: 1)
            s = e
          }
        }
      }
      item = (Span(start: last, end: run.end), 1, 2)
      lines.skip(to: run.end, lines: run.count - 1)
    }

    /// Line 1 exactly `---` opens front matter closed by `---` or `...`.
    mutating func frontMatter() {
      var probe = lines
      guard let first = probe.next(), buf[first.content].elementsEqual("---".utf8) else { return }
      var end = first.span
      while let line = probe.next() {
        let text = buf[line.content]
        if text.elementsEqual("---".utf8) || text.elementsEqual("...".utf8) {
          end.end = line.span.end
          builder.trivia(end)
          lines = probe
          return
        }
      }
      builder.trivia(first.span)
      _ = lines.next()
    }

    mutating func take(_ line: LineCursor.Line) {
      if quick && fence == nil && startsPlainItem(line) {
        // What the lines below decide for it: any open item ends (the line is outdented
        // from its content and starts an item), and the line opens one at column 2.
        closeItem()
        item = (line.span, 1, 2)
        return
      }
      let shape = MarkdownFormat.shape(buf, line.content)
      if let open = fence {
        guard open.inItem else {
          if let f = shape.fence, f.char == open.char, f.count >= open.count, f.onlyFence {
            fence = nil
          }
          return builder.trivia(line.span)
        }
        if shape.isBlank { return addBlank(line) }
        if let f = shape.fence, f.char == open.char, f.count >= open.count, f.onlyFence {
          fence = nil
        }
        return extendItem(line)
      }
      if let open = item {
        if shape.isBlank { return addBlank(line) }
        let outdented = shape.indent < open.content
        let ends =
          outdented
          && (blanks != nil || shape.itemContent != nil || shape.isHeading
            || shape.fence != nil || shape.isThematicBreak)
        if !ends {
          if let f = shape.fence { fence = (f.char, f.count, true) }
          return extendItem(line)
        }
        closeItem()
      }
      if shape.isBlank { return builder.trivia(line.span) }
      if let f = shape.fence {
        fence = (f.char, f.count, false)
        return builder.trivia(line.span)
      }
      if shape.isHeading {
        let content = UnsafeBufferPointer(rebasing: buf[line.content])
        return isHeader?(content) ?? true ? builder.header(line.span) : builder.trivia(line.span)
      }
      if let content = shape.itemContent {
        item = (line.span, 1, content)
        return
      }
      builder.trivia(line.span)
    }

    /// Whether the line is the commonest of list items, `- text`, `* text` or `+ text`
    /// from column 0: a marker, one space and a byte that is no blank and not the
    /// marker again. `shape` says of such a line: indent 0, not blank, no fence,
    /// heading or thematic break (the third byte is neither the marker nor a blank),
    /// item content at column 2. Most lines of a list are settled by these three bytes.
    @inline(__always)
    func startsPlainItem(_ line: LineCursor.Line) -> Bool {
      let s = line.span.start
      guard line.contentEnd - s >= 3 else { return false }
      let marker = buf[s]
      let third = buf[s + 2]
      return (marker == 45 || marker == 42 || marker == 43) && buf[s + 1] == 32
        && third != marker && third != 32 && third != 9 && third != 13
    }

    /// Holds a blank line until a line of the open item shows it is inside the item.
    mutating func addBlank(_ line: LineCursor.Line) {
      let count = (blanks?.lines ?? 0) + 1
      blanks = (Span(start: blanks?.span.start ?? line.span.start, end: line.span.end), count)
    }

    /// Adds `line` (and the blank lines before it) to the open item.
    mutating func extendItem(_ line: LineCursor.Line) {
      guard var open = item else { return }
      open.block.end = line.span.end
      open.lines += 1 + (blanks?.lines ?? 0)
      blanks = nil
      item = open
    }

    /// Ends the open item; its trailing blank lines are trivia.
    mutating func closeItem() {
      guard let open = item else { return }
      builder.item(open.block, lines: open.lines)
      if let blanks { builder.trivia(blanks.span) }
      item = nil
      blanks = nil
      if fence?.inItem == true { fence = nil }
    }
  }
}

/// Lines that start `- text`, `* text` or `+ text` from column 0, a little more
/// narrowly than `startsPlainItem` (the third byte above a space and none of `*+,-`):
/// what it refuses, the line-by-line reading decides.
enum MarkdownItemRule: LineRule {
  static var lookahead: Int { 2 }
  static var avx2: Int32? { Int32(ROWDRAG_RULE_MARKDOWN_ITEM) }

  @inline(__always)
  static func refuses(
    _ bytes: SIMD16<UInt8>, _ starts: SIMDMask<SIMD16<Int8>>, _ base: UnsafeRawPointer, _ at: Int
  ) -> UInt64 {
    typealias Bytes = SIMD16<UInt8>
    typealias Mask = SIMDMask<SIMD16<Int8>>
    // One comparison a statement, each of concrete types: in one long expression the
    // type checker picks the generic, lane-by-lane operators.
    let second = base.loadUnaligned(fromByteOffset: at + 1, as: Bytes.self)
    let third = base.loadUnaligned(fromByteOffset: at + 2, as: Bytes.self)
    let dash: Mask = bytes .== Bytes(repeating: 45)
    let star: Mask = bytes .== Bytes(repeating: 42)
    let plus: Mask = bytes .== Bytes(repeating: 43)
    let space: Mask = second .== Bytes(repeating: 32)
    let above: Mask = third .> Bytes(repeating: 32)
    let below: Mask = third .< Bytes(repeating: 42)
    let after: Mask = third .> Bytes(repeating: 45)
    let marker: Mask = dash .| star .| plus
    let thirdOK: Mask = above .& (below .| after)
    let plain: Mask = starts .& marker .& space .& thirdOK
    // Starts that are not plain items: the bits of `starts` that `plain` lacks.
    let s = unsafeBitCast(starts, to: SIMD2<UInt64>.self)
    let k = unsafeBitCast(plain, to: SIMD2<UInt64>.self)
    return (s[0] ^ k[0]) | (s[1] ^ k[1])
  }
}
