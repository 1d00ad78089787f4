/// `text skip=REGEX` (FORMATS.md §3.1): one line a row, as `text`, except the lines the
/// pattern matches, which are trivia; a line that is also a header is a header.
public enum SkipTextFormat {
  /// `isSkipped` and `isHeader` see a line without its terminator.
  public static func read(
    _ store: ByteStore, isSkipped: (UnsafeBufferPointer<UInt8>) -> Bool,
    isHeader: ((UnsafeBufferPointer<UInt8>) -> Bool)?
  ) -> BlockList {
    let buf = store.buffer
    var builder = BlockList.Builder(store: store)
    var lines = LineCursor(buf)
    // A byte-order mark stays first, no part of the first line (FORMATS.md §1.4).
    if let mark = lines.byteOrderMark() { builder.trivia(mark) }
    while let line = lines.next() {
      let content = UnsafeBufferPointer(rebasing: buf[line.content])
      if isHeader?(content) == true {
        builder.header(line.span)
      } else if isSkipped(content) {
        builder.trivia(line.span)
      } else {
        builder.item(line.span, lines: 1)
      }
    }
    return builder.build(format: "text", labels: .firstLine)
  }
}
