import RowdragEngine
import RowdragFormats

/// One `list`, row by row (SPEC §5.3, FORMATS.md §5): each row's line, and with more
/// than one section a line before each section's rows, `%5d:<TAB>#<TAB>title`, for
/// every section but a leading untitled one — all of them, or, for `list A,B`, those
/// that start inside the range and the first row's own when the range starts it. A
/// label is escaped as a terminal shows it, and into a pipe only its CR and LF are, so
/// each row is one line whatever the labels hold.
///
/// All the state of a pass is this one value, so the closure the document calls for
/// every row carries one pointer: ten million rows list at the pace of `cat -n`.
struct ListingPass {
  let layout: Layout
  let document: Document
  let writer: ListingWriter
  /// The lifted rows, marked `>`.
  let lifted: Range<Int>
  /// Whether labels go to a terminal (escaped whole).
  let escaping: Bool
  /// The rows of `list A,B`, nil for all.
  let rows: Range<Int>?
  /// The section of the range's first row.
  let firstSection: Int?
  /// Board mode: each row's `C:R` (BOARD.md §8).
  let board: Bool
  /// The first section whose line is neither written nor passed over (the section
  /// count when there are no section lines).
  private var next: Int
  /// The section of the rows being listed (board mode).
  private var column = 0
  /// A label escaped.
  private var escaped: [UInt8] = []

  init(session: Session, writer: ListingWriter, escaping: Bool, rows: Range<Int>?) {
    let engine = session.engine
    layout = engine.layout
    document = session.document
    self.writer = writer
    lifted = engine.lift.map { $0.position..<($0.position + $0.count) } ?? 0..<0
    self.escaping = escaping
    self.rows = rows
    firstSection = rows.map { engine.layout.section(of: $0.lowerBound) }
    board = engine.surface.isBoard
    next = layout.sectionCount > 1 ? 0 : layout.sectionCount
  }

  /// Writes the lines due at `position`, and its row's line when the row is listed;
  /// false past the last row listed.
  @inline(__always)
  mutating func row(_ position: Int, label: UnsafeBufferPointer<UInt8>) throws -> Bool {
    if let rows {
      guard position < rows.upperBound else { return false }
      guard position >= rows.lowerBound else { return true }
    }
    if next < layout.sectionCount { try sections(through: position) }
    let mark = lifted.contains(position) ? UInt8(ascii: ">") : layout.flags(at: position).markByte
    var address: (Int, Int)?
    if board {
      while position >= layout.sectionEnd(column) { column += 1 }
      address = (column + 1, position - layout.sectionStarts[column] + 1)
    }
    // Into a pipe the label as it is, unless it holds a line break.
    if !escaping,
      try writer.row(
        position + 1, address: address, mark: mark, label: label, unlessLineBreak: true)
    {
      return true
    }
    let writer = writer
    try escape(label) { try writer.row(position + 1, address: address, mark: mark, label: $0) }
    return true
  }

  /// Writes the lines of the sections that start at or before `position` and are not
  /// yet written or passed over; `Int.max` for the empty sections after the last row.
  mutating func sections(through position: Int) throws {
    while next < layout.sectionCount && layout.sectionStarts[next] <= position {
      let s = next
      next += 1
      guard s > 0 || layout.sectionTitled[0] else { continue }
      if let rows, let firstSection {
        let start = layout.sectionStarts[s]
        guard start > rows.lowerBound || start == rows.lowerBound && s == firstSection else {
          continue
        }
      }
      let title = document.titleBytes(ofSection: s) ?? []
      let writer = writer
      try title.withUnsafeBufferPointer { title in
        if escaping || TerminalText.hasLineBreak(title) {
          try escape(title) { try writer.section(s + 1, label: $0) }
        } else {
          try writer.section(s + 1, label: title)
        }
      }
    }
  }

  /// Calls `line` with `text` as this pass shows it when it is not the bytes as they
  /// are: escaped for a terminal, or its line breaks written `\n` and `\r`.
  @inline(never)
  private mutating func escape(
    _ text: UnsafeBufferPointer<UInt8>, _ line: (UnsafeBufferPointer<UInt8>) throws -> Void
  ) rethrows {
    escaped.removeAll(keepingCapacity: true)
    if escaping {
      TerminalText.escape(text, into: &escaped, backslashBreaks: true)
    } else {
      TerminalText.escapeLineBreaks(text, into: &escaped)
    }
    try escaped.withUnsafeBufferPointer(line)
  }
}
