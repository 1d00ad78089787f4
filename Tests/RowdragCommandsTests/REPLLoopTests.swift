import Foundation
import RowdragCLI
import RowdragFormats
import Testing

/// The interactive shell's loop with canned lines and memory sinks instead of readline
/// and the terminal (issue 20): the prompts it shows, what it prints and `ed`'s guard.
@Suite("the REPL loop, injected")
struct REPLLoopTests {
  struct Transcript {
    var prompts: [String] = []
    var out = ""
    var err = ""
    var status: Int32 = -1
  }

  /// Runs the shell over `list` (a file) with `lines` typed and then the end of input,
  /// as many times as asked.
  func shell(_ lines: [String], list: String = fiveRows) throws -> Transcript {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("rowdrag-repl-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("list.txt").path
    try list.write(toFile: path, atomically: true, encoding: .utf8)
    let out = OutputSink(memoryNamed: "<stdout>")
    let err = OutputSink(memoryNamed: "<stderr>")
    var transcript = Transcript()
    var typed = lines[...]
    let runner = Runner(
      environment: Environment(stdinIsTerminal: true), stdout: out, stderr: err,
      readStdin: { ByteStore([]) },
      startREPL: { session, _, effects in
        REPLLoop(
          readLine: { prompt in
            transcript.prompts.append(prompt)
            return typed.popFirst().map { Array($0.utf8) }
          }, out: out, err: err, chatter: err
        ).run(session, effects: effects)
      })
    transcript.status = runner.run([path]).rawValue
    transcript.out = out.text
    transcript.err = err.text
    return transcript
  }

  @Test("the prompt shows the count and the unsaved mark; quit asks twice when unsaved")
  func promptsAndQuit() throws {
    let t = try shell(["move 1 3", "print", "quit", "quit"])
    #expect(t.prompts == ["rowdrag[5]> ", "rowdrag[5*]> ", "rowdrag[5*]> ", "rowdrag[5*]> "])
    #expect(t.out == "beta\ngamma\nalpha\ndelta\nepsilon\n")
    #expect(t.err.hasPrefix("rowdrag 0.2.0 - "))
    #expect(
      t.err.hasSuffix(
        "warning: unsaved changes; 'write' to save them, 'quit' again or 'quit!' to discard them\n")
    )
    #expect(t.status == 0)
  }

  @Test("an error is reported and the loop goes on; the end of input warns once, then leaves")
  func errorsAndEndOfInput() throws {
    let t = try shell(["move 9 1", "move 2 1"])
    #expect(t.err.contains("error: "))
    #expect(t.prompts.count == 4)  // two lines, then the end of input twice
    #expect(
      t.err.hasSuffix(
        "\nwarning: unsaved changes; 'write' to save them, or Ctrl-D again to discard them\n\n"))
    #expect(t.status == 0)
  }
}
