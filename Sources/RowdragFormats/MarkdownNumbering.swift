import RowdragBase

/// What a Markdown list keeps to renumber its ordered items and to refuse a move that
/// would nest one (FORMATS.md §3.3). Kept in its `BlockList` (nil for every other list,
/// and for a Markdown list none of whose rows starts with a digit or a blank, which so
/// pays nothing).
///
/// Numbers belong to positions: the row at a section's `j`-th position takes the number
/// the `j`-th row of that section had as loaded (or last written), when that row was
/// ordered, else one more than the ordered row above it. A row at its own position
/// keeps its bytes, so an unmoved stretch is written as one span and a list whose rows
/// did not move is written byte for byte; only a row that moved is read — its first
/// line, a few bytes — to know whether it is ordered.
///
/// Labels are asked by row identity, but a row's number depends on where it stands:
/// the session tells the list every arrangement (`arrange`), which is kept (a copy of
/// the engine's copy-on-write order) with the positions of identities made when first
/// needed. A write makes the written numbers the input's (`rebased`): rows written with
/// other bytes than their blocks' keep those bytes as `edits`, by identity.
struct MarkdownNumbering {
  /// Whether ordered markers are renumbered (`renumber=yes`).
  var renumbers: Bool
  /// Whether some row's first line is indented, so that a move may nest it.
  var vetoes: Bool
  /// Rows whose bytes as last written are not their blocks' (renumbered before a
  /// write), sorted, and those bytes as edits of the blocks.
  private(set) var editedRows: [Int32] = []
  private(set) var edits: [RowEdit] = []
  /// The first identity and the row count of each section as loaded or last written.
  private(set) var inputStarts: [Int]
  private(set) var inputCounts: [Int]
  /// The arrangement labels follow; nil: as loaded or last written.
  private(set) var arrangement: (order: RowOrder, sectionStarts: [Int])?
  /// The positions of identities in `arrangement`, made when first needed.
  private var positions = PositionCache()
  /// The rows whose first line starts with a blank, found at the first veto.
  private let indented = IndentedRows()

  init(renumbers: Bool, vetoes: Bool, sectionRowCounts: [Int]) {
    self.renumbers = renumbers
    self.vetoes = vetoes
    (inputStarts, inputCounts) = MarkdownNumbering.starts(sectionRowCounts)
  }

  /// The first identity of each section, and the counts.
  private static func starts(_ counts: [Int]) -> ([Int], [Int]) {
    var starts: [Int] = []
    var start = 0
    for count in counts {
      starts.append(start)
      start += count
    }
    return (starts, counts)
  }

  /// The identities of the rows whose first byte is a space or a tab, sorted: the only
  /// rows a move can make another's child. Found once (the rows' identities change only
  /// with a write, which makes a new numbering).
  func indentedRows(blocks: SpanTable, buf: UnsafeBufferPointer<UInt8>) -> [Int32] {
    if let ids = indented.ids { return ids }
    let spans = blocks.forVisits()
    var ids: [Int32] = []
    for id in spans.indices {
      let start = spans[id].start
      if start < buf.count && (buf[start] == 32 || buf[start] == 9) { ids.append(Int32(id)) }
    }
    indented.ids = ids
    return ids
  }

  /// Labels follow `order`, sections starting at `sectionStarts`, from now on.
  mutating func arrange(_ order: RowOrder, sectionStarts: [Int]) {
    arrangement = (order, sectionStarts)
    positions = PositionCache()
  }

  /// Row `id`'s edit as last written, nil when it is its block.
  func savedEdit(ofRow id: Int) -> RowEdit? {
    guard !editedRows.isEmpty else { return nil }
    let k = editedRows.lastIndex(keyAtMost: Int32(id)) { $0 }
    return editedRows[k] == Int32(id) ? edits[k] : nil
  }

  /// Calls `body` with each saved edit of the identities in `ids`, in order.
  func forEachSavedEdit(in ids: Range<Int>, _ body: (Int, RowEdit) throws -> Void) rethrows {
    guard !editedRows.isEmpty, !ids.isEmpty else { return }
    var k = editedRows.lastIndex(keyAtMost: Int32(ids.lowerBound)) { $0 }
    if Int(editedRows[k]) < ids.lowerBound { k += 1 }
    while k < editedRows.count && Int(editedRows[k]) < ids.upperBound {
      try body(Int(editedRows[k]), edits[k])
      k += 1
    }
  }

  /// An ordered row as it was last loaded or written: its marker and its edit (the
  /// unchanged edit when it is its block). Nil for any other row.
  func own(_ id: Int, _ rows: RowBytes) -> (marker: MarkdownMarker, edit: RowEdit)? {
    guard let marker = rows.marker(of: id), let unchanged = RowEdit.unchanged(marker) else {
      return nil
    }
    return (marker, savedEdit(ofRow: id) ?? unchanged)
  }

  /// The arrangement labels follow, over `rows`.
  func numbers(_ rows: RowBytes) -> ArrangementNumbers {
    let order = arrangement?.order ?? RowOrder(identityOfCount: rows.blocks.count)
    return ArrangementNumbers(
      numbering: self, rows: rows, order: order, starts: arrangement?.sectionStarts ?? inputStarts)
  }

