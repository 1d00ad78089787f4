import RowdragTestSupport
import Testing

/// FORMATS.md revision 2, §3.3: Markdown read as CommonMark reads it — lists stay
/// apart where other content separates them, fences on an item's line and inside an
/// item end with the item, HTML blocks and block quotes are no items' lines, lazy lines
/// continue only paragraph text, and paragraph text keeps `2.` and empty markers from
/// starting a list. Every reading here was checked against cmark 0.30 and markdown-it.
@Suite("markdown read as CommonMark (FORMATS.md r2 §3.3)")
struct MarkdownReadingTests {
  static func run(_ input: String, _ script: String, extra: [String] = []) -> RunResult {
    FormatTests.run("markdown", input, script, extra: extra)
  }

  static func labels(_ input: String, extra: [String] = []) -> [String] {
    FormatTests.labels("markdown", input, extra: extra)
  }

  /// The `content` height `state` reports: 44 points a line of a row, 28 a header.
  static func content(_ input: String, extra: [String] = []) -> Int? {
    let state = run(input, "state", extra: extra + ["-n"]).stdout
    guard let range = state.range(of: #""content":"#) else { return nil }
    return Int(state[range.upperBound...].prefix { $0.isNumber })
  }

  @Test("the issue's shopping list: the paragraph heads the hardware list, eggs stay put")
  func shoppingList() {
    let input = "## Shopping\n\n- milk\n- eggs\n\nHardware store:\n\n- hammer\n- nails\n"
    #expect(Self.content(input) == 2 * 28 + 4 * 44)
    #expect(Self.run(input, "show", extra: ["-n"]).stdout.contains("Hardware store:"))
    #expect(
      Self.run(input, "move /hammer/ 1").stdout
        == "## Shopping\n\n- hammer\n- milk\n- eggs\n\nHardware store:\n\n- nails\n")
  }

