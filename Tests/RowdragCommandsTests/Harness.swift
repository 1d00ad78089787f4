import Foundation
import RowdragCLI
import RowdragFormats
import Testing

/// What one in-process run of rowdrag produced.
struct RunResult: Equatable {
  var stdout: String
  var stderr: String
  var status: Int32
}

/// Runs the whole program in memory: arguments, standard input, no terminal.
func rowdrag(_ arguments: [String], stdin: String = "", environment: Environment = Environment())
  -> RunResult
{
  rowdrag(arguments, stdinBytes: Array(stdin.utf8), environment: environment)
}

/// `rowdrag(_:stdin:environment:)` with standard input as raw bytes.
func rowdrag(
  _ arguments: [String], stdinBytes: [UInt8], environment: Environment = Environment()
) -> RunResult {
  let out = OutputSink(memoryNamed: "<stdout>")
  let err = OutputSink(memoryNamed: "<stderr>")
  let runner = Runner(
    environment: environment, stdout: out, stderr: err, readStdin: { ByteStore(stdinBytes) })
  let status = runner.run(arguments)
  return RunResult(stdout: out.text, stderr: err.text, status: status.rawValue)
}

/// Runs `script` (one -e) over `list` given on standard input.
func run(_ script: String, on list: String, options: [String] = []) -> RunResult {
  rowdrag(options + ["-e", script], stdin: list)
}

/// Output lines that are all `state` lines, each as its JSON object.
func stateObjects<Lines: Sequence>(_ lines: Lines) throws -> [[String: Any]]
where Lines.Element: StringProtocol {
  try lines.map {
    try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
  }
}

let fiveRows = "alpha\nbeta\ngamma\ndelta\nepsilon\n"
