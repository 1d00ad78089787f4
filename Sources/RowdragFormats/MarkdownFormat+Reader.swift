import CByteMasks

extension MarkdownFormat {
  /// The state of one pass over the lines: CommonMark's open blocks (`Blocks`) decide
  /// what each line is; this sorts the lines into items, headers and trivia, and starts
  /// a section where a list resumes after other content (FORMATS.md §3.3, "Lists stay
  /// apart").
  struct Reader {
    var builder: BlockList.Builder
    let buf: UnsafeBufferPointer<UInt8>
    let isHeader: ((UnsafeBufferPointer<UInt8>) -> Bool)?
    var lines: LineCursor
    var blocks = Blocks()
    /// The open top-level item: its block so far and its line count.
    var item: (block: Span, lines: Int)?
    /// Blank lines after the open item's last line, not yet known to be inside it.
    var blanks: (span: Span, lines: Int)?
    /// The first line after an item of the current section that is no item's, no
    /// header and not blank, with the trivia after it so far (to `end`): it heads a new
    /// section if an item follows before a header or the end.
    var candidate: (header: Span, end: Int)?
    /// Whether the current section has an item, so that other content after it may
    /// head a new section.
    var sectionHasItem = false
    /// Whether the common list item line is recognised before `Blocks` (`startsPlainItem`),
    /// and `Blocks` recognises its commonest lines first.
    var quick = true {
      didSet { blocks.quick = quick }
    }

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
    /// mark and front matter first); at the file's end, closes the open item and leaves
    /// a pending section header as trivia.
    mutating func run(until end: Int) {
      if lines.offset == 0 {
        if let mark = lines.byteOrderMark() { builder.trivia(mark) }
        frontMatter()
      }
      while lines.offset < end, let line = lines.next() {
        take(line)
        if quick && item?.lines == 1 && item?.block.start == line.span.start
          && line.span.start > 0 && line.span.end < end
        {
          if startsPlainItem(line) {
            takePlainItems(after: line, until: end, MarkdownItemRule.self)
          } else if orderedContent(line) != nil {
            takePlainItems(after: line, until: end, MarkdownOrderedItemRule.self)
          }
        }
      }
      if end == buf.count {
        closeItem()
        endCandidate(itemFollows: false)
      }
    }

    /// After `line`, a top-level item just opened that `Rule` accepts: the items
    /// `Rule` accepts that follow it line after line up to `end`, found sixty-four bytes
    /// at a time (`NewlineScanner.plainLines`). Each ends the one before whatever that
    /// one holds (after an item, a `- text` or `N. text` line from column 0 ends every
    /// open block: no fence or HTML block outside items is open, and no paragraph outside
    /// one that a number but 1 may not interrupt), so all but the last are rows of one
    /// line; the last stays open, as `take` leaves it.
    mutating func takePlainItems<Rule: LineRule>(
      after line: LineCursor.Line, until end: Int, _ rule: Rule.Type
    ) {
      guard builder.countsStretches else { return }
      let run = NewlineScanner.plainLines(from: line.span.start, until: end, in: buf, rule)
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
      item = (Span(start: last, end: run.end), 1)
      // Both rules accept a marker, one space and a byte above a space: the content
      // starts at that byte.
      var content = 2
      while buf[last + content - 1] != 32 { content += 1 }
      if Self.opensOnlyText(buf[last + content]) {
        blocks.openPlainItem(content: content)
      } else {
        // What the last line opens inside its item: read it after a line that ended
        // every block, as the line itself does.
        blocks.reset()
        var probe = LineCursor(buf, from: last)
        if let lastLine = probe.next() {
          _ = blocks.read(buf, lastLine.span.start, textEnd(buf, lastLine))
        }
      }
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
      if quick && !blocks.swallowsItems && startsPlainItem(line)
        && Self.opensOnlyText(buf[line.span.start + 2])
      {
        // What `Blocks` decides for it: every open block ends (the line is outdented
        // from any item's content and a list item interrupts anything else), and the
        // line opens an item at column 2 holding a paragraph.
        closeItem()
        blocks.openPlainItem(content: 2)
        return startItem(line)
      }
      switch blocks.read(buf, line.span.start, textEnd(buf, line)) {
      case .itemStart:
        closeItem()
        startItem(line)
      case .inItem: extendItem(line)
      case .blankInItem: addBlank(line)
      case .blank:
        closeItem()
        trivia(line.span)
      case .heading:
        closeItem()
        let content = UnsafeBufferPointer(rebasing: buf[line.content])
        if isHeader?(content) ?? true {
          endCandidate(itemFollows: false)
          builder.header(line.span)
          sectionHasItem = false
        } else {
          other(line)
        }
      case .other:
        closeItem()
        other(line)
      }
    }

