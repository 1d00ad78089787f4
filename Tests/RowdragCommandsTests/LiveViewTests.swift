import RowdragBase
import RowdragEngine
import RowdragFormats
import RowdragTestSupport
import Testing

@testable import RowdragCLI
@testable import RowdragCommands

/// The live view's pieces that need no terminal: reading terminal input, and the
/// picture.
@Suite("live view")
struct LiveViewTests {
  @Test("keys and SGR mouse reports decode, also when a read splits a sequence")
  func input() {
    var input = LiveInput()
    let all = Array("\u{1B}[A\u{1B}[B\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}OF q\u{03}\u{12}\u{7F}\r".utf8)
    #expect(
      input.feed(all) == [
        .key(.up), .key(.down), .key(.pageUp), .key(.pageDown), .key(.home), .key(.end),
        .key(.character(" ")), .key(.character("q")), .key(.control("c")), .key(.control("r")),
        .key(.backspace), .key(.enter),
      ])
    #expect(
      input.feed(Array("\u{1B}[<0;12;5M\u{1B}[<32;12;9M\u{1B}[<0;12;9m\u{1B}[<2;1;1M".utf8)) == [
        .mouse(.press(.left), column: 12, row: 5), .mouse(.motion(.left), column: 12, row: 9),
        .mouse(.release(.left), column: 12, row: 9), .mouse(.press(.right), column: 1, row: 1),
      ])
    #expect(
      input.feed(Array("\u{1B}[<64;3;4M\u{1B}[<65;3;4M".utf8)) == [
        .mouse(.wheelUp, column: 3, row: 4), .mouse(.wheelDown, column: 3, row: 4),
      ])
    // Shift (modifier bit 4) on a press extends a selection; on motion and release it
    // changes nothing.
    #expect(
      input.feed(Array("\u{1B}[<4;3;4M\u{1B}[<36;3;5M\u{1B}[<4;3;5m".utf8)) == [
        .mouse(.shiftPress(.left), column: 3, row: 4), .mouse(.motion(.left), column: 3, row: 5),
        .mouse(.release(.left), column: 3, row: 5),
      ])
    // A report cut by the read goes out whole with the next read.
    #expect(input.feed(Array("\u{1B}[<0;7".utf8)) == [])
    #expect(input.feed(Array(";2M".utf8)) == [.mouse(.press(.left), column: 7, row: 2)])
    // A sequence broken by a new escape is dropped; what follows still counts.
    #expect(input.feed(Array("\u{1B}[<0;\u{1B}[Aq".utf8)) == [.key(.up), .key(.character("q"))])
    // xterm's Shift+Up/Down select a range; other modifiers stay plain arrows.
    #expect(
      input.feed(Array("\u{1B}[1;2A\u{1B}[1;2B\u{1B}[1;5A\u{1B}OB".utf8)) == [
        .key(.shiftUp), .key(.shiftDown), .key(.up), .key(.down),
      ])
    // rxvt's.
    #expect(input.feed(Array("\u{1B}[a\u{1B}[b".utf8)) == [.key(.shiftUp), .key(.shiftDown)])
    // A lone escape is the key; UTF-8 text is one character.
    #expect(input.feed([0x1B]) == [.key(.escape)])
    #expect(input.feed(Array("é".utf8)) == [.key(.character("é"))])
  }

  @Test("the terminal's answers about pixel mouse reports and its cell size (issue 46)")
  func terminalReports() {
    var input = LiveInput()
    #expect(
      input.feed(Array("\u{1B}[?1016;1$y\u{1B}[?1016;3$y\u{1B}[?1016;2$y\u{1B}[?1016;0$y".utf8))
        == [
          .report(.pixelMouse(true)), .report(.pixelMouse(true)), .report(.pixelMouse(false)),
          .report(.pixelMouse(false)),
        ])
    // Split across reads, as a terminal's answer may be.
    #expect(input.feed(Array("\u{1B}[6;2".utf8)) == [])
    #expect(
      input.feed(Array("0;10tq".utf8)) == [
        .report(.cellSize(width: 10, height: 20)), .key(.character("q")),
      ])
    // Answers that are not these are nothing, not keys.
    for bad in [
      "\u{1B}[6;0;10t", "\u{1B}[6;20t", "\u{1B}[6;20;10;1t", "\u{1B}[8;24;80t", "\u{1B}[?1000;1$y",
    ] {
      #expect(input.feed(Array(bad.utf8)) == [], "\(bad)")
    }
  }

  @Test("a mouse report with a number no terminal sends is dropped, not trusted (issue 22)")
  func malformedMouseReports() {
    var input = LiveInput()
    for report in [
      "<0;1;-9223372036854775808M", "<0;1;-1M", "<0;1;0M", "<0;0;1M", "<0;1;65536M",
      "<0;1;99999999999999999999M", "<0;+1;1M", "<0;1;1;1M", "<0;;1M", "<-1;1;1M",
      "<0;1;1 M", "<9223372036854775807;1;1M",
    ] {
      #expect(input.feed(Array("\u{1B}[\(report)q".utf8)) == [.key(.character("q"))], "\(report)")
      #expect(input.pendingCount == 0)
    }
    #expect(
      input.feed(Array("\u{1B}[<0;65535;65535m".utf8)) == [
        .mouse(.release(.left), column: 65535, row: 65535)
      ])
  }

  func session(_ text: String, heights: [Double]? = nil) -> Session {
    let list = TextList(bytes: Array(text.utf8), isHeader: { $0.first == UInt8(ascii: "#") })
    let layout = Layout(sections: list.sectionSpecs, ownHeights: heights, flags: nil)
    return Session(document: list, layout: layout, filePath: "/tmp/todo.txt")
  }

  @Test("one line a 44-point band: rows, headers, tall rows, the slot and the snapshot")
  func picture() throws {
    let s = session("# Work\nreport\nreview\n# Home\nmilk\n", heights: [88, .nan, .nan])
    var renderer = LiveRenderer(session: s, rows: 9, columns: 40)
    try s.engine.setViewport(renderer.viewport)
    #expect(renderer.viewport == 7 * 44)
    let lines = renderer.lines()
    #expect(lines.count == 9)
    #expect(lines.allSatisfy { $0.count == 40 })
    #expect(lines[0].hasPrefix(" todo.txt  3 rows  idle "))
    // With a cursor the position reads in rows (issue 26), not in points.
    var withCursor = renderer
    withCursor.cursor = 1
    #expect(withCursor.lines()[0].hasPrefix(" todo.txt  row 2 of 3  idle "))
    // The header is 28 points, so the first band's middle (22) is in it.
    #expect(lines[1].hasPrefix("  == # Work =="))
    // report is 88 points: two lines, the label once.
    #expect(lines[2].hasPrefix("       1 - report"))
    #expect(lines[3].trimmingSpaces == "#")  // all fits: the thumb is the whole bar
    #expect(lines[4].hasPrefix("       2 - review"))
    #expect(lines[8].hasPrefix(" mouse: hold and drag"))
    // Lifted: the slot is dots, the snapshot floats under the finger.
    try s.engine.press(position: 1)
    try s.engine.drag(by: 88)
    renderer.message = "hello"
    let lifted = renderer.lines()
    #expect(lifted[0].contains("lifted"))
    // review passed the header and milk: it is row 3 now, in Home.
    #expect(lifted[4].hasPrefix("       2 - milk"), "\(lifted)")
    // Home's header is shorter than a line: it is named beside Home's first row.
    #expect(lifted[4].hasSuffix(" ── # Home#"), "\(lifted)")
    #expect(lifted[5].hasPrefix("        · · · ·"), "\(lifted)")
    #expect(lifted[6].hasPrefix(">>      3  review"), "\(lifted)")
    #expect(lifted[8].hasPrefix(" hello"))
    // Colour stresses the marks; it replaces none of them.
    renderer.color = true
    let painted = renderer.lines()
    #expect(painted[0].hasPrefix("\u{1B}[7m todo.txt"))
    #expect(painted[6].hasPrefix("\u{1B}[1;7m>>      3  review"))
  }
}

