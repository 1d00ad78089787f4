import RowdragBase
import RowdragFormats

/// Arbitrary bytes as a JSON list.
enum JSONTarget {
  static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    let input = Array(bytes)
    checkHalves(input)
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

  /// Scanning in two halves (forced on this small input) must decide as one pass:
  /// the same error, or the same elements, sections and attributes.
  static func checkHalves(_ input: [UInt8]) {
    func read(_ splitAbove: Int) -> Result<JSONList, any Error> {
      Result {
        try JSONList(
          store: ByteStore(input), attributeKeys: AttributeKeys(), splitAbove: splitAbove)
      }
    }
    switch (read(.max), read(0)) {
    case (.success(let one), .success(let two)):
      precondition(one.elements == two.elements && one.sectionRowCounts == two.sectionRowCounts)
      // Heights compare by bit pattern: a row without one is NaN, unequal to itself.
      func attributes(_ list: JSONList) -> ([UInt64]?, [Bool]?, [Bool]?)? {
        (try? list.attributes(AttributeKeys())).map {
          ($0.heights?.map(\.bitPattern), $0.locked, $0.pinned)
        }
      }
      let (a, b) = (attributes(one), attributes(two))
      precondition(a?.0 == b?.0 && a?.1 == b?.1 && a?.2 == b?.2 && (a == nil) == (b == nil))
    case (.failure(let one as JSONSyntaxError), .failure(let two as JSONSyntaxError)):
      precondition(one == two)
    case (.failure(let one), .failure(let two)):
      precondition(one is JSONShapeError && two is JSONShapeError)
    default:
      preconditionFailure("two halves and one pass disagree on accepting the input")
    }
  }
}
