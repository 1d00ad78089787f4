import RowdragEngine
import RowdragFormats

/// Ranges `A,B` (SPEC §10): resolving them, and the commands that take one.
extension Session {
  /// The first row's 0-based position and the row count of `A,B`: `A` as any address,
  /// `B` from `A` on (a `/REGEX/` end is the first match at or after `A`); `A ≤ B`, both
  /// in one section unless `acrossSections` (`list A,B`, which shows section lines
  /// inside the range, FORMATS.md §5). A `/REGEX/` over many rows asks `isInterrupted`.
  public func resolve(
    _ range: AddressRange, acrossSections: Bool = false, isInterrupted: () -> Bool
  ) throws -> (position: Int, count: Int) {
    let first = try resolve(range.first, isInterrupted: isInterrupted)
    let last: Int
    if case .pattern(let p) = range.last {
      last = try firstMatch(of: p, from: first, isInterrupted: isInterrupted)
    } else {
      last = try resolve(range.last, isInterrupted: isInterrupted)
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
  private func firstMatch(
    of pattern: String, from start: Int, isInterrupted: () -> Bool
  ) throws -> Int {
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
}
