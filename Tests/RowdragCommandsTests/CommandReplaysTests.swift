import Foundation
import RowdragFormats
import Testing

@testable import RowdragCLI
@testable import RowdragCommands

/// Issue 41, stage 1: every command row says whether `compare` replays it
/// (`CommandSpec.replays`, an argument without a default, so a row cannot leave it
/// out), and the line runner's recorder keeps exactly the commands of the rows that
/// replay. A row that replays must write nothing (a replay throws its output away) and
/// do the same again from the same engine.
@Suite("command rows say whether they replay (issue 41)")
struct CommandReplaysTests {
  /// One use of each row, after what it needs (a lifted row, the board).
  static let examples: [String: (before: String, command: String)] = [
    "press": ("", "press 2"),
    "drag": ("press 2", "drag +120"),
    "tick": ("press 2; drag +300", "tick 30"),
    "wait": ("press 2; drag +300", "wait 0.5"),
    "release": ("press 2; drag +120", "release"),
    "cancel": ("press 2; drag +120", "cancel"),
    "move": ("", "move 1,2 $"),
    "scroll": ("", "scroll y=100"),
    "lock": ("", "lock 3"),
    "pin": ("", "pin 3,4"),
    "unlock": ("lock 3", "unlock 3"),
    "mark": ("", "mark 2 done"),
    "undo": ("move 1 5", "undo"),
    "reject": ("move 1 5", "reject"),
    "page": ("set board on", "page 2"),
    "redo": ("move 1 5; undo", "redo"),
    "print": ("", "print"),
    "list": ("", "list 1,3"),
    "show": ("", "show"),
    "live": ("", "live"),
    "state": ("", "state"),
    "set": ("", "set fps 30"),
    "get": ("", "get fps"),
    "presets": ("", "presets"),
    "trace": ("", "trace -"),
    "compare": ("press 2; drag +120; release", "compare rowdrag"),
    "fit": ("press 2; drag +120; release", "fit trace:/nonexistent/app.jsonl"),
    "require": ("", "require"),
    "write": ("", "write /dev/null"),
    "write!": ("", "write! /dev/null"),
    "reload": ("", "reload"),
    "quit": ("", "quit"),
    "quit!": ("", "quit!"),
    "help": ("", "help move"),
  ]

  /// Markdown task items, so that `mark` has rows to mark.
  static let list =
    "# One\n" + (1...12).map { "- [ ] row \($0)\n" }.joined() + "# Two\n- [ ] last\n"

  func runner() throws -> LineRunner {
    var options = LoadOptions()
    options.headerPattern = "^# "
    options.format = FormatChoice("markdown")
    let (document, layout) = try ListLoader.load(
      store: ByteStore(Array(Self.list.utf8)), name: "t", options: options)
    let session = Session(document: document, layout: layout, filePath: nil)
    return LineRunner(session: session, recorder: CommandRecorder(isOn: true))
  }

  @Test("every row of the command table has an example here")
  func everyRowHasAnExample() {
    #expect(Set(CommandTable.commands.map(\.name)) == Set(Self.examples.keys))
  }

  @Test("the recorder keeps the commands of the rows that replay, and only those")
  func recorderFollowsTheRows() throws {
    for spec in CommandTable.commands {
      guard let (before, command) = Self.examples[spec.name] else { continue }
      let runner = try runner()
      let out = OutputSink(memoryNamed: "<out>")
      _ = runner.run(Array(before.utf8), out: out, effects: .none, keepGoing: false)
      let kept = runner.recorder.commands.count
      let result = runner.run(Array(command.utf8), out: out, effects: .none, keepGoing: true)
      let ran = result.failures.isEmpty
      let wanted = kept + (spec.replays && ran ? 1 : 0)
      #expect(
        runner.recorder.commands.count == wanted,
        "\(spec.name) (replays: \(spec.replays), ran: \(ran) \(result.failures))")
    }
  }

  @Test("a row that replays writes nothing, and does the same again from the same engine")
  func replayedRowsWriteNothingAndRepeat() throws {
    for spec in CommandTable.commands where spec.replays {
      guard let (before, command) = Self.examples[spec.name] else { continue }
      var states: [String] = []
      for _ in 0..<2 {
        let runner = try runner()
        let out = OutputSink(memoryNamed: "<out>")
        let prepared = runner.run(Array(before.utf8), out: out, effects: .none, keepGoing: false)
        #expect(prepared.failures.isEmpty, "\(spec.name): \(prepared.failures)")
        let result = runner.run(Array(command.utf8), out: out, effects: .none, keepGoing: false)
        #expect(result.failures.isEmpty, "\(spec.name): \(result.failures)")
        #expect(out.text.isEmpty, "\(spec.name) wrote \(out.text.debugDescription)")
        let printed = OutputSink(memoryNamed: "<print>")
        try runner.session.printList(to: printed)
        states.append(runner.session.stateLine() + printed.text)
      }
      #expect(states[0] == states[1], "\(spec.name)")
    }
  }

  @Test("the shell's live view runs its commands through the shell's runner while live runs")
  func commandsInsideLiveAreKept() throws {
    let runner = try runner()
    let out = OutputSink(memoryNamed: "<out>")
    var effects = Effects.none
    effects.openLive = { [unowned runner] in
      let inside = runner.run(
        Array("press 2; drag +120; release".utf8), out: out, effects: .none, keepGoing: false)
      if let failure = inside.failures.first { throw failure }
    }
    let result = runner.run(
      Array("live; compare rowdrag".utf8), out: out, effects: effects, keepGoing: false)
    #expect(result.failures.isEmpty, "\(result.failures)")
    #expect(runner.recorder.commands.count == 3)
    #expect(out.text.hasPrefix("Comparing "))
  }
}
