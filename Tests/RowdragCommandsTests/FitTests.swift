import Foundation
import RowdragFormats
import Testing

@testable import RowdragCLI
@testable import RowdragCommands

/// Issue 43, item 6: `fit trace:FILE` and `--fit trace:FILE` — what they print, that the
/// line replays as measured, the shell's command, errors, Ctrl-C and progress.
@Suite("fit: the hold and auto-scroll closest to an app's trace (issue 43)")
struct FitTests {
  static let script = CompareCurrentTests.compareScript
  static let list = CompareCurrentTests.longList
  static let appTrace = DocumentationTests.root.appendingPathComponent(
    "examples/app-trace.jsonl"
  ).path

  /// The rows of fit's table by name: max, mean, first time over 1 pt.
  static func rows(_ output: String) throws -> [String: [String]] {
    let table = try #require(output.components(separatedBy: " replays:\n").dropFirst().first)
      .components(separatedBy: "\n\n")[1]
    var rows: [String: [String]] = [:]
    for line in table.split(separator: "\n").dropFirst() {
      let cells = line.split(separator: " ").map(String.init)
      rows[cells[0]] = [cells[1], cells[2], cells.dropFirst(3).joined(separator: " ")]
    }
    return rows
  }

  /// The line's words as a shell splits them (single quotes only, as `fit` writes).
  static func words(_ line: String) -> [String] {
    var words: [String] = []
    var word = ""
    var quoted = false
    var any = false
    for c in line {
      if c == "'" {
        quoted.toggle()
        any = true
      } else if c == " " && !quoted {
        if any { words.append(word) }
        word = ""
        any = false
      } else {
        word.append(c)
        any = true
      }
    }
    if any { words.append(word) }
    return words
  }

