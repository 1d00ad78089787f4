import RowdragCommands
import RowdragEngine
import RowdragFormats

/// Command lines against a fresh session over a small list with sections, a lock and
/// a pin: every parse error must be a `CommandError`, every run must leave the engine
/// consistent. `write`, a trace to a file and a chart are parsed but not run (they would
/// write files), and long ticks are skipped so one input stays fast.
enum CommandsTarget {
  static let list = Array("# Work\nreport\nreview\n# Home\nmilk\neggs\n# Empty\n".utf8)

  static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    let document = TextList(bytes: list, isHeader: { $0.first == UInt8(ascii: "#") })
    let session = Session(
      document: document,
      layout: Layout(sections: document.sectionSpecs), filePath: nil)
    let out = OutputSink(memoryNamed: "<fuzz>")
    // A trace to standard output (`trace -`), into `out`; no hook, nothing to tell.
    var effects = Effects.none
    effects.trace = TraceSink()
    var lexer = CommandLexer(bytes: Array(bytes))
    var commands = 0
    while let next = lexer.next(), commands < 64 {
      commands += 1
      guard case .success(let raw) = next, let command = try? CommandParser.parse(raw) else {
        continue
      }
      switch command {
      case .file(.write): continue
      case .meta(.trace(let path)) where path != "-" && path != "off": continue  // a file
      case .meta(.compare(let words))
      where words.contains(where: { $0.hasPrefix("plot=") || $0.contains("trace:") }):
        continue  // would write a file, or read one (/dev/zero)
      case .meta(.fit): continue  // reads a trace file
      case .gesture(.tick(let n)) where n > 5_000: continue
      case .gesture(.wait(let s)) where s * session.engine.settings.fps > 5_000: continue
      default: break
      }
      _ = try? session.run(command, named: raw.name, out: out, effects: effects, recorder: .off)
      Invariants.check(session.engine)
    }
  }
}
