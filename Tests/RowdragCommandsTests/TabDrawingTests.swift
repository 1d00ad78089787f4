import RowdragCLI
import RowdragEngine
import RowdragFormats
import Testing

@testable import RowdragCommands

/// Drawing (FORMATS.md §5, r2): a tab in a label or a block line is spaces to the next
/// multiple of 8 columns, counted from the column where the row's text starts, as `less`
/// draws it; a card of `n` lines covers `n` lines in the board's `show` and the live
/// board, each with its own text.
@Suite("tabs and multi-line cards drawn")
struct TabDrawingTests {
  /// A kanban as Obsidian writes it: sub-tasks indented with tabs.
  static let kanban =
    "## Todo\n- [ ] card\n\t- [ ] sub\n\t\t- [ ] deeper\n## Done\n- [x] ab\tc\n- [x] 卵\tx\n"

  func show(_ input: String, _ options: [String] = [], environment: Environment = Environment())
    -> [String]
  {
    rowdrag(
      ["-n", "--format", "markdown"] + options + ["-e", "show"], stdinBytes: Array(input.utf8),
      environment: environment
    ).stdout.split(separator: "\n").map(String.init)
  }

  /// `text` with its trailing blanks and scroll bar cut.
  func trimmed(_ line: String) -> String {
    var line = line
    while let last = line.last, last == " " || last == "#" || last == "|" { line.removeLast() }
    return line
  }

  @Test("the expansion: stops every 8 columns from the text's start, wide characters count 2")
  func expansion() {
    #expect(TextWidth.expandingTabs("a\tb") == "a       b")
    #expect(TextWidth.expandingTabs("\t\tx") == String(repeating: " ", count: 16) + "x")
    #expect(TextWidth.expandingTabs("12345678\tx") == "12345678        x")
    #expect(TextWidth.expandingTabs("卵\tx") == "卵      x")
    #expect(TextWidth.expandingTabs("e\u{301}\tx") == "e\u{301}       x")
    #expect(TextWidth.expandingTabs("no tab") == "no tab")
  }

  @Test("show: labels and block lines, from the label's column; wide and ASCII alike")
  func table() {
    let lines = show(Self.kanban).map(trimmed)
    let label = String(repeating: " ", count: 21)
    #expect(lines[2] == "     1 28..160     - - [ ] card")
    #expect(lines[3] == label + "        - [ ] sub")
    #expect(lines[4] == label + "                - [ ] deeper")
    #expect(lines[6] == "     2 188..232    - - [x] ab        c")
    #expect(lines[7] == "     3 232..276    - - [x] 卵        x")
    #expect(!show(Self.kanban).joined().contains("?"))
    // ASCII only: the wide character is two ?, the spaces after it the same.
    let ascii = show(Self.kanban, environment: Environment(variables: ["LANG": "C"])).map(trimmed)
    #expect(ascii[7] == "     3 232..276    - - [x] ??        x")
    // Narrow: no y-ranges, the label starts at column 9; the stops move with it.
    let narrow = show(Self.kanban, ["--width", "40"]).map(trimmed)
    #expect(narrow.contains("                 - [ ] sub"))
    #expect(narrow.contains("     2 - - [x] ab        c"))
    // A tab past the width is cut as any text is, with the ellipsis.
    let cut = show("- " + String(repeating: "x", count: 50) + "\t\t\tend\n").map(trimmed)
    #expect(cut[1].hasSuffix("…") && !cut[1].contains("end"))
  }

