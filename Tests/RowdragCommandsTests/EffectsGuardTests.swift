import Foundation
import RowdragFormats
import RowdragSystem
import Testing

@testable import RowdragCLI
@testable import RowdragCommands

/// Issue 41, stage 1: a command's effects come as a value, and a simulation passes
/// none. A comparison replays the gesture under each preset with every effect of the
/// session watched (the trace, a frame sink, the drop hook, notifications): none of
/// them may hear of a replay, and the session must end as it was.
@Suite("effects are values: a simulation leaks none (issue 41)")
struct EffectsGuardTests {
  /// Every effect a front can give, each writing down what reaches it.
  final class Watched {
    let out = OutputSink(memoryNamed: "<out>")
    let trace = TraceSink()
    var notes: [String] = []
    var frames = 0
    let hookLog: String
    let traceFile: String
    var effects = Effects.none

    init() {
      let directory = FileManager.default.temporaryDirectory
      hookLog = directory.appendingPathComponent("rowdrag-effects-\(UUID().uuidString)").path
      traceFile = directory.appendingPathComponent("rowdrag-trace-\(UUID().uuidString)").path
      effects.trace = trace
      effects.frames = FrameSink(needsEveryFrame: false) { [unowned self] _, _ in frames += 1 }
      effects.notify = { [unowned self] in notes.append($0) }
      effects.dropHook = DropHook(
        command: "printf 'drop %s\\n' \"$ROWDRAG_TO\" >> '\(hookLog)'", limits: HookLimits(),
        interrupted: { false })
    }

    deinit {
      try? trace.close()
      try? FileManager.default.removeItem(atPath: hookLog)
      try? FileManager.default.removeItem(atPath: traceFile)
    }

    var hookSaid: String { (try? String(contentsOfFile: hookLog, encoding: .utf8)) ?? "" }

    /// The trace file's lines so far.
    func traced() throws -> Int {
      if case .file(let sink, _) = trace.writer?.target { try sink.flush() }
      let text = (try? String(contentsOfFile: traceFile, encoding: .utf8)) ?? ""
      return text.split(separator: "\n").count
    }

    /// What every effect has heard so far.
    func heard() throws -> String {
      "out \(out.text.count) bytes, trace \(try traced()) lines, \(frames) frames, "
        + "notes \(notes), hook \(hookSaid.debugDescription)"
    }
  }

  static let list = (1...40).map { "row \($0)\n" }.joined()

  /// A line runner that keeps the commands, as the interactive shell's does.
  func runner() throws -> LineRunner {
    let (document, layout) = try ListLoader.load(
      store: ByteStore(Array(Self.list.utf8)), name: "t", options: LoadOptions())
    let session = Session(document: document, layout: layout, filePath: nil)
    session.verbose = true  // as the shell's on a terminal: it tells of each move
    return LineRunner(session: session, recorder: CommandRecorder(isOn: true))
  }

  func run(_ script: String, _ runner: LineRunner, _ watched: Watched) throws {
    let result = runner.run(
      Array(script.utf8), out: watched.out, effects: watched.effects, keepGoing: false)
    if let failure = result.failures.first { throw failure }
  }

  @Test("compare: the trace, the frames, the drop hook and the notifications hear nothing")
  func compareLeaksNothing() throws {
    let runner = try runner()
    let session = runner.session
    let watched = Watched()
    try run(
      "trace \(watched.traceFile); press 2; drag +300; tick 40; release; move 1 5; press 10; wait 1; drag -200; "
        + "tick 20; release", runner, watched)
    // The real gesture reached every effect: the watch can see.
    #expect(try watched.traced() > 0)
    #expect(watched.frames > 0)
    #expect(watched.notes.count >= 2, "\(watched.notes)")
    #expect(watched.hookSaid.split(separator: "\n").count >= 2, "\(watched.hookSaid)")
    let before = try watched.heard()
    let state = session.stateLine()
    let printed = OutputSink(memoryNamed: "<print>")
    try session.printList(to: printed)

    let kept = runner.recorder.commands
    let table = OutputSink(memoryNamed: "<table>")
    try runner.run(
      .compare(["rowdrag", "flutter", "qt", "current"]), named: "compare", out: table,
      effects: watched.effects)
    #expect(table.text.hasPrefix("Comparing "))
    #expect(try watched.heard() == before, "a replay reached an effect")
    #expect(runner.recorder.commands == kept, "a replay was recorded")
    #expect(session.stateLine() == state)
    let after = OutputSink(memoryNamed: "<print>")
    try session.printList(to: after)
    #expect(after.text == printed.text)
  }

  @Test("a simulation's effects keep the Ctrl-C check and the frames, and nothing else")
  func simulationKeepsOnlyTheInterruptCheck() {
    let watched = Watched()
    var asked = 0
    watched.effects.isInterrupted = {
      asked += 1
      return true
    }
    watched.effects.openLive = {}
    let simulation = watched.effects.simulation(
      frames: FrameSink(needsEveryFrame: true) { _, _ in })
    #expect(simulation.trace == nil)
    #expect(simulation.dropHook == nil)
    #expect(simulation.notify == nil)
    #expect(simulation.openLive == nil)
    #expect(simulation.frames?.needsEveryFrame == true)
    #expect(simulation.isInterrupted())
    #expect(asked == 1)
  }
}
