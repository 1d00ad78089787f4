import RowdragBase
import RowdragTestSupport
import Testing

@testable import RowdragFormats

/// FORMATS.md §3.3, "Ordered lists keep counting": the bytes a renumbered Markdown list
/// is written with, rule by rule, its labels and lines, a write making the written
/// numbers the input's, and the veto on a move that would nest an item.
@Suite("Markdown: ordered lists keep counting")
struct MarkdownNumberingTests {
  static func list(_ text: String, renumber: Bool = true, splitAbove: Int = .max) -> BlockList {
    MarkdownFormat.read(ByteStore(Array(text.utf8)), isHeader: nil, splitAbove: splitAbove)
      .markdownNumbering(renumber: renumber)
  }

  /// Each section's first position, as loaded.
  static func starts(_ list: BlockList) -> [Int] {
    var starts: [Int] = []
    var start = 0
    for count in list.sectionRowCounts {
      starts.append(start)
      start += count
    }
    return starts
  }

  /// `list` written with its rows (identities) in `order`, sections at `starts`.
  static func written(_ list: BlockList, _ order: [Int], starts: [Int]? = nil) throws -> String {
    let out = OutputSink(memoryNamed: "t")
    try list.write(
      order: RowOrder(order.map { Int32($0) }), sectionStarts: starts ?? Self.starts(list),
      to: out)
    try out.flush()
    return String(decoding: out.captured, as: UTF8.self)
  }

  static func written(
    _ text: String, _ order: [Int], renumber: Bool = true, starts: [Int]? = nil
  ) throws -> String {
    try written(list(text, renumber: renumber), order, starts: starts)
  }

  @Test("numbers belong to positions: 1, 2, 3 stay 1, 2, 3 whatever moves")
  func positions() throws {
    let input = "1. Install\n2. Configure\n3. Run\n"
    #expect(try Self.written(input, [2, 0, 1]) == "1. Run\n2. Install\n3. Configure\n")
    #expect(try Self.written(input, [1, 2, 0]) == "1. Configure\n2. Run\n3. Install\n")
  }

  @Test("a list written 1. 1. 1. stays so, and 01. keeps its zero")
  func asWritten() throws {
    #expect(try Self.written("1. a\n1. b\n1. c\n", [2, 1, 0]) == "1. c\n1. b\n1. a\n")
    #expect(try Self.written("01. a\n02. b\n", [1, 0]) == "01. b\n02. a\n")
    #expect(try Self.written("1. a\n02. b\n", [1, 0]) == "1.  b\n02. a\n")
  }

  @Test("rows that did not move keep their bytes, numbers not consecutive included")
  func unmoved() throws {
    let input = "3. a\n7. b\n\n12. c\n- d\n"
    #expect(try Self.written(input, [0, 1, 2, 3]) == input)
    #expect(try Self.written(input, [1, 0, 2, 3]) == "3. b\n7. a\n\n12. c\n- d\n")
  }

  @Test("9 → 10: the spaces absorb the width; when one is left, the other lines follow")
  func widening() throws {
    // "10. a" takes slot 9: a space more; "9. b" takes slot 10: no space to give, so its
    // content column moves one and its nested lines with it.
    let input = "9. b\n   nested b\n10. a\n    nested a\n"
    #expect(try Self.written(input, [1, 0]) == "9.  a\n    nested a\n10. b\n    nested b\n")
    let spaced = "9.  b\n    nested b\n10. a\n"
    #expect(try Self.written(spaced, [1, 0]) == "9.  a\n10. b\n    nested b\n")
  }

  @Test("10 → 9: at most four spaces; a line indented less than a removal loses its own")
  func narrowing() throws {
    // Four spaces after 100.: 9. can take no more, so the content column moves two
    // left; the lazy line indented one loses that one.
    let input = "9. x\n100.    a\n         deep\n lazy\n"
    #expect(try Self.written(input, [1, 0]) == "9.    a\n       deep\nlazy\n100. x\n")
  }

