import CFuzzDriver
import Glibc
import RowdragFuzzTargets

// ROWDRAG_FUZZ_TARGET names the target (commands, json, text, engine, live); libFuzzer's own
// flags and corpus directories follow on the command line (see `make fuzz`).
guard FuzzTarget.selected != nil else {
  let message = "rowdrag-fuzz: set ROWDRAG_FUZZ_TARGET to one of \(FuzzTarget.names)\n"
  _ = message.withCString { write(2, $0, strlen($0)) }
  exit(2)
}
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(rowdrag_run_fuzzer(&argc, &argv))
