/// `git rebase -i` todo lists (FORMATS.md §3.2): every command line is a row; comments
/// and blank lines are trivia, so the help block stays below the commands.
public enum TodoFormat {
  public static func read(_ store: ByteStore) -> BlockList {
    let buf = store.buffer
    var builder = BlockList.Builder(store: store)
    var lines = LineCursor(buf)
    if let mark = lines.byteOrderMark() { builder.trivia(mark) }
    while let line = lines.next() {
      let first = buf[line.span.start..<line.span.end].first { $0 != 32 && $0 != 9 }
      if first == nil || first == 35 || first == 13 || first == 10 {  // blank, # comment
        builder.trivia(line.span)
      } else {
        builder.item(line.span, lines: 1)
      }
    }
    return builder.build(format: "todo", labels: .firstLine)
  }
}
