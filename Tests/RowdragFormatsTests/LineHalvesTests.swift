import RowdragBase
import RowdragTestSupport
import Testing

@testable import RowdragFormats

/// Sorting a todo list, a CSV, TSV, M3U or Markdown file in two halves decides exactly
/// as one pass does: random files (comments, blank lines, CRLF, a byte-order mark,
/// quoted fields over several lines, broken quotes, header blocks, entries of several
/// lines, trailing `#` lines, code fences and HTML blocks open across the split,
/// paragraphs and pending section headers before it, front matter, headings), read with the split forced (`splitAbove: 0`)
/// and without, agree on the error (line, column, message) or on every row, label,
/// line count and section, and on the bytes written back after moves.
@Suite("todo, CSV, TSV, M3U and Markdown in two halves")
struct LineHalvesTests {
  static let todoLines = [
    "pick 1234567 a commit", "  squash abc fix", "# a comment", "", "   ", "\t# indented",
    "exec make test", "drop 89abcde gone", "\r",
  ]
  static let csvLines = [
    "a,b,c", "\"q\",1,2", "\"two\nlines\",3,4", "", "\r", "x,\"he said \"\"hi\"\"\",5",
    "\"open,\n\n\",6", "only", "\"bad\"x,1", "a\tb\tc", "\"cr\"\r", "\"unterminated,7",
    "\"\",,", "p,q\"r,s", "a;\"b;c\";d", "sep=;", "x|y",
  ]

  static let m3uLines = [
    "#EXTM3U", "#EXTINF:12,Artist - Title", "music/a.mp3", "#EXTINF:-1,Radio", "http://x/y",
    "", "\r", "#EXTVLCOPT:network-caching=1000", "#PLAYLIST:mix", " spaced.mp3", "#",
  ]

  static func file(_ rng: inout SplitMix64, _ pool: [String], broken: Set<String>) -> [UInt8] {
    var text = rng.next(8) == 0 ? "\u{FEFF}" : ""
    let clean = rng.next(2) == 0
    for _ in 0..<rng.next(30) {
      var line = pool[rng.next(pool.count)]
      if clean { while broken.contains(line) { line = pool[rng.next(pool.count)] } }
      text += line + (rng.next(6) == 0 ? "\r\n" : "\n")
    }
    if rng.next(4) == 0, !text.isEmpty { text.removeLast() }
    return Array(text.utf8)
  }

  /// Everything a read decides, as text.
  static func outcome(_ read: () throws -> BlockList) -> String {
    do {
      let list = try read()
      let rows = list.blocks.count
      let labels = list.blocks.indices.map { id in list.withLabel(ofRow: id) { Array($0) } }
      let lines = list.blocks.indices.map { list.lineCount(ofRow: $0) }
      var outputs: [[UInt8]] = []
      let interleaved =
        Array(stride(from: 1, to: rows, by: 2)) + Array(stride(from: 0, to: rows, by: 2))
      for order in [Array(0..<rows), Array((0..<rows).reversed()), interleaved] {
        let out = OutputSink(memoryNamed: "t")
        try list.write(order: RowOrder(order.map { Int32($0) }), sectionStarts: [0], to: out)
        try out.flush()
        outputs.append(out.captured)
      }
      return "rows \(rows) labels \(labels) lines \(lines) sections \(list.sectionRowCounts) "
        + "delimiter \(list.delimiter.map { "\($0)" } ?? "-") out \(outputs)"
    } catch let error as JSONSyntaxError {
      return "error \(error.line):\(error.column): \(error.message)"
    } catch {
      return "error \(error)"
    }
  }

  @Test("2,000 random todo lists: two halves sort as one pass")
  func todo() {
    var rng = SplitMix64(seed: 31)
    for trial in 0..<2000 {
      let bytes = Self.file(&rng, Self.todoLines, broken: [])
      let one = Self.outcome { TodoFormat.read(ByteStore(bytes), splitAbove: .max) }
      let two = Self.outcome { TodoFormat.read(ByteStore(bytes), splitAbove: 0) }
      #expect(one == two, "trial \(trial): \(String(decoding: bytes, as: UTF8.self))")
    }
  }

  @Test("3,000 random M3U playlists: two halves read as one pass")
  func m3u() {
    var rng = SplitMix64(seed: 33)
    var split = 0
    for trial in 0..<3000 {
      let bytes = Self.file(&rng, Self.m3uLines, broken: [])
      let store = ByteStore(bytes)
      if M3UFormat.secondHalfStart(store.buffer) < bytes.count { split += 1 }
      let one = Self.outcome { M3UFormat.read(ByteStore(bytes), splitAbove: .max) }
      let two = Self.outcome { M3UFormat.read(ByteStore(bytes), splitAbove: 0) }
      #expect(one == two, "trial \(trial): \(String(decoding: bytes, as: UTF8.self))")
    }
    // Most files have a path line past their middle, so most were really split.
    #expect(split > 1500, "only \(split) files were split")
  }

