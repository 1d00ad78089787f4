import RowdragBase

/// One edit of an arrangement: `count` rows that stood at `from` (the first row's
/// position in the order before) now stand at `to` (in the order after), both global
/// 0-based positions. A drop, a `move` and a range move are all one.
public struct RowMove: Sendable, Equatable {
  public var from: Int
  public var to: Int
  public var count: Int

  public init(from: Int, to: Int, count: Int) {
    self.from = from
    self.to = to
    self.count = count
  }
}

/// Why a list refuses an arrangement of its rows: the case as data (row identities
/// and the facts that decide), its wording in the command layer. A format that must
/// keep some row above another (a YAML anchor above its aliases) adds a case.
public enum ArrangementRefusal: Error, Sendable, Equatable {
  /// Markdown (FORMATS.md §3.3): row `child` would stand right after row `parent` with
  /// its marker indented `indent` columns, at or past `parent`'s content column
  /// `contentColumn`, so CommonMark would read it as `parent`'s child.
  case nests(child: Int, parent: Int, indent: Int, contentColumn: Int)
}

extension ListDocument {
  /// Labels are the rows' own, wherever they stand.
  public var followsArrangement: Bool { false }

  /// Nothing to follow.
  public mutating func arrange(_ order: RowOrder, sectionStarts: [Int]) {}

  /// Every arrangement stands.
  public var refusesArrangements: Bool { false }

  /// Every arrangement stands.
  public func refusal(of move: RowMove, in order: RowOrder, sectionStarts: [Int])
    -> ArrangementRefusal?
  { nil }
}