  @Test("the example trace: its own settings found, the line replays as measured, no preset closer")
  func exampleTrace() throws {
    let fit = rowdrag(["--fit", "trace:\(Self.appTrace)", "-f", Self.script, Self.list])
    #expect(fit.status == 0, "\(fit.stderr)")
    let line = String(fit.stdout.prefix { $0 != "\n" })
    // README: the trace is Flutter's preset with a scroll timer of 18 ms, plus noise.
    #expect(line == "--preset flutter --hold 0.5 --autoscroll 'overflow cap=20 clock=timer:18'")
    let rows = try Self.rows(fit.stdout)
    let best = try #require(rows["fit"])
    #expect(try #require(Double(best[1])) < 0.3, "\(fit.stdout)")
    #expect(rows.count == 4, "the fit and three presets: \(fit.stdout)")
    for (name, cells) in rows where name != "fit" {
      #expect(try #require(Double(cells[1])) >= Double(best[1])!, "\(name) is closer")
    }
    let replay = rowdrag(
      Self.words(line) + [
        "--compare", "current,trace:\(Self.appTrace)", "-f", Self.script, Self.list,
      ])
    let cells = try #require(
      CompareTraceTests.difference(replay.stdout, "current"), "\(replay.stdout)")
    #expect(cells[0] == best[0] && cells[1] == best[1] && cells[2] == best[2], "\(replay.stdout)")
    #expect(fit.stdout.contains("210 frames at 60 Hz; no dropped frames"))
    #expect(!fit.stdout.contains("no law explains"))
  }

  @Test("the same trace and gesture give the same report, as --fit and as the command")
  func deterministicAndSameInTheShell() throws {
    let first = rowdrag(["--fit", "trace:\(Self.appTrace)", "-f", Self.script, Self.list])
    let second = rowdrag(["--fit", "trace:\(Self.appTrace)", "-f", Self.script, Self.list])
    #expect(first == second)
    let command = rowdrag([
      "-n", "-f", Self.script, "-e", "fit trace:\(Self.appTrace)", Self.list,
    ])
    #expect(command.status == 0, "\(command.stderr)")
    #expect(command.stdout == first.stdout)
  }

  @Test("bad uses are refused, each naming what would be right")
  func refusals() throws {
    let trace = "trace:\(Self.appTrace)"
    let usage = [
      ["--fit", Self.appTrace],
      ["--fit", trace, "--compare", "flutter"],
      ["--fit", trace, "--plot", "a.svg"],
      ["--fit", trace, "-i"],
    ]
    for arguments in usage {
      let result = rowdrag(arguments + ["-f", Self.script, Self.list])
      #expect(result.status == 2, "\(arguments): \(result.stderr)")
      #expect(result.stderr.hasPrefix("rowdrag: --"), "\(result.stderr)")
    }
    let missing = rowdrag(["--fit", "trace:/nonexistent/app.jsonl", "-f", Self.script, Self.list])
    #expect(missing.status == 4 && missing.stderr.contains("/nonexistent/app.jsonl"))
    let directory = try CompareTraceTests.Directory()
    let bad = try directory.write("bad.jsonl", "{\"t\":0.1}\n")
    let unreadable = rowdrag(["--fit", "trace:\(bad)", "-f", Self.script, Self.list])
    #expect(unreadable.status == 3 && unreadable.stderr.contains("bad.jsonl:1:"), "\(unreadable)")
    let word = run("press 3; wait 0.6; release; fit flutter", on: fiveRows)
    #expect(word.status == 1 && word.stderr.contains("fit trace:FILE"), "\(word.stderr)")
    let nothing = run("fit \(trace)", on: fiveRows)
    #expect(nothing.status == 1 && nothing.stderr.contains("run a gesture first"), "\(nothing)")
  }

  @Test("odd sessions and traces: a huge timer, a sparse trace, a set the line would not override")
  func oddInputs() throws {
    let trace = "trace:\(Self.appTrace)"
    // A timer of 1e300 ms: its period is scanned in a bounded number of steps.
    let huge = rowdrag([
      "--autoscroll", "fixed speed=10 clock=timer:1e300", "--fit", trace, "-f", Self.script,
      Self.list,
    ])
    #expect(huge.status == 0 && huge.stdout.hasPrefix("--"), "\(huge.stderr)")
    // Every twelfth frame: 5 samples a second, a log rather than a display's frames, so
    // the replays keep the session's 60 fps, and steps a tenth of a second long compare
    // as offsets.
    let frames = try String(contentsOfFile: Self.appTrace, encoding: .utf8).split(separator: "\n")
    let directory = try CompareTraceTests.Directory()
    let sparse = try directory.write(
      "sparse.jsonl",
      frames.enumerated().filter { ($0.offset + 1) % 12 == 0 }.map { $0.element + "\n" }.joined())
    let fitted = rowdrag(["--fit", "trace:\(sparse)", "-f", Self.script, Self.list])
    #expect(fitted.status == 0, "\(fitted.stderr)")
    #expect(fitted.stdout.contains("17 frames at 5 Hz") && !fitted.stdout.hasPrefix("--fps"))
    #expect(try #require(Double(try Self.rows(fitted.stdout)["fit"]?[1] ?? "")) < 27.046)
    // The script's own `set hold` before the gesture would win over the line's --hold.
    let set = rowdrag(["--fit", trace, "-e", "set hold 0.2", "-f", Self.script, Self.list])
    #expect(
      set.stdout.contains("note: 'set hold' before the gesture overrides --hold"), "\(set.stdout)")
  }

  /// A line runner that has run the example gesture, as the shell keeps it.
  func runner() throws -> LineRunner {
    let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: Self.list)))
    let (document, layout) = try ListLoader.load(
      store: ByteStore(bytes), name: "long.txt", options: LoadOptions())
    let runner = LineRunner(
      session: Session(document: document, layout: layout, filePath: nil),
      recorder: CommandRecorder(isOn: true))
    let script = try String(contentsOfFile: Self.script, encoding: .utf8)
    for line in script.split(separator: "\n") {
      let result = runner.run(
        Array(line.utf8), out: OutputSink(memoryNamed: "<out>"), effects: .none, keepGoing: false)
      #expect(result.failures.isEmpty)
    }
    return runner
  }

  @Test("Ctrl-C stops the search and prints the best line so far; progress is told")
  func interruptAndProgress() throws {
    let runner = try runner()
    var effects = Effects.none
    // Ctrl-C once the progress has told of 50 replays.
    var progress: [String?] = []
    effects.progress = { progress.append($0) }
    effects.isInterrupted = { progress.count >= 50 }
    let out = OutputSink(memoryNamed: "<out>")
    try runner.run(
      .meta(.fit(["trace:\(Self.appTrace)"])), named: "fit", out: out, effects: effects)
    #expect(out.text.hasPrefix("--"), "\(out.text)")
    #expect(out.text.contains("replays (interrupted: the best so far):"), "\(out.text)")
    let replays = try #require(
      Int(out.text.components(separatedBy: "commands, ")[1].prefix { $0.isNumber }))
    #expect(replays == 50, "\(out.text)")
    #expect(progress.count == replays + 1, "one line a replay, then the end")
    #expect(progress.last == .some(nil))
    #expect(progress.first??.hasPrefix("fit: 1 replay, best ") == true, "\(progress.prefix(2))")
  }

  @Test("where nothing fits: a sentence says from when, and what the trace does")
  func explanation() throws {
    // The trace speeds up while the finger rests in the zone: v = 100 t² pt/s.
    let times = (0..<60).map { 1 + Double($0) / 60 }
    let trace = times.map { 100 * pow($0 - 1, 3) / 3 }
    let fit = times.map { 30 * ($0 - 1) }
    let sentence = FitExplanation.sentence(
      times: times, trace: trace, fit: fit, from: 1.2, fingerMoves: [0.5, 0.9])
    #expect(
      sentence == "no law explains the trace after t = 1.2 s: it accelerates while the finger rests"
    )
    let still = FitExplanation.sentence(
      times: times, trace: times.map { _ in 5 }, fit: fit, from: 1.2, fingerMoves: [1.3])
    #expect(
      still
        == "no law explains the trace after t = 1.2 s: it stands still where the best fit scrolls at 30 pt/s"
    )
    #expect(
      FitExplanation.sentence(times: times, trace: trace, fit: fit, from: nil, fingerMoves: [])
        == nil)
  }

  @Test("a trace no law follows gets the sentence, at the time the table gives")
  func explainedEndToEnd() throws {
    // Up and down every half second while the finger rests at the edge: no law does that.
    let lines = (1...150).map { k -> String in
      let t = Double(k) / 60
      let offset = t < 0.7 ? 0 : 200 * abs(sin((t - 0.7) * .pi * 2))
      return #"{"t":\#(String(format: "%.3f", t)),"offset":\#(String(format: "%.3f", offset))}"#
    }
    let directory = try CompareTraceTests.Directory()
    let path = try directory.write("wave.jsonl", lines.joined(separator: "\n") + "\n")
    let result = run(
      "press 3; wait 0.6; drag y=590; wait 2; release", on: CompareTraceTests.rows,
      options: ["--fit", "trace:\(path)"])
    #expect(result.status == 0, "\(result.stderr)")
    let best = try #require(try Self.rows(result.stdout)["fit"])
    let time = try #require(best[2].split(separator: " ").first)
    #expect(
      result.stdout.contains("\nSummary\n  no law explains the trace after t = \(time) s: it "),
      "\(result.stdout)")
  }
}
