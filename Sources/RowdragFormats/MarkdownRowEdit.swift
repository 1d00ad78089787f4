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

/// A piece of a row as written: input bytes, the digits of a number, or spaces.
enum RowPiece {
  case input(Span)
  case digits(MarkerNumber)
  case spaces(Int)

  /// Calls `body` with the bytes of a piece that is not input, made on the stack.
  func withMadeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    switch self {
    case .input: return try body(UnsafeRawBufferPointer(start: nil, count: 0))
    case .digits(let number):
      let width = number.writtenWidth
      return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: width) { out in
        var v = number.value
        for k in stride(from: width - 1, through: 0, by: -1) {
          out[k] = 48 + UInt8(v % 10)
          v /= 10
        }
        return try body(UnsafeRawBufferPointer(out))
      }
    case .spaces(let count):
      return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { out in
        out.initialize(repeating: 32)
        return try body(UnsafeRawBufferPointer(out))
      }
    }
  }
}

extension RowEdit {
  /// Calls `body` with the pieces of the block of `marker` (an ordered marker) as this
  /// edit writes it, in order. Every line after the first that is not blank is
  /// re-indented by `indent`: spaces are added or removed at the end of its leading
  /// whitespace, or the whitespace is rewritten as spaces when tabs stand where spaces
  /// would be removed. The last piece is always input bytes that end where the block
  /// does, so the terminator rule (FORMATS.md §4) holds as for any block; the lines
  /// are looked at only when they move.
  func pieces(
    of marker: MarkdownMarker, in buf: UnsafeBufferPointer<UInt8>,
    _ body: (RowPiece) throws -> Void
  ) rethrows {
    let block = marker.block
    guard case .ordered(let digits, _) = marker.kind else { return try body(.input(block)) }
    if digits.lowerBound > block.start {
      try body(.input(Span(start: block.start, end: digits.lowerBound)))
    }
    try body(.digits(number))
    var rest = digits.upperBound
    if let old = marker.spaces, let new = spaces, new != old {
      try body(.input(Span(start: rest, end: marker.end + Swift.min(old, new))))
      if new > old { try body(.spaces(new - old)) }
      rest = marker.end + old
    }
    guard indent != .none else { return try body(.input(Span(start: rest, end: block.end))) }
    var start = RowEdit.lineEnd(from: rest, block: block, in: buf)
    try body(.input(Span(start: rest, end: start)))
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
      try body(.spaces(target - columns))
    } else if trailingSpaces >= columns - target {
      let keep = w - (columns - target)
      if keep > line.start { try body(.input(Span(start: line.start, end: keep))) }
    } else if target > 0 {
      try body(.spaces(target))
    }
    try body(.input(rest))
  }

  /// The bytes of the block of `marker` as this edit writes it, up to `limit` (a line
  /// end, for a label) or the whole block.
  func bytes(of marker: MarkdownMarker, in buf: UnsafeBufferPointer<UInt8>, upTo limit: Int? = nil)
    -> [UInt8]
  {
    var out: [UInt8] = []
    out.reserveCapacity(marker.block.count + 8)
    let stop = limit ?? marker.block.end
    var done = false
    pieces(of: marker, in: buf) { piece in
      guard !done else { return }
      guard case .input(let span) = piece else {
        return piece.withMadeBytes { out.append(contentsOf: $0) }
      }
      out.append(contentsOf: buf[span.start..<Swift.min(span.end, stop)])
      done = span.end >= stop
    }
    return out
  }
}
