import Foundation
import RowdragFormats
import Testing

@testable import RowdragCLI
@testable import RowdragCommands
@testable import RowdragEngine

/// Issue 25, item 6: a comparison replays a gesture skipping the frames `tick` skips,
/// and its table says exactly what stepping every frame would have said.
@Suite("compare replays skip frames as tick does (issue 25)")
struct CompareSkipTests {
  static let rows = (1...300).map { "row \($0)\n" }.joined()

  /// `script` run on the list by a line runner that keeps its commands, as a script
  /// that compares does.
  func session(
    _ script: String, options: [(String, [String])] = [], rows: String = Self.rows,
    load: LoadOptions = LoadOptions()
  ) throws -> LineRunner {
    let (document, layout) = try ListLoader.load(
      store: ByteStore(Array(rows.utf8)), name: "t", options: load)
    let session = Session(document: document, layout: layout, filePath: nil)
    for (key, values) in options {
      try SettingTable.apply(key: key, values: values, to: &session.engine)
    }
    let runner = LineRunner(session: session, recorder: CommandRecorder(isOn: true))
    let result = runner.run(
      Array(script.utf8), out: OutputSink(memoryNamed: "o"), effects: .none, keepGoing: false)
    if let failure = result.failures.first { throw failure }
    return runner
  }

  /// A recorder's figures, for comparing two of them.
  func figures(_ r: ComparisonRecorder) -> String {
    "frames \(r.frames) first \(String(describing: r.firstScrollFrame)) peak \(r.peakSpeed) "
      + "swaps \(r.swaps) passed \(r.rowsPassed) offset \(r.offset.bitPattern) "
      + "moves \(r.moves.map { "\($0.from)>\($0.to)" }) pending \(String(describing: r.pending)) "
      + "touches \(r.touches.lifted),\(r.touches.panned)"
  }

  /// The gesture replayed frame by frame under `preset` (nil: the row `current`, the
  /// settings as they were): each frame reported, none skipped.
  func stepped(_ preset: Preset?, _ gesture: CommandRecorder.Gesture, _ session: Session) throws
    -> ComparisonRecorder
  {
    var engine = gesture.start
    try preset?.apply(to: &engine)
    let recorder = ComparisonRecorder(preset: preset?.name ?? "current", engine: engine)
    for command in gesture.commands {
      let before = engine
      var failure: String?
      do {
        switch command {
        case .gesture(.tick(let n)):
          let fps = engine.settings.fps
          try engine.tick(n) { recorder.observe(.frame($0), fps: fps) }
        case .gesture(.wait(let s)):
          let fps = engine.settings.fps
          try engine.wait(s) { recorder.observe(.frame($0), fps: fps) }
        default:
          session.engine = engine
          _ = try command.run(
            in: CommandContext(
              session: session, out: OutputSink(memoryNamed: "o"), effects: .none,
              recorder: .off))
          engine = session.engine
        }
      } catch {
        failure = "\(error)"
      }
      recorder.command(before: before, after: engine, failed: failure)
    }
    return recorder
  }

  static let gestures = [
    "press 3; wait 0.6; drag y=590; tick 3000; drag y=300; wait 1; release",
    "press 250; wait 0.6; drag y=5; wait 20; drag +30; tick 500; release",
    "scroll y=2000; press 50; wait 0.6; drag y=595; tick 20000; drag y=2; tick 20000; release",
    "set fps 7; press 10; wait 0.6; drag y=580; wait 30; release; press 100; wait 2; release",
  ]

  @Test(
    "every preset: the skipping replay's figures are the frame-by-frame ones", arguments: gestures)
  func sameFigures(_ script: String) throws {
    let runner = try session(script)
    let session = runner.session
    let gesture = try runner.recorder.gesture()
    let runs = try session.replay(
      PresetTable.names.map(ComparisonRequest.Row.preset), gesture, effects: .none)
    var skipped = 0
    for (preset, run) in zip(PresetTable.presets, runs) {
      let reference = try stepped(preset, gesture, session)
      #expect(figures(run) == figures(reference), "\(preset.name): \(script)")
      skipped += run.frames - run.framesStepped
      // A point per frame simulated and per run skipped at most, and never more than
      // the series keeps: the chart's data stays bounded however long the gesture.
      let points = run.offsetSeries.all.count
      #expect(points <= run.framesStepped + run.runsSkipped + 1 && points <= 4097, "\(preset.name)")
    }
    #expect(skipped > 0, "nothing was skipped: \(script)")
  }

