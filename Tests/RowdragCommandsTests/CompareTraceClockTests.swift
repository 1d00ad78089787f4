import Foundation
import RowdragCommands
import Testing

/// Issue 43, item 1: an app trace is compared with each replay on the clock — at the
/// times it logged, interpolated between the replay's frames — so its frame rate,
/// jitter and dropped frames do not show up as differences.
@Suite("compare: traces on the clock (issue 43)")
struct CompareTraceClockTests {
  static let rows = CompareTraceTests.rows
  static let script = "press 3; wait 0.6; drag y=590; tick 300; drag y=300; wait 0.5; release"

  /// A deterministic generator (SplitMix64), so every run draws the same jitter.
  struct Generator {
    var state: UInt64
    mutating func next() -> Double {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
  }

  /// The replay's offsets, frame by frame, from its own `--trace` (frame k at k/fps).
  static func frameOffsets(preset: String) throws -> [Double] {
    let trace = run(script, on: rows, options: ["-n", "--preset", preset, "--trace", "-"])
    #expect(trace.status == 0, "\(trace.stderr)")
    return try trace.stdout.split(separator: "\n").map { line in
      try #require(Double(line.components(separatedBy: "\"offset\":")[1].prefix { $0 != "," }))
    }
  }

  /// The replay's offset at `time`: linear between the frames around it (0 before the
  /// first), as an app logging at its own moments would see the same motion.
  static func offset(at time: Double, _ offsets: [Double]) -> Double {
    let x = time * 60
    let k = Int(x.rounded(.down))
    let before = k == 0 ? 0 : offsets[Swift.min(k, offsets.count) - 1]
    guard k < offsets.count else { return offsets[offsets.count - 1] }
    return before + (offsets[k] - before) * (x - Double(k))
  }

  /// A trace of the replay sampled at `rate` Hz with `jitter` (a fraction of a frame)
  /// and `drop` (the fraction of frames left out), `t` to six decimals.
  static func resampled(
    _ offsets: [Double], rate: Double, jitter: Double, drop: Double, seed: UInt64
  ) -> String {
    var generator = Generator(state: seed)
    let end = Double(offsets.count) / 60
    var lines: [String] = []
    var i = 1
    while Double(i) / rate <= end {
      let time = (Double(i) + (generator.next() - 0.5) * 2 * jitter) / rate
      i += 1
      if generator.next() < drop { continue }
      lines.append(
        #"{"t":\#(String(format: "%.6f", time)),"offset":\#(String(format: "%.6f", offset(at: time, offsets)))}"#
      )
    }
    return lines.joined(separator: "\n") + "\n"
  }

