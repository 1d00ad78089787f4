import RowdragBase
import RowdragFormats

/// Section arithmetic and printing the format targets share.
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

  /// What `list` writes with its rows in `order`, sections starting at `starts`.
  static func printed(_ list: some ListDocument, _ order: RowOrder, _ starts: [Int]) -> [UInt8] {
    let out = OutputSink(memoryNamed: "<fuzz>")
    try? list.write(order: order, sectionStarts: starts, to: out)
    try? out.flush()
    return out.captured
  }
}
