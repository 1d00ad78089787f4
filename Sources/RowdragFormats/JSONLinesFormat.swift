/// JSON Lines / NDJSON (FORMATS.md §3.6): every non-blank line is one JSON value and one
/// row, labelled and measured as a JSON list's elements are (SPEC §5.2); blank lines
/// are trivia.
public enum JSONLinesFormat {
  /// `labelKeys` are the members a label is taken from, in priority order; the lines
  /// whose objects have a member named by `attributeKeys` are noted, so that reading
  /// heights and flags later visits only those.
  public static func read(_ store: ByteStore, labelKeys: [String], attributeKeys: AttributeKeys)
    throws(JSONSyntaxError) -> BlockList
  {
    let buf = store.buffer
    if let encoding = JSONList.foreignEncoding(buf) { throw encoding }
    var builder = BlockList.Builder(store: store)
    var lines = LineCursor(buf)
    // One scanner for the whole file, run over one line at a time.
    var scanner = JSONScanner(store, splitAbove: Int.max)
    let names = [attributeKeys.height, attributeKeys.locked, attributeKeys.pinned].map {
      Array($0.utf8)
    }
    var attributeRows: [Int] = []
    var rows = 0
    while let line = lines.next() {
      guard !LineCursor.isBlank(buf, line) else {
        builder.trivia(line.span)
        continue
      }
      do {
        try scanner.scanValue(in: line.content)
      } catch {
        throw JSONSyntaxError(
          line: error.line, column: error.column,
          message: error.message + " (each line of a JSON Lines file must hold one JSON value)")
      }
      let keys = scanner.outline.depth1Keys
      if keys.contains(where: { key in
        // Quotes included; a key with an escape may still spell a name.
        let inner = buf[(key.start + 1)..<(key.end - 1)]
        return inner.contains(92) || names.contains { inner.elementsEqual($0) }
      }) {
        attributeRows.append(rows)
      }
      builder.item(line.span, lines: 1)
      rows += 1
    }
    var list = builder.build(format: "jsonl", labels: .json(labelKeys))
    list.attributeRows = attributeRows
    return list
  }
}

extension JSONScanner {
  /// Validates the one JSON value that `range` must hold, and nothing after it on its
  /// line, reusing the outline's storage from line to line (nothing is kept).
  mutating func scanValue(in range: Range<Int>) throws(JSONSyntaxError) {
    outline.depth1.removeAll(keepingCapacity: true)
    outline.depth1Keys.removeAll(keepingCapacity: true)
    outline.depth2.removeAll(keepingCapacity: true)
    outline.depth2Ends.removeAll(keepingCapacity: true)
    outline.depth1AllArrays = true
    outline.topKind = .literal
    var state = State()
    _ = try run(&state, from: range.lowerBound, until: range.upperBound, stopAtBase: false)
    guard state.depth == 0 else {
      throw JSONSyntaxError(
        "the line ends inside a value; expected \(state.expectsArrayValue ? "a value" : "more of it")",
        at: range.upperBound, in: bytes)
    }
  }
}