  @Test(
    "a replay's motion logged at 30, 60, 90, 120 or 144 Hz, with jitter and 5 % dropped, is that replay",
    arguments: [30.0, 60, 90, 120, 144])
  func resampledTraces(rate: Double) throws {
    let directory = try CompareTraceTests.Directory()
    for (index, preset) in ["flutter", "sortablejs", "itemtouchhelper"].enumerated() {
      let offsets = try Self.frameOffsets(preset: preset)
      let path = try directory.write(
        "\(preset).jsonl",
        Self.resampled(
          offsets, rate: rate, jitter: 0.2, drop: 0.05, seed: UInt64(rate) * 10 + UInt64(index)))
      let result = run(
        Self.script, on: Self.rows, options: ["--compare", "\(preset),trace:\(path)"])
      #expect(result.status == 0, "\(result.stderr)")
      let cells = try #require(
        CompareTraceTests.difference(result.stdout, preset), "\(result.stdout)")
      #expect(try #require(Double(cells[0])) <= 0.01, "\(preset) at \(rate) Hz\n\(result.stdout)")
      #expect(cells[2] == "-", "\(preset) at \(rate) Hz\n\(result.stdout)")
      // The trace's rate is read from its times, and a rate unlike the replays' is said.
      #expect(result.stdout.contains(" at \(NumberText.short(rate)) Hz;"), "\(result.stdout)")
      #expect(
        result.stdout.contains("put 'set fps \(Int(rate))' before the gesture") == (rate != 60),
        "\(result.stdout)")
    }
  }

  @Test("a frame left out (sed 100d) changes nothing but the frame count; it is said")
  func droppedFrame() throws {
    let directory = try CompareTraceTests.Directory()
    let root = DocumentationTests.root
    let full = try String(
      contentsOf: root.appendingPathComponent("examples/app-trace.jsonl"), encoding: .utf8)
    var lines = full.split(separator: "\n", omittingEmptySubsequences: false)
    lines.remove(at: 99)
    let dropped = try directory.write("dropped.jsonl", lines.joined(separator: "\n"))
    let original = try directory.write("full.jsonl", full)
    let result = rowdrag([
      "--compare", "flutter,current,trace:\(original),trace:\(dropped)",
      "-f", root.appendingPathComponent("examples/compare.rowdrag").path,
      root.appendingPathComponent("examples/long.txt").path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let blocks = result.stdout.components(separatedBy: "against each row, on the clock (points):")
    try #require(blocks.count == 3, "\(result.stdout)")
    #expect(blocks[1].contains("210 frames at 60 Hz; no dropped frames"), "\(result.stdout)")
    #expect(blocks[2].contains("209 frames at 60 Hz; 1 dropped frame (1 at 1.683 s)"))
    for preset in ["flutter", "current"] {
      let a = try #require(CompareTraceTests.difference(result.stdout, preset))
      let b = try #require(CompareTraceTests.difference(result.stdout, preset, block: 2))
      #expect(a[0] == b[0] && a.dropFirst(2) == b.dropFirst(2), "\(result.stdout)")
      #expect(abs(try #require(Double(a[1])) - (try #require(Double(b[1])))) <= 0.01)
    }
    #expect(
      CompareTraceTests.difference(result.stdout, "flutter")?.dropFirst(2)
        == ["2.217", "s", "(frame", "133)"])
    let table = CompareCurrentTests.tableRows(result.stdout)
    #expect(table["trace:\(original)"] == table["trace:\(dropped)"], "\(result.stdout)")
  }

  /// Rows of `trace`'s motion with no `delta`: offsets only, one frame every `1/rate` s,
  /// with the frames in `dropped` left out.
  static func plain(_ offsets: [Double], rate: Double, dropped: Set<Int> = []) -> String {
    var lines: [String] = []
    var i = 1
    while Double(i) / rate <= Double(offsets.count) / 60 {
      let time = Double(i) / rate
      if !dropped.contains(i) {
        lines.append(
          #"{"t":\#(String(format: "%.6f", time)),"offset":\#(String(format: "%.4f", offset(at: time, offsets)))}"#
        )
      }
      i += 1
    }
    return lines.joined(separator: "\n") + "\n"
  }

  @Test("peak speed is the change over the time it took: dropped frames and 120 Hz change nothing")
  func peakSpeed() throws {
    let directory = try CompareTraceTests.Directory()
    let offsets = try Self.frameOffsets(preset: "flutter")
    var speeds: [String] = []
    for (name, text) in [
      ("at60", Self.plain(offsets, rate: 60)),
      ("dropped", Self.plain(offsets, rate: 60, dropped: Set(stride(from: 60, to: 400, by: 70)))),
      ("at120", Self.plain(offsets, rate: 120)),
    ] {
      let path = try directory.write("\(name).jsonl", text)
      let result = run(Self.script, on: Self.rows, options: ["--compare", "flutter,trace:\(path)"])
      #expect(result.status == 0, "\(result.stderr)")
      let row = try #require(CompareCurrentTests.tableRows(result.stdout)["trace:\(path)"])
      speeds.append(String(row.split(separator: " ").suffix(2).joined(separator: " ")))
      if name == "dropped" {
        #expect(
          result.stdout.contains("; 5 dropped frames (1 at 1.017 s, 1 at 2.183 s, 1 at 3.35 s, …)"))
      }
    }
    let flutter = run(Self.script, on: Self.rows, options: ["--compare", "flutter,current"])
    let expected = try #require(CompareCurrentTests.tableRows(flutter.stdout)["flutter"])
    #expect(
      speeds
        == Array(
          repeating: expected.split(separator: " ").suffix(2).joined(separator: " "), count: 3))
  }

  @Test("t in milliseconds is refused where it stands, saying how to fix it")
  func milliseconds() throws {
    let directory = try CompareTraceTests.Directory()
    let path = try directory.write(
      "ms.jsonl",
      #"{"t":16.7,"offset":0}"# + "\n" + #"{"t":33.3,"offset":0}"# + "\n"
        + #"{"t":50,"offset":2}"# + "\n")
    let result = run("press 3; tick 3", on: Self.rows, options: ["--compare", "trace:\(path)"])
    #expect(result.status == 3)
    #expect(
      result.stderr
        == "rowdrag: \(path):2:6: t rises by 16.7 a frame (median): t counts seconds, a 60 Hz "
        + "frame is 0.017; if these are milliseconds, divide them by 1000\n")
  }

  @Test("a library that lifts on a drag's distance passes the slots of that drag (jQuery UI)")
  func liftedAndMovedInOneDrag() throws {
    let result = run(
      "press 3; wait 1; drag y=261; tick 1; release", on: Self.rows,
      options: ["--compare", "jqueryui,rowdrag"])
    let row = try #require(CompareCurrentTests.tableRows(result.stdout)["jqueryui"])
    #expect(row.split(separator: " ").prefix(5) == ["3", "→", "6", "3", "1"], "\(result.stdout)")
  }

  @Test("extreme times and rates never trap: gaps past Int, fps 1e300, times all but equal")
  func extremes() throws {
    let directory = try CompareTraceTests.Directory()
    // A gap of 1e9 s after frames 1e-10 s apart: 1e19 frames, past Int (a trap before).
    let huge = try directory.write(
      "huge.jsonl",
      [0, 1e-10, 2e-10, 1e9].enumerated().map { #"{"t":\#($1),"offset":\#($0)}"# }
        .joined(separator: "\n"))
    let result = run(
      "press 3; tick 1", on: Self.rows, options: ["--compare", "current,trace:\(huge)"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("dropped frames"), "\(result.stdout)")
    // A sample long after the replay's end at an enormous frame rate (a trap before).
    let two = try directory.write(
      "two.jsonl", #"{"t":0.5,"offset":0}"# + "\n" + #"{"t":1,"offset":3}"# + "\n")
    let fast = run(
      "press 3; tick 1", on: Self.rows,
      options: ["--fps", "1e300", "--compare", "current,trace:\(two)"])
    #expect(fast.status == 0, "\(fast.stderr)")
    // Times that repeat but for one: their mean step says they are not seconds (a rate
    // of 0 Hz and 'set fps 0' before).
    let slow = try directory.write(
      "slow.jsonl",
      String(repeating: #"{"t":0,"offset":0}"# + "\n", count: 3) + #"{"t":1000,"offset":0}"#)
    let refused = run("press 3; tick 1", on: Self.rows, options: ["--compare", "trace:\(slow)"])
    #expect(refused.status == 3)
    #expect(
      refused.stderr.hasPrefix("rowdrag: \(slow):2:6: t rises by 333.333 a frame"),
      "\(refused.stderr)")
  }
}