extension LiveViewTests {
  @Test("a selection is marked + without colour; a lifted block shows each of its rows")
  func rangePicture() throws {
    let s = session("a\nb\nc\nd\ne\n")
    var renderer = LiveRenderer(session: s, rows: 8, columns: 60)
    try s.engine.setViewport(renderer.viewport)
    renderer.cursor = 3
    renderer.selection = 1...3
    let lines = renderer.lines()
    #expect(lines[0].hasPrefix(" todo.txt  row 4 of 5  idle  3 rows selected "), "\(lines)")
    #expect(lines[1].hasPrefix("       1 - a"), "\(lines)")
    #expect(lines[2].hasPrefix(" +     2 - b"), "\(lines)")
    #expect(lines[4].hasPrefix("›+     4 - d"), "\(lines)")
    #expect(lines[5].hasPrefix("       5 - e"), "\(lines)")
    // One row is no selection: nothing marked, nothing said.
    renderer.selection = 3...3
    #expect(!renderer.lines().joined().contains("+"))
    #expect(!renderer.lines()[0].contains("selected"))
    // Colour adds reverse video to the marked rows; the marks stay.
    renderer.selection = 1...3
    renderer.color = true
    #expect(renderer.lines()[2].hasPrefix("\u{1B}[7m +     2 - b"))
    renderer.color = false
    // Lifted: the status counts the block, its slots are dots, each row floats.
    try s.engine.press(position: 1, count: 3)
    try s.engine.drag(by: 44)
    renderer.selection = nil
    let lifted = renderer.lines()
    #expect(lifted[0].contains("lifted 3 rows"), "\(lifted)")
    #expect(lifted[1].hasPrefix("       1 - a"), "\(lifted)")
    #expect(lifted[2].hasPrefix("       2 - e"), "\(lifted)")
    #expect(lifted[3].hasPrefix(">>      3  b"), "\(lifted)")
    #expect(lifted[4].hasPrefix(">>      4  c"), "\(lifted)")
    #expect(lifted[5].hasPrefix(">>      5  d"), "\(lifted)")
    try s.engine.drag(by: -30)
    let between = renderer.lines()
    #expect(between.filter { $0.hasPrefix(">>") }.count == 3, "\(between)")
    // The whole list lifted and held two lines low: nothing can trade places, so the
    // block's slots show as dots above its snapshot.
    let all = session("a\nb\nc\n")
    let whole = LiveRenderer(session: all, rows: 8, columns: 60)
    try all.engine.setViewport(whole.viewport)
    try all.engine.press(position: 0, count: 3)
    try all.engine.drag(by: 88)
    let low = whole.lines()
    #expect(low[1].hasPrefix("        · · · ·") && low[2].hasPrefix("        · · · ·"), "\(low)")
    #expect(low[3].hasPrefix(">>      1  a") && low[5].hasPrefix(">>      3  c"), "\(low)")
  }

