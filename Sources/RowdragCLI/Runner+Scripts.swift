import RowdragCommands
import RowdragEngine
import RowdragFormats

/// The script mode: every command of every source in order, then the final list.
extension Runner {
  func runScripts(
    _ sources: [(name: String, text: [UInt8])], session: Session, options: Options
  )
    -> ExitCode
  {
    var failed: ExitCode?
    scripts: for source in sources {
      var lineNumber = 0
      for line in source.text.split(separator: 10, omittingEmptySubsequences: false) {
        lineNumber += 1
        let result = LineRunner.run(
          Array(line), session: session, out: stdout, keepGoing: options.keepGoing)
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
