/// M3U and M3U8 playlists (FORMATS.md §3.5): an entry is its path or URI line with the
/// `#EXTINF`, `#EXTVLCOPT`, … lines before it, so moving an entry keeps its title and
/// options with it; the file's own `#EXTM3U` header block is trivia.
public enum M3UFormat {
  public static func read(_ store: ByteStore) -> BlockList {
    let buf = store.buffer
    var builder = BlockList.Builder(store: store, labels: true)
    var lines = LineCursor(buf)
    var atTop = true
    /// The entry being gathered: its lines so far, and its `#EXTINF` title.
    var entry: (block: Span, lines: Int, title: Span?)?
    /// Blank lines not yet known to be inside an entry.
    var blanks: (span: Span, lines: Int)?
    while let line = lines.next() {
      var start = line.span.start
      if line.number == 1 && buf[line.content].starts(with: [0xEF, 0xBB, 0xBF]) { start += 3 }
      let text = buf[start..<line.contentEnd]
      if LineCursor.isBlank(buf, line) {
        if entry == nil {
          builder.trivia(line.span)
        } else {
          let count = (blanks?.lines ?? 0) + 1
          blanks = (Span(start: blanks?.span.start ?? line.span.start, end: line.span.end), count)
        }
        continue
      }
      let isComment = text.first == 35
      if atTop && isComment && !text.starts(with: "#EXTINF".utf8) {
        builder.trivia(line.span)
        continue
      }
      atTop = false
      var current = entry ?? (Span(start: line.span.start, end: line.span.start), 0, nil)
      current.block.end = line.span.end
      current.lines += 1 + (blanks?.lines ?? 0)
      blanks = nil
      if current.title == nil && text.starts(with: "#EXTINF:".utf8) {
        if let comma = text.firstIndex(of: 44) {
          current.title = Span(start: comma + 1, end: line.contentEnd)
        }
      }
      guard !isComment else {
        entry = current
        continue
      }
      let label = current.title ?? Span(start: start, end: line.contentEnd)
      builder.item(current.block, lines: current.lines, label: label)
      entry = nil
    }
    // `#` lines after the last path, and the blank lines among them, are trivia.
    if let entry { builder.trivia(entry.block) }
    if let blanks { builder.trivia(blanks.span) }
    return builder.build(format: "m3u", labels: .spans([]))
  }
}
