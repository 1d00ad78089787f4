import RowdragCommands
import RowdragFormats
import RowdragSystem

/// The interactive shell's loop apart from the terminal: the prompt, a line read, its
/// commands run, the errors and `ed`'s guard on quitting with unsaved changes. `REPL`
/// wires GNU readline, the history file and the real streams into it; tests give it
/// canned lines and memory sinks, as they give the `Runner` its streams.
public struct REPLLoop {
  /// Shows `prompt` and reads one line: its bytes as typed, or nil at the end of input
  /// (Ctrl-D).
  public var readLine: (_ prompt: String) -> [UInt8]?
  /// Command output.
  public var out: OutputSink
  /// Errors and warnings.
  public var err: OutputSink
  /// The banner and the newline after Ctrl-D: standard output on a terminal, else
  /// standard error, so that only command output goes into a pipe.
  public var chatter: OutputSink
  /// The terminal's width now, read before each line's commands; nil keeps the width.
  public var columns: () -> Int?
  /// Records a line typed (the history).
  public var remember: (String) -> Void
  /// Takes a pending Ctrl-C: one at the prompt, or one that stopped a command, is
  /// spent rather than carried to the next command.
  public var takeInterrupt: () -> Bool

  public init(
    readLine: @escaping (_ prompt: String) -> [UInt8]?, out: OutputSink, err: OutputSink,
    chatter: OutputSink, columns: @escaping () -> Int? = { nil },
    remember: @escaping (String) -> Void = { _ in }, takeInterrupt: @escaping () -> Bool = { false }
  ) {
    self.readLine = readLine
    self.out = out
    self.err = err
    self.chatter = chatter
    self.columns = columns
    self.remember = remember
    self.takeInterrupt = takeInterrupt
  }

  /// Says the banner, then reads and runs lines until `quit` or the end of input, each
  /// command with `effects`; every command that replays is kept for `compare`.
  public func run(_ session: Session, effects: Effects) -> ExitCode {
    run(LineRunner(session: session, recorder: CommandRecorder(isOn: true)), effects: effects)
  }

  /// The loop over `runner`'s session: the shell gives its live view the same runner,
  /// so what is done there is kept for `compare` too.
  func run(_ runner: LineRunner, effects: Effects) -> ExitCode {
    let session = runner.session
    let name = chatter.terminalSafe(session.filePath ?? "<stdin>")
    // A delimiter other than the format's own (a csv file's detected `;`) is said, as
    // `get format` says it.
    let format = session.format.resolved(by: session.document)
    let formatText =
      format.hasOwnDelimiter
      ? format.description : session.document.formatName
    say(
      "rowdrag \(Runner.versionNumber) - \(name): \(session.engine.layout.rowCount) rows"
        + " (\(chatter.terminalSafe(formatText))). Type 'help' for commands, 'quit' to leave.\n",
      chatter)
    var warnedUnsaved = false
    while true {
      let prompt = Prompt.text(for: session.engine)
      guard let bytes = readLine(session.asciiOnly ? ASCIIText.transliterate(prompt) : prompt)
      else {
        // Ctrl-D: like quit.
        say("\n", chatter)
        if session.engine.isDirty && !warnedUnsaved {
          warnedUnsaved = true
          say(
            "warning: unsaved changes; 'write' to save them, or Ctrl-D again to discard them\n", err
          )
          continue
        }
        return .success
      }
      // The bytes as typed: a file name or pattern that is not UTF-8 keeps them.
      let line = String(decoding: bytes, as: UTF8.self)
      if let columns = columns() {
        session.width = columns  // follow the terminal when it is resized
        if session.helpWidth != nil { session.helpWidth = columns }
      }
      remember(line)
      _ = takeInterrupt()  // a Ctrl-C at the prompt is spent
      let result = runner.run(bytes, out: out, effects: effects, keepGoing: false)
      _ = takeInterrupt()  // and so is one that stopped the command
      try? out.flush()
      if out.owesNewline {
        say("\n", out)
        out.owesNewline = false
      }
      for failure in result.failures {
        say("error: \(err.terminalSafe(failure.description))\n", err)
      }
      switch result.quit {
      case .proceed:
        if !line.allSatisfy({ $0 == " " || $0 == "\t" }) { warnedUnsaved = false }
      case .quit(let force):
        if !force && session.engine.isDirty && !warnedUnsaved {
          warnedUnsaved = true
          say(
            "warning: unsaved changes; 'write' to save them, 'quit' again or 'quit!' to discard them\n",
            err)
          continue
        }
        return .success
      }
    }
  }

  private func say(_ text: String, _ sink: OutputSink) {
    try? sink.write(RawText.bytes(text))
    try? sink.flush()
  }
}
