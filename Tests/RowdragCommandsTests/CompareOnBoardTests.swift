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
}
