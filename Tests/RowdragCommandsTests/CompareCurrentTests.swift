import Foundation
import RowdragCommands
import Testing

/// Issue 25, item 1: the settings in force when the comparison starts are a row of
/// their own, `current`; a behaviour `set` inside the gesture is refused. Each quoted
/// command of the issue, as it must behave now.
@Suite("compare: your own settings as the row current (issue 25)")
struct CompareCurrentTests {
  static let rows = (1...100).map { "row \($0)\n" }.joined()
  static let compareScript = DocumentationTests.root.appendingPathComponent(
    "examples/compare.rowdrag"
  ).path
  static let longList = DocumentationTests.root.appendingPathComponent("examples/long.txt").path

  /// The table's rows by their first cell.
  static func tableRows(_ output: String) -> [String: String] {
    let table = output.components(separatedBy: "\n\n")[1].split(separator: "\n").dropFirst()
    var rows: [String: String] = [:]
    for line in table {
      let cells = line.split(separator: " ", maxSplits: 1)
      rows[String(cells[0])] = String(cells.count > 1 ? cells[1] : "")
        .trimmingCharacters(in: .whitespaces)
    }
    return rows
  }

  /// One case: the arguments, and what the run must show.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var arguments: [String]
    var status: Int32 = 0
    /// Standard input: a list of 100 rows unless given.
    var stdin: String?
    /// Rows the table must hold, and rows it must not.
    var rows: [String] = []
    var noRows: [String] = []
    /// Text standard output or standard error must contain.
    var stdout: [String] = []
    var stderr: [String] = []
    var testDescription: String { name }
  }

  static let panWarning =
    "rowdrag: warning: every drag came before the 0.5 s hold and became a pan, so no row lifted; wait at least 0.5 s after a press (e.g. 'press 3; wait 0.5; drag …')\n"

  static let cases: [Case] = [
    Case(
      name: "a preset whose drag became a pan says why, in its row and the summary; a legend",
      arguments: [
        "-n", "--compare", "rowdrag,flutter", "-e", "press 3; drag y=590; tick 30; release",
      ],
      rows: ["rowdrag", "flutter"],
      stdout: [
        "  flutter  panned: drag before the 0.5 s hold ",
        "flutter never lifted the row: every drag",
        "\n  moved: each drop, from → to",
      ]),
    Case(
      name: "a --preset flutter script whose drags all panned warns once, -n or not",
      arguments: [
        "-n", "--preset", "flutter", "-e",
        "press 3; drag y=590; tick 30; release; press 5; drag +9",
      ],
      stderr: [panWarning]),
    Case(
      name: "presets lists the presets and needs no list file (the hints' rowdrag -e presets)",
      arguments: ["-e", "presets"], stdin: "", stdout: ["flutter\tflutter/flutter "]),
    Case(
      name: "an option is the row current, beside the presets it differs from",
      arguments: [
        "--autoscroll", "linear zone=50 max=300", "--compare", "rowdrag,flutter", "-f",
        compareScript, longList,
      ],
      rows: ["current", "rowdrag", "flutter"],
      stdout: ["Comparing current and 2 presets on 74 commands:\n", "  current: the settings"]),
    Case(
      name: "no current row when a named preset has the same settings",
      arguments: ["--compare", "rowdrag,flutter", "-f", compareScript, longList],
      rows: ["rowdrag", "flutter"], noRows: ["current"],
      stdout: ["Comparing 2 presets on 74 commands:\n"]),
    Case(
      name: "current named explicitly is kept even when a preset has its settings",
      arguments: ["--compare", "current,rowdrag", "-f", compareScript, longList],
      rows: ["current", "rowdrag"]),
    Case(
      name: "the command compare takes current too",
      arguments: [
        "-n", "-e", "press 3; wait 0.6; drag y=590; wait 1; release; compare current flutter",
      ],
      rows: ["current", "flutter"]),
    Case(
      name: "a set before the gesture forms current and changes no preset",
      arguments: [
        "-n", "-e",
        "set autoscroll fixed speed=60; press 3; wait 0.6; drag y=590; wait 1; release; compare flutter,rowdrag",
      ],
      rows: ["current", "flutter", "rowdrag"],
      stdout: ["  current  3 → ", "on 5 commands:"]),
    Case(
      name: "--compare refuses a behaviour set inside the gesture at its line",
      arguments: [
        "-n", "--compare", "flutter", "-e",
        "press 3; wait 0.6; set autoscroll fixed speed=60; drag y=590; wait 1; release",
      ],
      status: 1,
      stderr: [
        "rowdrag: -e #1:1: set: changes autoscroll inside the compared gesture, where each preset sets its own; put it before the gesture's first command (or give it as an option): the settings there form the row current\n"
      ]),
    Case(
      name: "compare refuses a behaviour set inside the gesture, naming it",
      arguments: ["-n", "-e", "press 3; wait 0.6; set hold 0.1; release; compare rowdrag"],
      status: 1,
      stderr: [
        "compare: command 3 of the gesture, 'set hold', changes hold inside the compared gesture"
      ]),
    Case(
      name: "a set of another key inside the gesture is replayed",
      arguments: [
        "-n", "-e",
        "press 3; set fps 120; wait 0.6; drag y=590; tick 9; release; compare rowdrag flutter",
      ],
      rows: ["rowdrag", "flutter"]),
    Case(
      name: "an unknown name is a usage error listing the names",
      arguments: ["--compare", "flutter,nope", "-e", "tick 1"], status: 2,
      stderr: [
        "--compare: unknown preset 'nope'; name current, all, trace:FILE or a preset: rowdrag, "
      ]),
    Case(
      name: "all names every preset, and current when it differs from each",
      arguments: [
        "-n", "--hold", "0.25", "--compare", "all", "-e",
        "press 3; wait 0.3; drag y=590; tick 5; release",
      ],
      rows: ["current"] + PresetTable.names,
      stdout: ["Comparing current and 17 presets on 5 commands:\n"]),
  ]

  @Test("each quoted command of the issue", arguments: cases)
  func quoted(_ c: Case) {
    let result = rowdrag(c.arguments, stdin: c.stdin ?? Self.rows)
    #expect(result.status == c.status, "\(result.stderr)")
    for text in c.stdout { #expect(result.stdout.contains(text), "\(text)\n\(result.stdout)") }
    for text in c.stderr { #expect(result.stderr.contains(text), "\(text)\n\(result.stderr)") }
    // One line per message: a warning is not repeated.
    #expect(result.stderr.split(separator: "\n").count == c.stderr.count, "\(result.stderr)")
    guard c.status == 0, !c.rows.isEmpty else { return }
    let rows = Self.tableRows(result.stdout)
    #expect(rows.count == c.rows.count, "\(result.stdout)")
    for row in c.rows { #expect(rows[row] != nil, "\(row)\n\(result.stdout)") }
    for row in c.noRows { #expect(rows[row] == nil, "\(row)\n\(result.stdout)") }
  }

  @Test("current is what the settings in force do, and a preset row is the preset's own")
  func currentIsTheSettings() {
    // The same settings as a preset: current's cells are that preset's.
    let same = rowdrag(
      [
        "-n", "--preset", "swiftreorder", "--compare", "current,swiftreorder", "-f",
        Self.compareScript,
        Self.longList,
      ])
    let sameRows = Self.tableRows(same.stdout)
    #expect(sameRows["current"] != nil && sameRows["current"] == sameRows["swiftreorder"])
    // An option changes current and no preset's row.
    let plain = Self.tableRows(
      rowdrag(["--compare", "rowdrag,flutter", "-f", Self.compareScript, Self.longList]).stdout)
    let option = Self.tableRows(
      rowdrag(
        [
          "--autoscroll", "linear zone=50 max=300", "--compare", "rowdrag,flutter", "-f",
          Self.compareScript, Self.longList,
        ]
      ).stdout)
    #expect(option["rowdrag"] == plain["rowdrag"] && option["flutter"] == plain["flutter"])
    #expect(option["current"] != option["rowdrag"])
    // current ends where the script itself ends: its offset is the run's.
    let state = rowdrag(
      [
        "-n", "--autoscroll", "linear zone=50 max=300", "-f", Self.compareScript, "-e", "state",
        Self.longList,
      ])
    let offset = state.stdout.components(separatedBy: "\"offset\":")[1].components(
      separatedBy: ",")[0]
    #expect(option["current"]?.split(separator: " ").contains { $0 == offset } == true, "\(offset)")
    // A leading set changes no preset: flutter's row is the one without it.
    let gesture = "press 3; wait 0.6; drag y=590; wait 1; release"
    let withSet = Self.tableRows(
      run(
        "set autoscroll fixed speed=60; " + gesture + "; compare flutter rowdrag", on: Self.rows,
        options: ["-n"]
      ).stdout)
    let without = Self.tableRows(
      run(gesture + "; compare flutter rowdrag", on: Self.rows, options: ["-n"]).stdout)
    #expect(withSet["flutter"] == without["flutter"] && withSet["rowdrag"] == without["rowdrag"])
    #expect(withSet["current"]?.hasSuffix(" 60 pt/s") == true, "\(withSet)")
  }
}