  /// Row `id`'s position in the arrangement labels follow.
  func position(of id: Int, in numbers: ArrangementNumbers) -> Int {
    guard let arrangement else { return id }
    let s = inputStarts.lastIndex(keyAtMost: id) { $0 }
    let order = arrangement.order
    if s < numbers.starts.count {
      let p = numbers.starts[s] + (id - inputStarts[s])
      if p < numbers.end(ofSection: s) && Int(order[p]) == id { return p }
    }
    return positions.position(of: id, in: order)
  }

  /// After a write of `previous` (old identities by position) with sections at
  /// `sectionStarts`: identity `k` is the row written at position `k`, with the bytes it
  /// was written with, and the sections are as written (`counts`).
  func rebased(
    _ previous: RowOrder, sectionStarts: [Int], counts: [Int], rows: RowBytes
  ) -> MarkdownNumbering {
    var next = MarkdownNumbering(renumbers: renumbers, vetoes: vetoes, sectionRowCounts: counts)
    guard renumbers else { return next }
    var pass = NumberingPass(
      ArrangementNumbers(numbering: self, rows: rows, order: previous, starts: sectionStarts))
    for s in sectionStarts.indices {
      let start = sectionStarts[s]
      let end = s + 1 < sectionStarts.count ? sectionStarts[s + 1] : previous.count
      previous.forEachRun(in: start..<end) { run in
        let ids = Int(run.first)..<Int(run.first) + run.count
        pass.visit(
          ids, at: run.position, section: s, plain: { _ in true },
          edited: { _, position, _, edit in
            next.editedRows.append(Int32(position))
            next.edits.append(edit)
            return true
          })
      }
    }
    return next
  }
}

/// The positions of an order's identities, made once for an order kept flat (a run
/// order is searched run by run). A new cache comes with every arrangement, so copies
/// of a list never share a stale one.
private final class PositionCache: @unchecked Sendable {
  private var inverse: [Int32]?

  func position(of id: Int, in order: RowOrder) -> Int {
    if order.isRunBased {
      var found = id
      order.forEachRun(in: 0..<order.count) { run in
        let offset = id - Int(run.first)
        if offset >= 0 && offset < run.count { found = run.position + offset }
      }
      return found
    }
    if inverse == nil {
      var made = [Int32](repeating: 0, count: order.count)
      for (position, row) in order.enumerated() { made[Int(row)] = Int32(position) }
      inverse = made
    }
    return Int(inverse?[id] ?? Int32(id))
  }
}

/// The indented rows of a list, found when first needed and shared by the copies of its
/// numbering: a pure function of the rows, which no copy changes.
private final class IndentedRows: @unchecked Sendable {
  var ids: [Int32]?
}

/// A list's blocks and bytes, for reading rows' markers.
struct RowBytes {
  let blocks: SpanTable
  let buf: UnsafeBufferPointer<UInt8>

  /// The list item marker of row `id`'s first line, nil when it has none.
  func marker(of id: Int) -> MarkdownMarker? { MarkdownMarker.read(buf, block: blocks[id]) }
}

/// The numbers of one arrangement of a list's rows (`MarkdownNumbering`).
struct ArrangementNumbers {
  let numbering: MarkdownNumbering
  let rows: RowBytes
  let order: RowOrder
  /// Each section's first position (at least one section).
  let starts: [Int]

  init(numbering: MarkdownNumbering, rows: RowBytes, order: RowOrder, starts: [Int]) {
    self.numbering = numbering
    self.rows = rows
    self.order = order
    self.starts = starts.isEmpty ? [0] : starts
  }

  /// These numbers read from an explicit table of blocks: for a pass that reads many
  /// rows (`SpanTable.forVisits`).
  func materialized() -> ArrangementNumbers {
    ArrangementNumbers(
      numbering: numbering, rows: RowBytes(blocks: rows.blocks.forVisits(), buf: rows.buf),
      order: order, starts: starts)
  }

  /// The end of section `s`'s positions.
  func end(ofSection s: Int) -> Int { s + 1 < starts.count ? starts[s + 1] : order.count }

  /// The section holding position `p`.
  func section(of p: Int) -> Int { starts.lastIndex(keyAtMost: p) { $0 } }

  /// Whether row `id` stands at `p` (in section `s`) as it did when loaded or written.
  func isInPlace(_ p: Int, _ id: Int, _ s: Int) -> Bool {
    let j = p - starts[s]
    return s < numbering.inputStarts.count && j < numbering.inputCounts[s]
      && id == numbering.inputStarts[s] + j
  }

  /// The number of the row that stood at position `p` of section `s` when loaded or
  /// written, when that row was ordered.
  func slotNumber(_ p: Int, _ s: Int) -> MarkerNumber? {
    let j = p - starts[s]
    guard s < numbering.inputStarts.count, j < numbering.inputCounts[s] else { return nil }
    return numbering.own(numbering.inputStarts[s] + j, rows)?.edit.number
  }

