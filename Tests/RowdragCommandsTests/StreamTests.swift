import Foundation
import RowdragCLI
import RowdragCommands
import RowdragFormats
import Testing

/// Commands on standard input run as their lines arrive, with standard output flushed
/// whenever rowdrag is about to wait for more.
@Suite("streamed commands")
struct StreamTests {
  /// A reader that hands out `chunks` one per read, calling `beforeWaiting` first as a
  /// read of an empty pipe would, and noting what standard output held by then.
  final class Pipe {
    var chunks: [String]
    var seen: [String] = []
    init(_ chunks: [String]) { self.chunks = chunks }

    func reader(out: OutputSink, beforeWaiting: @escaping () throws -> Void) -> LineReader {
      LineReader(name: "<stdin>") { buffer in
        try beforeWaiting()
        self.seen.append(out.text)
        guard !self.chunks.isEmpty else { return 0 }
        return StreamTests.deliver(&self.chunks, into: buffer)
      }
    }
  }

  /// Copies as much of the first chunk as fits, keeping the rest for the next read.
  static func deliver(_ chunks: inout [String], into buffer: UnsafeMutableRawBufferPointer)
    -> Int
  {
    let chunk = Array(chunks.removeFirst().utf8)
    let n = min(chunk.count, buffer.count)
    buffer.copyBytes(from: chunk[..<n])
    if n < chunk.count { chunks.insert(String(decoding: chunk[n...], as: UTF8.self), at: 0) }
    return n
  }

  /// Runs `arguments` with the list in a file and the commands from `pipe`.
  func run(_ arguments: [String], pipe: Pipe) throws -> RunResult {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "rowdrag-stream-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let list = directory.appendingPathComponent("rows.txt").path
    try fiveRows.write(toFile: list, atomically: true, encoding: .utf8)
    let out = OutputSink(memoryNamed: "<stdout>")
    let err = OutputSink(memoryNamed: "<stderr>")
    let runner = Runner(
      environment: Environment(), stdout: out, stderr: err, readStdin: { ByteStore([]) },
      stdinLines: { pipe.reader(out: out, beforeWaiting: $0) })
    let status = runner.run(arguments + [list])
    return RunResult(stdout: out.text, stderr: err.text, status: status.rawValue)
  }

  @Test("each line runs when it is complete; the answer is out before the next read")
  func conversation() throws {
    let pipe = Pipe(["press 2\nstate\n", "drag +44\nrel", "ease\nstate\n", "list\n"])
    let result = try run(["-n"], pipe: pipe)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(pipe.seen.count == 5)
    #expect(pipe.seen[0] == "")
    #expect(
      pipe.seen[1].hasSuffix(
        #""lifted":{"row":2,"from":2,"finger":66,"center":66},"dirty":false}"# + "\n"))
    // Half a command is not run: the release waits for the rest of its line.
    #expect(pipe.seen[2] == pipe.seen[1])
    #expect(pipe.seen[3].hasSuffix(#""phase":"idle","rows":5,"lifted":null,"dirty":true}"# + "\n"))
    #expect(pipe.seen[4] == result.stdout)
    #expect(
      result.stdout.hasSuffix(
        "1\t-\talpha\n     2\t-\tgamma\n     3\t-\tbeta\n     4\t-\tdelta\n     5\t-\tepsilon\n"))
  }

  @Test("an error stops the stream with status 1, without reading on; --keep-going goes on")
  func errors() throws {
    let pipe = Pipe(["state\nprss 2\n", "state\n"])
    let stopped = try run(["-n"], pipe: pipe)
    #expect(stopped.status == 1)
    #expect(
      stopped.stderr
        == "rowdrag: <stdin>:2: prss: unknown command; did you mean 'press'? ('help' lists commands)\n"
    )
    #expect(pipe.chunks == ["state\n"])
    let going = try run(["-n", "--keep-going"], pipe: Pipe(["state\nprss 2\n", "state\n"]))
    #expect(going.status == 1)
    #expect(going.stdout.split(separator: "\n").count == 2)
  }

  @Test("a stream keeps its first commands for compare, then drops them: flat memory")
  func compareLimit() throws {
    let gesture = "press 3\ndrag y=590\ntick 5\nrelease\ncompare rowdrag,flutter\n"
    let compared = try run(["-n"], pipe: Pipe([gesture]))
    #expect(compared.status == 0)
    #expect(compared.stdout.hasPrefix("Comparing 2 presets on 4 commands:"))
    let limit = CommandRecorder.streamLimit
    let ticks = String(repeating: "tick 1\n", count: limit + 1)
    let long = try run(["-n"], pipe: Pipe([ticks, "compare rowdrag\n"]))
    #expect(long.status == 1)
    #expect(
      long.stderr
        == "rowdrag: <stdin>:\(limit + 2): compare: a command stream keeps its first \(limit) commands for compare and this one ran more; give the script with -f FILE or -e, or use rowdrag --compare\n"
    )
  }

  @Test("lines split over reads, longer than the buffer, and without a final newline")
  func lineReader() throws {
    let long = String(repeating: "x", count: 200_000)
    var chunks = [
      "a\nb", "", "c\n\n" + long.prefix(70_000), String(long.dropFirst(70_000)) + "\nend",
    ]
    let reader = LineReader(name: "test") { buffer in
      chunks.isEmpty ? 0 : Self.deliver(&chunks, into: buffer)
    }
    var lines: [String] = []
    while let line = try reader.next() { lines.append(String(decoding: line, as: UTF8.self)) }
    // An empty read is the end, as read(2) says.
    #expect(lines == ["a", "b"])
    #expect(reader.mentions("a") == nil)
    let memory = LineReader(name: "-e #1", bytes: Array("a\n\nb;compare x".utf8))
    #expect(memory.mentions("compare") == true)
    var all: [String] = []
    while let line = try memory.next() { all.append(String(decoding: line, as: UTF8.self)) }
    #expect(all == ["a", "", "b;compare x"])
    var parts = ["a\nb", "c\n\n" + long.prefix(70_000), String(long.dropFirst(70_000)) + "\nend"]
    let split = LineReader(name: "test") { buffer in
      parts.isEmpty ? 0 : Self.deliver(&parts, into: buffer)
    }
    var got: [String] = []
    while let line = try split.next() { got.append(String(decoding: line, as: UTF8.self)) }
    #expect(got == ["a", "bc", "", long, "end"])
  }
}
