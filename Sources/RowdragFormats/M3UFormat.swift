/// M3U and M3U8 playlists (FORMATS.md §3.5): an entry is its path or URI line with the
/// `#EXTINF`, `#EXTVLCOPT`, … lines before it, so moving an entry keeps its title and
/// options with it; the file's own `#EXTM3U` header block is trivia, up to the first
/// entry directive (`entryDirectives`) or path, and a byte-order mark stays first.
///
/// Entries of the common shape — one `#` line, then a path line — are counted sixty-four
/// bytes at a time (`pairedLines`) and kept as a run of two-line rows (`SpanTable`), not
/// read line by line.
///
/// Labels are not stored: `label(of:)` reads them again from the entry's block when
/// asked (a search or a listing), which keeps memory to the block's span a row.
import CByteMasks
import RowdragSystem

public enum M3UFormat {
  /// A file of `splitAbove` bytes or more is read in two halves at once, split after a
  /// path line past the middle: there no entry is open and the header block is over,
  /// so the second half starts as the first would go on, and its builder is appended
  /// to the first's (`BlockList.Builder.append`).
  public static func read(_ store: ByteStore, splitAbove: Int = JSONLinesFormat.halvesThreshold)
    -> BlockList
  {
    let buf = store.buffer
    let split = buf.count >= splitAbove ? secondHalfStart(buf) : buf.count
    var builder = BlockList.Builder(store: store, size: split < buf.count ? buf.count : nil)
    builder.runsOfLines = BlockList.Builder.lineRuns
    if split < buf.count {
      let second = SecondHalfBuilder(store: store, from: split) { half in
        half.runsOfLines = BlockList.Builder.lineRuns
        sort(from: split, until: buf.count, atTop: false, into: &half)
      }
      BackgroundThread.overlap({ second.run() }) {
        sort(from: 0, until: split, atTop: true, into: &builder)
      }
      builder.append(second.builder)
    } else {
      sort(from: 0, until: buf.count, atTop: true, into: &builder)
    }
    return builder.build(format: "m3u", labels: .m3u)
  }

  /// Where a second half may start: after the first path line (not blank, not `#`)
  /// that starts past the middle; the end when there is none.
  static func secondHalfStart(_ buf: UnsafeBufferPointer<UInt8>) -> Int {
    var lines = LineCursor(buf, from: JSONLinesFormat.secondHalfStart(buf))
    while let line = lines.next() {
      if !LineCursor.isBlank(buf, line) && buf[line.span.start] != 35 { return line.span.end }
    }
    return buf.count
  }

  /// The `#` lines that belong to an entry even at the top of the file (FORMATS.md
  /// §3.5, revision 2): the first of them ends the file's header block and starts the
  /// first entry, so an entry whose `#EXTVLCOPT:` comes before its `#EXTINF:` keeps it
  /// when moved to the top and read again.
  static let entryDirectives: [StaticString] = [
    "#EXTINF:", "#EXTVLCOPT:", "#EXTGRP:", "#KODIPROP:", "#EXTBYT:", "#EXTALB:", "#EXTART:",
    "#EXTIMG:",
  ]

  /// Sorts the lines from `start` (a line start) that start before `end` into entries
  /// and trivia; `atTop` while no entry has begun before `start`. `#` lines after the
  /// last path, and the blank lines among them, are trivia; so is a byte-order mark.
  static func sort(
    from start: Int, until end: Int, atTop top: Bool, into builder: inout BlockList.Builder
  ) {
    let buf = builder.store.buffer
    var lines = LineCursor(buf, from: start)
    if let mark = lines.byteOrderMark() { builder.trivia(mark) }
    var quiet = 0
    var atTop = top
    /// The entry being gathered: its lines so far.
    var entry: (block: Span, lines: Int)?
    /// Blank lines not yet known to be inside an entry.
    var blanks: (span: Span, lines: Int)?
    while lines.offset < end {
      // After an entry, a stretch of `#` line and path line pairs: counted, not read
      // line by line. After a stretch of under 8 entries, the next 32 lines are read
      // one by one.
      let at = lines.offset
      if entry == nil && blanks == nil && !atTop && buf[at] == 35 {
        if quiet > 0 {
          quiet -= 1
        } else if builder.extends(lines: 2, at: at) {
          let run = pairedLines(from: at, until: end, in: buf)
          if run.count < 8 { quiet = 32 }
          if run.count > 0 {
            builder.items(run.count, lines: 2, endingAt: run.end)
            lines.skip(to: run.end, lines: 2 * run.count)
            continue
          }
        }
      }
      guard let line = lines.next() else { break }
      let start = line.span.start
      if LineCursor.isBlank(buf, line) {
        if entry == nil {
          builder.trivia(line.span)
        } else {
          let count = (blanks?.lines ?? 0) + 1
          blanks = (Span(start: blanks?.span.start ?? line.span.start, end: line.span.end), count)
        }
        continue
      }
      let isComment = start < line.contentEnd && buf[start] == 35
      if atTop && isComment && !isEntryDirective(buf, start..<line.contentEnd) {
        builder.trivia(line.span)
        continue
      }
      atTop = false
      var current = entry ?? (Span(start: line.span.start, end: line.span.start), 0)
      current.block.end = line.span.end
      current.lines += 1 + (blanks?.lines ?? 0)
      blanks = nil
      guard !isComment else {
        entry = current
        continue
      }
      builder.item(current.block, lines: current.lines)
      entry = nil
    }
    if let entry { builder.trivia(entry.block) }
    if let blanks { builder.trivia(blanks.span) }
  }

