import RowdragCommands
import RowdragFormats

/// Runs the commands of script lines against a session and keeps what `compare`
/// replays: the loop the script mode, the shell and the live view share. It sees every
/// parsed command, its row and its text, so it owns the `CommandRecorder`; the shell's
/// live view runs its commands through the shell's runner, which records them too.
final class LineRunner {
  /// What happened on a line.
  struct Result {
    var failures: [CommandError] = []
    var quit: Session.Outcome = .proceed
  }

  let session: Session
  /// The commands kept for `compare`.
  private(set) var recorder: CommandRecorder

  init(session: Session, recorder: CommandRecorder) {
    self.session = session
    self.recorder = recorder
  }

  /// Runs `line`'s commands in order, each with `effects`; stops at the first failure
  /// unless `keepGoing`, and at a quit.
  func run(_ line: [UInt8], out: OutputSink, effects: Effects, keepGoing: Bool) -> Result {
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
        let (command, row) = try CommandParser.parseWithRow(raw)
        let pending = try recorder.willRun(
          command, named: raw.name, replays: row.replays, on: session)
        let outcome = try session.run(
          command, named: raw.name, out: out, effects: effects, recorder: recorder)
        if let pending { recorder.ran(command, text: raw.text, pending) }
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

  /// Runs a command an option gives (`--trace`, `--compare`) as `name`: with the
  /// commands kept so far, and not kept itself.
  func run(_ command: Command, named name: String, out: OutputSink, effects: Effects)
    throws(CommandError)
  {
    try session.run(command, named: name, out: out, effects: effects, recorder: recorder)
  }
}
