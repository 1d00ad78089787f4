/// How an item's lines after its first are re-indented when its content column moves:
/// a line indented `I` columns gets `max(floor, I + shift)` (FORMATS.md §3.3: "a line
/// indented less than a removal loses the spaces it has"). Two shifts compose into one
/// exactly, so a row renumbered, written and renumbered again is described from its
/// input bytes by one value.
struct IndentShift: Sendable, Equatable {
  var floor = 0
  var shift = 0

  /// Every line as it is.
  static let none = IndentShift()

  /// The new indentation of a line indented `columns`.
  func indent(_ columns: Int) -> Int { Swift.max(floor, columns + shift) }

  /// This shift followed by a change of `change` columns (`max(0, I + change)`).
  func then(_ change: Int) -> IndentShift {
    IndentShift(floor: Swift.max(0, floor + change), shift: shift + change)
  }
}

/// An ordered item's bytes as written, told as a change of its input block: its number,
/// the spaces after its marker and the indentation of its other lines. Only the digits
/// change, and the whitespace that keeps the item's content column its own (§3.3).
struct RowEdit: Sendable, Equatable {
  var number: MarkerNumber
  /// The spaces after the marker, where the marker's own spaces can absorb a change
  /// of width (`MarkdownMarker.spaces`); nil: as in the input.
  var spaces: Int?
  var indent: IndentShift

  /// The edit that writes the block as it is.
  static func unchanged(_ marker: MarkdownMarker) -> RowEdit? {
    marker.number.map { RowEdit(number: $0, spaces: marker.spaces, indent: .none) }
  }

  /// This edit with the number `number`: the spaces after the marker absorb the change
  /// of width while at least one (and at most four) remain; the rest moves the content
  /// column, and the other lines follow it. A marker followed by a tab, by five or
  /// more columns or by nothing keeps its spacing, and the other lines follow the
  /// change of its content column.
  func renumbered(
    _ number: MarkerNumber, marker: MarkdownMarker, in buf: UnsafeBufferPointer<UInt8>
  )
    -> RowEdit
  {
    guard number != self.number else { return self }
    let old = self.number.writtenWidth
    let new = number.writtenWidth
    var next = self
    next.number = number
    if let spaces {
      let kept = Swift.min(4, Swift.max(1, spaces - (new - old)))
      next.spaces = kept
      next.indent = indent.then(new - old + kept - spaces)
    } else {
      let change =
        marker.contentColumn(buf, digits: new) - marker.contentColumn(buf, digits: old)
      next.indent = indent.then(change)
    }
    return next
  }
}

/// A piece of a row as written: input bytes, or bytes made for it.
enum RowPiece {
  case input(Span)
  case bytes([UInt8])
}

extension RowEdit {
  /// Calls `body` with the pieces of `block` (whose first line has the ordered marker
  /// `marker`) as this edit writes it, in order. Every line after the first that is not
  /// blank is re-indented by `indent`: spaces are added or removed at the end of its
  /// leading whitespace, or the whitespace is rewritten as spaces when tabs stand where
  /// spaces would be removed. The last piece is always input bytes that end where the
  /// block does, so the terminator rule (FORMATS.md §4) holds as for any block.
  func pieces(
    of block: Span, marker: MarkdownMarker, in buf: UnsafeBufferPointer<UInt8>,
    _ body: (RowPiece) throws -> Void
  ) rethrows {
    guard case .ordered(let digits, _) = marker.kind else { return try body(.input(block)) }
    if digits.lowerBound > block.start {
      try body(.input(Span(start: block.start, end: digits.lowerBound)))
    }
    try body(.bytes(number.digits))
    let lineEnd = RowEdit.lineEnd(from: marker.contentEnd, block: block, in: buf)
    if let old = marker.spaces, let new = spaces, new != old {
      try body(.input(Span(start: digits.upperBound, end: marker.end + Swift.min(old, new))))
      if new > old { try body(.bytes([UInt8](repeating: 32, count: new - old))) }
      try body(.input(Span(start: marker.end + old, end: lineEnd)))
    } else {
      try body(.input(Span(start: digits.upperBound, end: lineEnd)))
    }
    guard indent != .none else {
      if lineEnd < block.end { try body(.input(Span(start: lineEnd, end: block.end))) }
      return
    }
    var start = lineEnd
    while start < block.end {
      let end = RowEdit.lineEnd(from: start, block: block, in: buf)
      try RowEdit.reindent(Span(start: start, end: end), by: indent, in: buf, body)
      start = end
    }
  }

  /// The end of the line (its terminator included) that holds `offset`, within `block`.
  static func lineEnd(from offset: Int, block: Span, in buf: UnsafeBufferPointer<UInt8>) -> Int {
    var k = offset
    while k < block.end && buf[k] != 10 { k += 1 }
    return Swift.min(block.end, k + 1)
  }

  /// The pieces of one line re-indented by `indent` (a blank line as it is).
  private static func reindent(
    _ line: Span, by indent: IndentShift, in buf: UnsafeBufferPointer<UInt8>,
    _ body: (RowPiece) throws -> Void
  ) rethrows {
    var w = line.start
    var columns = 0
    var trailingSpaces = 0
    while w < line.end && (buf[w] == 32 || buf[w] == 9) {
      columns = buf[w] == 9 ? (columns / 4 + 1) * 4 : columns + 1
      trailingSpaces = buf[w] == 9 ? 0 : trailingSpaces + 1
      w += 1
    }
    let blank = w == line.end || buf[w] == 10 || (buf[w] == 13 && w + 1 >= line.end - 1)
    let target = indent.indent(columns)
    guard !blank && target != columns else { return try body(.input(line)) }
    let rest = Span(start: w, end: line.end)
    if target > columns {
      if w > line.start { try body(.input(Span(start: line.start, end: w))) }
      try body(.bytes([UInt8](repeating: 32, count: target - columns)))
    } else if trailingSpaces >= columns - target {
      let keep = w - (columns - target)
      if keep > line.start { try body(.input(Span(start: line.start, end: keep))) }
    } else if target > 0 {
      try body(.bytes([UInt8](repeating: 32, count: target)))
    }
    try body(.input(rest))
  }

  /// The bytes of `block` as this edit writes it.
  func bytes(of block: Span, marker: MarkdownMarker, in buf: UnsafeBufferPointer<UInt8>)
    -> [UInt8]
  {
    var out: [UInt8] = []
    out.reserveCapacity(block.count + 8)
    pieces(of: block, marker: marker, in: buf) { piece in
      switch piece {
      case .input(let span): out.append(contentsOf: buf[span.start..<span.end])
      case .bytes(let bytes): out.append(contentsOf: bytes)
      }
    }
    return out
  }
}
