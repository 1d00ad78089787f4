/// M3U and M3U8 playlists (FORMATS.md §3.5): an entry is its path or URI line with the
/// `#EXTINF`, `#EXTVLCOPT`, … lines before it, so moving an entry keeps its title and
/// options with it; the file's own `#EXTM3U` header block is trivia.
///
/// Labels are not stored: `label(of:)` reads them again from the entry's block when
/// asked (a search or a listing), which keeps memory to the block's span a row.
public enum M3UFormat {
  public static func read(_ store: ByteStore) -> BlockList {
    let buf = store.buffer
    var builder = BlockList.Builder(store: store)
    var lines = LineCursor(buf)
    var atTop = true
    /// The entry being gathered: its lines so far.
    var entry: (block: Span, lines: Int)?
    /// Blank lines not yet known to be inside an entry.
    var blanks: (span: Span, lines: Int)?
    while let line = lines.next() {
      let start = textStart(buf, line)
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
      if atTop && isComment && !hasPrefix(buf, start..<line.contentEnd, "#EXTINF") {
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
    // `#` lines after the last path, and the blank lines among them, are trivia.
    if let entry { builder.trivia(entry.block) }
    if let blanks { builder.trivia(blanks.span) }
    return builder.build(format: "m3u", labels: .m3u)
  }

  /// An entry's label: the title after the comma of its first `#EXTINF:` line that has
  /// one, else its path line (the block's last line), as the reading loop once kept.
  static func label(of block: Span, in buf: UnsafeBufferPointer<UInt8>) -> Span {
    var cursor = LineCursor(buf, from: block.start)
    var last = Span(start: block.start, end: block.start)
    while cursor.offset < block.end, let line = cursor.next() {
      let start = textStart(buf, line)
      let text = start..<line.contentEnd
      if hasPrefix(buf, text, "#EXTINF:"), let comma = buf[text].firstIndex(of: 44) {
        return Span(start: comma + 1, end: line.contentEnd)
      }
      last = Span(start: start, end: line.contentEnd)
    }
    return last
  }

  /// Where a line's text starts: after the byte-order mark on the file's first line.
  @inline(__always)
  private static func textStart(_ buf: UnsafeBufferPointer<UInt8>, _ line: LineCursor.Line) -> Int {
    let bom =
      line.span.start == 0 && line.contentEnd >= 3 && buf[0] == 0xEF && buf[1] == 0xBB
      && buf[2] == 0xBF
    return line.span.start + (bom ? 3 : 0)
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
