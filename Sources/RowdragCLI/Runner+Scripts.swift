import RowdragCommands
import RowdragEngine
import RowdragFormats
import RowdragSystem

/// A script's name in error messages (`-e #2`, a path, `<stdin>`) and its bytes.
typealias ScriptSource = (name: String, text: [UInt8])

/// The script mode: every command of every source in order, then the final list.
extension Runner {
  /// The scripts in order: `-e` and `-f` as given, else standard input when the list
  /// came from a file.
  func scriptSources(_ options: Options) throws -> [ScriptSource] {
    var sources: [ScriptSource] = []
    for script in options.scripts {
      switch script {
      case .expression(let text, let index):
        sources.append(("-e #\(index)", Array(text.utf8)))
      case .file(let path):
        let bytes = path == "-" ? try readStdin() : try FileReader.read(path: path)
        sources.append((path == "-" ? "<stdin>" : path, bytes.array))
      }
    }
    if options.scripts.isEmpty && !options.listFromStdin {
      sources.append(("<stdin>", try readStdin().array))
    }
    return sources
  }

  /// Whether a script's bytes contain the word `compare` (a cheap over-approximation of
  /// "runs a compare command").
  static func mentionsCompare(_ text: [UInt8]) -> Bool {
    let word = Array("compare".utf8)
    return text.withUnsafeBufferPointer { haystack in
      word.withUnsafeBufferPointer { System.firstOffset(of: $0, in: haystack) } != nil
    }
  }

  func runScripts(
    _ sources: [ScriptSource], session: Session, options: Options
  )
    -> ExitCode
  {
    var failed: ExitCode?
    // Keep the commands for a comparison only when one may come.
    session.isRecording =
      options.compare != nil || sources.contains { Self.mentionsCompare($0.text) }
    // Comparing, the script's own output is not wanted: the table is.
    let out = options.compare == nil ? stdout : OutputSink(memoryNamed: "<compare>")
    scripts: for source in sources {
      let lines = source.text.split(separator: 10, omittingEmptySubsequences: false)
      for (index, line) in lines.enumerated() {
        let lineNumber = index + 1
        let result = LineRunner.run(
          Array(line), session: session, out: out, keepGoing: options.keepGoing)
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
    if let names = options.compare {
      if let failed { return failed }
      let words = names + (options.plot.map { ["plot=" + $0] } ?? [])
      do {
        try session.run(.compare(words), named: "--compare", out: stdout)
      } catch {
        report(error.description)
        return error.isIOFailure ? .ioFailure : .commandFailed
      }
    } else if let suffix = options.inPlace, let path = options.file {
      // After any failure nothing is written back; unchanged lists are not rewritten.
      if let failed { return failed }
      if !session.engine.layoutDiffersFromFile { return .success }
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
}
