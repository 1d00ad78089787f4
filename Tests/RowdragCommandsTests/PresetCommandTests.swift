import Foundation
import RowdragCommands
import RowdragEngine
import RowdragTestSupport
import Testing

/// The catalogue's commands (§5, §6): presets, the extended `autoscroll` syntax, `get
/// preset`, the per-frame trace and the comparison.
@Suite("presets, trace and compare")
struct PresetCommandTests {
  static let rows = (1...30).map { String(format: "r%02d\n", $0) }.joined()

  /// The catalogue's §6 table: name, source, autoscroll, rule, hold, slop, distance,
  /// grab, clamp.
  static let table: [[String]] = [
    [
      "rowdrag", "rowdrag default: linear edge zone, swap at half a row",
      "linear zone=100 max=1200", "edge", "0", "10", "0", "keep", "none", "first", "off",
    ],
    [
      "uikit-longpress", "developer.apple.com UILongPressGestureRecognizer",
      "linear zone=100 max=1200", "edge", "0.5", "10", "0", "keep", "none", "first", "off",
    ],
    [
      "swiftreorder", "adamshin/SwiftReorder Source/ReorderController+AutoScroll.swift",
      "linear zone=30 max=280 min=60 point=edge edges=inset", "nearest", "0.3", "10", "0", "keep",
      "inset", "first", "off",
    ],
    [
      "itemtouchhelper",
      "androidx/androidx recyclerview/recyclerview/src/main/java/androidx/recyclerview/widget/ItemTouchHelper.java",
      "quintic max=20 time=2000 clock=step edges=inset gate=net", "far", "0.4", "8", "0", "keep",
      "none", "first", "off",
    ],
    [
      "flutter", "flutter/flutter packages/flutter/lib/src/widgets/reorderable_list.dart",
      "overflow cap=20 clock=timer:20", "halves", "0.5", "18", "0", "keep", "none", "first", "off",
    ],
    [
      "sortablejs", "SortableJS/Sortable plugins/AutoScroll/AutoScroll.js",
      "fixed speed=10 clock=timer:24 sample=move point=finger zone=30 test=le gate=inside "
        + "rearm=30 latch=30",
      "under end=1 visible=1 open=1 every=50 shadow=1",
      "0", "1", "1", "keep", "none", "first", "off",
    ],
    [
      "rbd", "atlassian/react-beautiful-dnd src/state/auto-scroller/fluid-scroller/config.js",
      "power max=28 full=0.05v exp=2 clock=step damp=360:1200", "edge", "0.12", "0", "0", "keep",
      "none", "first", "off",
    ],
    [
      "dndkit",
      "clauderic/dnd-kit packages/core/src/utilities/scroll/getScrollDirectionAndSpeed.ts",
      "ramp max=10 clock=timer:5 gate=intent restart=drag", "overlap", "0", "10", "0", "keep",
      "none", "first", "off",
    ],
    [
      "bvreorder", "bvogelzang/BVReorderTableView BVReorderTableView.m",
      "rate divisor=6 scale=10 clock=step sample=move", "guarded", "0.5", "10", "0", "center",
      "none", "first", "off",
    ],
    [
      "fmmove", "FlorianMielke/FMMoveTableView FMFramework/FMMoveTableView.m",
      "ramp per=5 clock=timer:1000/60 sample=move point=center zone=0.6h round=ceil", "under",
      "0.5", "10", "0", "keep", "none", "first", "off",
    ],
    [
      "ats", "shusta/ReorderingTableViewController ATSDragToReorderTableViewController.m",
      "linear zone=0.5h+6 max=5 clock=step round=ceil", "edge", "0.5", "5", "0", "keep", "none",
      "first", "off",
    ],
    [
      "jqueryui", "jquery/jquery-ui ui/widgets/sortable.js",
      "fixed speed=20 clock=move point=finger zone=20 order=bottom range=helper lift=drag rows=cached",
      "intersect", "0", "10", "1", "press", "none", "first", "off",
    ],
    [
      "qt", "qt/qtbase src/widgets/itemviews/qabstractitemview.cpp",
      "count cap=1v clock=timer:50 edges=pixel gate=inside restart=drag expiry=coarse",
      "itemview", "0", "10", "10", "keep", "none", "armed", "0.5 coarse",
    ],
    [
      "displaylink-fixed", "iOS tutorial: CADisplayLink, 4 pt per frame past the edge",
      "fixed speed=4 clock=step sample=move", "under", "0.5", "10", "0", "center", "none", "first",
      "off",
    ],
    [
      "half-row", "iOS tutorial: swap after half a row", "off", "edge", "0.5", "10", "0", "keep",
      "none", "first", "off",
    ],
    [
      "edge-ramp", "iOS tutorial: 150 pt zone, up to 20 pt per frame",
      "ramp max=20 clock=step point=center zone=150 test=lt", "under", "0.5", "10", "0", "center",
      "none", "first", "off",
    ],
    [
      "hpreorder-rate", "HPReorderTableView-based tutorial: zone (V-T)/6, 10 pt per frame",
      "rate divisor=6 scale=10 clock=step sample=move", "under", "0.5", "10", "0", "center",
      "none", "first", "off",
    ],
  ]

