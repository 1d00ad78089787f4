import RowdragCommands
import RowdragFormats

/// Runs the commands of one script line against a session: the loop both the script
/// mode and the REPL share.
struct LineRunner {
  /// What happened on a line.
  struct Result {
    var failures: [CommandError] = []
    var quit: Session.Outcome = .proceed
  }

  /// Runs `line`'s commands in order, each with `effects`; stops at the first failure
  /// unless `keepGoing`, and at a quit.
  static func run(
    _ line: [UInt8], session: Session, out: OutputSink, effects: Effects, keepGoing: Bool
  ) -> Result {
    var result = Result()
    var lexer = CommandLexer(bytes: line)
    while let next = lexer.next() {
      let raw: RawCommand
      switch next {
      case .failure(let error):
        result.failures.append(CommandError(command: error.command, message: error.message))
        return result
      case .success(let command):
        raw = command
      }
      do {
        let command = try CommandParser.parse(raw)
        // Kept for a comparison's caption; not spelt out when nothing is kept.
        let text = session.isRecording ? raw.text : ""
        let outcome = try session.run(
          command, named: raw.name, text: text, out: out, effects: effects)
        if outcome != .proceed {
          result.quit = outcome
          return result
        }
      } catch {
        result.failures.append(error)
        if !keepGoing { return result }
      }
    }
    return result
  }
}