  /// The entries from `start` on that are a line starting with `#` and then a line
  /// starting with `$` or above (a path, a URI), and that end before `limit`: how many,
  /// and where the last of them ends (`start` when none). `start` must be a line start
  /// after the first (`buf[start - 1]` is a newline).
  ///
  /// Sixty-four bytes a step, as bit masks: a byte starts a line when the byte before
  /// it is a newline; the line starts of the stretch must alternate, `#` first, which
  /// is the running parity of the line starts before each (a prefix XOR). The first
  /// step with a line start out of turn ends the stretch, and the caller reads on line
  /// by line from the last entry's end.
  ///
  /// Where the processor has AVX2 (`rowdrag_avx2_dispatched`), the steps are C's
  /// (`rowdrag_paired_lines_avx2`, CByteMasks' `plain.c`), the same decisions, unless
  /// `baseline` asks for this loop (tests compare the two).
  static func pairedLines(
    from start: Int, until limit: Int, in buf: UnsafeBufferPointer<UInt8>, baseline: Bool = false
  ) -> (count: Int, end: Int) {
    guard let p = buf.baseAddress, start >= 1, limit <= buf.count else { return (0, start) }
    var newlines = 0
    var c = start
    if !baseline && rowdrag_avx2_dispatched() != 0 {
      var counted: Int64 = 0
      c = Int(rowdrag_paired_lines_avx2(p, Int64(start), Int64(limit), &counted))
      newlines = Int(counted)
    } else {
      (c, newlines) = pairedSteps(from: start, until: limit, in: p)
    }
    let pairs = newlines / 2
    guard pairs > 0 else { return (0, start) }
    // The end of the last line counted; one line further back when it is a `#` line.
    var end = NewlineScanner.lineStart(before: c + 1, in: buf)
    if newlines % 2 == 1 { end = NewlineScanner.lineStart(before: end, in: buf) }
    return (pairs, end)
  }

  /// `pairedLines`' steps in Swift: where they stop, and the line feeds before.
  private static func pairedSteps(from start: Int, until limit: Int, in p: UnsafePointer<UInt8>)
    -> (end: Int, newlines: Int)
  {
    let raw = UnsafeRawPointer(p)
    var tally = NewlineTally()
    var odd: UInt64 = 0  // all ones when the line starts so far are odd in number
    var c = start
    while c + 64 <= limit {
      let starts = rowdrag_mask_eq(p + c - 1, 10)
      let comment = rowdrag_mask_eq(p + c, 35)
      let low = rowdrag_mask_below(p + c, 35)  // blank, control and `!`, `"`
      // Bit k: the line starts up to k are odd in number, so a line starting at k is
      // the first of its pair, and must start with `#`; the second must not, nor with
      // a byte below `#`.
      let first = rowdrag_prefix_xor(starts) ^ odd
      guard starts & ((first ^ comment) | low) == 0 else { break }
      odd = 0 &- (first >> 63)
      tally.add64(raw, at: c)
      c += 64
    }
    return (c, tally.count)
  }

  /// An entry's label: the title after the comma of its first `#EXTINF:` line that has
  /// one, else its path line (the block's last line), as the reading loop once kept.
  static func label(of block: Span, in buf: UnsafeBufferPointer<UInt8>) -> Span {
    var cursor = LineCursor(buf, from: block.start)
    var last = Span(start: block.start, end: block.start)
    while cursor.offset < block.end, let line = cursor.next() {
      let start = line.span.start
      let text = start..<line.contentEnd
      if hasPrefix(buf, text, "#EXTINF:"), let comma = buf[text].firstIndex(of: 44) {
        return Span(start: comma + 1, end: line.contentEnd)
      }
      last = Span(start: start, end: line.contentEnd)
    }
    return last
  }

  /// Whether the `#` line `range` is an entry directive.
  private static func isEntryDirective(_ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    -> Bool
  {
    entryDirectives.contains { hasPrefix(buf, range, $0) }
  }

  /// Whether `range` of `buf` starts with the ASCII `prefix`, byte by byte.
  @inline(__always)
  private static func hasPrefix(
    _ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ prefix: StaticString
  ) -> Bool {
    let count = prefix.utf8CodeUnitCount
    guard range.count >= count else { return false }
    let p = prefix.utf8Start
    for k in 0..<count where buf[range.lowerBound + k] != p[k] { return false }
    return true
  }
}
