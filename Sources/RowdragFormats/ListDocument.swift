import RowdragBase

/// What a list format provides to the rest of rowdrag: sections, labels and titles to
/// show and match, per-row attributes to lay out, and a way to write any arrangement of
/// its rows back byte for byte.
///
/// Rows are named by identity: row `k` is the `k`-th row as last loaded or written.
/// The engine arranges identities; a document never sees the engine. A new format is one
/// type conforming to this protocol.
public protocol ListDocument {
  /// The format's name, as `--json`/`--text` and messages say it.
  var formatName: String { get }
  /// Rows per section, in layout order (at least one section; it may be empty).
  var sectionRowCounts: [Int] { get }
  /// Whether each section has a title (and so a header in the table).
  var sectionTitled: [Bool] { get }
  /// Section `s`'s title, nil for an untitled section.
  func title(ofSection s: Int) -> String?
  /// Section `s`'s title as the list holds it (not repaired to UTF-8), nil when
  /// untitled: what the drop hook is given.
  func titleBytes(ofSection s: Int) -> [UInt8]?
  /// Calls `body` with the UTF-8 (or raw) bytes of row `id`'s label.
  func withLabel<R>(ofRow id: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows
    -> R
  /// Calls `body` with each position of `order` and the label there, front to back,
  /// until `body` returns false: the way to visit many rows.
  func forEachLabel(
    in order: RowOrder, _ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Bool
  ) rethrows
  /// Calls `body` with the position of each row of `order` whose label matches
  /// `search`, front to back, until `body` returns false; asks `isInterrupted` every
  /// few thousand rows (or megabyte) and stops when it says so.
  func forEachMatch(
    of search: any LabelSearch, in order: RowOrder, isInterrupted: () -> Bool,
    _ body: (Int) throws -> Bool
  ) rethrows -> SearchEnd
  /// Lines in row `id`'s block: 1 but for formats whose rows span lines (FORMATS.md §1).
  func lineCount(ofRow id: Int) -> Int
  /// Calls `body` with line `k` (0-based, without its terminator) of row `id`'s block;
  /// line 0 is what `show` draws beside the label.
  func withLine<R>(_ k: Int, ofRow id: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R)
    rethrows -> R
  /// Per-row heights and flags the list itself records under these member names.
  func attributes(_ keys: AttributeKeys) throws -> RowAttributes
  /// Writes the whole list with its rows in `order`, sections starting at
  /// `sectionStarts`.
  func write(order: RowOrder, sectionStarts: [Int], to out: OutputSink) throws
  /// Adopts `previous` (the old identities in the saved order) after a write, so that
  /// afterwards identity `k` is the row at position `k` and the sections are as written
  /// (starting at `sectionStarts`).
  mutating func rebase(_ previous: RowOrder, sectionStarts: [Int])
  /// Whether labels depend on where rows stand, so the list must be told each
  /// arrangement (`arrange`); false for most lists (ListDocument+Arrangement.swift).
  var followsArrangement: Bool { get }
  /// Labels and lines show the rows as written in `order`, sections starting at
  /// `sectionStarts`, until the next arrangement or write.
  mutating func arrange(_ order: RowOrder, sectionStarts: [Int])
  /// The marks this list's rows may have, by full name (FORMATS.md §5.1); empty for a
  /// format without marks.
  var markNames: [String] { get }
  /// The mark row `id`'s own bytes say (an index into `markNames`); nil for a row that
  /// has no marks.
  func ownMark(ofRow id: Int) -> Int?
  /// The engine's codes for the rows at `positions` of `order` marked `mark` (0 for a
  /// row whose own mark it is), one a row in position order; or the first row that
  /// refuses it: one without marks, or one that would read back as another mark (`p -C
  /// x` marked `fixup` is `f -C x`, which git reads as `fixup -C`). One pass over the rows: a million-line
  /// todo is checked without a lookup a row.
  func markCodes(_ mark: Int, at positions: Range<Int>, of order: RowOrder) -> MarkScan
  /// The mark `word` names (a full name, or a form the format also reads, as a todo
  /// verb's one letter); nil for none.
  func mark(named word: String) -> Int?
  /// Row `id`'s label as it would read with the engine's mark code `code` (0: the row's
  /// own mark), for `--lock` and `--pin` to test before the mark is set.
  func label(ofRow id: Int, markCode code: UInt8) -> [UInt8]
  /// Labels, lines and writes show these mark codes (the engine's, by row identity)
  /// until the next call.
  mutating func showMarks(_ codes: [UInt8])
  /// Whether the list may refuse an arrangement (`refusal`).
  var refusesArrangements: Bool { get }
  /// Why the list refuses `order` (sections starting at `sectionStarts`) that `move`
  /// made, looking only at the rows next to what moved; nil when it stands.
  func refusal(of move: RowMove, in order: RowOrder, sectionStarts: [Int])
    -> ArrangementRefusal?
}

/// The member names a list may record row attributes under (`--height-key`, …).
public struct AttributeKeys: Sendable, Equatable {
  /// A row's own height.
  public var height = "height"
  /// Locks the row when true.
  public var locked = "locked"
  /// Pins the row when true.
  public var pinned = "pinned"

