import RowdragCommands
import RowdragEngine
import RowdragFormats

/// The whole program as a function: arguments and streams in, an exit status out.
///
/// `main.swift` only wires the real process into this; tests call it with memory sinks
/// and canned standard input.
public struct Runner {
  public var environment: Environment
  public var stdout: OutputSink
  public var stderr: OutputSink
  /// Reads all of standard input (the list, or commands).
  public var readStdin: () throws -> ByteStore
  /// Starts the interactive shell; nil where there is none (tests of the script mode).
  public var startREPL: ((Session, Options) -> ExitCode)?

  public init(
    environment: Environment, stdout: OutputSink, stderr: OutputSink,
    readStdin: @escaping () throws -> ByteStore, startREPL: ((Session, Options) -> ExitCode)? = nil
  ) {
    self.environment = environment
    self.stdout = stdout
    self.stderr = stderr
    self.readStdin = readStdin
    self.startREPL = startREPL
  }

  public static let version = "rowdrag 0.1.0"

  public func run(_ arguments: [String]) -> ExitCode {
    let code = runUnflushed(arguments)
    do {
      try stdout.flush()
    } catch let error as IOFailure {
      // A failure already reported (say, by `print` into a full disk) is not repeated.
      guard code == .success || code == .commandFailed else { return code }
      report("\(error.path): \(error.message)")
      return .ioFailure
    } catch {
      return .ioFailure
    }
    return code
  }

  private func runUnflushed(_ arguments: [String]) -> ExitCode {
    let options: Options
    do {
      options = try OptionParser.parse(arguments)
    } catch {
      report("\(error.message) (see 'rowdrag --help')")
      return .usage
    }
    if options.help { return emit(OptionTable.helpText) }
    if options.version { return emit(Runner.version + "\n") }

    let interactive =
      options.scripts.isEmpty && environment.stdinIsTerminal && !options.listFromStdin
    if options.scripts.isEmpty && environment.stdinIsTerminal && options.file == nil {
      report(
        "no list given; usage: rowdrag [OPTIONS] FILE, or pipe a list in (see 'rowdrag --help')")
      return .usage
    }
    // Load the list.
    let session: Session
    switch load(options) {
    case .success(let loaded): session = loaded
    case .failure(let code): return code
    }
    if interactive {
      guard let startREPL else {
        report("interactive use needs a terminal; give commands with -e or -f")
        return .usage
      }
      return startREPL(session, options)
    }
    // Gather the scripts: -e and -f in order, else standard input when the list came
    // from a file.
    var sources: [(name: String, text: [UInt8])] = []
    for script in options.scripts {
      switch script {
      case .expression(let text, let index):
        sources.append(("-e #\(index)", Array(text.utf8)))
      case .file(let path):
        do {
          sources.append(
            (
              path == "-" ? "<stdin>" : path,
              try FileReader.read(path: path == "-" ? nil : path).array
            ))
        } catch let error as IOFailure {
          report("\(error.path): \(error.message)")
          return .ioFailure
        } catch {
          report("\(path): \(error)")
          return .ioFailure
        }
      }
    }
    if options.scripts.isEmpty && !options.listFromStdin {
      do {
        sources.append(("<stdin>", try readStdin().array))
      } catch {
        report("<stdin>: cannot read commands")
        return .ioFailure
      }
    }
    return runScripts(sources, session: session, options: options)
  }