  /// The number written now by the nearest ordered row above position `p` in section
  /// `s`, 0 when there is none: a walk up to the first row whose number its position
  /// gives, counting the ordered rows on the way (each one more than the one above).
  /// - Complexity: O(distance to that row).
  func numberAbove(_ p: Int, _ s: Int) -> Int {
    var counted = 0
    var q = p - 1
    while q >= starts[s] {
      let id = Int(order[q])
      if let own = numbering.own(id, rows) {
        if isInPlace(q, id, s) {
          return Swift.min(MarkerNumber.largest, own.edit.number.value + counted)
        }
        if let slot = slotNumber(q, s) {
          return Swift.min(MarkerNumber.largest, slot.value + counted)
        }
        counted += 1
      }
      q -= 1
    }
    return Swift.min(MarkerNumber.largest, counted)
  }

  /// How row `id`, at position `p` of section `s`, is written: nil for its block's
  /// bytes, else their edit. A row at its own place keeps what it was written with.
  func edit(at p: Int, id: Int, section s: Int) -> (marker: MarkdownMarker, edit: RowEdit)? {
    guard let own = numbering.own(id, rows) else { return nil }
    var edit = own.edit
    if numbering.renumbers && !isInPlace(p, id, s) {
      let number = slotNumber(p, s) ?? .counted(numberAbove(p, s) + 1)
      edit = edit.renumbered(number, marker: own.marker, in: rows.buf)
    }
    return edit == RowEdit.unchanged(own.marker) ? nil : (own.marker, edit)
  }
}

/// One walk of an arrangement front to back that tells which rows are written with
/// other bytes than their blocks' — the writer's, the listing's and a write's
/// (`rebased`). It keeps the number of the last renumbered row, so that a row counted
/// on from the one above looks up only as far as that row.
struct NumberingPass {
  private(set) var numbers: ArrangementNumbers
  private var section = -1
  /// Rows read so far: past `explicitAfter`, the blocks are made explicit once.
  private var read = 0
  private static let explicitAfter = 4096
  /// The last position renumbered in `section`, and its number.
  var last: (position: Int, value: Int)?

  init(_ numbers: ArrangementNumbers) { self.numbers = numbers }

  /// Calls `plain` with each stretch of `ids` written as their blocks and `edited` with
  /// each row written otherwise (its identity, position, marker and edit), in order, until one
  /// returns false (then returns false). `ids` are consecutive identities at
  /// consecutive positions from `position`, all in section `s`; calls come in position
  /// order.
  @discardableResult
  mutating func visit(
    _ ids: Range<Int>, at position: Int, section s: Int,
    plain: (Range<Int>) throws -> Bool,
    edited: (Int, Int, MarkdownMarker, RowEdit) throws -> Bool
  ) rethrows -> Bool {
    let numbering = numbers.numbering
    enter(s)
    guard numbering.renumbers else { return try plain(ids) }
    var from = ids.lowerBound
    var k = ids.lowerBound
    var going = true
    // A stretch at its own place: only the rows with saved edits differ.
    if numbers.isInPlace(position, k, s) {
      let j = position - numbers.starts[s]
      let stop = Swift.min(ids.upperBound, k + numbering.inputCounts[s] - j)
      try numbering.forEachSavedEdit(in: k..<stop) { id, edit in
        guard going else { return }
        if from < id { going = try plain(from..<id) }
        guard going, let marker = numbers.rows.marker(of: id) else { return }
        going = try edited(id, position + id - ids.lowerBound, marker, edit)
        from = id + 1
      }
      k = stop
    }
    if read <= Self.explicitAfter && read + ids.upperBound - k > Self.explicitAfter {
      numbers = numbers.materialized()
    }
    read += ids.upperBound - k
    while going && k < ids.upperBound {
      let p = position + k - ids.lowerBound
      if let own = numbering.own(k, numbers.rows) {
        let number = numbers.slotNumber(p, s) ?? .counted(numberAbove(p, s) + 1)
        last = (p, number.value)
        let edit = own.edit.renumbered(number, marker: own.marker, in: numbers.rows.buf)
        if edit != RowEdit.unchanged(own.marker) {
          if from < k { going = try plain(from..<k) }
          guard going else { break }
          going = try edited(k, p, own.marker, edit)
          from = k + 1
        }
      }
      k += 1
    }
    if going && from < ids.upperBound { going = try plain(from..<ids.upperBound) }
    return going
  }

  /// Starts section `s` when the walk comes to it: no row above is renumbered yet.
  mutating func enter(_ s: Int) {
    if s != section {
      section = s
      last = nil
    }
  }

  /// `ArrangementNumbers.numberAbove`, looking up only past the last row renumbered:
  /// the rows between are at their own places or not ordered.
  func numberAbove(_ p: Int, _ s: Int) -> Int {
    let floor = Swift.max(numbers.starts[s], (last?.position ?? -1) + 1)
    var q = p - 1
    while q >= floor {
      let id = Int(numbers.order[q])
      if numbers.isInPlace(q, id, s), let own = numbers.numbering.own(id, numbers.rows) {
        return own.edit.number.value
      }
      q -= 1
    }
    return last?.value ?? 0
  }
}
