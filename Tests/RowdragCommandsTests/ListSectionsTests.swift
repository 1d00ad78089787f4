import RowdragCLI
import RowdragFormats
import Testing

@testable import RowdragCommands

/// `list` shows sections and is one line a row on a pipe too (FORMATS.md §5, r2): a
/// section's line is `%5d:`, a tab, `#`, a tab and its header's label.
@Suite("list: section lines and one line a row")
struct ListSectionsTests {
  /// Two sections of a Markdown file, read from standard input.
  static let twoSections = "## Todo\n\n- a\n- b\n\n## Done\n\n- c\n"

  func list(_ input: String, _ script: String = "list", format: String = "markdown") -> String {
    rowdrag(["-n", "--format", format, "-e", script], stdin: input).stdout
  }

  @Test("each titled section has its line before its rows")
  func twoSectionLines() {
    #expect(
      list(Self.twoSections)
        == "    1:\t#\t## Todo\n     1\t-\t- a\n     2\t-\t- b\n    2:\t#\t## Done\n     3\t-\t- c\n"
    )
  }

  @Test("a leading untitled section has no line; a single section has none at all")
  func leadingUntitled() {
    #expect(
      list("- loose\n\n## Done\n\n- c\n")
        == "     1\t-\t- loose\n    2:\t#\t## Done\n     2\t-\t- c\n")
    #expect(list("- a\n- b\n") == "     1\t-\t- a\n     2\t-\t- b\n")
    // One titled section is one section: no line either.
    #expect(list("## Only\n- a\n") == "     1\t-\t- a\n")
  }

  @Test("an empty titled section still has its line, in the middle and at the end")
  func emptySections() {
    #expect(
      list("## Todo\n- a\n## Doing\n## Done\n- c\n## Later\n")
        == "    1:\t#\t## Todo\n     1\t-\t- a\n    2:\t#\t## Doing\n    3:\t#\t## Done\n"
        + "     2\t-\t- c\n    4:\t#\t## Later\n")
    // A list of empty sections only.
    #expect(list("## A\n## B\n") == "    1:\t#\t## A\n    2:\t#\t## B\n")
  }

  @Test("list A,B shows the section lines inside the range, and A's when A starts it")
  func ranges() {
    let input = "## A\n- 1\n- 2\n- 3\n## B\n## C\n- 4\n- 5\n## D\n- 6\n"
    // Across the boundary between A and C, the empty B between them included.
    #expect(
      list(input, "list 3,5")
        == "     3\t-\t- 3\n    2:\t#\t## B\n    3:\t#\t## C\n     4\t-\t- 4\n     5\t-\t- 5\n")
    // A is C's first row: C's line, not B's (which shares its place).
    #expect(list(input, "list 4,5") == "    3:\t#\t## C\n     4\t-\t- 4\n     5\t-\t- 5\n")
    #expect(list(input, "list 5") == "     5\t-\t- 5\n")
    #expect(list(input, "list 4") == "    3:\t#\t## C\n     4\t-\t- 4\n")
    // The line of the section after B's last row is not inside the range.
    #expect(list(input, "list 2,3") == "     2\t-\t- 2\n     3\t-\t- 3\n")
    #expect(list(input, "list 5,$") == "     5\t-\t- 5\n    4:\t#\t## D\n     6\t-\t- 6\n")
    // Ranges of the other commands stay within one section.
    #expect(
      rowdrag(["-n", "--format", "markdown", "-e", "lock 3,5"], stdin: input).stderr.contains(
        "not in one section"))
  }

  @Test("text sections (--header), JSON sections and the board's list")
  func otherSources() {
    #expect(
      rowdrag(["-n", "--header", "^#", "-e", "list"], stdin: "loose\n# Work\nreport\n").stdout
        == "     1\t-\tloose\n    2:\t#\t# Work\n     2\t-\treport\n")
    // JSON: sections named by their keys; an empty one keeps its line.
    #expect(
      list(#"{"Side A": ["x"], "Side B": []}"#, "list", format: "json")
        == "    1:\t#\tSide A\n     1\t-\tx\n    2:\t#\tSide B\n")
    // Board mode: the same section lines, rows with their C:R.
    #expect(
      rowdrag(["-n", "--board", "--format", "markdown", "-e", "list"], stdin: Self.twoSections)
        .stdout
        == "    1:\t#\t## Todo\n     1\t1:1\t-\t- a\n     2\t1:2\t-\t- b\n    2:\t#\t## Done\n"
        + "     3\t2:1\t-\t- c\n")
  }

  @Test("a CR or LF in a label or a header is written \\r or \\n on a pipe: one line a row")
  func lineBreaksOnAPipe() {
    let csv = "name,note\n\"a\",\"x\ny\"\nb,z\n"
    #expect(
      list(csv, "list", format: "csv label=note") == "     1\t-\tx\\ny\n     2\t-\tz\n")
    #expect(
      list(#"["a\nb","c\rd"]"#, "list", format: "json") == "     1\t-\ta\\nb\n     2\t-\tc\\rd\n")
    #expect(
      list(#"{"A\nB": ["x"], "C": ["y"]}"#, "list", format: "json")
        == "    1:\t#\tA\\nB\n     1\t-\tx\n    2:\t#\tC\n     2\t-\ty\n")
    // Everything else stays byte for byte on a pipe (print keeps every byte).
    let bytes: [UInt8] = Array("[\"t\\u001b[1m\\ttab\"]".utf8)
    let out = rowdrag(["-n", "--format", "json", "-e", "list"], stdinBytes: bytes).stdout
    #expect(out == "     1\t-\tt\u{1B}[1m\ttab\n")
  }

  @Test("on a terminal, labels are escaped as before and section lines too, breaks as \\n")
  func terminal() {
    let out = OutputSink(memoryNamed: "<stdout>")
    let err = OutputSink(memoryNamed: "<stderr>")
    out.isTerminal = true
    let runner = Runner(
      environment: Environment(), stdout: out, stderr: err,
      readStdin: { ByteStore(Array(#"{"A\u001b": ["x\ny"], "C": []}"#.utf8)) })
    _ = runner.run(["-n", "--format", "json", "-e", "list"])
    #expect(out.text == "    1:\t#\tA^[\n     1\t-\tx\\ny\n    2:\t#\tC\n")
  }

  @Test("the line breaks scan: every position of CR and LF, and none")
  func hasLineBreak() {
    for length in 0..<40 {
      for position in 0...length {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
        for breaker: UInt8 in [10, 13] {
          if position < length { bytes[position] = breaker }
          let found = bytes.withUnsafeBufferPointer { TerminalText.hasLineBreak($0) }
          #expect(found == (position < length), "\(length) \(position) \(breaker)")
        }
      }
    }
    let near: [UInt8] = [9, 11, 12, 14, 0x8A, 0x8D, 0x0A ^ 0x80]
    #expect(!near.withUnsafeBufferPointer { TerminalText.hasLineBreak($0) })
  }

  @Test("section numbers of any width: %5d, wider when they need it")
  func sectionNumberWidths() throws {
    let out = OutputSink(memoryNamed: "t")
    let writer = ListingWriter(out: out)
    for (number, label) in [(1, "a"), (99_999, ""), (123_456, "wide")] {
      try Array(label.utf8).withUnsafeBufferPointer { try writer.section(number, label: $0) }
    }
    try writer.flush()
    #expect(out.text == "    1:\t#\ta\n99999:\t#\t\n123456:\t#\twide\n")
  }
}