  @Test("random bytes, terminal sizes, lists and gestures: no trap, every line its width")
  func randomized() throws {
    var rng = SplitMix64(seed: 15)
    var input = LiveInput()
    for _ in 0..<20_000 {
      let alphabet: [UInt8] = [
        0x1B, 0x5B, 0x3C, 0x3B, 0x4D, 0x6D, 0x4F, 0x7E, 0x30, 0x39, 0xC3, 0xFF, 0x03,
      ]
      let bytes = (0..<rng.next(12)).map { _ in
        rng.next(3) == 0
          ? UInt8(truncatingIfNeeded: rng.next(256)) : alphabet[rng.next(alphabet.count)]
      }
      _ = input.feed(bytes)
    }
    for round in 0..<300 {
      let lines = (0..<rng.next(40)).map { k in k % 7 == 0 ? "# S\(k)\n" : "row \(k) é 卵\n" }
      let s = session(lines.joined(), heights: nil)
      var renderer = LiveRenderer(session: s, rows: rng.next(40), columns: rng.next(120))
      renderer.cursor = rng.next(50) - 5
      let first = rng.next(50) - 5
      renderer.selection = first...(first + rng.next(5))
      renderer.color = round % 2 == 0
      try? s.engine.setViewport(Swift.max(44, renderer.viewport))
      if s.engine.layout.rowCount > 0 {
        try? s.engine.press(position: rng.next(s.engine.layout.rowCount))
        try? s.engine.drag(by: Double(rng.next(2000) - 1000))
        try? s.engine.tick(rng.next(100))
      }
      let picture = renderer.lines()
      #expect(picture.count == Swift.max(1, renderer.rows))
      if !renderer.color && renderer.columns > 0 {
        #expect(picture.allSatisfy { TextWidth.count($0) == renderer.columns })
      }
    }
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