  /// How each preset was checked (README, "how each preset is verified").
  static let verified = [
    "jqueryui": "run for real, upstream tests", "sortablejs": "run for real", "qt": "run for real",
    "flutter": "upstream tests", "rbd": "upstream tests",
  ]

  @Test(
    "presets prints the name, source and how it was verified of each, tab-separated, in the catalogue's order"
  )
  func presetsListing() {
    let result = run("presets", on: "a\n", options: ["-n"])
    #expect(
      result.stdout
        == Self.table.map { "\($0[0])\t\($0[1])\t\(Self.verified[$0[0]] ?? "source reading")\n" }
        .joined())
  }

  @Test("each preset sets the nine parameters of its row, and get prints them back")
  func presetValues() {
    let keys = [
      "autoscroll", "rule", "hold", "slop", "distance", "grab", "clamp", "start", "reveal",
    ]
    for row in Self.table {
      let script =
        "set preset \(row[0]); get preset; " + keys.map { "get \($0)" }.joined(separator: "; ")
      let result = run(script, on: "a\n", options: ["-n"])
      #expect(result.stdout == ([row[0]] + row[2...]).joined(separator: "\n") + "\n", "\(row[0])")
      #expect(result.stderr == "")
    }
  }

  @Test("get preset names the settings of the nine that differ; set preset needs idle")
  func modified() {
    #expect(run("get preset", on: "a\n", options: ["-n"]).stdout == "rowdrag\n")
    #expect(
      run(
        "set preset flutter; set hold 0; get preset; set hold 0.5; get preset", on: "a\n",
        options: ["-n"]
      )
      .stdout == "flutter (modified: hold)\nflutter\n")
    #expect(
      run("set preset qt; set rule edge; set slop 3; get preset", on: "a\n", options: ["-n"])
        .stdout == "qt (modified: rule, slop)\n")
    #expect(
      run("set preset qt; set start first; get preset", on: "a\n", options: ["-n"]).stdout
        == "qt (modified: start)\n")
    #expect(
      run("set viewport 300; get preset", on: "a\n", options: ["-n", "--preset", "qt"]).stdout
        == "qt\n")
    let lifted = run("press 1; set preset qt", on: "a\nb\n", options: ["-n"])
    #expect(
      lifted.stderr
        == "rowdrag: -e #1:1: set: a gesture is in progress (lifted); release or cancel it first\n")
    let unknown = run("set preset fluter", on: "a\n", options: ["-n"])
    #expect(
      unknown.stderr
        == "rowdrag: -e #1:1: set: preset: unknown preset 'fluter'; the command presets lists them (rowdrag -e presets); did you mean 'flutter'?\n"
    )
  }

  @Test("--preset comes first whatever the order, so the other options override it")
  func presetOptionOrder() {
    for options in [
      ["--preset", "flutter", "--hold", "0"], ["--hold", "0", "--preset", "flutter"],
    ] {
      let result = run("get hold; get preset; get rule", on: "a\n", options: ["-n"] + options)
      #expect(result.stdout == "0\nflutter (modified: hold)\nhalves\n", "\(options)")
    }
  }

  @Test("autoscroll: get prints what set takes, for random laws and keys")
  func autoscrollRoundTrip() {
    var rng = SplitMix64(seed: 5)
    let laws = AutoScrollRegistry.kinds.map(\.name)
    let keyValues: [(String, [String])] = [
      ("clock", ["frame", "step", "move", "timer:5", "timer:1000/60", "timer:24.5"]),
      ("point", ["center", "finger", "edge"]), ("edges", ["view", "inset", "top-inset"]),
      ("zone", ["0", "30", "0.25v", "v/6", "0.5h", "0.5h+6", "2h-10"]),
      ("order", ["top", "bottom", "closer"]), ("test", ["lt", "le"]),
      ("gate", ["none", "net", "intent"]), ("restart", ["dir", "drag"]),
      ("round", ["none", "ceil", "trunc"]),
    ]
    for _ in 0..<500 {
      let law = laws[rng.next(laws.count)]
      var words = [law]
      for (key, values) in keyValues where rng.next(3) == 0 {
        if key == "zone" && (law == "rate" || law == "linear") { continue }
        words.append("\(key)=\(values[rng.next(values.count)])")
      }
      let first = run(
        "set autoscroll \(words.joined(separator: " ")); get autoscroll", on: "a\n", options: ["-n"]
      )
      #expect(first.stderr == "", "\(words)")
      let printed = first.stdout.trimmingCharacters(in: .newlines)
      let second = run("set autoscroll \(printed); get autoscroll", on: "a\n", options: ["-n"])
      #expect(second.stdout == first.stdout, "\(words)")
    }
  }

  @Test(
    "autoscroll refuses what does not go together, with the key named",
    arguments: [
      (
        "quintic sample=move",
        "autoscroll: sample=move cannot be combined with quintic, count or damp"
      ),
      (
        "power damp=5:1",
        "autoscroll: damp takes A:B milliseconds with 0 <= A < B, or none, not '5:1'"
      ),
      (
        "fixed clock=timer:0.5",
        "autoscroll: clock takes frame, step, move or timer:MS (MS >= 1, or A/B), not 'timer:0.5'"
      ),
      (
        "rate zone=30",
        "autoscroll: unknown key 'zone' for rate; use divisor= scale= clock= sample= point= edges= order= test= gate= restart= round= damp= range= lift= rows= rearm= expiry= latch="
      ),
      (
        "fixed rearm=0",
        "autoscroll: rearm takes MS milliseconds (0 < MS <= 86400000), or none, not '0'"
      ),
      (
        "fixed latch=none latch=3",
        "autoscroll: latch is given twice"
      ),
      (
        "fixed latch=-1",
        "autoscroll: latch takes MS milliseconds (0 < MS <= 86400000), or none, not '-1'"
      ),
      ("fixed expiry=late", "autoscroll: expiry takes exact, coarse, not 'late'"),
      ("fixed rows=stale", "autoscroll: rows takes live, cached, not 'stale'"),
      ("ramp max=3 per=2", "autoscroll: give max or per, not both"),
      ("linear damp=360:1200", "autoscroll: damp goes with power only"),
      ("fixed point=middle", "autoscroll: point takes center, finger, edge, not 'middle'"),
      ("fixed clock=frame clock=step", "autoscroll: clock is given twice"),
      // Found by the fuzzer: a lone '=' once indexed an empty split.
      ("rate divisor=36 =", "autoscroll: '=' is not KEY=VALUE"),
      ("rate divisor=", "autoscroll: '' is not a value for divisor; use a number > 0"),
    ])
  func autoscrollErrors(_ words: String, _ message: String) {
    let result = run("set autoscroll \(words)", on: "a\n", options: ["-n"])
    #expect(result.stderr == "rowdrag: -e #1:1: set: \(message)\n")
    #expect(result.status == 1)
  }

  @Test("the trace: one line per frame, every phase, keys in order, interleaved with state")
  func traceLines() {
    let result = run(
      "trace -; tick 1; press 3; tick 1; drag y=590; tick 1; state; trace off; tick 1",
      on: Self.rows, options: ["-n", "--hold", "0.01"])
    #expect(
      result.stdout == """
        {"t":0.017,"phase":"idle","offset":0,"delta":0,"amount":0,"fired":0,"finger":null,"center":null,"row":null}
        {"t":0.033,"phase":"lifted","offset":0,"delta":0,"amount":0,"fired":0,"finger":110,"center":110,"row":3}
        {"t":0.05,"phase":"lifted","offset":18,"delta":18,"amount":1080,"fired":0,"finger":590,"center":608,"row":14}
        {"t":0.05,"offset":18,"content":1320,"viewport":600,"phase":"lifted","rows":30,"lifted":{"row":14,"from":3,"finger":590,"center":608},"dirty":false}

        """)
  }

  @Test("a timer's trace counts the firings and gives the last one's amount")
  func traceTimer() {
    let result = run(
      "press 3; tick 30; drag y=590; trace -; tick 2", on: Self.rows,
      options: ["-n", "--preset", "flutter"])
    // Firings at 0.52 s (in the frame ending at 0.533) and 0.54 (the frame ending at 0.55).
    #expect(
      result.stdout == """
        {"t":0.517,"phase":"lifted","offset":0,"delta":0,"amount":0,"fired":0,"finger":590,"center":590,"row":14}
        {"t":0.533,"phase":"lifted","offset":12,"delta":12,"amount":12,"fired":1,"finger":590,"center":602,"row":14}

        """)
  }

  @Test("a trace file gets every frame; the list file itself is refused")
  func traceFile() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "rowdrag-trace-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let list = directory.appendingPathComponent("rows.txt").path
    try Self.rows.write(toFile: list, atomically: true, encoding: .utf8)
    let trace = directory.appendingPathComponent("trace.jsonl").path
    let result = rowdrag(["-n", "--trace", trace, "-e", "press 3; drag y=590; tick 5000", list])
    #expect(result.status == 0)
    let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 5000)
    #expect(lines.last?.hasPrefix(#"{"t":83.333,"phase":"lifted","offset":720,"delta":0,"#) == true)
    let refused = rowdrag(["-n", "--trace", list, "-e", "tick 1", list])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("is the list itself"))
    #expect(try String(contentsOfFile: list, encoding: .utf8) == Self.rows)
  }

  @Test("compare: one row per preset, the session left as it was")
  func compareTable() {
    let result = run(
      "press 3; tick 30; drag y=580; tick 20; release; state; compare rowdrag,half-row qt; state",
      on: Self.rows, options: ["-n"])
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.first == lines.last)
    #expect(result.stdout.contains("Comparing 3 presets on 5 commands:"))
    let table = lines.filter { $0.hasPrefix("  ") }
    #expect(table.first?.split(separator: " ").first == "preset")
    // Under Qt the one drag only arms the drag (`start armed`): nothing lifts.
    #expect(table.contains { $0.hasPrefix("  qt ") && $0.contains("never lifted") })
    #expect(table.contains { $0.hasPrefix("  half-row ") && $0.contains("3 → 14") })
    #expect(!result.stdout.contains("refused"))
  }

  @Test("compare counts the commands a preset refuses and names the first")
  func compareRefused() {
    // With a hold the drag pans instead, so there is nothing to undo.
    let result = run(
      "press 3; drag y=300; release; undo; compare rowdrag uikit-longpress", on: Self.rows,
      options: ["-n"])
    #expect(result.stdout.contains("uikit-longpress: 1 command refused, first: nothing to undo"))
    #expect(!result.stdout.contains("rowdrag: 1"))
  }

  /// The polylines of one panel of the chart: preset name → points.
  static func polylines(_ svg: String, panel: String) -> [String: [(Double, Double)]] {
    // The panel's group holds nested ones; it ends where the next panel starts.
    let group = svg.components(separatedBy: "<g id=\"\(panel)\">")[1].components(
      separatedBy: "<g id=\"")[0]
    var lines: [String: [(Double, Double)]] = [:]
    for part in group.components(separatedBy: " data-preset=\"").dropFirst() {
      let name = part.components(separatedBy: "\"")[0]
      let points = part.components(separatedBy: "data-points=\"")[1].components(separatedBy: "\"")[
        0]
      lines[name] = points.split(separator: " ").map { pair in
        let xy = pair.split(separator: ",").compactMap { Double($0) }
        return (xy[0], xy[1])
      }
    }
    return lines
  }

  @Test("the chart's numbers are the trace's numbers")
  func plotMatchesTrace() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "rowdrag-plot-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let svgPath = directory.appendingPathComponent("chart.svg").path
    let script = "press 3; tick 30; drag y=585; tick 40; drag y=20; tick 40; release"
    let presets = ["rowdrag", "itemtouchhelper", "flutter", "sortablejs"]
    let result = run(
      script, on: Self.rows,
      options: ["--compare", presets.joined(separator: ","), "--plot", svgPath])
    #expect(result.status == 0)
    let svg = try String(contentsOfFile: svgPath, encoding: .utf8)
    let offsets = Self.polylines(svg, panel: "offset")
    let speeds = Self.polylines(svg, panel: "velocity")
    #expect(Set(offsets.keys) == Set(presets))
    var left = 0
    for preset in presets {
      let trace = run(script, on: Self.rows, options: ["-n", "--preset", preset, "--trace", "-"])
      let frames = trace.stdout.split(separator: "\n").map(CatalogueExampleTests.values)
      let expected = frames.map { (Double($0["t"]!)!, Double($0["offset"]!)!) }
      let chart = try #require(offsets[preset])
      // Each point is a frame of the trace, in order, the last one included; the
      // frames left out (skipped as tick skips them) lie on the straight line between
      // the points either side, so the polyline draws every frame.
      var kept: [Int] = []
      var next = 0
      for point in chart {
        guard let at = expected[next...].firstIndex(where: { $0 == point }) else {
          Issue.record("\(preset): \(point) is no frame of the trace after frame \(next)")
          break
        }
        kept.append(at)
        next = at + 1
      }
      #expect(kept.last == expected.count - 1, "\(preset)")
      left += expected.count - kept.count
      for (a, b) in zip(kept, kept.dropFirst()) where b > a + 1 {
        let (t0, o0) = expected[a]
        let (t1, o1) = expected[b]
        for (t, o) in expected[(a + 1)..<b] {
          #expect(abs(o0 + (o1 - o0) * (t - t0) / (t1 - t0) - o) <= 0.002, "\(preset) at \(t)")
        }
      }
      // The speed is the trace's delta per second, for the frames with a row lifted:
      // the chart has each speed the trace has, and no other.
      let lifted = frames.filter { $0["phase"] == "lifted" }.map { Double($0["delta"]!)! * 60 }
      let chartSpeeds = try #require(speeds[preset]).map(\.1)
      let rounded = { (v: Double) in (v * 1000).rounded() / 1000 }
      #expect(Set(chartSpeeds.map(rounded)) == Set(lifted.map(rounded)), "\(preset)")
    }
    // Some frames were skipped, or the line check checked nothing.
    #expect(left > 0)
  }

  @Test(
    "compare and plot refuse what they cannot do",
    arguments: [
      (
        ["--plot", "x.svg", "-e", "tick 1"],
        "rowdrag: --plot goes with --compare (see 'rowdrag --help')\n", Int32(2)
      ),
      // A plot's file says what it holds (issue 43, item 3): no SVG in a .png.
      (
        ["--compare", "rowdrag", "--plot", "chart.png", "-e", "press 3; tick 40; release"],
        "rowdrag: --plot chart.png: a plot is written as a chart to a .svg file or as the "
          + "animated report to a .html file; name one of those (see 'rowdrag --help')\n",
        Int32(2)
      ),
      (
        ["-e", "press 3; tick 40; release; compare rowdrag plot=chart"],
        "rowdrag: -e #1:1: compare: chart: a plot is written as a chart to a .svg file or as "
          + "the animated report to a .html file; name one of those\n", Int32(1)
      ),
      (
        ["--compare", "rowdrag", "-e", "state"],
        "rowdrag: --compare: nothing to compare yet; run a gesture first (press, drag, tick, release)\n",
        Int32(1)
      ),
      (
        // A misspelt name is a usage error, exit 2, listing the presets (issue 25).
        ["--compare", "rowdrag,fluter", "-e", "tick 1"],
        "rowdrag: --compare: unknown preset 'fluter'; did you mean 'flutter'?; name current, all, "
          + "trace:FILE or a preset: "
          + PresetTable.names.joined(separator: ", ") + " (see 'rowdrag --help')\n",
        Int32(2)
      ),
    ])
  func compareRefusals(_ options: [String], _ message: String, _ status: Int32) {
    let result = rowdrag(options, stdin: Self.rows)
    #expect(result.stderr == message)
    #expect(result.status == status)
  }
}

