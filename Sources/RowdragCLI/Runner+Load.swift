import RowdragCommands
import RowdragEngine
import RowdragFormats

/// Reading the list and applying the presets, with the exit status of each failure.
extension Runner {
  enum Loaded {
    case success(Session)
    case failure(ExitCode)
  }

  /// A script run maps the file (fast on huge lists); an interactive session reads it
  /// into memory, so a program that rewrites the file meanwhile cannot change the
  /// list under the session's feet.
  func load(_ options: Options, interactive: Bool) -> Loaded {
    let name = options.listFromStdin ? "<stdin>" : options.file ?? "<stdin>"
    // Patterns and presets are usage errors; check them before reading anything.
    for (option, pattern) in [
      ("--header", options.load.headerPattern), ("--lock", options.load.lockPattern),
      ("--pin", options.load.pinPattern), ("--skip", options.load.skipPattern),
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
    var stamp: FileStamp?
    do {
      if options.inPlace != nil, let path = options.file { try AtomicFile.checkEditable(path) }
      if options.file == nil && environment.stdinIsTerminal && Runner.needsNoList(options) {
        // `rowdrag -e presets` at a terminal: nothing to read the list for.
        store = ByteStore([])
      } else if options.listFromStdin {
        // `rowdrag -e 'move 1 2'` typed at a terminal waits for the list: say so, as
        // `sort` would not, so that nobody waits for nothing.
        if environment.stdinIsTerminal {
          report("reading the list from standard input (the terminal); end it with Ctrl-D")
        }
        store = try readStdin()
      } else {
        (store, stamp) = try FileReader.readStamped(path: options.file, mapping: !interactive)
      }
    } catch {
      // `rowdrag presets`: a command given where a list file goes.
      let command =
        !options.listFromStdin && options.file.map { CommandTable.spec(named: $0) != nil } == true
        && (error as? IOFailure)?.isMissingFile == true
      let hint = command ? "; to run the command, give it with -e: rowdrag -e \(name)" : ""
      return .failure(reportIO(error, name, hint))
    }
    do {
      let (document, layout) = try ListLoader.load(store: store, name: name, options: options.load)
      let session = Session(
        document: document, layout: layout, filePath: options.listFromStdin ? nil : options.file)
      // Then on the real list, where a row height can still overflow its content.
      if let failed = applyPresets(options, to: &session.engine) { return .failure(failed) }
      let terminalWidth = environment.stdoutIsTerminal ? environment.terminalColumns : nil
      session.width = options.width ?? terminalWidth ?? 80
      session.helpWidth = terminalWidth
      session.color = environment.colorAllowed
      session.asciiOnly = ASCIIText.isWanted(environment.variables)
      session.listName = options.file ?? "-"
      session.format = ListLoader.format(of: store, name: name, options: options.load)
      session.loadOptions = options.load
      session.fileStamp = stamp
      let load = options.load
      session.reader = { path in
        let (store, stamp) = try FileReader.readStamped(path: path, mapping: false)
        do {
          let (document, layout) = try ListLoader.load(store: store, name: path, options: load)
          return (document, layout, stamp)
        } catch let error as LoadError {
          throw CommandError(command: "", message: "\(error.location): \(error.message)")
        }
      }
      return .success(session)
    } catch {
      report("\(error.location): \(error.message)")
      return .failure(error.isUsage ? .usage : .badInput)
    }
  }

  /// Applies `--viewport`, `--fps`, … as `set` would; a refused one is a usage error.
  private func applyPresets(_ options: Options, to engine: inout Engine) -> ExitCode? {
    // A preset first, whatever the order: the other options then override it. The
    // board last: it checks the rule all the options settled on.
    let ordered =
      options.presets.filter { $0.key == "preset" }
      + options.presets.filter { $0.key != "preset" && $0.key != "board" }
      + options.presets.filter { $0.key == "board" }
    for preset in ordered {
      do {
        try SettingTable.apply(key: preset.key, values: preset.values, to: &engine)
      } catch EngineError.ruleNotOnBoard(let rule, _) {
        report(
          "--board: the rule \(rule) is not available in board mode; use --rule \(Engine.boardRuleList)"
        )
        return .usage
      } catch {
        let message =
          (error as? CommandError)?.message ?? (error as? EngineError)?.message ?? "\(error)"
        report("--\(preset.key): \(message)")
        return .usage
      }
    }
    return nil
  }
}

extension Runner {
  /// Whether every command of the `-e` scripts is one that reads no list (and there
  /// are some, and no `-f`), so that a list on a terminal need not be typed first.
  static func needsNoList(_ options: Options) -> Bool {
    var any = false
    for script in options.scripts {
      guard case .expression(let text, _) = script else { return false }
      for line in text.split(separator: "\n") {
        var lexer = CommandLexer(line: line)
        while let next = lexer.next() {
          guard case .success(let raw) = next,
            let spec = CommandTable.spec(named: raw.name), !spec.needsList
          else { return false }
          any = true
        }
      }
    }
    return any
  }
}