  @Test("a tab after the marker is kept; the other lines follow the content column")
  func tabAfterMarker() throws {
    // 99.<tab> has its content at column 4, 100.<tab> at 8.
    let input = "99.\tb\n    nested b\n100.\ta\n        nested a\n"
    #expect(
      try Self.written(input, [1, 0]) == "99.\ta\n    nested a\n100.\tb\n        nested b\n")
    #expect(try Self.written("9.\ta\n\tx\n10.\tb\n", [1, 0]) == "9.\tb\n10.\ta\n\tx\n")
  }

  @Test("nothing after the marker: its spacing stays, its lines follow the marker's width")
  func emptyAfterMarker() throws {
    let input = "9.\n   x\n10.\n    y\n"
    #expect(try Self.written(input, [1, 0]) == "9.\n   y\n10.\n    x\n")
  }

  @Test("tabs where spaces are removed are rewritten as spaces; blank lines stay")
  func tabsInNestedLines() throws {
    // 1000000. a → 9.: four spaces, and the content moves three columns left; the
    // nested line ending in a tab and a space has no three spaces to give.
    let input = "9. x\n1000000. a\n  \t\t deep\n  \n         more\n"
    #expect(
      try Self.written(input, [1, 0]) == "9.    a\n      deep\n  \n      more\n1000000. x\n")
  }

  @Test("bullets keep their markers; a row past the input's rows counts on from above")
  func mixedSections() throws {
    let input = "- a\n1. b\n2. c\n"
    #expect(try Self.written(input, [2, 0, 1]) == "1. c\n- a\n2. b\n")
    #expect(try Self.written(input, [0, 2, 1]) == "- a\n1. c\n2. b\n")
    // Across sections: `a` is the second row of a section that had one.
    let two = "1. a\n2. b\n# H\n1. x\n"
    #expect(try Self.written(two, [1, 2, 0], starts: [0, 1]) == "1. b\n# H\n1. x\n2. a\n")
    // Under a bullet's slot with no ordered row above: 1.
    #expect(try Self.written("- a\n- b\n7. c\n", [2, 0, 1]) == "1. c\n- a\n- b\n")
    // Counted on from a renumbered row above, which itself counts on.
    let tail = "5. a\n- b\n- c\n"
    #expect(try Self.written(tail, [1, 2, 0]) == "- b\n- c\n1. a\n")
    let both = "- a\n- b\n5. c\n6. d\n"
    #expect(try Self.written(both, [2, 3, 0, 1]) == "1. c\n2. d\n- a\n- b\n")
  }

  @Test("renumber=no: every number moves with its item, and labels are the rows' own")
  func renumberNo() throws {
    let input = "1. a\n2. b\n3. c\n"
    #expect(try Self.written(input, [2, 0, 1], renumber: false) == "3. c\n1. a\n2. b\n")
    #expect(try Self.written(input, [2, 0, 1], renumber: true) == "1. c\n2. a\n3. b\n")
    var kept = Self.list(input, renumber: false)
    #expect(!kept.followsArrangement)
    kept.arrange(RowOrder([2, 0, 1]), sectionStarts: [0])
    #expect(kept.label(ofRow: 2) == "3. c")
  }

  @Test("CR LF lines and an unterminated last line keep the terminator rule")
  func terminators() throws {
    #expect(try Self.written("9. a\r\n10. b", [1, 0]) == "9.  b\r\n10. a")
    // A CR that ends the file ends its line, as the reader takes it; one inside a line
    // makes no marker (a fuzz finding: the marker reader and the reader disagreed).
    #expect(try Self.written("1. a\n2.\r", [1, 0]) == "1.\r\n2. a")
    Array("2.\rx".utf8).withUnsafeBufferPointer { buf in
      #expect(MarkdownMarker.read(buf, block: Span(start: 0, end: 4)) == nil)
    }
    // A lone CR before a CR LF ends the line too: `2)\r\r\n` is the empty item `2)`
    // and a blank line, and it is renumbered (a fuzz finding of issue 45's reruns).
    #expect(try Self.written("1)\r\n2)\r\r\n", [1, 0]) == "1)\r\r\n2)\r\n")
    #expect(
      try Self.written("1) a\r\n2)\r\r\n3) c\n", [2, 0, 1]) == "1) c\n2) a\r\n3)\r\r\n")
  }

  @Test("labels and lines show the numbers as they would be written now")
  func labels() throws {
    var list = Self.list("9. a\n   x\n10. b\n")
    #expect(list.followsArrangement)
    let order = RowOrder([1, 0])
    list.arrange(order, sectionStarts: [0])
    #expect(list.label(ofRow: 0) == "10. a")
    #expect(list.label(ofRow: 1) == "9.  b")
    #expect(list.withLine(1, ofRow: 0) { String(decoding: $0, as: UTF8.self) } == "    x")
    var seen: [String] = []
    list.forEachLabel(in: order) { _, label in
      seen.append(String(decoding: label, as: UTF8.self))
      return true
    }
    #expect(seen == ["9.  b", "10. a"])
    list.arrange(RowOrder(identityOfCount: 2), sectionStarts: [0])
    #expect(list.label(ofRow: 0) == "9. a")
    // Counted on from a row that is counted on itself.
    var both = Self.list("- a\n- b\n5. c\n6. d\n")
    both.arrange(RowOrder([2, 3, 0, 1]), sectionStarts: [0])
    #expect(both.label(ofRow: 3) == "2. d")
  }

  @Test("after a write, the written numbers are the input's")
  func rebase() throws {
    var list = Self.list("8. a\n9. b\n10. c\n")
    let order = RowOrder([2, 0, 1])
    #expect(try Self.written(list, [2, 0, 1]) == "8.  c\n9. a\n10. b\n")
    list.rebase(order, sectionStarts: [0])
    #expect(try Self.written(list, [0, 1, 2]) == "8.  c\n9. a\n10. b\n")
    #expect(list.label(ofRow: 2) == "10. b")
    // `b`, written 10. with one space, goes to slot 9. and `a`, written 9., to slot 10.
    #expect(try Self.written(list, [0, 2, 1]) == "8.  c\n9.  b\n10. a\n")
  }

  @Test("a list with no ordered or indented row keeps no numbering")
  func bulletsPayNothing() {
    #expect(Self.list("- a\n- b\n  - c\n").numbering == nil)
    #expect(Self.list("- a\n1. b\n").numbering != nil)
    #expect(Self.list("1. a\n2. b\n", renumber: false).numbering == nil)
  }

  @Test("a file read in two halves renumbers the second half's rows")
  func halves() throws {
    let bullets = String(repeating: "- item\n", count: 2000)
    let list = Self.list(bullets + "1. a\n2. b\n", splitAbove: 0)
    let n = list.blocks.count
    #expect(n == 2002)
    var order = Array(0..<n)
    order.swapAt(n - 1, n - 2)
    #expect(try Self.written(list, order) == bullets + "1. b\n2. a\n")
  }

  @Test("a long ordered list, read in one pass or two halves, renumbers every moved row")
  func longList() throws {
    let count = 3000
    let input = (1...count).map { "\($0). item \($0)\n" }.joined()
    for split in [Int.max, 0] {
      let list = Self.list(input, splitAbove: split)
      #expect(list.blocks.count == count)
      var order = Array(0..<count)
      order.append(order.removeFirst())
      let expected = (1...count).map {
        "\($0).\([9, 99, 999].contains($0) ? "  " : " ")item \($0 % count + 1)\n"
      }
      #expect(try Self.written(list, order) == expected.joined())
    }
  }

  @Test("the writer (streamed or row by row) writes every row as its label and lines say")
  func writerAgreesWithRows() throws {
    let markers = [
      "1.", "2.", "9.", "10.", "99.", "100.", "007.", "3)", "-", "*", "1.", "12.", " 1.", "  8)",
      "   10.",
    ]
    let gaps = [" ", " ", " ", "  ", "    ", "\t", "     ", ""]
    var compared = 0
    for seed in 0..<400 {
      var rng = SplitMix64(seed: UInt64(seed))
      let count = 1 + rng.next(12)
      let tall = rng.next(3) == 0
      var rows: [String] = []
      for k in 0..<count {
        let gap = gaps[rng.next(gaps.count)]
        var row = markers[rng.next(markers.count)] + gap + (gap.isEmpty ? "" : "r\(k)") + "\n"
        if tall && rng.next(2) == 0 { row += "      nested \(k)\n\t\ttabbed\n  lazy\n" }
        rows.append(row)
      }
      // Two sections: rows before `cut`, a heading, the rest.
      let cut = rng.next(count + 1)
      let input = rows[..<cut].joined() + "# H\n" + rows[cut...].joined()
      var list = Self.list(input)
      // Only files whose every line but the heading is a row's (no trivia).
      let rowBytes = list.blocks.indices.reduce(0) { $0 + list.blocks[$1].count }
      guard list.blocks.count == count, rowBytes + 4 == input.utf8.count,
        list.sectionRowCounts.count == 2 || cut == 0
      else { continue }
      var order = Array(0..<count)
      order.shuffle(using: &rng)
      let split = list.sectionRowCounts.count == 2 ? rng.next(count + 1) : 0
      let starts = list.sectionRowCounts.count == 2 ? [0, split] : [0]
      list.arrange(RowOrder(order.map { Int32($0) }), sectionStarts: starts)
      // With no row before it, the heading heads the only section.
      var expected = starts.count == 1 ? "# H\n" : ""
      for (position, id) in order.enumerated() {
        if starts.count == 2 && position == split { expected += "# H\n" }
        for k in 0..<list.lineCount(ofRow: id) {
          expected += list.withLine(k, ofRow: id) { String(decoding: $0, as: UTF8.self) } + "\n"
        }
      }
      if starts.count == 2 && split == count { expected += "# H\n" }
      let got = try Self.written(list, order, starts: starts)
      #expect(got == expected, "seed \(seed): \(rows) cut \(cut) in \(order) from \(starts)")
      compared += 1
    }
    #expect(compared > 200)
  }

  @Test("long shifted stretches are written as their rows say, however far they shift")
  func shiftedStretches() throws {
    for seed in 0..<80 {
      var rng = SplitMix64(seed: UInt64(seed))
      let count = 100 + rng.next(500)
      var rows: [String] = []
      // Half the lists mostly of the rows `rowdrag_patched_lines_avx2` writes.
      let odd = seed % 2 == 0 ? 10 : 60
      for k in 0..<count {
        switch rng.next(odd) {
        case 0: rows.append("- bullet \(k)\n")
        case 1: rows.append("\(rng.next(2000)).\n")
        case 2: rows.append("\(k + 1). " + String(repeating: "long ", count: 1000) + "\n")
        case 3: rows.append(" \(k + 1)) indented\n")
        case 4: rows.append("\(k + 1))\ttab \(k)\n")
        case 5: rows.append("\(rng.next(20)). any number\n")
        default: rows.append("\(k + 1). item \(k)\n")
        }
      }
      var list = Self.list(rows.joined())
      guard list.blocks.count == count else { continue }
      // A block of rows moved elsewhere: the rows between shift by its size.
      var order = Array(0..<count)
      let from = rng.next(count)
      let size = 1 + rng.next(seed % 4 < 2 ? Swift.min(3, count - from) : count - from)
      let block = Array(order[from..<(from + size)])
      order.removeSubrange(from..<(from + size))
      order.insert(contentsOf: block, at: rng.next(order.count + 1))
      list.arrange(RowOrder(order.map { Int32($0) }), sectionStarts: [0])
      var expected = ""
      for id in order {
        expected += list.withLine(0, ofRow: id) { String(decoding: $0, as: UTF8.self) } + "\n"
      }
      let got = try Self.written(list, order)
      let diff = zip(got.split(separator: "\n"), expected.split(separator: "\n")).first { $0 != $1 }
      #expect(got == expected, "seed \(seed): \(String(describing: diff))")
    }
  }

  @Test("a move that would nest an item is refused, judged as the rows are written")
  func nesting() {
    let list = Self.list("- a\n1. b\n\n  - c\n")
    let nested = list.refusal(
      of: RowMove(from: 2, to: 1, count: 1), in: RowOrder([0, 2, 1]), sectionStarts: [0])
    #expect(nested == .nests(child: 2, parent: 0, indent: 2, contentColumn: 2))
    let apart = list.refusal(
      of: RowMove(from: 2, to: 0, count: 1), in: RowOrder([2, 0, 1]), sectionStarts: [0])
    #expect(apart == nil)
    // Another section: nothing above it.
    #expect(
      list.refusal(
        of: RowMove(from: 2, to: 1, count: 1), in: RowOrder([0, 2, 1]), sectionStarts: [0, 1])
        == nil)
    // `9. a` is written `10. a` at slot 10, whose content column 4 leaves `   - x` apart;
    // unrenumbered it would be 3, and `x` its child.
    let input = "9. a\n10. b\n   - x\n"
    let move = RowMove(from: 1, to: 0, count: 1)
    #expect(Self.list(input).refusal(of: move, in: RowOrder([1, 0, 2]), sectionStarts: [0]) == nil)
    #expect(
      Self.list(input, renumber: false).refusal(
        of: move, in: RowOrder([1, 0, 2]), sectionStarts: [0])
        == .nests(child: 2, parent: 0, indent: 3, contentColumn: 3))
    // `10.` with nothing after it, renumbered `9.` where `9. a` stood, has its content at
    // column 3: `   - x`, which neither moved nor changed neighbours, would be its child.
    let empty = Self.list("9. a\n10.\n   - x\n")
    #expect(
      empty.refusal(
        of: RowMove(from: 0, to: 2, count: 1), in: RowOrder([1, 2, 0]), sectionStarts: [0])
        == .nests(child: 2, parent: 1, indent: 3, contentColumn: 3))
    #expect(
      Self.list("9. a\n10.\n   - x\n", renumber: false).refusal(
        of: RowMove(from: 0, to: 2, count: 1), in: RowOrder([1, 2, 0]), sectionStarts: [0])
        == nil)
  }
}