  @Test("the board's show: a card of several lines covers them, tabs expanded")
  func boardShow() {
    let lines = show(
      Self.kanban,
      ["--board", "--screen", "750", "--column", "370", "--spacing", "10", "--width", "90"]
    ).map(trimmed)
    #expect(lines[3].hasPrefix("1:1 28..160 - - [ ] card"))
    #expect(lines[4].hasPrefix("                      - [ ] sub"))
    #expect(lines[5].hasPrefix("                              - [ ] deeper"))
    #expect(lines[3].hasSuffix("2:1 28..72 - - [x] ab        c"))
    #expect(lines[4].hasSuffix("2:2 72..116 - - [x] 卵        x"))
    // Three lines of text, none blank.
    let card = "## A\n- one\n  - two\n  - three\n- next\n"
    let board = show(card, ["--board"]).map(trimmed)
    #expect(
      Array(board[3...6]) == [
        "1:1 28..160 - - one", "                - two", "                - three",
        "1:2 160..204 - - next",
      ])
  }

  /// The live view's lines for `input` read as Markdown, the board on or off, after
  /// `commands`.
  func live(
    _ input: String, board: Bool, rows: Int = 10, columns: Int = 60, _ commands: String = ""
  ) throws -> [String] {
    let (document, layout) = try ListLoader.load(
      store: ByteStore(Array(input.utf8)), name: "k.md", options: LoadOptions())
    let session = Session(document: document, layout: layout, filePath: "k.md")
    if board { try SettingTable.apply(key: "board", values: ["on"], to: &session.engine) }
    let renderer = LiveRenderer(session: session, rows: rows, columns: columns)
    try session.engine.setViewport(renderer.viewport)
    var lexer = CommandLexer(line: commands)
    let out = OutputSink(memoryNamed: "t")
    while case .success(let raw)? = lexer.next() {
      try session.run(
        CommandParser.parse(raw), named: raw.name, out: out, effects: .none, recorder: .off)
    }
    return renderer.lines()
  }

  @Test("the live board draws each line of a card, tabs expanded; widths stay exact")
  func liveBoard() throws {
    let lines = try live(Self.kanban, board: true)
    #expect(lines.allSatisfy { TextWidth.count($0) == 60 })
    #expect(lines[2].hasPrefix(" 1:1 - - [ ] card "))
    // Under the label, which starts after ` 1:1 - `.
    #expect(lines[3].hasPrefix("       " + "        - [ ] sub "))
    #expect(lines[4].hasPrefix("       " + "                - [ ] deeper "))
    let three = try live("## A\n- one\n  - two\n  - three\n- next\n", board: true)
    #expect(
      Array(three[2...5]).map { $0.prefix(20) } == [
        " 1:1 - - one        ", "         - two      ", "         - three    ",
        " 1:2 - - next       ",
      ])
    // Lifted, the floating card shows its lines too.
    let lifted = try live(
      "## A\n- one\n  - two\n  - three\n- next\n", board: true, "press 1; drag +100")
    // (Each line ends with the column's edge.)
    let snapshot = lifted.filter { $0.hasPrefix(">>") }.map { trimmed(String($0.dropLast())) }
    #expect(snapshot == [">> - one", ">>   - two", ">>   - three"], "\(lifted)")
  }

  @Test("the live table draws tabs as spaces from the label's column")
  func liveTable() throws {
    let lines = try live(Self.kanban, board: false)
    #expect(lines.allSatisfy { TextWidth.count($0) == 60 })
    #expect(lines[2].hasPrefix("       1 - - [ ] card "))
    #expect(lines[3].hasPrefix("           " + "        - [ ] sub "))
    // Done's header is named on the right of its first row's line.
    #expect(lines[5].hasPrefix("       2 - - [x] ab        c ") && lines[5].contains("── ## Done"))
    #expect(lines[6].hasPrefix("       3 - - [x] 卵        x "))
    #expect(!lines.joined().contains("?"))
    // Rows twice as tall as a terminal line: each block line once, on its band's first
    // terminal line, the other left blank.
    let tall = try live(Self.kanban, board: false, rows: 16, "set row-height 88")
    #expect(tall.filter { $0.contains("- [ ] sub") }.count == 1, "\(tall)")
    #expect(tall.filter { $0.contains("- [ ] deeper") }.count == 1, "\(tall)")
  }
}
