import Foundation
import RowdragCommands
import Testing

/// Issue 25, item 3: an app's own per-frame trace as a row of the comparison, with its
/// offset difference from each replayed row, frame by frame.
@Suite("compare: your app's trace as a row (issue 25)")
struct CompareTraceTests {
  static let rows = (1...200).map { "row \($0)\n" }.joined()

  final class Directory {
    let url: URL
    init() throws {
      url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "rowdrag-app-trace-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    func write(_ name: String, _ text: String) throws -> String {
      let path = url.appendingPathComponent(name).path
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      return path
    }
  }

  /// The line for `row` in the `block`-th trace's difference block: max, mean, first
  /// time over 1 pt (its cells split at blanks).
  static func difference(_ output: String, _ row: String, block: Int = 1) -> [String]? {
    let blocks = output.components(separatedBy: "on the clock (points):\n")
    guard block < blocks.count,
      let table = blocks[block].components(separatedBy: "\n\n").dropFirst().first
    else { return nil }
    for line in table.split(separator: "\n", omittingEmptySubsequences: false) {
      let cells = line.split(separator: " ").map(String.init)
      if cells.first == row { return Array(cells.dropFirst()) }
      if line.isEmpty { break }
    }
    return nil
  }

  static let gestures = [
    // Long ticks, so the replays skip runs of frames the difference must still see.
    "press 3; wait 0.6; drag y=590; tick 600; drag y=300; wait 1; release",
    "press 150; wait 0.6; drag y=5; tick 200; drag +20; tick 30; release; press 10; wait 1; release",
  ]

