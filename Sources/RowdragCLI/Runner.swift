import RowdragCommands
import RowdragEngine
import RowdragFormats
import RowdragSystem

/// The whole program as a function: arguments and streams in, an exit status out.
///
/// `main.swift` only wires the real process into this; tests call it with memory sinks
/// and canned standard input.
public struct Runner {
  public var environment: Environment
  public var stdout: OutputSink
  public var stderr: OutputSink
  /// Reads all of standard input (the list).
  public var readStdin: () throws -> ByteStore
  /// Standard input as lines of commands, read as they arrive; its argument runs before
  /// a read that would wait. Nil: the lines of `readStdin()` (tests).
  public var stdinLines: ((_ beforeWaiting: @escaping () throws -> Void) -> LineReader)?
  /// Starts the interactive shell, whose commands have the effects given (it adds its
  /// terminal's); nil where there is none (tests of the script mode).
  public var startREPL: ((Session, Options, Effects) -> ExitCode)?
  /// Starts the live view (`--live`); nil where there is none.
  public var startLive: ((Session, Options, Effects) -> ExitCode)?

  public init(
    environment: Environment, stdout: OutputSink, stderr: OutputSink,
    readStdin: @escaping () throws -> ByteStore,
    stdinLines: ((_ beforeWaiting: @escaping () throws -> Void) -> LineReader)? = nil,
    startREPL: ((Session, Options, Effects) -> ExitCode)? = nil,
    startLive: ((Session, Options, Effects) -> ExitCode)? = nil
  ) {
    self.environment = environment
    self.stdout = stdout
    self.stderr = stderr
    self.readStdin = readStdin
    self.stdinLines = stdinLines
    self.startREPL = startREPL
    self.startLive = startLive
  }

  /// The release.
  public static let versionNumber = "0.2.0"
  /// `--version`: the version and the licence, as GNU tools print them.
  public static let version = """
    rowdrag \(versionNumber)
    License GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>; the engine
    and the row order (Sources/RowdragEngine, Sources/RowdragBase) are Apache-2.0.
    This is free software: you are free to change and redistribute it.
    There is NO WARRANTY, to the extent permitted by law.
    """

  public func run(_ arguments: [String]) -> ExitCode {
    let code = runUnflushed(arguments)
    do {
      try stdout.flush()
    } catch let error as IOFailure {
      // A failure already reported (say, by `print` into a full disk) is not repeated.
      guard code == .success || code == .commandFailed else { return code }
      report(error.description)
      return .ioFailure
    } catch {
      return .ioFailure
    }
    return code
  }

  /// `rowdrag presets`, `rowdrag help`: a command that needs no list, given alone where
  /// the list file goes and naming no file there, runs as `-e` would run it, as
  /// `git help` does; a file of that name is still the list.
  static func takeCommandForFile(_ options: inout Options) {
    guard options.scripts.isEmpty, !options.live, let word = options.file,
      let spec = CommandTable.spec(named: word), !spec.needsList,
      System.status(ofPath: word) == nil
    else { return }
    options.scripts = [.expression(word, index: 1)]
    options.file = nil
  }

  private func runUnflushed(_ arguments: [String]) -> ExitCode {
    // `--complete`, for the completion scripts only, is read before the option table
    // so that `--help` does not list it.
    if arguments.first == "--complete" {
      guard
        let text = ShellCompletion.output(
          Array(arguments.dropFirst()), home: environment.variables["HOME"])
      else {
        report("usage: rowdrag --complete bash|zsh|fish LINE [WORD]")
        return .usage
      }
      return emit(text)
    }
    var options: Options
    do {
      options = try OptionParser.parse(arguments)
    } catch {
      report("\(error.message) (see 'rowdrag --help')")
      return .usage
    }
    Self.takeCommandForFile(&options)
    if options.help { return emit(OptionTable.helpText) }
    if options.version { return emit(Runner.version + "\n") }
    if let shell = options.completionScript { return emit(CompletionScript.text(for: shell)) }

    if let refusal = liveRefusal(options) ?? compareRefusal(options) {
      report("\(refusal) (see 'rowdrag --help')")
      return .usage
    }
    if let failed = checkTraces(options) { return failed }
    let interactive =
      options.scripts.isEmpty && environment.stdinIsTerminal && !options.listFromStdin
    if options.scripts.isEmpty && environment.stdinIsTerminal && options.file == nil {
      report(
        "no list given; usage: rowdrag [OPTIONS] FILE, or pipe a list in (see 'rowdrag --help')")
      return .usage
    }
    // Load the list.
    let session: Session
    switch load(options, interactive: interactive) {
    case .success(let loaded): session = loaded
    case .failure(let code): return code
    }
    let trace = TraceSink()
    var effects = Self.effects(options, trace: trace)
    if environment.stderrIsTerminal { effects.progress = ProgressLine(stderr).update }
    // What a command changed out of sight, for a program reading the output as it
    // comes (`--verbose`, `set verbose on`); each line is flushed as it is told.
    session.verbose = options.verbose
    effects.notify = { [stdout = self.stdout] line in
      try? stdout.write(stdout.terminalSafe(line) + "\n")
      try? stdout.flush()
    }
    if let path = options.trace {
      do {
        try session.run(
          .meta(.trace(path)), named: "--trace", out: stdout, effects: effects, recorder: .off)
      } catch {
        report(error.description)
        return error.isIOFailure ? .ioFailure : .usage
      }
    }
    let status = run(session, options, interactive: interactive, effects: effects)
    do {
      try trace.close()
    } catch {
      return reportIO(error, options.trace ?? "--trace")
    }
    return status
  }

