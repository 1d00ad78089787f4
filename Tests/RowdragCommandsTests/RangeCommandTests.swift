import RowdragCommands
import Testing

/// Seven rows a to g, 44 points each (308 in all).
let sevenRows = "a\nb\nc\nd\ne\nf\ng\n"
/// BOARD.md §11's board.
let kanban =
  "## Todo\nWrite spec\nFix login bug\nShip 1.2\n## Doing\nReview PR\n## Done\nRelease notes done\n"
/// Two titled sections: `# A` holding a, b and `# B` holding c, d.
let twoSections = "# A\na\nb\n# B\nc\nd\n"

/// Ranges `A,B` (SPEC §10) through the command language: parsing, `move A,B TO` with the
/// worked cases of §10, `state`, `--trace` and `list`, and the refusals.
let rangeCases: [CommandCase] = [
  // move A,B TO: TO is the first row's final number. Down, the block goes right after
  // the row now at TO + k − 1; up, right before the row now at TO.
  CommandCase("move 2,4 3", on: sevenRows, out: "a\ne\nb\nc\nd\nf\ng\n"),
  CommandCase("move 2,4 $", on: sevenRows, out: "a\ne\nf\ng\nb\nc\nd\n"),
  CommandCase("move 5,7 1", on: sevenRows, out: "e\nf\ng\na\nb\nc\nd\n"),
  CommandCase("move 2,4 5", on: sevenRows, out: "a\ne\nf\ng\nb\nc\nd\n"),
  // Onto its own place: nothing changes, nothing to undo.
  CommandCase(
    "move 2,4 2; undo", on: sevenRows, out: "",
    err: "rowdrag: -e #1:1: undo: nothing to undo\n", status: 1),
  // +N / -N: the block moves by N places.
  CommandCase("move 2,4 +2", on: sevenRows, out: "a\ne\nf\nb\nc\nd\ng\n"),
  CommandCase("move 5,6 -3", on: sevenRows, out: "a\ne\nf\nb\nc\nd\ng\n"),
  // before / after a row outside the range; before its first or after its last row
  // change nothing; a row inside it is refused (vim's `:2,4m3`).
  CommandCase("move 2,4 before 7", on: sevenRows, out: "a\ne\nf\nb\nc\nd\ng\n"),
  CommandCase("move 2,4 after 5", on: sevenRows, out: "a\ne\nb\nc\nd\nf\ng\n"),
  CommandCase("move 3,4 before 1", on: sevenRows, out: "c\nd\na\nb\ne\nf\ng\n"),
  CommandCase("move 2,4 before 2; move 2,4 after 4", on: sevenRows, out: sevenRows),
  CommandCase(
    "move 2,4 after 3", on: sevenRows, out: "",
    err:
      "rowdrag: -e #1:1: move: row 3 is inside the range 2 to 4; a range cannot move next to its own rows (use before 2 or after 4, which change nothing, or a row outside it)\n",
    status: 1),
  // /REGEX/ ends: B is looked up from A on.
  CommandCase("move /b/,/d/ 1", on: sevenRows, out: "b\nc\nd\na\ne\nf\ng\n"),
  CommandCase("move /./,/./ $", on: sevenRows, out: "b\nc\nd\ne\nf\ng\na\n"),
  CommandCase(
    "move 3,/b/ 1", on: sevenRows, out: "",
    err: "rowdrag: -e #1:1: move: no row at or after row 3 matches /b/\n", status: 1),
  CommandCase(
    "move 4,2 1", on: sevenRows, out: "",
    err:
      "rowdrag: -e #1:1: move: the range ends at row 2, before it starts at row 4; give the earlier row first (A,B with A <= B)\n",
    status: 1),
  CommandCase(
    "move 2,4 6", on: sevenRows, out: "",
    err:
      "rowdrag: -e #1:1: move: 3 rows starting at row 6 would run past the last row (7); the first row can go at most to row 5 ($)\n",
    status: 1),
  CommandCase(
    "move 2,4 +4", on: sevenRows, out: "",
    err:
      "rowdrag: -e #1:1: move: rows 2 to 4 +4 would leave the list (the first row can go from 1 to 5)\n",
    status: 1),
  // A range of one row is that row.
  CommandCase("move 2,2 4", on: sevenRows, out: "a\nc\nd\nb\ne\nf\ng\n"),
  // Sections: down into the other section after the row at TO + k − 1; S:R; S:$.
  CommandCase(
    "move 1,2 3", on: twoSections, options: ["--header", "^#"], out: "# A\n# B\nc\nd\na\nb\n"),
  CommandCase(
    "move 1:1,1:$ 2:1", on: twoSections, options: ["--header", "^#"],
    out: "# A\n# B\na\nb\nc\nd\n"),
  CommandCase(
    "move 2:1,2:$ 1:1", on: twoSections, options: ["--header", "^#"],
    out: "# A\nc\nd\na\nb\n# B\n"),
  CommandCase(
    "move 1,2 after 4", on: twoSections, options: ["--header", "^#"],
    out: "# A\n# B\nc\nd\na\nb\n"),
  CommandCase(
    "press 1,3", on: twoSections, options: ["--header", "^#"], out: "",
    err:
      "rowdrag: -e #1:1: press: rows 1 to 3 are not in one section; a range must lie within one section\n",
    status: 1),
  CommandCase(
    "set sections keep; move 1,2 3", on: twoSections, options: ["--header", "^#"], out: "",
    err:
      "rowdrag: -e #1:1: move: row 1 would change section, but sections are kept (set sections cross)\n",
    status: 1),
  // S:$ as TO puts the row last in section S (FORMATS.md §5 widens SPEC §9.15).
  CommandCase(
    "move 1 2:$", on: twoSections, options: ["--header", "^#"], out: "# A\nb\n# B\nc\nd\na\n"),
  // A gesture across the titled boundary: the block [28, 116) at centre 72 dragged to
  // 132 passes the boundary (middle 130) and row c (middle 166), not d (210).
  CommandCase(
    "press 1,2; drag +60; release", on: twoSections, options: ["--header", "^#"],
    out: "# A\n# B\nc\na\nb\nd\n"),
  // Flags over a range; a locked or pinned row refuses the range; a pin stops it.
  CommandCase(
    "lock 2,3; list 1,4; unlock 2,3; list 2,3", on: sevenRows, options: ["-n"],
    out: "     1\t-\ta\n     2\tL\tb\n     3\tL\tc\n     4\t-\td\n     2\t-\tb\n     3\t-\tc\n"),
  CommandCase(
    "lock 3; press 2,4", on: sevenRows, out: "",
    err: "rowdrag: -e #1:1: press: row 3 is locked; unlock it first\n", status: 1),
  CommandCase(
    "pin 2,3; move 2,3 5", on: sevenRows, out: "",
    err: "rowdrag: -e #1:1: move: row 2 is pinned; unlock it first\n", status: 1),
  CommandCase(
    "pin 5; move 2,4 3", on: sevenRows, out: "",
    err: "rowdrag: -e #1:1: move: row 2 would cross pinned row 5; pinned rows cannot be passed\n",
    status: 1),
  // state: count after center only for more than one row; row and from are the
  // first row's. The block [44, 176) has its centre at 110.
  CommandCase(
    "press 2,4; state", on: sevenRows, options: ["-n"],
    out:
      #"{"t":0,"offset":0,"content":308,"viewport":600,"phase":"lifted","rows":7,"lifted":{"row":2,"from":2,"finger":110,"center":110,"count":3},"dirty":false}"#
      + "\n"),
  CommandCase(
    "press 2,2; state", on: sevenRows, options: ["-n"],
    out:
      #"{"t":0,"offset":0,"content":308,"viewport":600,"phase":"lifted","rows":7,"lifted":{"row":2,"from":2,"finger":66,"center":66},"dirty":false}"#
      + "\n"),
  // The trace: count right after row while the block is lifted. Dragged by 30 the
  // bottom edge 206 passes e's middle 198.
  CommandCase(
    "trace -; press 2,4; drag +30; tick 1; release; tick 1", on: sevenRows, options: ["-n"],
    out:
      #"{"t":0.017,"phase":"lifted","offset":0,"delta":0,"amount":0,"fired":0,"finger":140,"center":140,"row":3,"count":3}"#
      + "\n"
      + #"{"t":0.033,"phase":"idle","offset":0,"delta":0,"amount":0,"fired":0,"finger":null,"center":null,"row":null}"#
      + "\n"),
  // press A,B y=Y (issue 45, item 2): the finger where the pointer pressed, on one of the
  // block's rows; the grab keeps the block in place (centre 110), nothing scrolls. A
  // point off the block, or an x off a board, is refused.
  CommandCase(
    "press 2,4 y=60; state; drag y=70; state", on: sevenRows, options: ["-n"],
    out:
      #"{"t":0,"offset":0,"content":308,"viewport":600,"phase":"lifted","rows":7,"lifted":{"row":2,"from":2,"finger":60,"center":110,"count":3},"dirty":false}"#
      + "\n"
      + #"{"t":0,"offset":0,"content":308,"viewport":600,"phase":"lifted","rows":7,"lifted":{"row":2,"from":2,"finger":70,"center":120,"count":3},"dirty":false}"#
      + "\n"),
  CommandCase(
    "press 2,4 y=200", on: sevenRows, out: "",
    err:
      "rowdrag: -e #1:1: press: y=200 is not on rows 2 to 4; press the range where one of its rows shows\n",
    status: 1),
  CommandCase(
    "press 2,4 x=10 y=60", on: sevenRows, out: "",
    err: "rowdrag: -e #1:1: press: press A,B x= needs board mode (--board or set board on)\n",
    status: 1),
  CommandCase(
    "press 2,4 10", on: sevenRows, out: "",
    err: "rowdrag: -e #1:1: press: press A,B takes y=Y (and x=X on a board): press A,B y=Y\n",
    status: 1),
  // list: every lifted row marked; list A,B only those rows, with global numbers.
  CommandCase(
    "press 2,3; list 1,4", on: sevenRows, options: ["-n"],
    out: "     1\t-\ta\n     2\t>\tb\n     3\t>\tc\n     4\t-\td\n"),
  CommandCase("list 3", on: sevenRows, options: ["-n"], out: "     3\t-\tc\n"),
  CommandCase(
    "list 2:$", on: twoSections, options: ["-n", "--header", "^#"], out: "     4\t-\td\n"),
  // drag ADDR of a row of the block: the finger to that row's centre in the block's
  // slot (d's, 154); the bottom edge 220 then passes e's middle 198.
  CommandCase(
    "press 2,4; drag 4; state", on: sevenRows, options: ["-n"],
    out:
      #"{"t":0,"offset":0,"content":308,"viewport":600,"phase":"lifted","rows":7,"lifted":{"row":3,"from":2,"finger":154,"center":154,"count":3},"dirty":false}"#
      + "\n"),
  // One undo step; cancel returns the rows.
  CommandCase(
    "press 2,4; drag +100; release; undo; print; redo", on: sevenRows,
    out: "a\nb\nc\nd\ne\nf\ng\na\ne\nf\nb\nc\nd\ng\n"),
  CommandCase(
    "press 2,4; drag +100; cancel; state", on: sevenRows, options: ["-n"],
    out:
      #"{"t":0,"offset":0,"content":308,"viewport":600,"phase":"idle","rows":7,"lifted":null,"dirty":false}"#
      + "\n"),
  // Elsewhere a range is refused, naming the commands that take one.
  CommandCase(
    "scroll 2,3", on: sevenRows, out: "",
    err:
      "rowdrag: -e #1:1: scroll: '2,3' is a range, and one row is needed here; ranges are taken as the rows of press, move, lock, pin, unlock, mark and list\n",
    status: 1),
  CommandCase(
    "press 2,3; drag 2,3", on: sevenRows, out: "",
    err:
      "rowdrag: -e #1:1: drag: '2,3' is a range, and one row is needed here; ranges are taken as the rows of press, move, lock, pin, unlock, mark and list\n",
    status: 1),
  CommandCase(
    "move 2 3,4", on: sevenRows, out: "",
    err:
      "rowdrag: -e #1:1: move: '3,4' is a range, and one row is needed here; ranges are taken as the rows of press, move, lock, pin, unlock, mark and list\n",
    status: 1),
  CommandCase(
    "press 1,2,3", on: sevenRows, out: "",
    err: "rowdrag: -e #1:1: press: '1,2,3' has more than one comma; a range is A,B\n", status: 1),
  CommandCase(
    "press 1,/z/", on: sevenRows, out: "",
    err: "rowdrag: -e #1:1: press: no row at or after row 1 matches /z/\n", status: 1),
  // Board mode (BOARD.md §11's board): Write spec and Fix login bug, a block [28, 116)
  // of column 1 centred at 72, enter Doing after Review PR ([28, 72), middle 50); at
  // y=120 the top edge 76 stays below 50, at y=80 it passes (36 < 50).
  CommandCase(
    "press 1:1,1:2; drag x=560 y=120; state; release; print", on: kanban,
    options: ["--board", "--header", "^## ", "-n"],
    out:
      #"{"t":0,"x":0,"width":1125,"screen":375,"viewport":600,"columns":[{"offset":0,"content":72,"rows":1},{"offset":0,"content":160,"rows":3},{"offset":0,"content":72,"rows":1}],"phase":"lifted","rows":5,"lifted":{"column":2,"row":2,"from":[1,1],"finger":[560,120],"center":[560,120],"count":2},"dirty":false}"#
      + "\n## Todo\nShip 1.2\n## Doing\nReview PR\nWrite spec\nFix login bug\n## Done\nRelease notes done\n"
  ),
  CommandCase(
    "press 1:1,1:2; drag x=560 y=80; release; print; undo; print", on: kanban,
    options: ["--board", "--header", "^## ", "-n"],
    out:
      "## Todo\nShip 1.2\n## Doing\nWrite spec\nFix login bug\nReview PR\n## Done\nRelease notes done\n"
      + kanban),
  // A pin after the block in its column keeps it there; move across columns.
  CommandCase(
    "pin 3; press 1:1,1:2; drag x=560 y=120; release; print", on: kanban,
    options: ["--board", "--header", "^## ", "-n"], out: kanban),
  CommandCase(
    "move 1:1,1:2 2:2; print", on: kanban, options: ["--board", "--header", "^## ", "-n"],
    out:
      "## Todo\nShip 1.2\n## Doing\nReview PR\nWrite spec\nFix login bug\n## Done\nRelease notes done\n"
  ),
  CommandCase(
    "pin 4; move 1:1,1:2 2:1", on: kanban, options: ["--board", "--header", "^## "], out: "",
    err: "rowdrag: -e #1:1: move: row 1 would cross pinned row 4; pinned rows cannot be passed\n",
    status: 1),
]

