import RowdragBase
import RowdragTestSupport
import Testing

@testable import RowdragFormats

/// Recognising `- text` lines before `Blocks` (`MarkdownFormat.Reader.startsPlainItem`),
/// and `Blocks`' own shortcuts for paragraph text and `- text` lines at any depth,
/// decide exactly as reading every line through `Blocks`' general rules: 3,000 random files of list
/// items of every marker, nested and continued items, fences and HTML blocks inside and
/// outside items and on an item's own line, block quotes, paragraphs between lists,
/// headings, thematic breaks, blank lines and CRLF read both ways have the same rows,
/// lines, labels, sections and trivia, and write back the same bytes.
@Suite("Markdown: plain item lines recognised first")
struct MarkdownQuickTests {
  static let pool = [
    "- item", "* item", "+ item", "-item", "- - -", "* * *", "***", "---", "- ", "-  two",
    "-\tatab", "+ +", "* *x", "1. one", "2) two", "  - nested", "    code", "  more text",
    "```", "~~~", "``` info", "# Heading", "## Sub", "#nohead", "text", "", "   ", "- [ ] task",
    "-     far", "> quote", "_ _ _", "- é", "\u{FEFF}- bom",
    // FORMATS.md revision 2: paragraphs between lists, list starts after them, HTML
    // blocks, block quotes, fences and HTML on an item's own line, setext underlines.
    "Hardware store:", "2019. Everyone came,", "1. first", "<!--", "-->", "<!-- note -->",
    "<div>", "</div>", "<span>", ">", "  > inner", "- ```sh", "1. ~~~", "- <!-- c", "- > q",
    "  ```", "  <!--", "  -->", "===", "-", "\tcode", "- # h", "+ 1. nested",
    // Nested `- text` lines and paragraph text at every depth (`Blocks.plainItem`).
    "   - deep", "    - four", "\t- tab", "  * star", " + plus", "> - q", "- - x", "      - six",
    "  text", "      more",
  ]

  static func outcome(_ list: BlockList) throws -> String {
    let rows = list.blocks.count
    let labels = list.blocks.indices.map { id in list.withLabel(ofRow: id) { Array($0) } }
    let lines = list.blocks.indices.map { list.lineCount(ofRow: $0) }
    var sectionStarts: [Int] = []
    var start = 0
    for count in list.sectionRowCounts {
      sectionStarts.append(start)
      start += count
    }
    var outputs: [[UInt8]] = []
    for order in [Array(0..<rows), Array((0..<rows).reversed())] {
      let out = OutputSink(memoryNamed: "t")
      try list.write(
        order: RowOrder(order.map { Int32($0) }), sectionStarts: sectionStarts, to: out)
      try out.flush()
      outputs.append(out.captured)
    }
    let titles = list.sectionRowCounts.indices.map { list.title(ofSection: $0) ?? "-" }
    let heights = try list.attributes(AttributeKeys()).heights.map { $0.map { $0.isNaN ? 0 : $0 } }
    return "rows \(rows) labels \(labels) lines \(lines) sections \(list.sectionRowCounts) "
      + "titles \(titles) heights \(String(describing: heights)) out \(outputs)"
  }

  @Test("the same rows, sections, trivia and output either way")
  func sameEitherWay() throws {
    var rng = SplitMix64(seed: 33)
    var quickLines = 0
    for _ in 0..<3000 {
      var text = ""
      for _ in 0..<rng.next(25) {
        text += Self.pool[rng.next(Self.pool.count)] + (rng.next(6) == 0 ? "\r\n" : "\n")
      }
      if rng.next(4) == 0, !text.isEmpty { text.removeLast() }
      let bytes = Array(text.utf8)
      let quick = MarkdownFormat.read(ByteStore(bytes), isHeader: nil)
      let slow = MarkdownFormat.read(ByteStore(bytes), isHeader: nil, quick: false)
      let same = try Self.outcome(quick) == Self.outcome(slow)
      #expect(same, "\(text.debugDescription)")
      quickLines +=
        text.split(separator: "\n").filter {
          ["- item", "* item", "+ item"].contains(String($0))
        }.count
    }
    #expect(quickLines > 1000)
  }
}
