import RowdragBase
import RowdragTestSupport
import Testing

@testable import RowdragFormats

/// The stretch counters with an AVX2 build decide alike in the Swift loop and in the
/// build this processor may run: CSV's one-line quoted records
/// (`DelimitedFormat.quotedLines`; random files of records with quoted fields, `""`,
/// quotes inside fields, CR, line feeds inside quotes, control bytes and other
/// delimiters), the plain lines of todo, CSV/TSV and Markdown (`NewlineScanner.plainLines`
/// under each `LineRule`) and M3U's entry pairs (`M3UFormat.pairedLines`), counted from
/// every line start and up to random limits, give the same count and end both ways.
@Suite("stretch counters: the Swift loop and the AVX2 build")
struct StretchKernelTests {
  static let pieces = [
    "item1,1,\"note 1\"", "a,b,c", "\"q\",\"r\",s", "x,\"he said \"\"hi\"\"\",5", "\"\",,",
    "p,q\"r,s", "\"two\nlines\",3", "\"cr\"\r", "plain,record,here", "\u{1}", "\r", "",
    "\"open,", "a;\"b\";c", "t\t\"u\"\tv", "\"x\"y,1",
    "long,\"" + String(repeating: "w", count: 70)
      + "\",z",
  ]

  @Test("CSV's quoted records: 4,000 random files, every line start")
  func quotedRecords() {
    var rng = SplitMix64(seed: 64)
    var counted = 0
    var compared = 0
    for trial in 0..<4000 {
      var text = ""
      for _ in 0..<(4 + rng.next(40)) {
        let clean = rng.next(5) != 0
        let piece = clean ? Self.pieces[rng.next(3)] : Self.pieces[rng.next(Self.pieces.count)]
        text += piece + "\n"
      }
      let bytes = Array(text.utf8)
      let delimiter: UInt8 = [44, 44, 59, 9][rng.next(4)]
      let store = ByteStore(bytes)
      let buf = store.buffer
      for start in 1..<bytes.count where bytes[start - 1] == 10 && bytes[start] > 13 {
        let limit = rng.next(2) == 0 ? bytes.count : start + rng.next(bytes.count - start + 1)
        let swift = DelimitedFormat.quotedLines(
          from: start, until: limit, in: buf, delimiter: delimiter, baseline: true)
        let best = DelimitedFormat.quotedLines(
          from: start, until: limit, in: buf, delimiter: delimiter)
        #expect(
          swift.count == best.count && swift.end == best.end,
          "trial \(trial) from \(start) to \(limit): \(swift) against \(best)")
        compared += 1
        if swift.count > 0 { counted += 1 }
      }
    }
    #expect(compared > 50_000 && counted > 8_000, "\(compared) compared, \(counted) counted")
  }

  static let lines = [
    "- item", "* item", "+ item", "-item", "- - -", "* *x", "+ +", "-  two", "- ,", "-\tx",
    "- \u{1}", "pick 1234567 msg", "# comment", "", " indented", "\t", "$ x", "#", "!bang",
    "a,b,c", "\"q\",1", "\r", "x\u{0D}", "\u{0E}y", "fixup abc", "- [ ] task", "- é",
    "1. one", "12) two", "123456789. nine", "1234567890. ten", "1.x", "1.  two", "1.", "1. ",
    "1.\tx", "0", "9.", "x1. no", "5) \u{1}", "7. é",
  ]

  /// Checks `rule` both ways from every line start of random files of `lines`, mostly
  /// of the lines it accepts (`plain`); how many started a stretch.
  static func check<Rule: LineRule>(_ rule: Rule.Type, plain: [String], seed: UInt64) -> Int {
    var rng = SplitMix64(seed: seed)
    var counted = 0
    for trial in 0..<1500 {
      var text = ""
      for _ in 0..<(4 + rng.next(50)) {
        let line = rng.next(6) != 0 ? plain[rng.next(plain.count)] : lines[rng.next(lines.count)]
        text += line + "\n"
      }
      let bytes = Array(text.utf8)
      // The store owns the buffer: kept alive while it is read (a store freed at once
      // let other tests' threads write into the bytes being counted).
      let store = ByteStore(bytes)
      defer { withExtendedLifetime(store) {} }
      let buf = store.buffer
      for start in 1..<bytes.count where bytes[start - 1] == 10 {
        let limit = rng.next(2) == 0 ? bytes.count : start + rng.next(bytes.count - start + 1)
        let swift = NewlineScanner.plainLines(
          from: start, until: limit, in: buf, rule, baseline: true)
        let best = NewlineScanner.plainLines(from: start, until: limit, in: buf, rule)
        #expect(
          swift.count == best.count && swift.end == best.end,
          "\(rule) trial \(trial) from \(start) to \(limit): \(swift) against \(best)")
        if swift.count > 0 { counted += 1 }
      }
    }
    return counted
  }

  @Test("todo, CSV/TSV and Markdown item lines: 1,500 random files each, every line start")
  func plainLines() {
    let todo = ["pick 1234567 msg", "fixup abc", "$ x"]
    let delimited = ["a,b,c", "pick 1", "- item"]
    let items = ["- item", "* item", "+ x", "- [ ] task"]
    #expect(Self.check(TodoLineRule.self, plain: todo, seed: 1) > 5000)
    #expect(Self.check(DelimitedLineRule.self, plain: delimited, seed: 2) > 5000)
    #expect(Self.check(MarkdownItemRule.self, plain: items, seed: 3) > 5000)
    let ordered = ["1. step", "22) two", "123456789. nine", "7. - x", "4. é"]
    #expect(Self.check(MarkdownOrderedItemRule.self, plain: ordered, seed: 4) > 5000)
  }

  @Test("M3U's `#` line and path pairs: 1,500 random playlists, every line start")
  func pairedLines() {
    var rng = SplitMix64(seed: 5)
    let others = LineHalvesTests.m3uLines + ["\"quoted.mp3", "!bang", "$dollar.mp3", "\u{1}x"]
    var counted = 0
    for trial in 0..<1500 {
      var text = ""
      for _ in 0..<(4 + rng.next(40)) {
        if rng.next(6) != 0 {
          text += "#EXTINF:\(rng.next(300)),Artist - Song\nmusic/\(rng.next(99)).mp3\n"
        } else {
          text += others[rng.next(others.count)] + "\n"
        }
      }
      let bytes = Array(text.utf8)
      // The store owns the buffer: kept alive while it is read (a store freed at once
      // let other tests' threads write into the bytes being counted).
      let store = ByteStore(bytes)
      defer { withExtendedLifetime(store) {} }
      let buf = store.buffer
      for start in 1..<bytes.count where bytes[start - 1] == 10 {
        let limit = rng.next(2) == 0 ? bytes.count : start + rng.next(bytes.count - start + 1)
        let swift = M3UFormat.pairedLines(from: start, until: limit, in: buf, baseline: true)
        let best = M3UFormat.pairedLines(from: start, until: limit, in: buf)
        #expect(
          swift.count == best.count && swift.end == best.end,
          "trial \(trial) from \(start) to \(limit): \(swift) against \(best)")
        if swift.count > 0 { counted += 1 }
      }
    }
    #expect(counted > 5000, "\(counted) counted")
  }
}
