/// The number an ordered list marker writes, as written: `01.` is 1 in two digits.
struct MarkerNumber: Sendable, Equatable {
  /// The value (at most `MarkerNumber.largest`).
  var value: Int
  /// The digits as written, leading zeros included; a number wider than this is
  /// written in full.
  var width: Int

  /// CommonMark's largest list marker number: nine digits (§5.2).
  static let largest = 999_999_999

  /// `value` written without leading zeros (a number counted on from the one above,
  /// FORMATS.md §3.3), capped at `largest` so the line stays a list item.
  static func counted(_ value: Int) -> MarkerNumber {
    MarkerNumber(value: Swift.min(value, largest), width: 1)
  }

  /// How many digits are written.
  var writtenWidth: Int {
    var count = 1
    var v = value
    while v >= 10 {
      v /= 10
      count += 1
    }
    return Swift.max(count, width)
  }
}

/// What a list item's first line says about its marker (FORMATS.md §3.3): its column,
/// its kind (and for an ordered marker, where the digits are and what they write) and
/// the spacing that sets the item's content column. Read from the line when asked —
/// a few bytes — so a bullet list never pays for it.
struct MarkdownMarker: Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    case bullet
    /// The digits' offsets in the input, and what they write.
    case ordered(digits: Range<Int>, number: MarkerNumber)
  }

  var kind: Kind
  /// Columns before the marker (a tab to the next multiple of 4).
  var column: Int
  /// The offset just past the marker (after the bullet, or the `.` or `)`).
  var end: Int
  /// The row's block, whose first line holds the marker.
  var block: Span
  /// The spaces after the marker when they can absorb a change of the digits' width:
  /// 1–4 spaces followed by content. Nil when a tab, five or more columns or nothing
  /// follows (the spacing is then kept as it is, FORMATS.md §3.3).
  var spaces: Int?

  /// The number an ordered marker writes, nil for a bullet.
  var number: MarkerNumber? {
    if case .ordered(_, let number) = kind { return number }
    return nil
  }

  /// Whether the first line's text ends at `k`: the block's end, a line feed, or a CR
  /// the reader leaves out of the text — before a line feed, at the file's end, or
  /// before a CR LF (`2)\r\r\n` is the empty item `2)`: CommonMark takes the lone CR for
  /// a line ending) — as `MarkdownFormat.textEnd` reads a line.
  @inline(__always)
  static func endsLine(_ buf: UnsafeBufferPointer<UInt8>, _ k: Int, _ block: Span) -> Bool {
    if k == block.end || buf[k] == 10 { return true }
    guard buf[k] == 13 else { return false }
    let next = k + 1
    return next == buf.count || buf[next] == 10
      || (buf[next] == 13 && next + 1 < buf.count && buf[next + 1] == 10)
  }

  /// Reads the marker at the start of `block`'s first line, after any blanks: a bullet
  /// (`-`, `*`, `+`) or 1–9 digits and `.` or `)`, followed by a space, a tab or the end
  /// of the line (`endsLine`). Nil for any other line (a heading, a paragraph), as
  /// `MarkdownFormat.listMarker` decides for the lines it reads as items. Reads no further
  /// than the first byte after the marker's spaces (and, at a CR, the two after it).
  static func read(_ buf: UnsafeBufferPointer<UInt8>, block: Span) -> MarkdownMarker? {
    var i = block.start
    var column = 0
    while i < block.end && (buf[i] == 32 || buf[i] == 9) {
      column = buf[i] == 9 ? (column / 4 + 1) * 4 : column + 1
      i += 1
    }
    guard i < block.end else { return nil }
    let kind: Kind
    let first = buf[i]
    if first == 45 || first == 42 || first == 43 {  // - * +
      kind = .bullet
      i += 1
    } else {
      var j = i
      var value = 0
      while j < block.end && j - i < 10 && buf[j] &- 48 < 10 {
        value = value * 10 + Int(buf[j] &- 48)
        j += 1
      }
      guard (1...9).contains(j - i), j < block.end, buf[j] == 46 || buf[j] == 41 else {
        return nil
      }
      kind = .ordered(digits: i..<j, number: MarkerNumber(value: value, width: j - i))
      i = j + 1
    }
    guard endsLine(buf, i, block) || buf[i] == 32 || buf[i] == 9 else { return nil }
    var marker = MarkdownMarker(kind: kind, column: column, end: i, block: block, spaces: nil)
    var k = i
    while k < block.end && buf[k] == 32 { k += 1 }
    if k > i && k - i <= 4 && !endsLine(buf, k, block) && buf[k] != 9 { marker.spaces = k - i }
    return marker
  }

  /// The marker's width in columns when its digits write `width` digits.
  func width(digits width: Int?) -> Int {
    switch kind {
    case .bullet: return 1
    case .ordered(_, let number): return (width ?? number.writtenWidth) + 1
    }
  }

  /// The item's content column (CommonMark §5.2) with the digits `digits` wide (nil: as
  /// written) and `spaces` spaces after the marker (nil: the line's own spacing): the
  /// column after the marker and its spaces, when they are 1–4 columns and content
  /// follows; else one past the marker. A tab counts to the next multiple of 4 from
  /// where it stands, so its width depends on the marker's.
  func contentColumn(_ buf: UnsafeBufferPointer<UInt8>, digits: Int? = nil, spaces: Int? = nil)
    -> Int
  {
    let markerEnd = column + width(digits: digits)
    if let spaces, self.spaces != nil { return markerEnd + spaces }
    var col = markerEnd
    var k = end
    while k < block.end && (buf[k] == 32 || buf[k] == 9) {
      col = buf[k] == 9 ? (col / 4 + 1) * 4 : col + 1
      k += 1
    }
    return MarkdownMarker.endsLine(buf, k, block) || col - markerEnd > 4 ? markerEnd + 1 : col
  }
}
