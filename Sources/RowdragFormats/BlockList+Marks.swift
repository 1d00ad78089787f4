import RowdragBase

/// Marks (FORMATS.md §5.1) in a list of blocks: a row's mark is a span of its first
/// line, found in its input bytes; the engine's codes (`showMarks`) say which rows have
/// another, and labels, lines and the writer replace that span.
extension BlockList {
  public var markNames: [String] { marking?.names ?? [] }

  /// The span of row `id`'s first line (terminator excluded) in the input.
  private func firstLineContent(ofRow id: Int) -> Span {
    let buf = store.buffer
    let block = blocks[id]
    // A list of one-line rows (every todo) has its line's end at the block's.
    var end = block.end
    if lineCounts != nil {
      end = Swift.min(block.end, NewlineScanner.newline(rank: 0, from: block.start, in: buf) + 1)
    }
    return Span(start: block.start, end: TextList.contentEnd(buf, block.start, end))
  }

  /// Where row `id`'s mark is in the input, which it is and how it is written.
  private func foundMark(ofRow id: Int) -> (span: Span, mark: Int, short: Bool)? {
    guard let marking else { return nil }
    let line = firstLineContent(ofRow: id)
    let bytes = UnsafeBufferPointer(rebasing: store.buffer[line.start..<line.end])
    guard let found = marking.find(in: bytes) else { return nil }
    return (
      Span(start: line.start + found.span.lowerBound, end: line.start + found.span.upperBound),
      found.mark, found.short
    )
  }

  public func ownMark(ofRow id: Int) -> Int? { foundMark(ofRow: id)?.mark }

  public func mark(named word: String) -> Int? { marking?.mark(named: word) }

  /// Each row's first line found by walking on from the row before (`LineRowWalk`),
  /// its mark read once.
  public func markCodes(_ mark: Int, at positions: Range<Int>, of order: RowOrder) -> MarkScan {
    guard let marking else { return .noMarks(position: positions.lowerBound) }
    var codes = [UInt8](repeating: 0, count: positions.count)
    var walk = LineRowWalk(self)
    let buf = store.buffer
    var refusal: MarkScan?
    codes.withUnsafeMutableBufferPointer { codes in
      order.forEachRun(in: positions) { run in
        guard refusal == nil else { return }
        for k in 0..<run.count {
          let line = walk.firstLineContent(ofRow: Int(run.first) + k)
          let bytes = UnsafeBufferPointer(rebasing: buf[line.start..<line.end])
          let p = run.position + k
          guard let found = marking.find(in: bytes) else {
            refusal = .noMarks(position: p)
            return
          }
          if found.mark == mark { continue }
          let rest = UnsafeBufferPointer(rebasing: bytes[found.span.upperBound...])
          if marking.misreads(mark, before: rest) {
            refusal = .misreads(position: p)
            return
          }
          codes[p - positions.lowerBound] = UInt8(truncatingIfNeeded: mark + 1)
        }
      }
    }
    return refusal ?? .codes(codes)
  }

  public mutating func showMarks(_ codes: [UInt8]) {
    guard marking != nil else { return }
    markCodes = codes
  }

  /// The code the engine holds for row `id`.
  func markCode(ofRow id: Int) -> UInt8 { markCodes.isEmpty ? 0 : markCodes[id] }

  /// Row `id`'s label as it would read with mark code `code` (0: its own).
  public func label(ofRow id: Int, markCode code: UInt8) -> [UInt8] {
    let own = numberedLabel(ofRow: id) ?? Array(content(firstLineContent(ofRow: id)))
    guard code != 0, let marking, let found = foundMark(ofRow: id) else { return own }
    // What follows the mark is input bytes in the label too (a renumbered marker
    // changes only what comes before a check box), so the span is found from the end.
    let contentEnd = firstLineContent(ofRow: id).end
    let from = own.count - (contentEnd - found.span.start)
    let to = own.count - (contentEnd - found.span.end)
    return Array(own[..<from]) + marking.bytes(of: Int(code) - 1, short: found.short)
      + own[to...]
  }

  /// The replacements the writer makes, found as it writes; nil when no row is marked.
  func markPatches() -> MarkPatches? {
    guard let marking, markCodes.contains(where: { $0 != 0 }) else { return nil }
    return MarkPatches(self, marking: marking)
  }
}
