#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import RowdragCLI
import RowdragFormats

let runner = Runner(
  environment: .current(),
  stdout: OutputSink(fd: 1, name: "<stdout>"),
  stderr: OutputSink(fd: 2, name: "<stderr>"),
  readStdin: { try FileReader.read(path: nil) },
  startREPL: REPL.start)
exit(runner.run(Array(CommandLine.arguments.dropFirst())).rawValue)
