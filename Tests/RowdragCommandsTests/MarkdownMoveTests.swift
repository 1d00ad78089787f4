import Foundation
import Testing

/// FORMATS.md §3.3 end to end: ordered lists keep counting through `move`, ranges,
/// drops, undo, redo and writes, with labels and `/REGEX/` addresses showing the numbers
/// as they would be written; a move that would nest an item fails and moves nothing.
@Suite("Markdown moves: renumbering and nesting")
struct MarkdownMoveTests {
  static let steps = "1. Install\n2. Configure\n3. Run\n"

  /// Runs `script` (one -e each) over `input` read as Markdown.
  static func run(_ input: String, _ script: [String], extra: [String] = []) -> RunResult {
    rowdrag(
      ["--format", "markdown", "-n"] + extra + script.flatMap { ["-e", $0] }, stdin: input)
  }

  /// The labels of a `list` output.
  static func labels(_ listing: String) -> [String] {
    listing.split(separator: "\n").map {
      String($0.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).last ?? "")
    }
  }

  @Test("move 3 1 keeps 1, 2, 3; list shows the numbers as written")
  func moveKeepsCounting() {
    #expect(
      Self.run(Self.steps, ["move 3 1", "print"]).stdout == "1. Run\n2. Install\n3. Configure\n")
    #expect(
      Self.labels(Self.run(Self.steps, ["move 3 1", "list"]).stdout)
        == ["1. Run", "2. Install", "3. Configure"])
    // Without -n, the list is printed at the end, as written.
    #expect(
      rowdrag(["--format", "markdown", "-e", "move 3 1"], stdin: Self.steps).stdout
        == "1. Run\n2. Install\n3. Configure\n")
  }

  @Test("/REGEX/ addresses match the numbers as they would be written now")
  func addresses() {
    let back = Self.run(Self.steps, ["move 3 1", "move /^1\\. Run/ $", "print"])
    #expect(back.stdout == Self.steps)
    let old = Self.run(Self.steps, ["move 3 1", "press /^3\\. Run/"])
    #expect(old.status == 1)
    #expect(old.stderr.contains("no row matches"))
  }

  @Test("undo and redo renumber as they move")
  func undoRedo() {
    let out = Self.run(Self.steps, ["move 1 $", "undo", "list", "redo", "list"]).stdout
    #expect(
      Self.labels(out)
        == ["1. Install", "2. Configure", "3. Run", "1. Configure", "2. Run", "3. Install"])
  }

  @Test("a range moves as a block and every position keeps its number")
  func rangeMove() {
    let input = "1. a\n2. b\n3. c\n4. d\n"
    #expect(Self.run(input, ["move 1,2 $", "print"]).stdout == "1. c\n2. d\n3. a\n4. b\n")
  }

  @Test("renumber=no moves every number with its item; get format shows it only when given")
  func renumberNo() {
    let out = Self.run(Self.steps, ["move 3 1", "print", "get format"], extra: [])
    #expect(out.stdout.hasSuffix("markdown\n"))
    let kept = rowdrag(
      [
        "--format", "markdown renumber=no", "-n", "-e", "move 3 1", "-e", "print", "-e",
        "get format",
      ], stdin: Self.steps)
    #expect(kept.stdout == "3. Run\n1. Install\n2. Configure\nmarkdown renumber=no\n")
    let wrong = rowdrag(["--format", "markdown renumber=maybe", "-e", "print"], stdin: "")
    #expect(wrong.status == 2)
  }

  @Test("a write makes the written numbers the input's")
  func writeThenMove() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "rowdrag-renumber-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("list.md").path
    try Data("8. a\n9. b\n10. c\n".utf8).write(to: URL(fileURLWithPath: path))
    let out = rowdrag([
      "-n", "-e", "move 3 1", "-e", "write", "-e", "move 2 3", "-e", "print", path,
    ])
    #expect(out.status == 0, "\(out.stderr)")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "8.  c\n9. a\n10. b\n")
    #expect(out.stdout == "8.  c\n9.  b\n10. a\n")
  }

  static let nesting = "- a\n1. b\n\n  - c\n"

  @Test("a move that would nest an item fails with exit 1, naming both, and moves nothing")
  func nestingRefused() {
    let out = Self.run(Self.nesting, ["move 2 1", "print"], extra: ["--keep-going"])
    #expect(out.status == 1)
    #expect(
      out.stderr
        == "rowdrag: -e #1:1: move: '  - c' would become a child of '- a': its marker, "
        + "indented 2 columns, would stand at or past that item's content column 2, which "
        + "CommonMark reads as nested; nothing moved\n")
    #expect(out.stdout == Self.nesting)
    // The same row elsewhere is fine.
    #expect(Self.run(Self.nesting, ["move 3 1", "print"]).stdout == "  - c\n- a\n\n1. b\n")
    // A range that would leave the row under `- a`.
    #expect(Self.run(Self.nesting, ["move 2,2 3"]).status == 1)
  }

  @Test("nesting is judged as the rows are written: a moved block renumbered narrower")
  func nestingAsWritten() {
    // `1. x` gains a digit at row 10, so `   11. y` may stand under it; moved back to
    // the top together, `1. x` has its content at column 3 again and `   2.  y` would
    // be its child.
    let input = "1. x\n2. p\n3. q\n4. r\n5. s\n6. t\n7. u\n8. v\n9. w\n10. z\n   11. y\n"
    let out = Self.run(input, ["move 1 10", "move 10,11 1", "print"], extra: ["--keep-going"])
    #expect(out.status == 1)
    #expect(out.stderr.contains("'   2.  y' would become a child of '1. x'"), "\(out.stderr)")
    #expect(
      out.stdout == "1. p\n2. q\n3. r\n4. s\n5. t\n6. u\n7. v\n8. w\n9.  z\n10. x\n   11. y\n")
  }

  @Test("a refused drop goes back where it was lifted")
  func refusedRelease() {
    let out = Self.run(
      Self.nesting, ["press 3", "drag -50", "tick 60", "release", "list", "state"],
      extra: ["--keep-going"])
    #expect(out.status == 1)
    #expect(out.stderr.contains("release: '  - c' would become a child of '- a'"))
    #expect(out.stderr.contains("the row is back at 1:3"))
    let lines = out.stdout.split(separator: "\n")
    #expect(Self.labels(lines.prefix(3).joined(separator: "\n")) == ["- a", "1. b", "  - c"])
    #expect(lines.last?.contains(#""phase":"idle""#) == true)
    #expect(lines.last?.contains(#""dirty":false"#) == true)
  }
}
