import Foundation
import RowdragTestSupport
import Testing

@Suite("compare on a board: a preset the board cannot take is a row that says why (issue 43)")
struct CompareOnBoardTests {
  static let board = "## Todo\n- a\n- b\n- c\n## Doing\n- d\n## Done\n- e\n"
  static let gesture = "press 1:1; drag x=360; wait 0.8; drag y=80; release"

  @Test("flutter's rule has no board form: not run, with the reason; rowdrag runs")
  func notRunRow() throws {
    let result = rowdrag(
      [
        "--board", "--header", "^## ", "--format", "markdown", "--compare", "flutter,rowdrag", "-e",
        Self.gesture,
      ],
      stdin: Self.board)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("Comparing 2 presets (1 not run) on 5 commands:\n"))
    #expect(
      result.stdout.contains(
        "\n  flutter  not run: halves is not available in board mode; use edge, midpoint or under\n"
      ),
      "\(result.stdout)")
    let rowdragRow = result.stdout.split(separator: "\n").first { $0.hasPrefix("  rowdrag ") }
    #expect(rowdragRow?.contains("1 → ") == true, "\(result.stdout)")
  }

  @Test("the chart and the report draw the presets that ran")
  func plotsWhatRan() throws {
    let directory = try CompareTraceTests.Directory()
    for name in ["c.svg", "r.html"] {
      let path = directory.url.appendingPathComponent(name).path
      let result = rowdrag(
        [
          "--board", "--header", "^## ", "--format", "markdown", "--compare", "all", "--plot",
          path, "-e", Self.gesture,
        ],
        stdin: Self.board)
      #expect(result.status == 0, "\(result.stderr)")
      let drawn = try String(contentsOfFile: path, encoding: .utf8)
      if name.hasSuffix(".svg") {
        #expect(drawn.contains("rowdrag") && !drawn.contains("flutter"), "\(name)")
      } else {
        // The report's table says why flutter did not run; its frames and chart have
        // no flutter.
        let frames = drawn.components(separatedBy: "<h2>Frame by frame</h2>").last ?? ""
        #expect(frames.contains("\"name\":\"rowdrag\"") && !frames.contains("flutter"))
        #expect(drawn.contains("<tr class=\"not-run\"><th scope=\"row\">flutter</th>"))
      }
    }
  }

  @Test("a column that scrolls: offsets and speeds are the column's, as its own trace's are")
  func columnOffsets() throws {
    let directory = try CompareTraceTests.Directory()
    let board =
      "## Todo\n" + (1...80).map { "- task \($0)\n" }.joined() + "## Done\n"
      + (1...80).map { "- done \($0)\n" }.joined()
    let list = try directory.write("board.md", board)
    let gesture = "press 1:2; wait 0.6; drag y=590; tick 120; drag y=300; wait 0.3; release"
    let options = ["--board", "--header", "^## "]
    let trace = rowdrag(
      options + ["-n", "--preset", "rowdrag", "--trace", "-", "-e", gesture, list])
    #expect(trace.status == 0, "\(trace.stderr)")
    let path = try directory.write("own.jsonl", trace.stdout)
    let result = rowdrag(options + ["--compare", "rowdrag,trace:\(path)", "-e", gesture, list])
    #expect(result.status == 0, "\(result.stderr)")
    let table = CompareCurrentTests.tableRows(result.stdout)
    let replay = try #require(table["rowdrag"]).split(separator: " ").suffix(3)
    // The page's offset (0) and a command's jump between page and column read as a
    // speed of 129,600 pt/s before (a review finding).
    #expect(replay == ["2160", "1080", "pt/s"], "\(result.stdout)")
    #expect(try #require(table["trace:\(path)"]).split(separator: " ").suffix(3) == replay)
    #expect(CompareTraceTests.difference(result.stdout, "rowdrag") == ["0", "0", "-"])
  }
}
