import RowdragCommands
import RowdragEngine
import RowdragFormats
import RowdragSystem

/// The script mode: every command of every source in order, each line run as it
/// arrives, then the final list.
extension Runner {
  /// The scripts in order: `-e` and `-f` as given, else standard input when the list
  /// came from a file. Files are opened now (a missing one fails before any command
  /// runs), FIFOs at their turn; nothing is read yet.
  func scriptSources(_ options: Options) throws -> [LineReader] {
    var sources: [LineReader] = []
    let flush = { [stdout] in try stdout.flush() }
    for script in options.scripts {
      switch script {
      case .expression(let text, let index):
        sources.append(LineReader(name: "-e #\(index)", bytes: RawText.bytes(text)))
      case .file(let path):
        sources.append(
          path == "-" ? try standardInputLines(flush) : try .open(path: path, beforeWaiting: flush))
      }
    }
    if options.scripts.isEmpty && !options.listFromStdin {
      sources.append(try standardInputLines(flush))
    }
    return sources
  }

  private func standardInputLines(_ flush: @escaping () throws -> Void) throws -> LineReader {
    if let stdinLines { return stdinLines(flush) }
    return LineReader(name: "<stdin>", bytes: try readStdin().array)
  }

  /// `--compare … trace:FILE`: each trace is read before anything runs, so a bad one
  /// is bad input (exit 3, `FILE:LINE:COL: …`) and an unreadable one an I/O failure
  /// (exit 4), as a bad or missing list is.
  /// With `rowCount`, once the list is loaded, a `row` past the list is bad input too.
  func checkTraces(_ options: Options, rowCount: Int? = nil) -> ExitCode? {
    let names = (options.compare ?? []) + (options.fit.map { [$0] } ?? [])
    for name in names where name.hasPrefix(ComparisonRequest.tracePrefix) {
      do {
        _ = try AppTrace.read(
          path: String(name.dropFirst(ComparisonRequest.tracePrefix.count)), rowCount: rowCount)
      } catch let error as AppTraceError {
        report(error.description)
        return .badInput
      } catch {
        report((error as? IOFailure)?.description ?? "\(error)")
        return .ioFailure
      }
    }
    return nil
  }

  /// `--fit trace:FILE`, once the script ran: the fit's report on standard output.
  /// Ctrl-C stops the search; the best line so far is printed, and then the run ends as
  /// Ctrl-C ends a filter.
  private func runFit(_ trace: String, runner: LineRunner, effects: Effects) -> ExitCode {
    var effects = effects
    Signals.catchInterrupts()
    effects.isInterrupted = { Signals.interruptPending }
    do {
      try runner.run(.meta(.fit([trace])), named: "--fit", out: stdout, effects: effects)
    } catch {
      report(error.description)
      if Signals.takeInterrupt() { Signals.endByInterrupt() }
      return error.isIOFailure ? .ioFailure : .commandFailed
    }
    if Signals.takeInterrupt() {
      try? stdout.flush()
      Signals.endByInterrupt()
    }
    return .success
  }

  /// Whether commands must be kept for a comparison: `--compare`, or a source that
  /// mentions a command that reads them (`compare`; a cheap over-approximation of
  /// "runs it") — and
  /// a stream, which cannot be searched before it runs. A stream keeps at most
  /// `CommandRecorder.streamLimit` commands, so an endless one runs in flat memory.
  /// Under `--compare` a behaviour `set` inside the gesture is refused at its line.
  static func recorder(_ sources: [LineReader], options: Options) -> CommandRecorder {
    if options.replaysScript {
      return CommandRecorder(isOn: true, refusesBehaviourSetsInGesture: true)
    }
    let names = CommandTable.commands.filter(\.readsHistory).flatMap { [$0.name] + $0.aliases }
    let mentions = sources.map { source -> Bool? in
      var any = false
      for name in names {
        guard let found = source.mentions(name) else { return nil }
        any = any || found
      }
      return any
    }
    if mentions.contains(nil) {
      return CommandRecorder(isOn: true, limit: CommandRecorder.streamLimit)
    }
    return CommandRecorder(isOn: mentions.contains(true))
  }

