import RowdragBase

/// Where each line of a text list starts, worked out no earlier than needed.
///
/// Loading only counts newlines per 4 KiB block (`NewlineScanner.blockCounts`): that
/// gives the number of lines, and the start of any one line by scanning a single
/// block. Moving a row in a ten-million-line file and writing it back needs a handful
/// of line starts, so it never pays for a table of all of them (8 bytes a line and
/// most of the load time); visiting every row walks the bytes instead (see
/// `TextList.forEachLabel`). When lookups turn out to be many — reading or writing a
/// thoroughly shuffled list — the full table is built once, after about as much
/// scanning as building it costs, and used from then on.
///
/// The table is a cache of a pure function of immutable bytes, so copies of a
/// `TextList` share one index; it is not `Sendable` because filling the cache is a
/// mutation.
final class LineIndex {
  private let store: ByteStore
  /// Where line 0 starts: 0, or past a byte-order mark kept apart from the lines.
  let firstStart: Int
  /// Number of `\n` bytes in the input.
  let newlineCount: Int
  /// Number of lines: newlines, plus one for a last line without a terminator.
  let lineCount: Int
  /// `blockNewlines[b]` = newlines before block `b` (see `NewlineScanner.blockSize`).
  private let blockNewlines: [Int]
  /// Every line's start plus the end of the input, once built.
  private var table: [Int]?
  /// Block lookups left before building the table is cheaper than going on.
  private var lookupsBeforeTable: Int

  /// The lines of `store` from `firstStart` on (which must hold no newline before it).
  init(store: ByteStore, firstStart: Int = 0) {
    self.store = store
    self.firstStart = firstStart
    let buf = store.buffer
    blockNewlines = NewlineScanner.blockCounts(buf)
    newlineCount = blockNewlines[blockNewlines.count - 1]
    lineCount = newlineCount + (buf.count > firstStart && buf[buf.count - 1] != 10 ? 1 : 0)
    // A block lookup scans up to 4 KiB; the table costs about 10 ns a line.
    lookupsBeforeTable = 64 + lineCount / 32
  }

  /// Offset of the first byte of `line`; `start(ofLine: lineCount)` is the end of the
  /// input.
  func start(ofLine line: Int) -> Int {
    if let table { return table[line] }
    if line == 0 { return lineCount == 0 ? store.count : firstStart }
    if line > newlineCount { return store.count }
    lookupsBeforeTable -= 1
    guard lookupsBeforeTable < 0 else { return newline(line - 1) + 1 }
    buildTable()
    return start(ofLine: line)
  }

  /// The bytes of `line` with its terminator, if any.
  func span(ofLine line: Int) -> Span {
    if let table { return Span(start: table[line], end: table[line + 1]) }
    let start = start(ofLine: line)
    guard line < newlineCount else { return Span(start: start, end: store.count) }
    return Span(
      start: start, end: NewlineScanner.newline(rank: 0, from: start, in: store.buffer) + 1)
  }

  /// Builds the table now, for callers that are about to visit every line in order.
  func buildTable() {
    guard table == nil else { return }
    let buf = store.buffer
    let lines = lineCount
    table = LargeArray.make(count: lines + 1) { out in
      var line = 0
      if lines > 0 { out[0] = firstStart }
      NewlineScanner.forEach(buf) { at in
        line += 1
        // A file ending in a newline: its last "start" is the end itself.
        if line <= lines { out[line] = at + 1 }
      }
      out[lines] = buf.count
    }
  }

  /// Offset of the newline of rank `rank` (0-based) in the whole input.
  /// - Complexity: O(log blocks + block size).
  private func newline(_ rank: Int) -> Int {
    // The last block whose preceding count is at most `rank` holds it.
    let block = blockNewlines.dropLast().lastIndex(keyAtMost: rank) { $0 }
    return NewlineScanner.newline(
      rank: rank - blockNewlines[block], from: block * NewlineScanner.blockSize,
      in: store.buffer)
  }
}