  @Test("4,000 random CSV and TSV files: two halves read as one pass, errors included")
  func delimited() {
    var rng = SplitMix64(seed: 32)
    var errors = 0
    let broken: Set<String> = ["\"bad\"x,1", "\"unterminated,7", "\"cr\"\r"]
    for trial in 0..<4000 {
      let bytes = Self.file(&rng, Self.csvLines, broken: broken)
      let tab = rng.next(2) == 0
      let parameters = DelimitedFormat.Parameters(
        name: tab ? "tsv" : "csv", delimiter: tab ? 9 : rng.next(2) == 0 ? nil : 44,
        header: rng.next(3) != 0)
      let one = Self.outcome {
        try DelimitedFormat.read(ByteStore(bytes), parameters, splitAbove: .max)
      }
      let two = Self.outcome {
        try DelimitedFormat.read(ByteStore(bytes), parameters, splitAbove: 0)
      }
      if one.hasPrefix("error") { errors += 1 }
      #expect(one == two, "trial \(trial): \(String(decoding: bytes, as: UTF8.self))")
    }
    #expect(errors > 200 && errors < 3800)
  }

  @Test("3,000 random Markdown files: two halves read as one pass, blocks open at the split or not")
  func markdown() throws {
    var rng = SplitMix64(seed: 34)
    var split = 0
    var joined = 0
    var refused = 0
    for trial in 0..<3000 {
      var text = rng.next(5) == 0 ? "---\n" : ""
      for _ in 0..<rng.next(40) {
        let line = MarkdownQuickTests.pool[rng.next(MarkdownQuickTests.pool.count)]
        text += line + (rng.next(6) == 0 ? "\r\n" : "\n")
      }
      if rng.next(4) == 0, !text.isEmpty { text.removeLast() }
      let bytes = Array(text.utf8)
      let store = ByteStore(bytes)
      if withExtendedLifetime(store, { MarkdownFormat.secondHalfStart(store.buffer) }) < bytes.count
      {
        split += 1
      }
      for quick in [true, false] {
        let one = MarkdownFormat.read(
          ByteStore(bytes), isHeader: nil, quick: quick, splitAbove: .max)
        let two = MarkdownFormat.readHalves(
          ByteStore(bytes), isHeader: nil, quick: quick, splitAbove: 0)
        if quick { two.joined ? (joined += 1) : (refused += 1) }
        let same = try MarkdownQuickTests.outcome(one) == MarkdownQuickTests.outcome(two.list)
        #expect(same, "trial \(trial) quick \(quick): \(text.debugDescription)")
      }
    }
    #expect(split > 1500, "only \(split) files were split")
    // Both ways of ending the first half are taken often: the second's rows kept, and
    // the first reading on alone where the split line reads otherwise.
    #expect(joined > 500 && refused > 500, "joined \(joined), read on \(refused)")
  }

  @Test("a Markdown file's second half is kept unless its first line reads otherwise there")
  func markdownJoins() {
    let items = String(repeating: "- item\n  more\n", count: 200)
    let cases: [(text: String, joined: Bool)] = [
      (items + items, true),
      ("# One\n" + items + "## Two\n" + items, true),
      ("```\n" + items + items + "```\n", false),
      ("---\n" + items + items + "---\n" + items, false),
      // A fence of an item ends with it, at the split line.
      ("- a\n  ```\n" + items + items + "  ```\n", true),
      // An HTML comment swallows the split line; a block tag, to the next blank line.
      ("<!--\n" + items + items + "-->\n", false),
      ("<div>\n" + items + items, false),
      ("- a\n  <!--\n" + items + items + "  -->\n", true),
      // After paragraph text, `2.` does not start a list; `- item` does.
      ("text\n" + String(repeating: "2. item\n", count: 400), false),
      ("text\n" + items + items, true),
      // A paragraph just before the split line heads the section its item opens.
      (items + "\nHardware:\n\n" + items, true),
    ]
    for (text, joined) in cases {
      let bytes = Array(text.utf8)
      let halves = MarkdownFormat.readHalves(
        ByteStore(bytes), isHeader: nil, quick: true, splitAbove: 0)
      #expect(halves.joined == joined, "\(text.prefix(40).debugDescription)")
      let one = MarkdownFormat.read(ByteStore(bytes), isHeader: nil, splitAbove: .max)
      #expect(
        (try? MarkdownQuickTests.outcome(halves.list)) == (try? MarkdownQuickTests.outcome(one)))
    }
  }
}
