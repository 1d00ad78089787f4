import RowdragTestSupport
import Testing

@testable import RowdragFormats

/// The walk marks read and write rows with finds each row's block as the table does:
/// random todo lists (one-line rows kept as runs, trivia between some, a last line
/// without a terminator, CRLF) and Markdown lists whose items span lines, visited in
/// order, by steps over a few rows and over many, backwards and at random.
@Suite("rows walked for marks")
struct LineRowWalkTests {
  static func todo(_ rng: inout SplitMix64) -> String {
    var text = ""
    for k in 0..<(1 + rng.next(300)) {
      switch rng.next(12) {
      case 0: text += "# comment \(k)\n"
      case 1: text += "\n"
      case 2: text += "pick \(k) crlf\r\n"
      default: text += "pick \(k) " + String(repeating: "s", count: rng.next(40)) + "\n"
      }
    }
    if rng.next(2) == 0 { text += "drop last" }
    return text
  }

  static func markdown(_ rng: inout SplitMix64) -> String {
    var text = ""
    for k in 0..<(1 + rng.next(60)) {
      text += rng.next(2) == 0 ? "- [ ] task \(k)\n" : "- [x] done \(k)\n"
      if rng.next(3) == 0 { text += "  more of \(k)\n" }
    }
    return text
  }

  /// Row identities to visit: in order, in steps, backwards, at random.
  static func visits(_ count: Int, _ rng: inout SplitMix64) -> [[Int]] {
    var steps: [Int] = []
    var k = rng.next(3)
    while k < count {
      steps.append(k)
      k += 1 + (rng.next(4) == 0 ? 60 + rng.next(10) : rng.next(3))
    }
    return [
      Array(0..<count), steps, Array((0..<count).reversed()),
      (0..<count).map { _ in rng.next(count) },
    ]
  }

  @Test("blocks and first lines are the table's")
  func walks() {
    var rng = SplitMix64(seed: 5)
    for round in 0..<400 {
      let text = round % 4 == 3 ? Self.markdown(&rng) : Self.todo(&rng)
      let store = ByteStore(Array(text.utf8))
      let list =
        round % 4 == 3
        ? MarkdownFormat.read(store, isHeader: nil) : TodoFormat.read(store, splitAbove: 1 << 12)
      let blocks = Array(list.blocks.materialized())
      guard !blocks.isEmpty else { continue }
      for ids in Self.visits(blocks.count, &rng) {
        var walk = LineRowWalk(list)
        for id in ids {
          let first = walk.firstLineContent(ofRow: id)
          #expect(walk.block(ofRow: id) == blocks[id], "row \(id) of \(text)")
          let line = text.utf8.dropFirst(blocks[id].start).prefix { $0 != 10 }
          let content = line.last == 13 ? line.dropLast() : line
          #expect(first == Span(start: blocks[id].start, end: blocks[id].start + content.count))
        }
      }
    }
  }
}