    /// Whether the line is the commonest of list items, `- text`, `* text` or `+ text`
    /// from column 0: a marker, one space and a byte that is no blank and not the
    /// marker again. Unless an open fence or HTML block swallows it, such a line ends
    /// every open block and starts a top-level item with content at column 2. Most
    /// lines of a list are settled by these three bytes.
    @inline(__always)
    func startsPlainItem(_ line: LineCursor.Line) -> Bool {
      let s = line.span.start
      guard line.contentEnd - s >= 3 else { return false }
      let marker = buf[s]
      let third = buf[s + 2]
      return (marker == 45 || marker == 42 || marker == 43) && buf[s + 1] == 32
        && third != marker && third != 32 && third != 9 && third != 13
    }

    /// Where the content of an ordered item line `N. text` or `N) text` from column 0
    /// starts, as `startsPlainItem` for `- text`: one to nine digits, the delimiter, one
    /// space and a byte that is no blank. Unlike `- text`, such a line may not
    /// interrupt a paragraph outside items unless N is 1, so only a line after an item
    /// is read by it (`takePlainItems`).
    @inline(__always)
    func orderedContent(_ line: LineCursor.Line) -> Int? {
      let s = line.span.start
      var i = s
      while i < line.contentEnd && i - s < 10 && (48...57).contains(buf[i]) { i += 1 }
      guard i > s && i - s <= 9 && line.contentEnd - i >= 3 else { return nil }
      let third = buf[i + 2]
      guard buf[i] == 46 || buf[i] == 41, buf[i + 1] == 32, third > 32 else { return nil }
      return i + 2 - s
    }

    /// Whether an item's text that starts with `b` is a paragraph's: no block quote,
    /// heading, fence, HTML block, thematic break or nested list item starts with it.
    @inline(__always)
    static func opensOnlyText(_ b: UInt8) -> Bool {
      switch b {
      case 35, 42, 43, 45, 48...57, 60, 62, 95, 96, 126: return false
      default: return true
      }
    }

    /// Opens a top-level item at `line`; a pending candidate becomes its section's header.
    mutating func startItem(_ line: LineCursor.Line) {
      endCandidate(itemFollows: true)
      item = (line.span, 1)
      sectionHasItem = true
    }

    /// A line outside items that is no header: it heads a new section if it is the
    /// first after an item of this section and an item follows; otherwise trivia.
    mutating func other(_ line: LineCursor.Line) {
      if candidate == nil && sectionHasItem {
        candidate = (line.span, line.span.end)
      } else {
        trivia(line.span)
      }
    }

    /// Trivia outside items: after a pending candidate, or in the current gap.
    mutating func trivia(_ span: Span) {
      if candidate != nil {
        candidate?.end = span.end
      } else {
        builder.trivia(span)
      }
    }

    /// Settles a pending candidate: the header of a new section whose gap 0 holds the
    /// lines after it when an item follows; otherwise trivia of the current section.
    mutating func endCandidate(itemFollows: Bool) {
      guard let pending = candidate else { return }
      candidate = nil
      if itemFollows {
        builder.header(pending.header)
        builder.trivia(Span(start: pending.header.end, end: pending.end))
      } else {
        builder.trivia(Span(start: pending.header.start, end: pending.end))
      }
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

/// Lines that start `N. text` or `N) text` from column 0 (`Reader.orderedContent`): one
/// to nine digits, the delimiter, one space and a byte above a space. A marker may end
/// eleven bytes past its line's start, so the rule looks sixteen bytes past a step.
/// This is the plain loop that tests compare the C kernel with (`plain.c`, which tests a
/// whole step with 80-bit masks); processors without AVX2 read such lists line by line
/// at about this loop's pace.
enum MarkdownOrderedItemRule: LineRule {
  static var lookahead: Int { 16 }
  static var avx2: Int32? { Int32(ROWDRAG_RULE_MARKDOWN_ORDERED) }

  @inline(__always)
  static func refuses(
    _ bytes: SIMD16<UInt8>, _ starts: SIMDMask<SIMD16<Int8>>, _ base: UnsafeRawPointer, _ at: Int
  ) -> UInt64 {
    for lane in 0..<16 where starts[lane] && !accepts(base, at + lane) { return 1 }
    return 0
  }

  /// Whether the line at `start` starts with a marker this rule accepts.
  @inline(__always)
  static func accepts(_ base: UnsafeRawPointer, _ start: Int) -> Bool {
    func byte(_ i: Int) -> UInt8 { base.load(fromByteOffset: i, as: UInt8.self) }
    var i = start
    while i - start < 10 && (48...57).contains(byte(i)) { i += 1 }
    guard i > start && i - start <= 9 else { return false }
    return (byte(i) == 46 || byte(i) == 41) && byte(i + 1) == 32 && byte(i + 2) > 32
  }
}
