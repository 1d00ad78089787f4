/// JSON Lines / NDJSON (FORMATS.md §3.6): every non-blank line is one JSON value and one
/// row, labelled and measured as a JSON list's elements are (SPEC §5.2); blank lines
/// are trivia.
public enum JSONLinesFormat {
  /// `labelKeys` are the members a label is taken from, in priority order.
  public static func read(_ store: ByteStore, labelKeys: [String]) throws(JSONSyntaxError)
    -> BlockList
  {
    let buf = store.buffer
    if let encoding = JSONList.foreignEncoding(buf) { throw encoding }
    var builder = BlockList.Builder(store: store)
    var lines = LineCursor(buf)
    while let line = lines.next() {
      guard !LineCursor.isBlank(buf, line) else {
        builder.trivia(line.span)
        continue
      }
      var scanner = JSONScanner(ByteStore(viewing: store, line.span), splitAbove: Int.max)
      do {
        try scanner.scan()
      } catch {
        // The line read on its own: its line 1 is this line.
        throw JSONSyntaxError(
          line: line.number, column: error.column,
          message: error.message + " (each line of a JSON Lines file must hold one JSON value)")
      }
      builder.item(line.span, lines: 1)
    }
    return builder.build(format: "jsonl", labels: .json(labelKeys))
  }
}
