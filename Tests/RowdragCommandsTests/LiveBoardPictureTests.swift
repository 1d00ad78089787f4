import RowdragBase
import RowdragEngine
import RowdragFormats
import RowdragTestSupport
import Testing

@testable import RowdragCommands

/// The live board's picture (`LiveBoardPicture`): the terminal as the board's screen.
@Suite("live board picture")
struct LiveBoardPictureTests {
  func session(_ text: String) -> Session {
    let list = TextList(bytes: Array(text.utf8), isHeader: { $0.first == UInt8(ascii: "#") })
    let layout = Layout(sections: list.sectionSpecs, ownHeights: nil, flags: nil)
    let s = Session(document: list, layout: layout, filePath: "/tmp/board.md")
    try? SettingTable.apply(key: "board", values: ["on"], to: &s.engine)
    return s
  }

  @Test("one column per page by default, side by side when narrower; the snapshot floats")
  func picture() throws {
    let s = session("# Todo\na\nb\n# Doing\nc\n# Done\nd\n")
    var renderer = LiveRenderer(session: s, rows: 8, columns: 40)
    try s.engine.setViewport(renderer.viewport)
    var lines = renderer.lines()
    #expect(lines.count == 8 && lines.allSatisfy { TextWidth.count($0) == 40 })
    #expect(lines[0].contains("page 1/3 ▶"), "\(lines)")
    #expect(lines[1].hasPrefix("== # Todo =="), "\(lines)")
    #expect(lines[2].hasPrefix(" 1:1 - a"), "\(lines)")
    #expect(lines[2].hasSuffix("│"), "\(lines)")
    // The mouse maps back: the character under a card is that card.
    #expect(renderer.position(atCharacter: 5, line: 2) == 1)
    #expect(renderer.screenX(ofCharacter: 39) > 375 - 40)
    // Lifted and dragged into Doing after a page turn: the slot there, the snapshot.
    try s.engine.press(position: 0)
    try s.engine.drag(toScreenX: 370, y: nil)
    try s.engine.tick(60)
    lines = renderer.lines()
    #expect(s.engine.lift?.section == 1, "\(lines)")
    #expect(lines[0].contains("page 2/3"), "\(lines)")
    #expect(lines.contains { $0.contains(">> a") }, "\(lines)")
    // Narrower columns: all three on the 40 characters, side by side.
    try s.engine.cancel()
    try SettingTable.apply(key: "column", values: ["120"], to: &s.engine)
    renderer.cursor = 3
    lines = renderer.lines()
    #expect(lines[1].contains("== # Todo") && lines[1].contains("== # Done"), "\(lines)")
    #expect(lines.allSatisfy { TextWidth.count($0) == 40 })
    #expect(lines[2].contains("›3:1 - d"), "\(lines)")
  }

  @Test("random boards, terminal sizes and gestures: no trap, every line its width")
  func randomized() throws {
    var rng = SplitMix64(seed: 20)
    for round in 0..<300 {
      let lines = (0..<rng.next(30)).map { k in k % 5 == 0 ? "# C\(k)\n" : "card \(k) é 卵\n" }
      let s = session(lines.joined())
      try? SettingTable.apply(
        key: "column", values: [rng.next(2) == 0 ? "screen" : "\(1 + rng.next(374))"],
        to: &s.engine)
      try? SettingTable.apply(key: "spacing", values: ["\(rng.next(30))"], to: &s.engine)
      var renderer = LiveRenderer(session: s, rows: rng.next(30), columns: rng.next(120))
      renderer.cursor = rng.next(40) - 5
      renderer.color = round % 2 == 0
      try? s.engine.setViewport(Swift.max(44, renderer.viewport))
      if s.engine.layout.rowCount > 0 {
        try? s.engine.press(position: rng.next(s.engine.layout.rowCount))
        try? s.engine.drag(
          toScreenX: Double(rng.next(500)) - 60, y: Double(rng.next(800)) - 100)
        try? s.engine.tick(rng.next(100))
      }
      let picture = renderer.lines()
      #expect(picture.count == Swift.max(1, renderer.rows))
      if !renderer.color && renderer.columns > 0 {
        #expect(picture.allSatisfy { TextWidth.count($0) == renderer.columns })
      }
      for c in 0..<renderer.columns { _ = renderer.position(atCharacter: c, line: c % 5) }
    }
  }
}