@Suite("ranges: commands")
struct RangeCommandTests {
  @Test(arguments: rangeCases)
  func runs(_ testCase: CommandCase) {
    let result = run(testCase.script, on: testCase.list, options: testCase.options)
    #expect(result.stdout == testCase.stdout)
    #expect(result.stderr == testCase.stderr)
    #expect(result.status == testCase.status)
  }

  @Test("show draws every row of a lifted range as the gap, and one snapshot line")
  func show() {
    let result = run("press 2,4; drag +10; show", on: sevenRows, options: ["-n"])
    let lines = result.stdout.split(separator: "\n")
    let gaps = lines.filter { $0.contains(". . . .") }
    #expect(gaps.count == 3)
    #expect(gaps.map { $0.prefix(6) } == ["     2", "     3", "     4"])
    let snapshot = lines.filter { $0.hasPrefix(">>") }
    #expect(snapshot.count == 1)
    #expect(snapshot.first?.contains("> b (+2 rows)  (finger y=120)") == true)
  }

  /// The block b–d (44–176, centre 110) dragged 100 points: its bottom edge at 276 is
  /// past the middles of e (198) and f (242), not g's (286), so under `edge` it ends at
  /// rows 4–6; still lifted, it is marked so.
  @Test("compare names a block's rows before and after: 2–4 → 4–6")
  func compare() {
    let dropped = run(
      "press 2,4; drag +100; release; compare rowdrag", on: sevenRows, options: ["-n"])
    #expect(dropped.stdout.contains("  rowdrag  2–4 → 4–6       2      1"))
    let held = run("press 2,4; drag +100; compare rowdrag", on: sevenRows, options: ["-n"])
    #expect(held.stdout.contains("2–4 → 4–6 (lifted)"))
  }

