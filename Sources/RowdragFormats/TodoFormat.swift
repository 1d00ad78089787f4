import RowdragSystem

/// `git rebase -i` todo lists (FORMATS.md §3.2): every command line is a row; comments
/// and blank lines are trivia, so the help block stays below the commands.
public enum TodoFormat {
  /// A file of `splitAbove` bytes or more is sorted in two halves at once: every line
  /// is a row or trivia on its own, so any line start is a safe split, and the second
  /// half's builder is appended to the first's (`BlockList.Builder.append`).
  public static func read(_ store: ByteStore, splitAbove: Int = JSONLinesFormat.halvesThreshold)
    -> BlockList
  {
    let buf = store.buffer
    let split = buf.count >= splitAbove ? JSONLinesFormat.secondHalfStart(buf) : buf.count
    var builder = BlockList.Builder(store: store, size: split < buf.count ? buf.count : nil)
    var lines = LineCursor(buf)
    if let mark = lines.byteOrderMark() { builder.trivia(mark) }
    if split < buf.count && split > lines.offset {
      let second = SecondHalfBuilder(store: store, from: split) { half in
        var rest = LineCursor(store.buffer, from: split)
        sort(&rest, until: store.count, into: &half)
      }
      BackgroundThread.overlap({ second.run() }) { sort(&lines, until: split, into: &builder) }
      builder.append(second.builder)
    } else {
      sort(&lines, until: buf.count, into: &builder)
    }
    var list = builder.build(format: "todo", labels: .firstLine)
    list.marking = .todoVerbs
    return list
  }

  /// Sorts the lines that start before `end`.
  static func sort(_ lines: inout LineCursor, until end: Int, into builder: inout BlockList.Builder)
  {
    let buf = lines.buf
    let limit = Swift.min(end, buf.count)
    var quiet = 0
    while lines.offset < end {
      // A stretch of command lines after a row: counted, not read line by line.
      // After a stretch of under 8 lines, the next 32 lines are read one by one.
      let at = lines.offset
      if quiet > 0 {
        quiet -= 1
      } else if at > 0 && buf[at] > 35 && builder.extendsLines(at: at) {
        let run = NewlineScanner.plainLines(from: at, until: limit, in: buf, TodoLineRule.self)
        if run.count < 8 { quiet = 32 }
        if run.count > 0 {
          builder.items(lines: run.count, endingAt: run.end)
          lines.skip(to: run.end, lines: run.count)
          continue
        }
      }
      guard let line = lines.next() else { break }
      var i = line.span.start
      while i < line.span.end && (buf[i] == 32 || buf[i] == 9) { i += 1 }
      let first = i < line.span.end ? buf[i] : 10
      if first == 35 || first == 13 || first == 10 {  // blank, # comment
        builder.trivia(line.span)
      } else {
        builder.item(line.span, lines: 1)
      }
    }
  }
}
