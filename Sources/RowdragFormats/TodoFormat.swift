/// `git rebase -i` todo lists (FORMATS.md §3.2): every command line is a row; comments
/// and blank lines are trivia, so the help block stays below the commands.
public enum TodoFormat {
  public static func read(_ store: ByteStore) -> BlockList {
    let buf = store.buffer
    var builder = BlockList.Builder(store: store)
    var lines = LineCursor(buf)
    if let mark = lines.byteOrderMark() { builder.trivia(mark) }
    while let line = lines.next() {
      var i = line.span.start
      while i < line.span.end && (buf[i] == 32 || buf[i] == 9) { i += 1 }
      let first = i < line.span.end ? buf[i] : 10
      if first == 35 || first == 13 || first == 10 {  // blank, # comment
        builder.trivia(line.span)
      } else {
        builder.item(line.span, lines: 1)
      }
    }
    return builder.build(format: "todo", labels: .firstLine)
  }
}
