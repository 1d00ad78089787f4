import RowdragBase

/// A test of row labels that can also search many lines at once.
///
/// Visiting ten million labels one call at a time costs far more than the matching;
/// a text list hands a search whole stretches of consecutive lines instead, so a
/// pattern is looked for the way `grep` does: across the buffer, then confirmed on the
/// one line where it was found.
public protocol LabelSearch {
  /// Whether `label` (one row's label) matches.
  func matches(_ label: UnsafeBufferPointer<UInt8>) -> Bool

  /// The offset of the start of the first line in `lines` whose label matches, or nil.
  ///
  /// `lines` is one or more whole lines, each ending in `\n` except perhaps the last;
  /// a line's label is the line without its `\n` or `\r\n`.
  func firstMatchingLine(in lines: UnsafeBufferPointer<UInt8>) -> Int?
}

/// How a search over the rows ended.
public enum SearchEnd: Sendable, Equatable {
  /// Every row was visited, or the visitor asked to stop.
  case finished
  /// `isInterrupted` said so before the rows ran out.
  case interrupted
}

extension LabelSearch {
  /// Line by line with `matches`: for searches with no faster way.
  public func firstMatchingLine(in lines: UnsafeBufferPointer<UInt8>) -> Int? {
    firstMatchingLineOneByOne(in: lines)
  }

  /// `firstMatchingLine(in:)` by calling `matches` on each line's label in turn.
  public func firstMatchingLineOneByOne(in lines: UnsafeBufferPointer<UInt8>) -> Int? {
    var start = 0
    while start < lines.count {
      var end = start
      while end < lines.count && lines[end] != 10 { end += 1 }
      let next = end + 1
      if end > start && end < lines.count && lines[end - 1] == 13 { end -= 1 }
      if matches(UnsafeBufferPointer(rebasing: lines[start..<end])) { return start }
      start = next
    }
    return nil
  }
}

extension ListDocument {
  /// Label by label: for formats whose labels are not lines of their bytes.
  public func forEachMatch(
    of search: any LabelSearch, in order: RowOrder, isInterrupted: () -> Bool,
    _ body: (Int) throws -> Bool
  ) rethrows -> SearchEnd {
    var end = SearchEnd.finished
    try forEachLabel(in: order) { position, label in
      if position & 0xFFF == 0xFFF && isInterrupted() {
        end = .interrupted
        return false
      }
      return try !search.matches(label) || body(position)
    }
    return end
  }
}

extension LabelSearch {
  /// Bytes searched per call of `firstMatchingLine`: large enough that calls cost
  /// nothing, small enough that Ctrl-C is prompt and a matcher's scratch memory small.
  static var chunkSize: Int { 1 << 20 }

  /// Calls `body` with the position of each matching row among the whole lines in
  /// `bytes` of `buf`, the first of which is at `firstPosition`; false when `body`
  /// or an interruption (noted in `end`) stopped it.
  func forEachMatch(
    inLines bytes: Range<Int>, of buf: UnsafeBufferPointer<UInt8>, firstPosition: Int,
    isInterrupted: () -> Bool, _ end: inout SearchEnd, _ body: (Int) throws -> Bool
  ) rethrows -> Bool {
    var from = bytes.lowerBound
    var position = firstPosition
    while from < bytes.upperBound {
      if isInterrupted() {
        end = .interrupted
        return false
      }
      var chunkEnd = Swift.min(bytes.upperBound, from + Self.chunkSize)
      if chunkEnd < bytes.upperBound {
        chunkEnd = Swift.min(
          bytes.upperBound, NewlineScanner.newline(rank: 0, from: chunkEnd - 1, in: buf) + 1)
      }
      guard let offset = firstMatchingLine(in: UnsafeBufferPointer(rebasing: buf[from..<chunkEnd]))
      else {
        position += NewlineScanner.count(in: buf, from..<chunkEnd)
        from = chunkEnd
        continue
      }
      position += NewlineScanner.count(in: buf, from..<(from + offset))
      guard try body(position) else { return false }
      position += 1
      from = Swift.min(
        bytes.upperBound, NewlineScanner.newline(rank: 0, from: from + offset, in: buf) + 1)
    }
    return true
  }
}
