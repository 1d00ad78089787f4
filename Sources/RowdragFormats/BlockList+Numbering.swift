import RowdragBase

/// What the first bytes of a list's rows hold, noted as rows are added one at a time
/// (`BlockList.Builder.item`, one byte a row): enough to know that no Markdown rule for
/// ordered or indented items can apply, so that a bullet list pays nothing for them.
struct MarkerHints: Sendable, Equatable {
  /// Some row starts with a space or a tab.
  var indented = false
  /// Some row starts with a digit.
  var numbered = false

  @inline(__always)
  mutating func note(_ first: UInt8) {
    indented = indented || first == 32 || first == 9
    numbered = numbered || first &- 48 < 10
  }

  mutating func note(_ other: MarkerHints) {
    indented = indented || other.indented
    numbered = numbered || other.numbered
  }
}

/// Markdown's ordered lists keep counting, and a move that would nest an item is
/// refused (FORMATS.md §3.3): `MarkdownNumbering` kept in the list, asked by the labels,
/// the lines, the writer and the session's veto.
extension BlockList {
  /// This Markdown list renumbering its ordered items when `renumber` is true, and
  /// refusing moves that would nest an item; the list itself when no row starts with a
  /// digit or a blank, as neither rule can then apply.
  public func markdownNumbering(renumber: Bool) -> BlockList {
    let renumbers = renumber && (markerHints.numbered || markerHints.indented)
    guard renumbers || markerHints.indented else { return self }
    var list = self
    list.numbering = MarkdownNumbering(
      renumbers: renumbers, vetoes: markerHints.indented, sectionRowCounts: sectionRowCounts)
    return list
  }

  /// The blocks and bytes, for reading markers.
  var rowBytes: RowBytes { RowBytes(blocks: blocks, buf: store.buffer) }

  /// Whether rows are renumbered, so labels follow the arrangement.
  public var followsArrangement: Bool { numbering?.renumbers == true }

  public mutating func arrange(_ order: RowOrder, sectionStarts: [Int]) {
    guard numbering?.renumbers == true else { return }
    numbering?.arrange(order, sectionStarts: sectionStarts)
  }

  public var refusesArrangements: Bool { numbering?.vetoes == true }

  /// The first row (by position) whose marker would stand at or past the content column
  /// of the item right above it in its section, as that item is written (renumbered),
  /// which CommonMark would read as that item's child.
  ///
  /// Only an indented row can become a child, and a list has few, so every one is
  /// looked at where it would stand (found run by run in `order`): a row moved under
  /// another, and a row under an item that a move renumbered to a narrower content
  /// column (`10.` with nothing after it becoming `9.`, inside a moved block or not).
  /// - Complexity: O(runs × log indented + indented rows); the indented rows are found
  ///   once, at the first move.
  public func refusal(of move: RowMove, in order: RowOrder, sectionStarts: [Int])
    -> ArrangementRefusal?
  {
    guard let numbering, numbering.vetoes else { return nil }
    let indented = numbering.indentedRows(blocks: blocks, buf: store.buffer)
    guard !indented.isEmpty else { return nil }
    let numbers = ArrangementNumbers(
      numbering: numbering, rows: rowBytes, order: order, starts: sectionStarts)
    var found: ArrangementRefusal?
    order.forEachRun(in: 0..<order.count) { run in
      guard found == nil else { return }
      let first = Int(run.first)
      var k = indented.lastIndex(keyAtMost: run.first) { $0 }
      if indented[k] < run.first { k += 1 }
      while found == nil && k < indented.count && Int(indented[k]) < first + run.count {
        found = nesting(at: run.position + Int(indented[k]) - first, in: numbers)
        k += 1
      }
    }
    return found
  }

  /// Whether the row at `p` would be a child of the item above it (`refusal`).
  private func nesting(at p: Int, in numbers: ArrangementNumbers) -> ArrangementRefusal? {
    let s = numbers.section(of: p)
    guard p > numbers.starts[s] else { return nil }
    let child = Int(numbers.order[p])
    let parent = Int(numbers.order[p - 1])
    guard let inner = numbers.rows.marker(of: child), inner.column > 0,
      let outer = numbers.rows.marker(of: parent)
    else { return nil }
    let buf = store.buffer
    var column = outer.contentColumn(buf)
    if let written = numbers.edit(at: p - 1, id: parent, section: s) {
      column = outer.contentColumn(
        buf, digits: written.edit.number.writtenWidth, spaces: written.edit.spaces)
    }
    guard inner.column >= column else { return nil }
    return .nests(child: child, parent: parent, indent: inner.column, contentColumn: column)
  }