  @Test("FORMATS.md's example: move /hammer/ 1 leaves the header and its gap in place")
  func formatsExample() {
    let input = "- milk\n- eggs\n\nHardware store:\n\n- hammer\n"
    #expect(
      Self.run(input, "move /hammer/ 1").stdout == "- hammer\n- milk\n- eggs\n\nHardware store:\n\n"
    )
  }

  /// Input, script, output: each kind of line that heads a new section when an item
  /// follows it. `move 2 1` puts b above a, in the first section, above the header;
  /// without a section the line would stay between the two rows.
  static let headerCases: [(String, [String], String)] = [
    ("- a\n\npara\n\n- b\n", [], "- b\n- a\n\npara\n\n"),
    // A setext heading: its text heads the section, its underline is gap-0 trivia.
    ("- a\n\nTitle\n=====\n- b\n", [], "- b\n- a\n\nTitle\n=====\n"),
    // A table is paragraph text to CommonMark.
    ("- a\n\n| x | y |\n|---|---|\n- b\n", [], "- b\n- a\n\n| x | y |\n|---|---|\n"),
    ("- a\n<!-- c\n- hidden\n-->\n- b\n", [], "- b\n- a\n<!-- c\n- hidden\n-->\n"),
    ("- a\n<div>\n- hidden\n\n- b\n", [], "- b\n- a\n<div>\n- hidden\n\n"),
    ("- a\n> q\n- b\n", [], "- b\n- a\n> q\n"),
    ("- a\n***\n- b\n", [], "- b\n- a\n***\n"),
    ("- a\n```\n- x\n```\n- b\n", [], "- b\n- a\n```\n- x\n```\n"),
    ("## A\n- a\n### n\n- b\n", ["--header", "^## "], "## A\n- b\n- a\n### n\n"),
    // Indented code separates lists too, as in CommonMark. `100. a` takes the bullet's
    // place, with no ordered row above: 1., its content still at column 5.
    ("100. a\n\n    code\n\n- b\n", [], "- b\n1.   a\n\n    code\n\n"),
    ("- a\r\n\r\npara\r\n\r\n- b\r\n", [], "- b\r\n- a\r\n\r\npara\r\n\r\n"),
  ]

  @Test("§3.3 lists stay apart: which lines head a section", arguments: headerCases.indices)
  func headers(_ k: Int) {
    let (input, extra, output) = Self.headerCases[k]
    #expect(Self.labels(input, extra: extra).count == 2, "\(input.debugDescription)")
    #expect(Self.content(input, extra: extra) == 2 * 44 + 28 * (extra.isEmpty ? 1 : 2))
    #expect(Self.run(input, "move 2 1", extra: extra).stdout == output, "\(input.debugDescription)")
    #expect(Self.run(input, "", extra: extra).stdout == input)
  }

  @Test("§3.3 no section without an item after it, nor between two kinds of list")
  func noSection() {
    // Nothing but trivia follows: the paragraph stays in the first section's last gap.
    #expect(Self.content("- a\n\npara\n") == 44)
    let beforeHeading = "- a\n\npara\n\n## H\n\n- b\n"
    #expect(Self.content(beforeHeading) == 2 * 44 + 28)
    #expect(Self.run(beforeHeading, "move 2 1").stdout == "- b\n- a\n\npara\n\n## H\n\n")
    // A kanban's closing settings block makes no column.
    let kanban =
      "## Done\n\n- [x] a\n\n%% kanban:settings\n```\n{\"kanban-plugin\":\"basic\"}\n```\n%%\n"
    #expect(Self.content(kanban) == 28 + 44)
    // Bullets, ordered items and another bullet with only blank lines between: one list.
    let kinds = "- a\n\n1. b\n\n* c\n"
    #expect(Self.content(kinds) == 3 * 44)
    #expect(Self.run(kinds, "move 3 1").stdout == "* c\n\n- a\n\n1. b\n")
  }

  @Test("§3.3 a fence on an item's line or inside an item ends with the item")
  func fences() {
    // The issue's file: one row today, four in CommonMark.
    #expect(
      Self.labels("- ```sh\n  make\n  ```\n- b\n- c\n- d\n") == ["- ```sh", "- b", "- c", "- d"])
    #expect(Self.labels("1. ~~~\n   - x\n   ~~~\n2. b\n") == ["1. ~~~", "2. b"])
    // An unclosed fence in a card does not swallow the next column.
    let board = "## Todo\n\n- a\n  ```\n  code\n\n## Done\n\n- b\n"
    #expect(Self.content(board) == 2 * 28 + 3 * 44 + 44)
    #expect(
      Self.run(board, "move 2 1:1").stdout == "## Todo\n\n- b\n- a\n  ```\n  code\n\n## Done\n\n")
    // 0–3 spaces past the content column opens a fence; 4 is the item's text.
    #expect(Self.labels("- a\n     ```\n  - x\n- b\n") == ["- a", "- b"])
    #expect(Self.content("- a\n     ```\n  - x\n- b\n") == 4 * 44)
    #expect(Self.labels("- a\n      ```\n- b\n  ```\n- c\n") == ["- a", "- b", "- c"])
  }

  @Test("§3.3 HTML blocks: no item inside one, and moves leave comments whole")
  func htmlBlocks() {
    // The issue's comment: its items are no rows, and c moves above it, not into it.
    let comment = "- a\n<!--\n- b\n-->\n- c\n"
    #expect(Self.labels(comment) == ["- a", "- c"])
    #expect(Self.run(comment, "move 2 1").stdout == "- c\n- a\n<!--\n- b\n-->\n")
    // Kinds 1 to 5 run to their end marker, blank lines included.
    for (open, close) in [
      ("<!-- c", "-->"), ("<pre>", "</pre>"), ("<script>", "</SCRIPT>"), ("<?php", "?>"),
      ("<!DOCTYPE x", ">"), ("<![CDATA[", "]]>"),
    ] {
      let input = "- a\n\(open)\n- x\n\n- y\n\(close)\n- b\n"
      #expect(Self.labels(input) == ["- a", "- b"], "\(open)")
    }
    // Kinds 6 and 7 run to the next blank line.
    #expect(Self.labels("- a\n\n<table>\n- x\n\n- b\n") == ["- a", "- b"])
    #expect(Self.labels("- a\n\n<span class=\"x\">\n- x\n\n- b\n") == ["- a", "- b"])
    // A comment inside an item is the item's, across blank lines, and ends with it.
    #expect(Self.content("- a\n  <!--\n\n  - y\n  -->\n- b\n") == 6 * 44)
    #expect(Self.labels("- a\n  <!--\n- b\n") == ["- a", "- b"])
    // Kind 7 interrupts no paragraph: after an item's text it is a lazy line.
    #expect(Self.content("- a\n<span>\n") == 2 * 44)
  }

  @Test("§3.3 block quotes: outside items, or inside where indented to the content")
  func blockQuotes() {
    // The issue's quote under an item: no longer moved with it.
    #expect(Self.run("- a\n> quote\n- b\n", "move 1 $").stdout == "> quote\n- b\n- a\n")
    #expect(Self.content("- a\n  > q\n- b\n") == 3 * 44)
    // A lazy line continues a quote's paragraph inside the item (CommonMark).
    #expect(Self.content("- a\n  > q\nlazy\n- b\n") == 4 * 44)
    // Items inside a quote are no top-level items.
    #expect(Self.labels("> - x\n> - y\n\n- a\n") == ["- a"])
  }

  @Test("§3.3 lazy lines continue paragraph text only")
  func lazyLines() {
    #expect(Self.content("- a\nlazy\n- b\n") == 3 * 44)
    // After a closed fence, an HTML block, indented code: the line ends the item.
    #expect(Self.content("- a\n  ```\n  x\n  ```\nnot lazy\n- b\n") == 4 * 44 + 28 + 44)
    #expect(Self.content("- a\n  <div>\nnot lazy\n") == 2 * 44)
    #expect(Self.content("- a\n  ```\nnot lazy\n") == 2 * 44)
    #expect(Self.content("- a\n\n      code\nnot lazy\n") == 3 * 44)
  }

  @Test("§3.3 list starts: after paragraph text only a 1 or a bullet with text starts a list")
  func listStarts() {
    // The issue's paragraph: a wrapped year is no row.
    #expect(Self.labels("- a\n\nThe party was in\n2019. Everyone came,\nand stayed.\n") == ["- a"])
    #expect(Self.labels("Steps:\n1. a\n2. b\n") == ["1. a", "2. b"])
    #expect(Self.labels("text\n2) b\n1) c\n") == ["1) c"])
    // An empty marker after paragraph text is a setext underline.
    #expect(Self.labels("- a\n\ntext\n-\n") == ["- a"])
    #expect(Self.labels("- a\n\ntext\n- \n") == ["- a"])
    // After a block quote's text any marker starts a list.
    #expect(Self.labels("> q\n2. b\n") == ["2. b"])
    // An item indented 1–3 spaces is a top-level item.
    #expect(Self.labels(" - a\n  - b\n   3. c\n") == [" - a", "  - b", "   3. c"])
  }
}
