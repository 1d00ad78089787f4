import RowdragBase
import Testing

@testable import RowdragFormats

/// Top-level list items as CommonMark's reference parsers find them: each file below
/// was read by cmark 0.30 and markdown-it-py 4.3 (CommonMark preset), which agree on
/// it, and its items' lines (1-based, trailing blank lines left out) are theirs. The
/// reading gives the same, quick or line by line (FORMATS.md §3.3, "where this section
/// is silent, CommonMark decides").
@Suite("Markdown items where CommonMark's parsers put them")
struct MarkdownCommonMarkTests {
  static let cases: [(String, [Range<Int>])] = [
    ("- milk\n- eggs\n\nHardware store:\n\n- hammer\n", [1..<2, 2..<3, 6..<7]),
    ("- ```sh\n  make\n  ```\n- b\n- c\n- d\n", [1..<4, 4..<5, 5..<6, 6..<7]),
    ("1. ~~~\n   - x\n   ~~~\n2. b\n", [1..<4, 4..<5]),
    ("- a\n  ```\n  code\n\n## Done\n\n- b\n", [1..<4, 7..<8]),
    ("- a\n<!--\n- b\n-->\n- c\n", [1..<2, 5..<6]),
    ("- a\n> quote\n- b\n", [1..<2, 3..<4]),
    ("- a\n  > q\nlazy\n- b\n", [1..<4, 4..<5]),
    ("- a\n\nThe party was in\n2019. Everyone came,\nand stayed.\n", [1..<2]),
    ("Steps:\n1. a\n2. b\n", [2..<3, 3..<4]),
    ("text\n2) b\n1) c\n", [3..<4]),
    ("- a\n\ntext\n-\n", [1..<2]),
    ("> q\n2. b\n", [2..<3]),
    (" - a\n  - b\n   3. c\n", [1..<2, 2..<3, 3..<4]),
    ("- a\n     ```\n  - x\n- b\n", [1..<4, 4..<5]),
    ("- a\n      ```\n- b\n  ```\n- c\n", [1..<3, 3..<5, 5..<6]),
    ("- a\n  <!--\n\n  - y\n  -->\n- b\n", [1..<6, 6..<7]),
    ("- a\n<span>\n- b\n", [1..<3, 3..<4]),
    ("- a\n\n<span class=\"x\">\n- x\n\n- b\n", [1..<2, 6..<7]),
    ("- a\n<pre>\n\n- x\n</pre>\n- b\n", [1..<2, 6..<7]),
    ("- a\n  ```\n  x\n  ```\nnot lazy\n- b\n", [1..<5, 6..<7]),
    ("- a\n  <div>\nnot lazy\n- b\n", [1..<3, 4..<5]),
    ("- a\n\n      code\nnot lazy\n- b\n", [1..<4, 5..<6]),
    ("-\n\n  foo\n- b\n", [1..<2, 4..<5]),
    ("- a\n  - b\n    ```\n    code\n  c\nlazy\n- d\n", [1..<7, 7..<8]),
    ("- a\n\t- b\n\t```\n- c\n", [1..<4, 4..<5]),
    ("> - x\n> - y\n\n- a\n", [4..<5]),
    ("- a\n***\n- b\n", [1..<2, 3..<4]),
    ("* a\n* * *\n* b\n", [1..<2, 3..<4]),
    ("100. a\n\n    code\n\n- b\n", [1..<2, 5..<6]),
    ("- a\n- b\n1. c\n", [1..<2, 2..<3, 3..<4]),
    ("<?php\n- x\n\n?>\n- a\n", [5..<6]),
    ("- a\n<![CDATA[\n- x\n]]>\n- b\n", [1..<2, 5..<6]),
    ("- a\n<!DOCTYPE html\n- x\n>\n- b\n", [1..<2, 5..<6]),
    ("- [ ] a\n\t- [ ] b\n- [x] c\n", [1..<3, 3..<4]),
    ("- a\n  > b\n> c\n- d\n", [1..<3, 4..<5]),
    ("1.  a\n\n    b\n\n   c\n", [1..<4]),
  ]

  /// The lines (1-based) of each row's block.
  static func itemLines(_ text: String, quick: Bool) -> [Range<Int>] {
    let bytes = Array(text.utf8)
    let list = MarkdownFormat.read(ByteStore(bytes), isHeader: nil, quick: quick)
    func line(_ offset: Int) -> Int { bytes[..<offset].count { $0 == 10 } + 1 }
    return list.blocks.indices.map { id in
      let block = list.blocks[id]
      return line(block.start)..<(line(block.start) + list.lineCount(ofRow: id))
    }
  }

  @Test("the items of each file", arguments: cases.indices)
  func items(_ k: Int) {
    let (text, lines) = Self.cases[k]
    for quick in [true, false] {
      #expect(Self.itemLines(text, quick: quick) == lines, "\(text.debugDescription)")
    }
  }
}
