import RowdragBase
import RowdragFormats

/// Arbitrary bytes as a text list with `#` headers.
enum TextTarget {
  static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    let input = Array(bytes)
    let list = TextList(bytes: input, isHeader: { $0.first == UInt8(ascii: "#") })
    let counts = list.sectionRowCounts
    let total = counts.reduce(0, +)
    var seen = 0
    list.forEachLabel(in: RowOrder(identityOfCount: total)) { position, _ in
      precondition(position == seen)
      seen += 1
      return true
    }
    precondition(seen == total)
    let starts = Sections.starts(counts)
    precondition(Sections.printed(list, RowOrder(identityOfCount: total), starts) == input)
    // Every section reversed: nothing may trap, and no line may be lost.
    let moved = Sections.printed(list, Sections.reversed(counts), starts)
    let lines = { (bytes: [UInt8]) in
      bytes.split(separator: 10, omittingEmptySubsequences: false).count
    }
    precondition(abs(lines(moved) - lines(input)) <= 1)
  }
}