  /// How row `id` is written where it now stands, when not as its block.
  func numberedEdit(ofRow id: Int) -> (marker: MarkdownMarker, edit: RowEdit)? {
    guard let numbering, numbering.renumbers else { return nil }
    let numbers = numbering.numbers(rowBytes)
    let p = numbering.position(of: id, in: numbers)
    return numbers.edit(at: p, id: id, section: numbers.section(of: p))
  }

  /// Row `id`'s label when it is renumbered where it stands (its first line as
  /// written), nil otherwise.
  func numberedLabel(ofRow id: Int) -> [UInt8]? {
    guard numbering?.renumbers == true, let written = numberedEdit(ofRow: id) else {
      return nil
    }
    return firstLine(written.marker, written.edit)
  }

  /// Line `k` of row `id` as written (without its terminator) when the row is
  /// renumbered where it stands, nil otherwise.
  func numberedLine(_ k: Int, ofRow id: Int) -> [UInt8]? {
    guard numbering?.renumbers == true, let written = numberedEdit(ofRow: id) else {
      return nil
    }
    let bytes = written.edit.bytes(of: written.marker, in: store.buffer)
    var start = 0
    for _ in 0..<k {
      guard let newline = bytes[start...].firstIndex(of: 10) else { return [] }
      start = newline + 1
    }
    var end = bytes[start...].firstIndex(of: 10) ?? bytes.count
    if end > start && bytes[end - 1] == 13 && end < bytes.count { end -= 1 }
    return Array(bytes[start..<end])
  }

  /// The first line of the block of `marker` as `edit` writes it, without its
  /// terminator.
  private func firstLine(_ marker: MarkdownMarker, _ edit: RowEdit) -> [UInt8] {
    let buf = store.buffer
    let end = RowEdit.lineEnd(from: marker.end, block: marker.block, in: buf)
    var line = edit.bytes(of: marker, in: buf, upTo: end)
    if line.last == 10 {
      line.removeLast()
      if line.last == 13 { line.removeLast() }
    }
    return line
  }

  /// `forEachLabel` of a renumbering list: one pass over the order, the rows that stand
  /// where they were labelled from their blocks, the others renumbered.
  func forEachNumberedLabel(
    in order: RowOrder, _ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Bool
  ) rethrows {
    guard let numbering else { return }
    let spans = blocks.forVisits()
    let numbers = ArrangementNumbers(
      numbering: numbering, rows: RowBytes(blocks: spans, buf: store.buffer), order: order,
      starts: numbering.arrangement?.sectionStarts ?? numbering.inputStarts)
    var pass = NumberingPass(numbers)
    var going = true
    for s in numbers.starts.indices where going {
      try order.forEachRun(in: numbers.starts[s]..<numbers.end(ofSection: s)) { run in
        guard going else { return }
        let first = Int(run.first)
        going = try pass.visit(first..<first + run.count, at: run.position, section: s) { ids in
          for id in ids {
            let position = run.position + id - first
            guard try withLabel(ofRow: id, in: spans, { try body(position, $0) }) else {
              return false
            }
          }
          return true
        } edited: { id, position, marker, edit in
          try firstLine(marker, edit).withUnsafeBufferPointer {
            try body(position, $0)
          }
        }
      }
    }
  }

  /// The pass the writer asks which rows it writes renumbered, nil when none are.
  func numberingPass(_ order: RowOrder, sectionStarts: [Int]) -> NumberingPass? {
    guard let numbering, numbering.renumbers else { return nil }
    return NumberingPass(
      ArrangementNumbers(
        numbering: numbering, rows: rowBytes, order: order, starts: sectionStarts))
  }

  /// Writes the blocks of `ids` (at positions from `position` of section `s`), each
  /// stretch written as its blocks in one span and each renumbered row piece by piece.
  func writeRows(
    _ ids: Range<Int>, at position: Int, section s: Int, pass: inout NumberingPass?,
    to writer: inout TerminatedWriter
  ) throws {
    guard var walk = pass else { return try writeContiguous(ids, to: &writer) }
    try walk.write(ids, at: position, section: s, list: self, to: &writer)
    pass = walk
  }
}
