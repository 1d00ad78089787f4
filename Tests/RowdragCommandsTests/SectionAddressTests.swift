import RowdragCommands
import RowdragEngine
import RowdragFormats
import Testing

/// Sections by name (FORMATS.md §5, r2): wherever `S` stands in an address, `/REGEX/`
/// selects the first titled section whose header matches; `S:$` as a `move` target puts
/// the row, or a range's block, last in section S.
@Suite("section addresses")
struct SectionAddressTests {
  /// A kanban: Todo (a, b, dentist), In progress (d), an empty Waiting, Done (e).
  static let kanban =
    "# Board\n\n## Todo\n\n- a\n- b\n- dentist\n\n## In progress\n\n- d\n\n## Waiting\n\n"
    + "## Done\n\n- e\n"

  func run(_ script: String, _ input: String = Self.kanban) -> RunResult {
    rowdrag(["--format", "markdown", "-e", script], stdin: input)
  }

  func parse(_ line: String) throws -> Command {
    var lexer = CommandLexer(line: line)
    guard case .success(let raw)? = lexer.next() else {
      throw CommandError(command: "", message: "no command")
    }
    return try CommandParser.parse(raw)
  }

  @Test("the lexer: /x/:R is one section address, /a:b/ a pattern with a colon")
  func lexing() throws {
    #expect(
      try parse("move /dentist/ /In progress/:1")
        == .move(.pattern("dentist"), to: .row(.sectionRow(.titled("In progress"), 1))))
    #expect(
      try parse("move 3 /Done/:$") == .move(.number(3), to: .row(.sectionLast(.titled("Done")))))
    #expect(try parse("press /a:b/") == .press(.pattern("a:b")))
    #expect(try parse("press /a:b/:2") == .press(.sectionRow(.titled("a:b"), 2)))
    #expect(try parse("press /x\\//:2") == .press(.sectionRow(.titled("x/"), 2)))
    #expect(try parse("move 2 3:$") == .move(.number(2), to: .row(.sectionLast(3))))
    #expect(
      try parse("move /Todo/:1,/Todo/:$ /Done/:1")
        == .moveRange(
          AddressRange(first: .sectionRow(.titled("Todo"), 1), last: .sectionLast(.titled("Todo"))),
          to: .row(.sectionRow(.titled("Done"), 1))))
    #expect(
      try parse("list 2,/Done/:1")
        == .listRows(AddressRange(first: .number(2), last: .sectionRow(.titled("Done"), 1))))
    // A section address is one argument: `/x/:2;` ends the command, `/x/: 2` does not join.
    var lexer = CommandLexer(line: "press /x/:2; release")
    guard case .success(let first)? = lexer.next(), case .success(let second)? = lexer.next()
    else {
      Issue.record("two commands expected")
      return
    }
    #expect(first.arguments == [.sectioned("x", "2")] && second.name == "release")
    #expect(first.arguments.map(\.text) == ["/x/:2"])
  }

  @Test("malformed section addresses are refused with what would be right")
  func refusals() {
    #expect(
      run("press /Done/:").stderr
        == "rowdrag: -e #1:1: press: '/Done/:' is not a row address; after /REGEX/: give a row "
        + "number or $ (/REGEX/:R, /REGEX/:$)\n")
    #expect(run("press /Done/:x").status == 1)
    #expect(
      run("move 1,/Todo/:2,3 2").stderr.contains("has more than one comma; a range is A,B"))
  }

  @Test("move to a section by its header: first row, last place, ranges")
  func moves() {
    #expect(
      run("move /dentist/ /In progress/:1").stdout
        == "# Board\n\n## Todo\n\n- a\n- b\n\n## In progress\n\n- dentist\n- d\n\n## Waiting\n\n"
        + "## Done\n\n- e\n")
    #expect(
      run("move 3 /Done/:$").stdout
        == "# Board\n\n## Todo\n\n- a\n- b\n\n## In progress\n\n- d\n\n## Waiting\n\n"
        + "## Done\n\n- e\n- dentist\n")
    #expect(
      run("move 2,3 /Done/:$").stdout
        == "# Board\n\n## Todo\n\n- a\n\n## In progress\n\n- d\n\n## Waiting\n\n"
        + "## Done\n\n- e\n- b\n- dentist\n")
    // Into an empty section, S:$ is its first row.
    #expect(
      listing("move 1 /Wait/:$; list")
        == "    1:\t#\t# Board\n    2:\t#\t## Todo\n     1\t-\t- b\n     2\t-\t- dentist\n"
        + "    3:\t#\t## In progress\n     3\t-\t- d\n    4:\t#\t## Waiting\n     4\t-\t- a\n"
        + "    5:\t#\t## Done\n     5\t-\t- e\n")
    // Its own section: the row (or block) goes last; already last, nothing changes.
    #expect(
      listing("move 1 /Todo/:$; list 1,3")
        == "    2:\t#\t## Todo\n     1\t-\t- b\n     2\t-\t- dentist\n     3\t-\t- a\n")
    #expect(
      listing("move 1,2 2:$; list 1,3")
        == "    2:\t#\t## Todo\n     1\t-\t- dentist\n     2\t-\t- a\n     3\t-\t- b\n")
    #expect(listing("move 3 2:$; state").contains(#""dirty":false"#))
    // A numbered S:$ as the target, from another section.
    #expect(
      listing("move 5 2:$; list 1,4")
        == "    2:\t#\t## Todo\n     1\t-\t- a\n     2\t-\t- b\n     3\t-\t- dentist\n"
        + "     4\t-\t- e\n")
  }

  /// What `script` writes with `-n` (no final list).
  func listing(_ script: String) -> String {
    rowdrag(["-n", "--format", "markdown", "-e", script], stdin: Self.kanban).stdout
  }

  @Test("every address form takes a section name: press, scroll, drag, list, lock")
  func everywhere() {
    #expect(run("press /Done/:1; state").stdout.contains(#""lifted":{"row":5,"from":5"#))
    #expect(run("press /^## To/:$; state").stdout.contains(#""lifted":{"row":3,"from":3"#))
    #expect(
      listing("list /Todo/:2,/Todo/:$") == "     2\t-\t- b\n     3\t-\t- dentist\n")
    #expect(run("lock /In/:1; press 4").stderr.contains("row 4 is locked"))
    // The board's columns are the sections: /Done/:1 is a card address there too.
    let board = rowdrag(
      ["-n", "--board", "--format", "markdown", "-e", "move /dentist/ /Done/:1; list /Done/:1"],
      stdin: Self.kanban)
    #expect(board.stdout == "    5:\t#\t## Done\n     4\t5:1\t-\t- dentist\n")
  }

  @Test("the first titled section that matches; no match lists the headers")
  func matching() {
    // `o` first matches # Board, which has no rows.
    #expect(
      run("press /o/:1").stderr == "rowdrag: -e #1:1: press: section 1 has no row 1; it is empty\n")
    #expect(
      run("move 1 /Nope/:1").stderr
        == "rowdrag: -e #1:1: move: no section header matches /Nope/; the headers are "
        + "'# Board' (1), '## Todo' (2), '## In progress' (3), '## Waiting' (4), '## Done' (5)\n")
    #expect(
      rowdrag(["--format", "markdown", "-e", "move 1 /x/:1"], stdin: "- a\n- b\n").stderr
        == "rowdrag: -e #1:1: move: no section header matches /x/; the list has no section "
        + "headers\n")
    // A leading untitled section is never named: /./ finds the first header.
    #expect(
      rowdrag(["--format", "markdown", "-e", "move 1 /./:1"], stdin: "- a\n## T\n- b\n").stdout
        == "## T\n- a\n- b\n")
    // An invalid pattern is refused as a row's is.
    #expect(run("press /[/:1").stderr.contains("invalid /REGEX/"))
  }

  @Test("Tab after move ADDR / offers the section headers, closed with /:")
  func completion() throws {
    let complete = try completer(Self.kanban, name: "k.md")
    #expect(
      complete("move 1 /")
        == .patterns(
          ["/# Board/:", "/## Todo/:", "/## In progress/:", "/## Waiting/:", "/## Done/:"],
          labels: ["# Board", "## Todo", "## In progress", "## Waiting", "## Done"]))
    #expect(complete("move 1 /## D") == .patterns(["Done/:"], labels: ["## Done"]))
    #expect(complete("move 1,2 /^## W") == .patterns(["Waiting$/:"], labels: ["## Waiting"]))
    // A row elsewhere: before/after and the source still complete labels.
    #expect(complete("move 1 before /- de") == .patterns(["dentist/"], labels: ["- dentist"]))
    #expect(complete("move /- de") == .patterns(["dentist/"], labels: ["- dentist"]))
    #expect(complete("press /- e") == .patterns(["e/"], labels: ["- e"]))
    #expect(complete("move 1 /## In p") == .patterns(["progress/:"], labels: ["## In progress"]))
  }
}
