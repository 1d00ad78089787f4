import RowdragSystem

/// Markdown lists (FORMATS.md §3.3): each top-level list item with its nested items,
/// continuation lines and code is one row; ATX headings start sections, and so does
/// other content between two lists (its first line the header); front matter,
/// paragraphs, code, HTML and block quotes outside items and the blank lines between
/// items are trivia.
///
/// A line-based reading of CommonMark's block structure (`Blocks`): enough to know
/// where a top-level list item starts and ends, nothing about inline content.
public enum MarkdownFormat {
  /// `isHeader` picks which ATX headings are headers (nil: every one); it sees the
  /// line without its terminator.
  ///
  /// `quick: false` reads every line through `Blocks` (tests compare the two).
  ///
  /// A file of `splitAbove` bytes or more is read in two halves at once, the second
  /// from a line past the middle that ends whatever item is open (`secondHalfStart`).
  /// How that line reads only the lines before it know (an open fence or HTML block
  /// swallows it, a paragraph keeps `2.` from starting a list), so the second half is
  /// a guess: the first half, once at that line, keeps the second's rows when the line
  /// reads there as it does afresh (`Blocks.readsAfresh`), settling a pending section
  /// header as the line would, and reads on alone otherwise. Either way the result is
  /// the one pass's. A `--header` test is asked on this thread only, so with one the
  /// file is read in one pass.
  public static func read(
    _ store: ByteStore, isHeader: ((UnsafeBufferPointer<UInt8>) -> Bool)?, quick: Bool = true,
    splitAbove: Int = JSONLinesFormat.halvesThreshold
  ) -> BlockList {
    var list = readHalves(store, isHeader: isHeader, quick: quick, splitAbove: splitAbove).list
    list.marking = .markdownTasks
    return list
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
    var probe = LineCursor(buf, from: split)
    guard reader.lines.offset == split, let first = probe.next(),
      reader.blocks.readsAfresh(buf, first.span.start, textEnd(buf, first))
    else {
      reader.run(until: buf.count)
      return (reader.builder.build(format: "markdown", labels: .firstLine), false)
    }
    // What the split line does to the lines before it: it ends the open item, and a
    // pending section header becomes one if the line is an item.
    reader.closeItem()
    let isItem = listMarker(buf, Position(at: first.span.start, column: 0), textEnd(buf, first))
    reader.endCandidate(itemFollows: isItem != nil)
    reader.builder.append(second.builder)
    return (reader.builder.build(format: "markdown", labels: .firstLine), true)
  }

  /// How far past the middle a line that may start a second half is looked for.
  static let splitSearch = 1 << 16

  /// Where a second half may start: the first line past the middle, within
  /// `splitSearch` bytes, that starts a list item or is a heading from column 0. Unless
  /// an open fence or HTML block outside items swallows it, or a paragraph before it
  /// keeps it from starting a list, such a line ends every open block whatever came
  /// before (`Blocks.read`), so a reader starting there decides as one that read the
  /// lines before it. The end when there is none.
  static func secondHalfStart(_ buf: UnsafeBufferPointer<UInt8>) -> Int {
    let middle = JSONLinesFormat.secondHalfStart(buf)
    var lines = LineCursor(buf, from: middle)
    while lines.offset < Swift.min(buf.count, middle + splitSearch), let line = lines.next() {
      if startsAfresh(buf, line) { return line.span.start }
    }
    return buf.count
  }

  /// A list item or an ATX heading from column 0 (not a thematic break).
  static func startsAfresh(_ buf: UnsafeBufferPointer<UInt8>, _ line: LineCursor.Line) -> Bool {
    let start = line.span.start
    let end = textEnd(buf, line)
    guard start < end else { return false }
    if isHeading(buf, start, end) { return true }
    return !isThematicBreak(buf, start, end)
      && listMarker(buf, Position(at: start, column: 0), end) != nil
  }
}
