/// What a comparison shows, as cells and sentences: the terminal prints it as aligned
/// columns (`ComparisonTable.text`) and the report as HTML tables
/// (`ComparisonReport`), so the two can only give the same numbers.
struct ComparisonContent {
  /// An app trace's comparison with each replayed row.
  struct TraceSection {
    var title: String
    /// Its frames, rate and dropped frames.
    var clock: String?
    /// The header first, then a row per replayed row.
    var rows: [[String]]
  }

  /// The table's columns.
  static let header = [
    "preset", "moved", "passed", "swaps", "first scroll", "offset", "peak speed",
  ]
  /// The columns aligned right.
  static let numericColumns: Set<Int> = [2, 3, 5, 6]

  /// `Comparing current and 4 presets on 74 commands:`.
  var heading: String
  /// The header first, then a row per compared row.
  var table: [[String]]
  var notRun: [ComparisonTable.NotRun]
  /// `flutter: 2 commands refused, first: …`, a line per row that had any.
  var failures: [String]
  var traces: [TraceSection]
  /// What each column counts, in lines of at most 80 columns.
  var legend: [String]
  /// Which row did what most, a sentence a line.
  var summary: [String]
}
