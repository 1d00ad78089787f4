import RowdragCommands
import RowdragEngine
import RowdragFormats
import RowdragSystem

/// `rowdrag --live FILE`: the list full screen, reordered with the mouse or the keys
/// (`LiveController`), on a terminal taken over for the purpose (`FullScreen`).
public enum LiveView {
  /// Why the live view cannot start here, or nil when it can: it needs a terminal that
  /// can draw (`TERM` not `dumb`) — standard input and output, or, when the list comes
  /// through a pipe or the result goes to one, the controlling terminal (`/dev/tty`),
  /// as `fzf` and `less` use it.
  public static func refusal(_ environment: Environment) -> String? {
    guard
      (environment.stdinIsTerminal && environment.stdoutIsTerminal)
        || FullScreen.controllingTerminalOpens()
    else {
      return "--live needs a terminal: standard input and output are none, and /dev/tty "
        + "does not open"
    }
    guard environment.variables["TERM"] != "dumb" else {
      return "--live needs a terminal that can draw (TERM is dumb)"
    }
    return nil
  }

  /// Runs the live view until `q` or Ctrl-C. The hold is UIKit's long-press time,
  /// half a second, unless the command line gave one.
  public static func start(_ session: Session, _ options: Options, _ effects: Effects)
    -> ExitCode
  {
    let stderr = OutputSink(fd: 2, name: "<stderr>")
    if !options.presets.contains(where: { $0.key == "hold" }) {
      try? session.engine.setHold(0.5)
    }
    var recorder: LiveRecorder?
    if let path = options.record {
      switch LiveRecorder.open(path) {
      case .success(let opened): recorder = opened
      case .failure(let error):
        try? stderr.write("rowdrag: \(error.description)\n")
        try? stderr.flush()
        return .ioFailure
      }
    }
    // Nothing is kept for `compare`: the view has none.
    let runner = LineRunner(session: session, recorder: .off)
    let chosen = options.presets.contains { $0.key == "column" || $0.key == "spacing" }
    switch run(
      runner, effects: effects, recorder: recorder, fromShell: false, columnsChosen: chosen)
    {
    case .failure(let error):
      try? stderr.write("rowdrag: \(error.message)\n")
      try? stderr.flush()
      return .usage
    case .success(let end):
      var status: ExitCode = end == .quit ? .success : .interrupted
      // From a pipe, the list the session ended with goes to standard output (`q` and
      // `w` alike); Ctrl-C sends nothing, as fzf's Esc.
      if end == .quit && options.listFromStdin {
        let stdout = OutputSink(fd: 1, name: "<stdout>")
        do {
          try session.printList(to: stdout)
          try stdout.flush()
        } catch {
          try? stderr.write("rowdrag: \(error)\n")
          status = .ioFailure
        }
      }
      // A recording that stopped is said once, after the terminal is given back.
      if let message = recorder?.failureMessage {
        try? stderr.write("rowdrag: \(stderr.terminalSafe(message))\n")
        try? stderr.flush()
        if end == .quit { return .ioFailure }
      }
      return status
    }
  }

  /// The shell's `live`: back at the prompt on `q` or Ctrl-C. A hold of 0 (the
  /// shell's default, where a press lifts at once) is half a second while the view is
  /// open, so that the mouse can pan as well as lift. Its commands have the shell's
  /// `effects` (which say nothing: the view has its own message line), and the shell's
  /// `runner` keeps them for `compare`.
  static func openFromShell(_ runner: LineRunner, effects: Effects) throws(CommandError) {
    let session = runner.session
    let hold = session.engine.settings.hold
    if hold == 0 { try? session.engine.setHold(0.5) }
    defer {
      if hold == 0, case .idle = session.engine.phase {
        try? session.engine.setHold(0)
      }
    }
    if case .failure(let error) = run(runner, effects: effects, recorder: nil, fromShell: true) {
      throw error
    }
  }

  /// Takes the terminal, runs the view, gives the terminal back. Its commands have
  /// `effects`, with nothing to say (the view has its own message line) and the drop
  /// hook stopped by the raw terminal's Ctrl-C.
  static func run(
    _ runner: LineRunner, effects: Effects, recorder: LiveRecorder?, fromShell: Bool,
    columnsChosen: Bool = false
  )
    -> Result<LiveController.End, CommandError>
  {
    let session = runner.session
    let environment = Environment.current()
    if let refusal = refusal(environment) {
      return .failure(CommandError(command: "", message: refusal))
    }
    guard FullScreen.enter() else {
      return .failure(
        CommandError(command: "", message: "--live needs a terminal and cannot take it"))
    }
    // The view draws on a terminal whatever standard output is (/dev/tty).
    var terminal = environment
    terminal.stdoutIsTerminal = true
    let color = terminal.colorAllowed
    var effects = effects
    effects.notify = nil
    // The terminal is raw: Ctrl-C is a key, read while a drop hook runs to stop it.
    effects.dropHook?.interrupted = { FullScreen.takeInterruptKey() }
    let controller = LiveController(
      runner: runner, effects: effects, recorder: recorder, color: color,
      asksBeforeQuit: !fromShell && session.filePath != nil,
      writesToStandardOutput: !fromShell && session.filePath == nil, columnsChosen: columnsChosen)
    let end = controller.run()
    FullScreen.leave()
    // What the drop hook said, whole, where the shell's scrollback keeps it (the view
    // showed each hook's last line on its message line).
    if !controller.hookOutput.isEmpty {
      let stderr = OutputSink(fd: 2, name: "<stderr>")
      let text = String(decoding: controller.hookOutput, as: UTF8.self)
      var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      if lines.last?.isEmpty == true { lines.removeLast() }
      for line in lines {
        try? stderr.write(stderr.terminalSafe(String(line)) + "\n")
      }
      try? stderr.flush()
    }
    return .success(end)
  }
}