  /// The default names.
  public init() {}
}

/// Heights and flags read from a list, by row identity; nil where no row has one.
public struct RowAttributes: Sendable, Equatable {
  /// Own heights: `.nan` for the default, and `-n` for a row of `n` lines, `n` times
  /// the default (FORMATS.md §1.2), so `set row-height` scales it.
  public var heights: [Double]?
  /// The lines of every row, when `heights` is `nil` because every row has as many
  /// (more than one): the engine then keeps no height a row.
  public var uniformLines = 1
  /// Rows marked locked.
  public var locked: [Bool]?
  /// Rows marked pinned.
  public var pinned: [Bool]?

  /// No attributes.
  public static let none = RowAttributes()
}

extension ListDocument {
  /// Visits rows one label at a time; formats with a faster way override it.
  public func forEachLabel(
    in order: RowOrder, _ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Bool
  ) rethrows {
    for (position, id) in order.enumerated() {
      guard try withLabel(ofRow: Int(id), { try body(position, $0) }) else { return }
    }
  }

  /// One line a row.
  public func lineCount(ofRow id: Int) -> Int { 1 }

  /// The label is the row's one line.
  public func withLine<R>(
    _ k: Int, ofRow id: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R
  ) rethrows -> R {
    try withLabel(ofRow: id, body)
  }

  /// The title's UTF-8; formats that keep raw bytes override it.
  public func titleBytes(ofSection s: Int) -> [UInt8]? {
    title(ofSection: s).map { Array($0.utf8) }
  }

  /// The label's bytes as the list holds them, up to a NUL byte.
  public func labelBytes(ofRow id: Int) -> [UInt8] {
    withLabel(ofRow: id) { Array($0.prefix { $0 != 0 }) }
  }

  /// Formats without marks.
  public var markNames: [String] { [] }
  public func ownMark(ofRow id: Int) -> Int? { nil }
  public func markCodes(_ mark: Int, at positions: Range<Int>, of order: RowOrder) -> MarkScan {
    positions.isEmpty ? .codes([]) : .noMarks(position: positions.lowerBound)
  }
  public func mark(named word: String) -> Int? { markNames.firstIndex(of: word) }
  public func label(ofRow id: Int, markCode code: UInt8) -> [UInt8] { labelBytes(ofRow: id) }
  public mutating func showMarks(_ codes: [UInt8]) {}

  /// Formats without attributes have none.
  public func attributes(_ keys: AttributeKeys) throws -> RowAttributes { .none }

  /// The label of row `id` as text (invalid UTF-8 repaired), for display.
  public func label(ofRow id: Int) -> String {
    withLabel(ofRow: id) { String(decoding: $0, as: UTF8.self) }
  }
}

/// What setting a mark on a run of rows finds (`ListDocument.markCodes`).
public enum MarkScan: Sendable, Equatable {
  /// The engine's code for each row, in position order.
  case codes([UInt8])
  /// The row at `position` has no marks.
  case noMarks(position: Int)
  /// The row at `position` would read back as another mark (`misreads`).
  case misreads(position: Int)
}
