import RowdragEngine
import RowdragFormats

/// Ranges `A,B` (SPEC §10): resolving them, and the commands that take one.
extension Session {
  /// The first row's 0-based position and the row count of `A,B`: `A` as any address,
  /// `B` from `A` on (a `/REGEX/` end is the first match at or after `A`); `A ≤ B`, both
  /// in one section unless `acrossSections` (`list A,B`, which shows section lines
  /// inside the range, FORMATS.md §5).
  public func resolve(_ range: AddressRange, acrossSections: Bool = false) throws -> (
    position: Int, count: Int
  ) {
    let first = try resolve(range.first)
    let last: Int
    if case .pattern(let p) = range.last {
      last = try firstMatch(of: p, from: first)
    } else {
      last = try resolve(range.last)
    }
    guard last >= first else {
      throw CommandError(
        command: "",
        message: "the range ends at row \(last + 1), before it starts at row \(first + 1); "
          + "give the earlier row first (A,B with A <= B)")
    }
    if !acrossSections { try engine.checkRange(first, count: last - first + 1) }
    return (first, last - first + 1)
  }

  /// The first row at or after `start` whose label matches `/pattern/`.
  private func firstMatch(of pattern: String, from start: Int) throws -> Int {
    let matcher = try LabelMatcher(pattern)
    var found: Int?
    let end = document.forEachMatch(
      of: matcher, in: engine.layout.order, isInterrupted: isInterrupted
    ) {
      guard $0 >= start else { return true }
      found = $0
      return false
    }
    if end == .interrupted { throw CommandError.interrupted }
    if let found { return found }
    throw CommandError(
      command: "", message: "no row at or after row \(start + 1) matches /\(pattern)/")
  }

  /// Runs the range commands of `perform`; false for any other command.
  func performRange(_ command: Command, out: OutputSink) throws -> Bool {
    switch command {
    case .pressRange(let range):
      let (position, count) = try resolve(range)
      try engine.press(position: position, count: count)
    case .pressRangeAt(let range, let x, let y):
      let (position, count) = try resolve(range)
      try engine.press(position: position, count: count, screenX: x, screenY: y)
    case .lockRange(let range):
      try forEachRow(of: range) { try $0.engine.lock($1) }
    case .pinRange(let range):
      try forEachRow(of: range) { try $0.engine.pin($1) }
    case .unlockRange(let range):
      try forEachRow(of: range) { try $0.engine.unlock($1) }
    case .listRows(let range):
      let (position, count) = try resolve(range, acrossSections: true)
      try writeListing(to: out, rows: position..<(position + count))
    default:
      return false
    }
    return true
  }

  /// `lock`, `pin`, `unlock` of each row of a range (all checked before any is set).
  private func forEachRow(of range: AddressRange, _ body: (Session, Int) throws -> Void) throws {
    let (position, count) = try resolve(range)
    try engine.requireIdle()
    for k in position..<(position + count) { try body(self, k) }
  }

  /// `move A,B TO`.
  func move(_ range: AddressRange, to target: MoveTarget) throws {
    let (position, count) = try resolve(range)
    try moveBlock(position, count: count, to: target)
  }

  /// `move A,B TO`, with the targets of a single row's `move`.
  private func moveBlock(_ from: Int, count: Int, to target: MoveTarget) throws {
    let rows = engine.layout.rowCount
    switch target {
    case .row(.sectionRow(let s, let r)):
      try engine.move(from, count: count, toSection: try sectionNumber(s) &- 1, row: r &- 1)
    case .row(.sectionLast(let s)):
      let (section, row) = try endOfSection(s, from: from, count: count)
      try engine.move(from, count: count, toSection: section, row: row)
    case .row(.last):
      try engine.move(from, count: count, toPosition: rows - count)
    case .row(let row):
      try engine.move(from, count: count, toPosition: try resolve(row))
    case .by(let n):
      let to = from.addingReportingOverflow(n)
      guard !to.overflow, to.partialValue >= 0, to.partialValue <= rows - count else {
        throw CommandError(
          command: "",
          message: "rows \(from + 1) to \(from + count) \(n < 0 ? "-" : "+")\(n.magnitude) "
            + "would leave the list (the first row can go from 1 to \(rows - count + 1))")
      }
      try engine.move(from, count: count, toPosition: to.partialValue)
    case .before(let other), .after(let other):
      // The block ends next to the other row, in its section, counted once the block
      // has left its place. Next to a row of its own, only its own edges make sense:
      // `before A` and `after B` leave it where it is; inside, as vim's `:m`, an error.
      let anchor = try resolve(other)
      let isBefore = target == .before(other)
      if anchor >= from && anchor < from + count {
        if anchor == (isBefore ? from : from + count - 1) { return }
        throw CommandError(
          command: "",
          message: "row \(anchor + 1) is inside the range \(from + 1) to \(from + count); "
            + "a range cannot move next to its own rows (use before \(from + 1) or "
            + "after \(from + count), which change nothing, or a row outside it)")
      }
      let layout = engine.layout
      let section = layout.section(of: anchor)
      var row = anchor - layout.sectionStarts[section]
      if layout.section(of: from) == section && from < anchor { row -= count }
      if !isBefore { row += 1 }
      try engine.move(from, count: count, toSection: section, row: row)
    }
  }
}
