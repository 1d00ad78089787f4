#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import RowdragCLI
import RowdragFormats

// A mapped list file that another program shrinks while rowdrag reads it raises
// SIGBUS: say so in one line and exit with the read-failure status, not a crash.
// Only async-signal-safe calls here.
signal(SIGBUS) { _ in
  let message: StaticString = "rowdrag: the list file shrank while it was being read\n"
  _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
  _exit(4)
}

let runner = Runner(
  environment: .current(),
  stdout: OutputSink(fd: 1, name: "<stdout>"),
  stderr: OutputSink(fd: 2, name: "<stderr>"),
  readStdin: { try FileReader.read(path: nil) },
  startREPL: REPL.start)
exit(runner.run(Array(CommandLine.arguments.dropFirst())).rawValue)