@Suite("empty comparison rows explained (issue 25)")
struct IdleRowTests {
  static let rows = (1...100).map { "row \($0)\n" }.joined()

  @Test("a preset whose touch became a pan says so in its row and in the summary")
  func pannedRow() {
    let result = run(
      "press 3; drag y=590; tick 30; release; compare rowdrag flutter", on: Self.rows,
      options: ["-n"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("  flutter  panned: drag before the 0.5 s hold "))
    #expect(
      result.stdout.contains(
        "  flutter never lifted the row: every drag came before its 0.5 s hold and became a pan\n"))
    #expect(result.stdout.contains("  rowdrag  3 → "))
  }

  @Test("a script whose every drag became a pan gets one warning; one that waited gets none")
  func panWarning() {
    let panned = run(
      "press 3; drag y=590; tick 30; release; press 5; drag +100; release", on: Self.rows,
      options: ["-n", "--preset", "flutter"])
    #expect(
      panned.stderr
        == "rowdrag: warning: every drag came before the 0.5 s hold and became a pan, so no row lifted; wait at least 0.5 s after a press (e.g. 'press 3; wait 0.5; drag …')\n"
    )
    #expect(panned.status == 0)
    let waited = run(
      "press 3; wait 0.6; drag y=590; release", on: Self.rows,
      options: ["-n", "--preset", "flutter"])
    #expect(waited.stderr.isEmpty)
  }
}