  @Test(
    "a preset's own trace is that preset's row: no difference, the same figures",
    arguments: gestures)
  func ownTrace(_ script: String) throws {
    let directory = try Directory()
    for preset in ["rowdrag", "flutter", "sortablejs", "itemtouchhelper"] {
      let trace = run(script, on: Self.rows, options: ["-n", "--preset", preset, "--trace", "-"])
      #expect(trace.status == 0)
      let path = try directory.write("\(preset).jsonl", trace.stdout)
      let result = run(
        script, on: Self.rows, options: ["--compare", "\(preset),trace:\(path)"])
      #expect(result.status == 0, "\(result.stderr)")
      let table = CompareCurrentTests.tableRows(result.stdout)
      let traceRow = try #require(table["trace:\(path)"], "\(result.stdout)")
      let presetRow = try #require(table[preset])
      // Every frame's offset is the preset's.
      #expect(
        Self.difference(result.stdout, preset) == ["0", "0", "-"], "\(preset)\n\(result.stdout)")
      // A trace sees frames only: with a frame between every two touches, its drops,
      // slots passed, first scroll, final offset and peak speed are the preset's (swaps
      // made inside one drag command show as one); otherwise the offset still is.
      let cells = { (row: String) in row.split(separator: " ").filter { $0 != "(lifted)" } }
      let (a, b) = (cells(traceRow), cells(presetRow))
      if script == Self.gestures[0] {
        #expect(
          a.count == b.count
            && a.enumerated().allSatisfy { $0.offset == 4 || $0.element == b[$0.offset] },
          "\(preset)\n\(result.stdout)")
      } else {
        #expect(a.suffix(3) == b.suffix(3), "\(preset)\n\(result.stdout)")
      }
      #expect(
        result.stdout.contains("  \(preset) is closest to trace:\(path) (0 pt on average)"))
    }
  }

  @Test("a trace that leaves a preset at frame k says its time and frame k, the most and the mean")
  func perturbed() throws {
    let directory = try Directory()
    let script = Self.gestures[0]
    let trace = run(script, on: Self.rows, options: ["-n", "--preset", "rowdrag", "--trace", "-"])
    var lines = trace.stdout.split(separator: "\n").map(String.init)
    let k = 97
    // Frame k's offset, 2.5 points more: only that frame differs.
    let offset = try #require(
      Double(lines[k - 1].components(separatedBy: "\"offset\":")[1].components(separatedBy: ",")[0])
    )
    lines[k - 1] = lines[k - 1].replacingOccurrences(
      of: "\"offset\":\(NumberText.fixed3(offset)),",
      with: "\"offset\":\(NumberText.fixed3(offset + 2.5)),")
    let path = try directory.write("app.jsonl", lines.joined(separator: "\n") + "\n")
    let result = run(script, on: Self.rows, options: ["--compare", "rowdrag,trace:\(path)"])
    // The mean is over the trace's time: the spike weighs the time around frame k.
    let times = try lines.map { line in
      try #require(Double(line.components(separatedBy: "\"t\":")[1].prefix { $0 != "," }))
    }
    let weight = (times[k] - times[k - 2]) / 2 / (times[times.count - 1] - times[0])
    #expect(
      Self.difference(result.stdout, "rowdrag")
        == [
          "2.5", NumberText.fixed3(2.5 * weight), NumberText.fixed3(times[k - 1]), "s", "(frame",
          "\(k))",
        ],
      "\(result.stdout)")
  }

  @Test("the minimal fields are enough; other keys are ignored; the chart draws the trace")
  func minimalFields() throws {
    let directory = try Directory()
    let path = try directory.write(
      "app.jsonl",
      """
      {"t":0.017,"offset":0,"finger":110,"app":"mine","nested":{"a":[1,2,"}"]}}

      {"t":0.033,"offset":0,"row":3,"finger":300}
      {"t":0.05,"offset":10,"row":4,"finger":590,"phase":"lifted","delta":10}
      {"t":0.067,"offset":25,"row":5,"finger":590}
      {"t":0.083,"offset":25,"row":null,"finger":null}

      """)
    let svg = directory.url.appendingPathComponent("chart.svg").path
    let result = run(
      "press 3; tick 1; drag y=590; tick 3; release", on: Self.rows,
      options: ["--compare", "trace:\(path),rowdrag", "--plot", svg])
    #expect(result.status == 0, "\(result.stderr)")
    let table = CompareCurrentTests.tableRows(result.stdout)
    // Lifted at 3, dropped at 5 (2 slots, 2 swaps), scrolled from frame 3, at 900 pt/s.
    #expect(
      table["trace:\(path)"]?.split(separator: " ") == [
        "3", "→", "5", "2", "2", "frame", "3", "25", "900", "pt/s",
      ])
    let chart = try String(contentsOfFile: svg, encoding: .utf8)
    let lines = PresetCommandTests.polylines(chart, panel: "offset")
    #expect(lines["trace:\(path)"]?.map(\.1) == [0, 0, 10, 25, 25])
  }

  /// A bad trace: its content, and the message after `FILE:`.
  static let badTraces: [(String, String)] = [
    ("", "1:1: no frames; each line is one frame, e.g. " + AppTrace.example),
    ("\n\n", "1:1: no frames; each line is one frame, e.g. " + AppTrace.example),
    (
      #"{"t":0.017,"offset":0}\n{"t":0.033,"offset":"x"}"#,
      #"2:21: "offset" must be a number (or null), e.g. "offset":12.5"#
    ),
    (
      #"{"offset":3}"#,
      #"1:1: a frame needs "t", the time in seconds, and "offset", the scroll offset in points, e.g. "#
        + AppTrace.example
    ),
    (
      #"{"t":1}"#,
      #"1:1: a frame needs "offset", the scroll offset in points, e.g. "# + AppTrace.example
    ),
    (
      #"{"t":0.5,"offset":0}\n{"t":0.4995,"offset":1}"#,
      "2:6: t 0.4995 is before the line before's 0.5; t counts seconds from the gesture's "
        + "start and never goes back"
    ),
    (
      #"{"t":0.5,"offset":1e300}"#,
      #"1:19: "offset" is 1e+300, beyond ±1e9: give seconds and points, e.g. "offset":12.5"#
    ),
    (
      #"{"t":0.5 "offset":0}"#,
      #"1:10: expected ',' or '}' after the value of "t": "# + AppTrace.example
    ),
    (#"[1,2]"#, "1:1: expected '{': each line is one frame, e.g. " + AppTrace.example),
    (
      #"{"t":0.5,"offset":0,"row":0}"#,
      #"1:27: "row" is the lifted row's slot counted from 1, a whole number, or null when none is"#
    ),
    (
      #"{"t":0.5,"offset":0,"row":2.5}"#,
      #"1:27: "row" is the lifted row's slot counted from 1, a whole number, or null when none is"#
    ),
    (
      #"{"t":1e999,"offset":0}"#, "1:6: expected a value: a number such as 0.617, null, or a string"
    ),
    (
      #"{"t":0.5,"offset":0} x"#,
      "1:22: expected the end of the line after the object: one frame a line"
    ),
    (#"{"t":0.5,"offset":0,"x":"open}"#, #"1:25: a string that does not end: close it with '"'"#),
    (
      #"{"t":0.5,"offset":0,"x":[1,2}"#,
      "1:30: expected ',' or '}': the line ends inside the object"
    ),
    (#"{t:0.5}"#, #"1:2: expected a key in double quotes, such as "t""#),
    (#"{"é":0.5,"t":nul}"#, "1:14: expected a value: a number, null, true, false or a string"),
    (
      #"{"t":-0.5,"offset":0}"#,
      #"1:6: "t" is -0.5: it counts seconds from the gesture's start and is never negative"#
    ),
    // The list has 200 rows.
    (
      #"{"t":0,"offset":0,"row":201}"#,
      #"1:25: "row" 201 is past the list's 200 rows; it is the lifted row's slot counted from 1, or null when none is"#
    ),
  ]

  @Test("a bad trace is one line naming FILE:LINE:COL and what would be right; exit 3, or 4 unread")
  func badTraces() throws {
    let directory = try Directory()
    for (index, (content, message)) in Self.badTraces.enumerated() {
      let path = try directory.write(
        "bad\(index).jsonl", content.replacingOccurrences(of: "\\n", with: "\n"))
      let result = run(
        "press 3; tick 1", on: Self.rows, options: ["--compare", "flutter,trace:\(path)"])
      #expect(result.stderr == "rowdrag: \(path):\(message)\n", "\(content)")
      #expect(result.status == 3, "\(content)")
      #expect(result.stdout.isEmpty)
      // The command says the same, after its place in the script; a command failed.
      let command = run(
        "press 3; tick 1; compare flutter trace:\(path)", on: Self.rows, options: ["-n"])
      #expect(command.stderr == "rowdrag: -e #1:1: compare: \(path):\(message)\n", "\(content)")
      #expect(command.status == 1)
    }
    let missing = directory.url.appendingPathComponent("missing.jsonl").path
    let result = run("press 3", on: Self.rows, options: ["--compare", "trace:\(missing)"])
    #expect(result.stderr == "rowdrag: \(missing): cannot open: no such file or directory\n")
    #expect(result.status == 4)
    let command = run("press 3; compare trace:\(missing)", on: Self.rows, options: ["-n"])
    #expect(command.status == 4, "\(command.stderr)")
  }

  @Test("a trace at over 1,000 fps (equal t at three decimals), with a byte-order mark, reads")
  func repeatedTimes() throws {
    let directory = try Directory()
    let script = "press 3; drag +200; tick 10; release"
    let trace = run(script, on: Self.rows, options: ["-n", "--fps", "2000", "--trace", "-"])
    #expect(trace.stdout.contains(#""t":0.001,"#))
    let path = try directory.write("fast.jsonl", "\u{FEFF}" + trace.stdout)
    let result = run(
      script, on: Self.rows, options: ["--fps", "2000", "--compare", "current,trace:\(path)"])
    #expect(result.status == 0, "\(result.stderr)")
    // rowdrag's own trace, read back, is its replay to the point.
    #expect(Self.difference(result.stdout, "current")?.prefix(2) == ["0", "0"], "\(result.stdout)")
  }

  @Test("odd trace rows and lists: an empty list, a directory, a row named twice")
  func oddRequests() throws {
    let directory = try Directory()
    let path = try directory.write(
      "t.jsonl", #"{"t":0.016,"offset":0,"row":1}"# + "\n" + #"{"t":0.033,"offset":0}"# + "\n")
    let empty = run(
      "tick 5", on: "",
      options: [
        "-n", "--compare", "current,trace:\(path)", "--plot",
        directory.url.appendingPathComponent("r.html").path,
      ])
    // Row 1 is past an empty list (issue 45): bad input where it stands; without rows
    // the trace is compared.
    #expect(empty.status == 3, "\(empty.stderr)")
    #expect(empty.stderr.hasPrefix("rowdrag: \(path):1:29: \"row\" 1 is past the list's 0 rows"))
    let rowless = try directory.write("rowless.jsonl", #"{"t":0.016,"offset":0}"# + "\n")
    let emptyRowless = run(
      "tick 5", on: "",
      options: [
        "-n", "--compare", "current,trace:\(rowless)", "--plot",
        directory.url.appendingPathComponent("r.html").path,
      ])
    #expect(emptyRowless.status == 0, "\(emptyRowless.stderr)")
    let folder = run(
      "press 3", on: Self.rows, options: ["--compare", "trace:\(directory.url.path)"])
    #expect(folder.stderr == "rowdrag: \(directory.url.path): is a directory; give a trace file\n")
    #expect(folder.status == 4)
    let twice = run(
      "press 3; tick 1", on: Self.rows, options: ["--compare", "flutter,all,current,current"])
    let names = Array(CompareCurrentTests.tableRows(twice.stdout).keys)
    #expect(names.count == 18 && Set(names).count == 18, "\(twice.stdout)")
  }

  @Test("examples/app-trace.jsonl: Flutter is closest, and differs from 2.217 s (frame 133) on")
  func example() {
    let root = DocumentationTests.root
    let result = rowdrag([
      "--compare",
      "flutter,itemtouchhelper,trace:"
        + root.appendingPathComponent("examples/app-trace.jsonl").path,
      "-f", root.appendingPathComponent("examples/compare.rowdrag").path,
      root.appendingPathComponent("examples/long.txt").path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("  flutter is closest to trace:"))
    #expect(
      Self.difference(result.stdout, "flutter")?.dropFirst(2) == ["2.217", "s", "(frame", "133)"],
      "\(result.stdout)")
  }
}