  @Test("board show draws every row of a lifted range as the gap, and one snapshot line")
  func boardShow() {
    let result = run(
      "press 1:1,1:2; show", on: kanban, options: ["--board", "--header", "^## ", "-n"])
    let text = result.stdout
    #expect(text.contains("1:1 28..72 . . . ."))
    #expect(text.contains("1:2 72..116 . . . ."))
    #expect(text.contains(">> Write spec (+1 rows)"))
    #expect(!text.contains("Fix login bug"))
  }

  func parse(_ line: String) throws(CommandError) -> Command {
    var lexer = CommandLexer(line: line)
    guard case .success(let raw) = lexer.next() else {
      throw CommandError(command: "", message: "did not lex")
    }
    return try CommandParser.parse(raw)
  }

  @Test("a range's ends are words or patterns joined by one comma")
  func parsing() throws {
    #expect(
      try parse("press 2,4") == .pressRange(AddressRange(first: .number(2), last: .number(4))))
    #expect(
      try parse("press /^pick a/,/^fixup c/")
        == .pressRange(AddressRange(first: .pattern("^pick a"), last: .pattern("^fixup c"))))
    #expect(
      try parse("move 3,/x;y/ $")
        == .moveRange(AddressRange(first: .number(3), last: .pattern("x;y")), to: .row(.last)))
    #expect(
      try parse("move 2:1,2:$ +1")
        == .moveRange(AddressRange(first: .sectionRow(2, 1), last: .sectionLast(2)), to: .by(1)))
    #expect(try parse("lock $,$") == .lockRange(AddressRange(first: .last, last: .last)))
    #expect(try parse("list 3") == .listRows(AddressRange(first: .number(3), last: .number(3))))
    #expect(try parse("list") == .list)
    #expect(try parse("press 3") == .press(.number(3)))
    #expect(
      try parse("press 2,4 y=60")
        == .pressRangeAt(AddressRange(first: .number(2), last: .number(4)), x: nil, y: 60))
    #expect(
      try parse("press 1:2,1:3 y=5 x=30")
        == .pressRangeAt(
          AddressRange(first: .sectionRow(1, 2), last: .sectionRow(1, 3)), x: 30, y: 5))
    // A word with a comma elsewhere keeps its text.
    #expect(
      try parse("set autoscroll linear zone=100,max=1200")
        == .set(key: "autoscroll", values: ["linear", "zone=100,max=1200"]))
  }
}
