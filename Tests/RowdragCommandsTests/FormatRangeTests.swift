import Testing

/// Ranges (SPEC §10) over the structured formats of FORMATS.md: a range of items moves
/// their whole blocks (nested lines, continuation lines, quoted line breaks) and the
/// trivia stays where the gap rule puts it.
@Suite("ranges in structured formats")
struct FormatRangeTests {
  static let markdown = "- a\n  - a1\n- b\n  continuation\n- c\n- d\n"

  @Test(
    "move A,B TO moves the items' blocks",
    arguments: [
      (
        "markdown", markdown, "move 1,2 $",
        "- c\n- d\n- a\n  - a1\n- b\n  continuation\n"
      ),
      (
        "todo", "pick a A\nfixup b B\npick c C\npick d D\n\n# comment\n", "move 1,2 $",
        "pick c C\npick d D\npick a A\nfixup b B\n\n# comment\n"
      ),
      (
        "csv", "name,note\nx,\"one\ntwo\"\ny,plain\nz,last\n", "move 1,2 $",
        "name,note\nz,last\nx,\"one\ntwo\"\ny,plain\n"
      ),
      (
        "m3u", "#EXTM3U\n#EXTINF:1,A\na.mp3\n#EXTINF:2,B\nb.mp3\n#EXTINF:3,C\nc.mp3\n",
        "move 2,3 1", "#EXTM3U\n#EXTINF:2,B\nb.mp3\n#EXTINF:3,C\nc.mp3\n#EXTINF:1,A\na.mp3\n"
      ),
    ])
  func moves(_ format: String, _ input: String, _ script: String, _ expected: String) {
    let result = rowdrag(["--format", format, "-e", script], stdin: input)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == expected)
  }

  /// Items a and b are two lines each (88 points), so the block is 176 high with its
  /// centre at 88; `drag +200` puts its bottom edge at 376, past the middles of c
  /// (198) and d (242), and under `edge` both trade places with the whole block.
  @Test("a lifted range of two-line items is one 176-point block; undo restores every byte")
  func gesture() {
    let moved = rowdrag(
      ["--format", "markdown", "-e", "press 1,2; state; drag +200; release"], stdin: Self.markdown)
    #expect(moved.stdout.hasPrefix(#"{"t":0,"offset":0,"content":264"#))
    #expect(moved.stdout.contains(#""count":2"#))
    #expect(moved.stdout.hasSuffix("- c\n- d\n- a\n  - a1\n- b\n  continuation\n"))
    let undone = rowdrag(
      ["--format", "markdown", "-e", "press 1,2; drag +200; release; undo"], stdin: Self.markdown)
    #expect(undone.stdout == Self.markdown)
  }
}