  func runScripts(
    _ sources: [LineReader], session: Session, options: Options, effects: Effects
  )
    -> ExitCode
  {
    var failed: ExitCode?
    let runner = LineRunner(session: session, recorder: Self.recorder(sources, options: options))
    // Comparing, the script's own output is not wanted: the table is.
    let out = options.replaysScript ? OutputSink(memoryNamed: "<compare>") : stdout
    scripts: for source in sources {
      var lineNumber = 0
      while true {
        let line: [UInt8]
        do {
          guard let next = try source.nextDroppingComments() else { break }
          line = next
        } catch {
          return afterFailure(reportIO(error, source.name), session, options)
        }
        lineNumber += 1
        let result = runner.run(line, out: out, effects: effects, keepGoing: options.keepGoing)
        for failure in result.failures {
          report("\(source.name):\(lineNumber): \(failure.description)")
          if failure.isIOFailure {
            failed = .ioFailure
          } else if failed == nil {
            failed = .commandFailed
          }
        }
        // Ctrl-C that stopped a drop hook stops the script, --keep-going or not.
        if !result.failures.isEmpty && (!options.keepGoing || Signals.hookWasInterruptedPending) {
          return afterFailure(failed ?? .commandFailed, session, options)
        }
        if result.quit != .proceed { break scripts }
      }
    }
    if !options.replaysScript,
      let warning = session.touches.panWarning(hold: session.engine.settings.hold)
    {
      report(warning)
    }
    if let fit = options.fit {
      if let failed { return failed }
      if let failed = checkTraces(options, rowCount: session.engine.layout.order.count) {
        return failed
      }
      return runFit(fit, runner: runner, effects: effects)
    } else if let names = options.compare {
      if let failed { return failed }
      if let failed = checkTraces(options, rowCount: session.engine.layout.order.count) {
        return failed
      }
      let words = names + (options.plot.map { ["plot=" + $0] } ?? [])
      do {
        try runner.run(.meta(.compare(words)), named: "--compare", out: stdout, effects: effects)
      } catch {
        report(error.description)
        return error.isIOFailure ? .ioFailure : .commandFailed
      }
    } else if let suffix = options.inPlace, let path = options.file {
      // After a failure nothing is written back, but what the drop hook accepted (its
      // side applied it): the file agrees with the hook. Unchanged lists are not rewritten.
      if let failed { return afterFailure(failed, session, options) }
      if !session.ownFileIsStale { return .success }
      do {
        try AtomicFile.write(
          path: path, mustExist: true, backupSuffix: suffix, unchangedSince: session.fileStamp
        ) { out in
          try session.printList(to: out)
        }
      } catch is FileChanged {
        report(
          "\(path) changed since it was read; not overwritten (the file keeps the other "
            + "program's changes: run again on it)")
        return .ioFailure
      } catch {
        return reportIO(error, path, "; the file is unchanged")
      }
    } else if !options.quiet {
      do {
        try session.printList(to: stdout)
      } catch {
        return reportIO(error, "<stdout>")
      }
    }
    return failed ?? .success
  }

  /// `-i` after a failure with `--on-drop`: the order the hook last accepted is written,
  /// then the run fails as it would have.
  private func afterFailure(_ failed: ExitCode, _ session: Session, _ options: Options)
    -> ExitCode
  {
    let status = writeAccepted(failed, session, options)
    // Ctrl-C stopped a drop hook: the script ends as Ctrl-C ends a filter.
    if Signals.takeHookWasInterrupted() { Signals.endByInterrupt() }
    return status
  }

  private func writeAccepted(_ failed: ExitCode, _ session: Session, _ options: Options)
    -> ExitCode
  {
    guard !options.replaysScript, let suffix = options.inPlace, let path = options.file else {
      return failed
    }
    do {
      if try session.writeAcceptedByHook(path: path, backupSuffix: suffix) {
        report(
          "\(path): wrote the order the --on-drop command last accepted; the commands "
            + "after it are not written")
      }
    } catch is FileChanged {
      report(
        "\(path) changed since it was read; the order the --on-drop command accepted is "
          + "not written")
      return .ioFailure
    } catch {
      return reportIO(error, path, "; the file is unchanged")
    }
    return failed
  }
}
