import RowdragBase

/// Section arithmetic the format targets share.
enum Sections {
  /// Start position of each section.
  static func starts(_ counts: [Int]) -> [Int] {
    var starts: [Int] = []
    var total = 0
    for count in counts {
      starts.append(total)
      total += count
    }
    return starts
  }

  /// The order with every section's rows reversed in place.
  static func reversed(_ counts: [Int]) -> RowOrder {
    var order: [Int32] = []
    for (start, count) in zip(starts(counts), counts) {
      order += (start..<(start + count)).reversed().map { Int32($0) }
    }
    return RowOrder(order)
  }
}
