/// Finds the blocks of a list's rows visited mostly in identity order, as marks are
/// read and written (FORMATS.md §5.1): for rows of one line kept as runs (`SpanTable`),
/// the row after the one found last starts where it ends, so its block is one newline
/// search away, where a lookup would walk its run's lines from an end. A table of
/// explicit spans (or one made already) is simply looked up, as is every row of a list
/// whose rows may have several lines.
struct LineRowWalk {
  private let table: SpanTable
  /// The explicit spans, when they are looked up (`table` itself otherwise): kept
  /// beside a flag, not as an optional, whose unwrapping a row would copy the table.
  private var explicit: SpanTable
  private var isExplicit: Bool
  private let buffer: UnsafeBufferPointer<UInt8>
  /// Whether every row is one line.
  private let oneLine: Bool
  /// The row found last and its block.
  private var last = -1
  private var lastSpan = Span(start: 0, end: 0)
  /// The last row of the stretch of rows that follow each other from `last` on.
  private var stretchEnd = -1

  /// A walk over `list`'s rows.
  init(_ list: BlockList) {
    buffer = list.store.buffer
    oneLine = list.lineCounts == nil
    table = oneLine ? list.blocks : list.blocks.forVisits()
    let made = table.explicitSpans
    explicit = made ?? table
    isExplicit = made != nil
  }

  /// Row `id`'s block, terminators included.
  @inline(__always)
  mutating func block(ofRow id: Int) -> Span {
    if isExplicit { return explicit[id] }
    var span: Span
    if id > last && id <= stretchEnd && id - last <= 64 {
      // Lines after the last one found, in the same stretch: found by searching on.
      let start =
        id == last + 1
        ? lastSpan.end
        : NewlineScanner.newline(rank: id - last - 2, from: lastSpan.end, in: buffer) + 1
      span = Span(
        start: start, end: Swift.min(buffer.count, NewlineScanner.next(from: start, in: buffer) + 1)
      )
    } else {
      span = table[id]
      // A lookup may have made the explicit table (`SpanTable.runSpan`): used from now on.
      if let made = table.explicitSpans {
        explicit = made
        isExplicit = true
      } else {
        stretchEnd = table.contiguousEnd(from: id, limit: table.count)
      }
    }
    last = id
    lastSpan = span
    return span
  }

  /// Row `id`'s first line without its terminator.
  @inline(__always)
  mutating func firstLineContent(ofRow id: Int) -> Span {
    let block = block(ofRow: id)
    var end = block.end
    if !oneLine {
      // Rows of several lines: the first line's end (one-line rows end with theirs).
      end = Swift.min(block.end, NewlineScanner.next(from: block.start, in: buffer) + 1)
    }
    return Span(start: block.start, end: TextList.contentEnd(buffer, block.start, end))
  }
}