  /// Four tall columns of 150 cards each.
  static let board = (1...4).map { c in
    "## column \(c)\n" + (1...150).map { "card \(c).\($0)\n" }.joined()
  }.joined()

  static let boardGestures = [
    "set paging off; press 1:3; drag y=590; tick 20000; drag y=5; tick 20000; release",
    "press 1:3; drag y=595; tick 3000; drag x=360 y=590; tick 3000; drag x=180 y=300; wait 1; release",
    "set fps 7; press 2:100; drag y=2; wait 60; drag x=5; wait 30; release",
  ]

  @Test(
    "a board (issue 45): the skipping replay's figures are the frame-by-frame ones, and it skips",
    arguments: boardGestures)
  func board(_ script: String) throws {
    var load = LoadOptions()
    load.headerPattern = "^## "
    let runner = try session(script, options: [("board", ["on"])], rows: Self.board, load: load)
    let session = runner.session
    #expect(session.engine.surface.isBoard)
    let gesture = try runner.recorder.gesture()
    // The presets whose rule a board takes.
    let presets = PresetTable.presets.filter { preset in
      var engine = gesture.start
      return (try? preset.apply(to: &engine)) != nil
    }
    #expect(presets.count > 3)
    let runs = try session.replay(presets.map { .preset($0.name) }, gesture, effects: .none)
    var skipped = 0
    var frames = 0
    for (preset, run) in zip(presets, runs) {
      let reference = try stepped(preset, gesture, session)
      #expect(figures(run) == figures(reference), "\(preset.name): \(script)")
      skipped += run.frames - run.framesStepped
      frames += run.frames
    }
    // Most frames of these steady scrolls, dwells and turns were skipped and reported.
    #expect(skipped * 2 > frames, "\(skipped) of \(frames) skipped: \(script)")
  }

  @Test("a board's tiny steady scroll replays as tick runs it: skipped, with the same figures")
  func boardSteadyScroll() throws {
    var load = LoadOptions()
    load.headerPattern = "^## "
    for paging in ["off", "on"] {
      let script =
        "set autoscroll linear zone=100 max=0.000001; set paging \(paging); press 1:1; "
        + "drag y=599; tick 100000; drag y=1; tick 100000; release"
      let runner = try session(script, options: [("board", ["on"])], rows: Self.board, load: load)
      let session = runner.session
      let gesture = try runner.recorder.gesture()
      let runs = try session.replay([.current], gesture, effects: .none)
      let run = try #require(runs.first)
      let reference = try stepped(nil, gesture, session)
      #expect(figures(run) == figures(reference), "paging \(paging)")
      #expect(run.frames == 200_000)
      #expect(run.framesStepped < 2000, "paging \(paging): \(run.framesStepped) frames stepped")
    }
  }

  @Test("a replay simulates exactly the frames tick simulates, under every preset")
  func framesLikeTick() throws {
    let script =
      "press 3; wait 0.6; drag y=590; tick 2147483647; drag y=10; tick 2147483647; release"
    let compared = try session(script)
    let runs = try compared.session.replay(
      PresetTable.names.map(ComparisonRequest.Row.preset), try compared.recorder.gesture(),
      effects: .none)
    for (preset, run) in zip(PresetTable.names, runs) {
      let plain = try session(script, options: [("preset", [preset])]).session
      #expect(run.frames == plain.engine.framesSkipped + run.framesStepped, "\(preset)")
      #expect(run.framesStepped < 200_000, "\(preset): \(run.framesStepped) frames simulated")
      #expect(run.offset.bitPattern == plain.engine.offset.bitPattern, "\(preset)")
    }
  }

  @Test(
    "--compare all on examples/compare.rowdrag, and on a gesture of 2^31 frames, takes well under 2 s of CPU"
  )
  func cpuTime() {
    let script = DocumentationTests.root.appendingPathComponent("examples/compare.rowdrag").path
    let list = DocumentationTests.root.appendingPathComponent("examples/long.txt").path
    let runs: [[String]] = [
      ["--compare", "all", "-f", script, list],
      [
        "-n", "--compare", "all", "-e", "press 3; wait 0.6; drag y=590; tick 2147483647; release",
        list,
      ],
    ]
    /// This thread's CPU time: other tests run beside this one in the process.
    func cpu() -> Double {
      var now = timespec()
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
      return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
    for arguments in runs {
      let start = cpu()
      let result = rowdrag(arguments)
      let seconds = cpu() - start
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.hasPrefix("Comparing "))
      #expect(seconds < 2, "\(arguments): \(seconds) s of CPU")
    }
  }
}