  /// The effects of the commands run here, whatever runs them: the trace, and the
  /// drop hook of `--on-drop`; no notifications, and no Ctrl-C but the signal's own
  /// (the shell and the live view add theirs).
  static func effects(_ options: Options, trace: TraceSink) -> Effects {
    var effects = Effects.none
    effects.trace = trace
    effects.dropHook = options.onDrop.map { command in
      var limits = HookLimits()
      limits.timeout = options.onDropTimeout
      return DropHook(command: command, limits: limits, interrupted: { false })
    }
    return effects
  }

  /// What runs once the list is loaded: the live view, the shell or the scripts.
  private func run(
    _ session: Session, _ options: Options, interactive: Bool, effects: Effects
  ) -> ExitCode {
    if options.live {
      guard let startLive else {
        report("--live needs a terminal")
        return .usage
      }
      return startLive(session, options, effects)
    }
    if interactive {
      guard let startREPL else {
        report("interactive use needs a terminal; give commands with -e or -f")
        return .usage
      }
      return startREPL(session, options, effects)
    }
    let sources: [LineReader]
    do {
      sources = try scriptSources(options)
    } catch {
      return reportIO(error, "<stdin>")  // read failures name their file themselves
    }
    return runScripts(sources, session: session, options: options, effects: effects)
  }

  private func emit(_ text: String) -> ExitCode {
    do {
      try stdout.write(text)
      return .success
    } catch {
      return reportIO(error, stdout.name)
    }
  }

  /// Reports a failed read or write (exit status 4), naming the file.
  func reportIO(_ error: any Error, _ path: String, _ suffix: String = "") -> ExitCode {
    if let failure = error as? IOFailure {
      report(failure.description + suffix)
    } else {
      report("\(path): \(error)\(suffix)")
    }
    return .ioFailure
  }

  /// One line on standard error: `rowdrag: message`.
  func report(_ message: String) {
    try? stdout.flush()
    // A file name or pattern that is not UTF-8 is written as its bytes, as cat does.
    try? stderr.write(RawText.bytes("rowdrag: \(stderr.terminalSafe(message))\n"))
    try? stderr.flush()
  }

  /// Why `--compare`, `--fit` (or `--plot`) cannot be used with these options, if so.
  private func compareRefusal(_ options: Options) -> String? {
    if options.fit != nil {
      if options.compare != nil { return "--fit and --compare each print a table; give one" }
      if options.plot != nil { return "--plot goes with --compare, not --fit" }
      if options.live { return "--fit replays a script; it does not go with --live" }
      if options.inPlace != nil { return "--fit prints a table; it does not go with -i" }
    }
    if options.plot != nil && options.compare == nil { return "--plot goes with --compare" }
    if let plot = options.plot, let refusal = ComparisonRequest.plotRefusal(plot) {
      return "--plot " + refusal
    }
    guard let names = options.compare else { return nil }
    if options.live { return "--compare replays a script; it does not go with --live" }
    if options.inPlace != nil { return "--compare prints a table; it does not go with -i" }
    if names.isEmpty { return "--compare needs preset names, e.g. --compare rowdrag,flutter" }
    return nil
  }

  /// Why `--live` (or `--record`) cannot be used with these options here, if so.
  private func liveRefusal(_ options: Options) -> String? {
    if options.record != nil && !options.live { return "--record goes with --live" }
    guard options.live else { return nil }
    if !options.scripts.isEmpty { return "--live takes no -e or -f: the commands come from you" }
    // A list from standard input (`… | rowdrag --live -`) is read to its end first; the
    // view then uses /dev/tty. With standard input the terminal there is no list.
    if options.listFromStdin && environment.stdinIsTerminal {
      return "--live needs a FILE, or a list piped in ('seq 10 | rowdrag --live -')"
    }
    if options.inPlace != nil { return "--live writes with the w key, not -i" }
    if let record = options.record, OutputPath.isList(record, listPath: options.file) {
      return "--record: \(record) is the list itself; record to another file"
    }
    return LiveView.refusal(environment)
  }
}
