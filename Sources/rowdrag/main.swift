import RowdragCLI
import RowdragFormats
import RowdragSystem

System.keepStandardErrorOpen()
Signals.reportShrunkListFile()
Signals.cleanUpOnTermination()
Signals.reportOutOfMemory()

let runner = Runner(
  environment: .current(),
  stdout: OutputSink(fd: 1, name: "<stdout>"),
  stderr: OutputSink(fd: 2, name: "<stderr>"),
  readStdin: { try FileReader.read(path: nil) },
  stdinLines: LineReader.standardInput,
  startREPL: REPL.start,
  startLive: LiveView.start)
System.exit(runner.run(System.arguments().dropFirst().map { $0 }).rawValue)
