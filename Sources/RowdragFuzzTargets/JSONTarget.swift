import RowdragBase
import RowdragFormats

/// Arbitrary bytes as a JSON list.
enum JSONTarget {
  static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    let input = Array(bytes)
    guard let list = try? JSONList(bytes: input) else { return }
    for id in 0..<list.elements.count { _ = list.label(ofRow: id) }
    _ = try? list.attributes(AttributeKeys())
    let counts = list.sectionRowCounts
    let starts = Sections.starts(counts)
    let total = counts.reduce(0, +)
    precondition(Sections.printed(list, RowOrder(identityOfCount: total), starts) == input)
    // Reverse every section: the output must parse again, with the same sections.
    let moved = Sections.printed(list, Sections.reversed(counts), starts)
    guard let again = try? JSONList(bytes: moved) else {
      preconditionFailure("a reordered list no longer parses")
    }
    precondition(again.sectionRowCounts == counts)
  }
}