  private func runScripts(
    _ sources: [(name: String, text: [UInt8])], session: Session, options: Options
  )
    -> ExitCode
  {
    var failed: ExitCode?
    scripts: for source in sources {
      var lineNumber = 0
      for line in source.text.split(separator: 10, omittingEmptySubsequences: false) {
        lineNumber += 1
        let text = String(decoding: line, as: UTF8.self)
        let result = LineRunner.run(
          Substring(text), session: session, out: stdout, keepGoing: options.keepGoing)
        for failure in result.failures {
          report("\(source.name):\(lineNumber): \(failure.description)")
          if failure.isIOFailure {
            failed = .ioFailure
          } else if failed == nil {
            failed = .commandFailed
          }
        }
        if !result.failures.isEmpty && !options.keepGoing { return failed ?? .commandFailed }
        if result.quit != .proceed { break scripts }
      }
    }
    if let failed, options.inPlace != nil { return failed }
    if let suffix = options.inPlace, let path = options.file {
      if !session.engine.layoutDiffersFromFile { return failed ?? .success }
      do {
        try AtomicFile.write(path: path, mustExist: true, backupSuffix: suffix) { out in
          try session.printList(to: out)
        }
      } catch let error as IOFailure {
        report("\(error.path): \(error.message); the file is unchanged")
        return .ioFailure
      } catch {
        report("\(path): \(error)")
        return .ioFailure
      }
    } else if !options.quiet {
      do {
        try session.printList(to: stdout)
      } catch let error as IOFailure {
        report("\(error.path): \(error.message)")
        return .ioFailure
      } catch {
        return .ioFailure
      }
    }
    return failed ?? .success
  }

  private enum Loaded {
    case success(Session)
    case failure(ExitCode)
  }

  private func load(_ options: Options) -> Loaded {
    let name = options.listFromStdin ? "<stdin>" : options.file ?? "<stdin>"
    // Patterns and presets are usage errors; check them before reading anything.
    for (option, pattern) in [
      ("--header", options.load.headerPattern), ("--lock", options.load.lockPattern),
      ("--pin", options.load.pinPattern),
    ] {
      guard let pattern else { continue }
      do {
        _ = try LabelMatcher(pattern)
      } catch {
        report("\(option): \(error.message)")
        return .failure(.usage)
      }
    }
    // Presets are checked on an empty list first, so a bad one costs no read.
    var empty = Engine(layout: Layout(sections: []))
    if let failed = applyPresets(options, to: &empty) { return .failure(failed) }
    let store: ByteStore
    do {
      if options.inPlace != nil, let path = options.file { try AtomicFile.checkEditable(path) }
      store = options.listFromStdin ? try readStdin() : try FileReader.read(path: options.file)
    } catch let error as IOFailure {
      report("\(error.path): \(error.message)")
      return .failure(.ioFailure)
    } catch {
      report("\(name): cannot read")
      return .failure(.ioFailure)
    }
    do {
      let (document, layout) = try ListLoader.load(store: store, name: name, options: options.load)
      let session = Session(
        document: document, layout: layout, filePath: options.listFromStdin ? nil : options.file)
      // Then on the real list, where a row height can still overflow its content.
      if let failed = applyPresets(options, to: &session.engine) { return .failure(failed) }
      session.width = options.width ?? environment.terminalColumns ?? 80
      if !environment.stdoutIsTerminal && options.width == nil { session.width = 80 }
      session.color = environment.colorAllowed
      return .success(session)
    } catch {
      report("\(error.location): \(error.message)")
      return .failure(.badInput)
    }
  }

  /// Applies `--viewport`, `--fps`, … as `set` would; a refused one is a usage error.
  private func applyPresets(_ options: Options, to engine: inout Engine) -> ExitCode? {
    for preset in options.presets {
      do {
        try Session.apply(key: preset.key, values: preset.values, to: &engine)
      } catch let error as CommandError {
        report("--\(preset.key): \(error.message)")
        return .usage
      } catch let error as EngineError {
        report("--\(preset.key): \(error.message)")
        return .usage
      } catch {
        report("--\(preset.key): \(error)")
        return .usage
      }
    }
    return nil
  }

  private func emit(_ text: String) -> ExitCode {
    do {
      try stdout.write(text)
      return .success
    } catch {
      report("\(error)")
      return .ioFailure
    }
  }

  /// One line on standard error: `rowdrag: message`.
  func report(_ message: String) {
    try? stdout.flush()
    try? stderr.write("rowdrag: \(message)\n")
    try? stderr.flush()
  }
}
