import RowdragBase
import RowdragTestSupport
import Testing

@testable import RowdragFormats

/// Counting stretches of plain lines sixty-four bytes at a time
/// (`NewlineScanner.plainLines`, `BlockList.Builder.items`) decides exactly as reading
/// every line: 600 random files per format of long stretches of the lines each format
/// counts, broken by every kind of line it must read (comments, blank and CR lines,
/// indented lines, quotes, multi-line records, fences, headings, mistakes; Markdown both
/// `- text` and `N. text` lists), read both
/// ways have the same rows, lines, labels, sections, trivia and output, or the same
/// error.
@Suite("formats: counted stretches read as line by line")
struct LineStretchTests {
  static let plain: [String: [String]] = [
    "todo": ["pick 1a2b3c4 fix the parser", "reword 99aa00 Add it", "exec make test"],
    "csv": [
      "name,qty,note", "apples,3,fresh", "x", "item1,5,\"note 1\"", "\"a\",\"\",\"b, c\"",
      "\"q\"",
    ],
    "tsv": ["name\tqty\tnote", "apples\t3\tfresh", "x", "item1\t5\t\"note\"", "\"a\tb\"\tc"],
    "jsonl": ["{\"title\":\"So What\",\"n\":1}", "{\"a\":[1,2]}", "1", "\"s\""],
    "markdown": ["- item text here", "* starred item", "+ plus item", "- [ ] task"],
    "ordered": [
      "1. step one", "22. second step", "333) paren", "123456789. nine digits", "7. - nested",
      "4. \u{E9}", "05. zero first", "8. ```", "9) <!-- x",
    ],
    "m3u": [
      "#EXTINF:123,Artist - Song 1\nmusic/1.mp3", "#EXTINF:-1,Radio\r\nhttp://radio.example/x",
      "#EXTVLCOPT:network-caching=1000\nrtsp://cam/1", "#\n$dollar",
      "#EXTINF:5,\u{E9}t\u{E9}\n\u{E9}.ogg",
    ],
  ]
  static let special: [String: [String]] = [
    "todo": ["# comment", "", "  pick indented", "\tpick tab", "!odd", "\r", "pick crlf\r", "#"],
    "csv": [
      "", "\r", "\"q\",1,2", "a,\"two\nlines\",3", "a\"b,c", "\"bad\"x,1", "1,2\r", "\t,1",
      "\"open", "a,\"b,\"c\"", "\"a\"\"b\",c", "a,\"x\"\r", "\"", "a,\"\"\"\",b", "x,\"y\"z",
    ],
    "tsv": [
      "", "\r", "\"q\"\t1", "a\t\"two\nlines\"", "a\"b\tc", "1\t2\r", "\"open",
      "a\t\"b\t\"c\"", "\"x\"\r",
    ],
    "jsonl": ["", "   ", "  {\"b\":2}", "\r", "[1,", "{\"a\":1}\r", "{bad", "\t3"],
    "m3u": [
      "", "\r", "#EXTM3U", "#EXTINF:1,only a title", " path after a space", "#a\n#b\nc.mp3",
      "#EXTINF:2,t\n\nblank.mp3", "!bang.mp3", "\"quoted.mp3", "\t#tab", "#EXTINF:3,x\n#", "##",
      "plain.mp3", "#EXTINF:4,y\r\n\r\nz.mp3",
    ],
    "markdown": [
      "  continued", "", "```", "~~~", "# Heading", "1. one", "- - -", "-  two", "-x", "- ",
      "    code", "---", "* *", "text", "- -dash", "+ +",
    ],
    "ordered": [
      "1234567890. ten digits", "1.x", "1.  two spaces", "1.", "1. ", "Paragraph text", "",
      "  continued", "```", "- bullet", "10) ", "# Heading", "1.\ttab", "2. \u{1}", "x1. no",
      "3.\r", "   4. indented", "    5. code", "6: colon", "<!--",
    ],
  ]

  static func read(_ format: String, _ bytes: [UInt8]) -> String {
    let store = ByteStore(bytes)
    do throws(JSONSyntaxError) {
      let list: BlockList
      switch format {
      case "todo": list = TodoFormat.read(store, splitAbove: Int.max)
      case "csv":
        list = try DelimitedFormat.read(
          store, .init(name: "csv", delimiter: 44), splitAbove: Int.max)
      case "tsv":
        list = try DelimitedFormat.read(
          store, .init(name: "tsv", delimiter: 9), splitAbove: Int.max)
      case "m3u": list = M3UFormat.read(store)
      case "jsonl":
        list = try JSONLinesFormat.read(
          store, labelKeys: ["title"], attributeKeys: AttributeKeys(), splitAbove: Int.max)
      default: list = MarkdownFormat.read(store, isHeader: nil)
      }
      return (try? MarkdownQuickTests.outcome(list)) ?? "write failed"
    } catch {
      return "error \(error.line):\(error.column) \(error.message)"
    }
  }

  @Test("the same rows, sections, trivia, output and errors either way")
  func sameEitherWay() {
    var rng = SplitMix64(seed: 64)
    for format in ["todo", "csv", "tsv", "jsonl", "markdown", "ordered", "m3u"] {
      let plain = Self.plain[format] ?? []
      let special = Self.special[format] ?? []
      var counted = 0
      for _ in 0..<600 {
        var text = ""
        for _ in 0..<rng.next(6) {
          for _ in 0..<rng.next(40) {
            text += plain[rng.next(plain.count)]
            if rng.next(3) == 0 { text += String(repeating: "w", count: rng.next(70)) }
            text += rng.next(30) == 0 ? "\r\n" : "\n"
          }
          if rng.next(8) != 0 {
            text += special[rng.next(special.count)] + "\n"
          }
        }
        if rng.next(4) == 0, !text.isEmpty { text.removeLast() }
        let bytes = Array(text.utf8)
        let fast = Self.read(format, bytes)
        let slow = BlockList.Builder.$stretches.withValue(false) { Self.read(format, bytes) }
        #expect(fast == slow, "\(format): \(text.debugDescription)")
        let spans = BlockList.Builder.$stretches.withValue(false) {
          BlockList.Builder.$lineRuns.withValue(false) { Self.read(format, bytes) }
        }
        #expect(fast == spans, "\(format), every span kept: \(text.debugDescription)")
        if !fast.hasPrefix("error") { counted += 1 }
      }
      #expect(counted > 50, "\(format): too few files loaded")
    }
  }
}
