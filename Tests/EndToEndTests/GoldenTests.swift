import Foundation
import Testing

/// Multi-line output compared with files under `Golden/`; `ROWDRAG_RECORD=1 swift test`
/// rewrites them, and the diff is reviewed like code.
@Suite("golden output")
struct GoldenTests {
  static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples")

  static let sections =
    "# Work\nreport\nreview\n# Home\n# Empty\nmilk\neggs 卵 très long label that goes on and on and on and on\n"

  /// Name, arguments, standard input.
  static let cases: [(String, [String], String?)] = [
    (
      "show-idle.txt",
      ["-n", "--viewport", "300", "-e", "show", examples.appendingPathComponent("long.txt").path],
      nil
    ),
    (
      "show-lifted.txt",
      [
        "-n", "--viewport", "300", "-e", "press 5; drag +60; show",
        examples.appendingPathComponent("long.txt").path,
      ],
      nil
    ),
    (
      "show-autoscroll.txt",
      [
        "-n", "--viewport", "300", "-e", "press 5; drag y=290; tick 20; show",
        examples.appendingPathComponent("long.txt").path,
      ],
      nil
    ),
    (
      "show-sections.txt", ["-n", "--header", "^# ", "--lock", "milk", "-e", "pin 2; show"],
      sections
    ),
    (
      "show-narrow.txt",
      ["-n", "--header", "^# ", "--width", "24", "-e", "press 1; drag +40; show"], sections
    ),
    ("show-empty.txt", ["-n", "-e", "show"], ""),
    (
      "show-json.txt", ["-n", "-e", "show", examples.appendingPathComponent("playlist.json").path],
      nil
    ),
    ("help.txt", ["-n", "-e", "help"], ""),
    ("help-set.txt", ["-n", "-e", "help set"], ""),
    ("usage.txt", ["--help"], nil),
  ]

  @Test(arguments: cases.map(\.0))
  func matches(_ name: String) throws {
    let (_, arguments, input) = try #require(Self.cases.first { $0.0 == name })
    let result = try Binary.run(arguments, stdin: input.map { Data($0.utf8) })
    #expect(result.status == 0, "\(result.stderr)")
    if let difference = Golden.check(name, result.text) { Issue.record("\(difference)") }
  }
}
