import Foundation
import RowdragCLI
import RowdragCommands
import RowdragFormats
import RowdragSystem
import Testing

/// Issue 40's rules outside Markdown (FORMATS.md revision 2): a CSV file's delimiter
/// is detected or named by Excel's `sep=` line (§3.4), any byte can be given as one
/// (§2), a byte-order mark stays first in every line format (§1.4), and M3U's entry
/// directives start the first entry (§3.5). The issue's own examples come first.
@Suite("delimiters, byte-order marks and M3U directives (issue 40)")
struct DelimiterAndByteOrderTests {
  static let bom = "\u{FEFF}"

  /// A directory holding `files`, removed after `body`.
  static func withFiles<R>(_ files: [String: [UInt8]], _ body: (URL) throws -> R) throws -> R {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "rowdrag-issue40-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    for (name, bytes) in files {
      try Data(bytes).write(to: dir.appendingPathComponent(name))
    }
    return try body(dir)
  }

  /// The program run in memory, its output as bytes.
  static func run(_ arguments: [String], stdin: [UInt8] = []) -> (
    out: [UInt8], err: String, status: Int32
  ) {
    let out = OutputSink(memoryNamed: "<stdout>")
    let err = OutputSink(memoryNamed: "<stderr>")
    let runner = Runner(
      environment: Environment(), stdout: out, stderr: err, readStdin: { ByteStore(stdin) })
    let status = runner.run(arguments)
    return (out.captured, err.text, status.rawValue)
  }

  static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  // MARK: - the issue's examples

  static let excel = bytes(
    "\u{FEFF}Name;City;Note\r\nAnna;Berlin;\"a;b\"\r\nBen;Wien;x\r\n"
      + "Cleo;Z\u{FC}rich;\"line1\r\nline2\"\r\n")

  @Test("excel.csv: move /Cleo/ 1 moves the two-line record whole, after the header")
  func excelFile() throws {
    try Self.withFiles(["excel.csv": Self.excel]) { dir in
      let path = dir.appendingPathComponent("excel.csv").path
      let result = Self.run(["-e", "move /Cleo/ 1", path])
      #expect(result.status == 0, "\(result.err)")
      let expected =
        "\u{FEFF}Name;City;Note\r\nCleo;Z\u{FC}rich;\"line1\r\nline2\"\r\n"
        + "Anna;Berlin;\"a;b\"\r\nBen;Wien;x\r\n"
      #expect(result.out == Self.bytes(expected))
      #expect(
        Self.run(["-n", "-e", "get format", path]).out == Self.bytes("csv header=yes delimiter=;\n")
      )
      #expect(
        Self.run(["-n", "-e", "list", path]).out
          == Self.bytes(
            "     1\t-\tAnna;Berlin;\"a;b\"\n     2\t-\tBen;Wien;x\n     3\t-\tCleo;Z\u{FC}rich;\"line1\n"
          ))
    }
  }

  @Test("q.csv: a quoted ; field is no error; the file prints as it is (exit 0)")
  func quotedSemicolon() throws {
    let q = Self.bytes("Name;Note\n\"Smith; J.\";x\n")
    try Self.withFiles(["q.csv": q]) { dir in
      let result = Self.run(["-n", "-e", "print", dir.appendingPathComponent("q.csv").path])
      #expect(result.status == 0, "\(result.err)")
      #expect(result.out == q)
    }
  }

  @Test("Excel's sep=; line stays first and is never a row, with header=yes or no")
  func excelLine() {
    let input = Self.bytes("sep=;\r\nName;Note\r\nA;\"x;y\"\r\nB;z\r\n")
    let moved = Self.run(["--format", "csv", "-e", "move 1 $"], stdin: input)
    #expect(moved.out == Self.bytes("sep=;\r\nName;Note\r\nB;z\r\nA;\"x;y\"\r\n"), "\(moved.err)")
    let rows = Self.run(
      ["--format", "csv header=no", "-n", "-e", "list; move 1 $; print"], stdin: input)
    #expect(
      rows.out
        == Self.bytes(
          "     1\t-\tName;Note\n     2\t-\tA;\"x;y\"\n     3\t-\tB;z\n"
            + "sep=;\r\nA;\"x;y\"\r\nB;z\r\nName;Note\r\n"))
    // delimiter= given reads with it; the sep= line is still Excel's, and stays first.
    let given = Self.run(
      ["--format", "csv delimiter=, header=no", "-n", "-e", "list; get format"],
      stdin: Self.bytes("sep=;\na,b\n"))
    #expect(given.out == Self.bytes("     1\t-\ta,b\ncsv header=no delimiter=,\n"))
    // tsv has no sep= line.
    let tsv = Self.run(
      ["--format", "tsv header=no", "-n", "-e", "list"], stdin: Self.bytes("sep=;\na\tb\n"))
    #expect(tsv.out == Self.bytes("     1\t-\tsep=;\n     2\t-\ta\tb\n"))
  }

  @Test("get format shows the detected delimiter; a given one is shown as given")
  func getFormat() {
    let cases: [(String, String, String)] = [
      ("csv", "a;b\n1;2\n", "csv header=yes delimiter=;"),
      ("csv", "a\tb\n", "csv header=yes delimiter=\\t"),
      ("csv header=no", "a|b\n1|2\n", "csv header=no delimiter=|"),
      ("csv", "name\nx\n", "csv header=yes delimiter=,"),
      ("csv", "sep=|\na;b\n", "csv header=yes delimiter=|"),
      ("csv delimiter=,", "a;b\n1;2\n", "csv header=yes delimiter=,"),
      ("tsv", "a;b\n1;2\n", "tsv header=yes delimiter=\\t"),
    ]
    for (format, input, expected) in cases {
      let result = Self.run(
        ["--format", format, "-n", "-e", "get format"], stdin: Self.bytes(input))
      #expect(result.out == Self.bytes(expected + "\n"), "\(format) \(input.debugDescription)")
    }
  }

  @Test("the REPL's banner names a delimiter that is not the format's own")
  func banner() throws {
    func banner(_ name: String, _ text: String) throws -> String {
      try Self.withFiles([name: Self.bytes(text)]) { dir in
        let out = OutputSink(memoryNamed: "<stdout>")
        let err = OutputSink(memoryNamed: "<stderr>")
        let runner = Runner(
          environment: Environment(stdinIsTerminal: true), stdout: out, stderr: err,
          readStdin: { ByteStore([]) },
          startREPL: { session, _, effects in
            REPLLoop(readLine: { _ in nil }, out: out, err: err, chatter: err).run(
              session, effects: effects)
          })
        _ = runner.run([dir.appendingPathComponent(name).path])
        return String(err.text.split(separator: "\n").first ?? "")
      }
    }
    #expect(
      try banner("a.csv", "a;b\n1;2\n").hasSuffix(
        ": 1 rows (csv header=yes delimiter=;). Type 'help' for commands, 'quit' to leave."))
    #expect(try banner("a.csv", "a,b\n1,2\n").contains(": 1 rows (csv). Type"))
    #expect(try banner("a.tsv", "a\tb\n1\t2\n").contains(": 1 rows (tsv). Type"))
  }

  // MARK: - any byte as the delimiter

  @Test("delimiter= takes any byte, one above 0x7F too (a Latin-1 export's §)")
  func latin1Delimiter() {
    // Latin-1: `Café§Menge` — é is 0xE9, § is 0xA7; a quoted § inside a field.
    let input: [UInt8] =
      Array("Caf".utf8) + [0xE9, 0xA7] + Array("Menge\n\"a".utf8) + [0xA7]
      + Array("b\"".utf8) + [0xA7] + Array("1\nc".utf8) + [0xA7] + Array("2\n".utf8)
    let raw = RawText.string(Array("csv label=2 delimiter=".utf8) + [0xA7])
    for format in [raw, "csv label=2 delimiter=\\xa7", "csv label=2,delimiter=\\xA7"] {
      let result = Self.run(["--format", format, "-e", "list; move 2 1; get format"], stdin: input)
      #expect(result.status == 0, "\(format.debugDescription): \(result.err)")
      let expected =
        "     1\t-\t1\n     2\t-\t2\n"
        + "csv header=yes delimiter=\\xa7 label=2\n"
      #expect(
        result.out
          == Self.bytes(expected) + Array(input[0..<11]) + Array("c".utf8) + [0xA7]
          + Array("2\n\"a".utf8) + [0xA7] + Array("b\"".utf8) + [0xA7] + Array("1\n".utf8),
        "\(format.debugDescription)")
    }
    // A control byte is shown as \xHH, and a space or a comma as itself.
    let shown = Self.run(["--format", "csv delimiter=\\x01", "-n", "-e", "get format"])
    #expect(shown.out == Self.bytes("csv header=yes delimiter=\\x01\n"))
  }

  @Test("a character of several bytes is refused, saying how to give its Latin-1 byte")
  func multiByteDelimiter() {
    let cases: [(String, [String])] = [
      ("csv delimiter=§", ["one byte", "'§' is 2 bytes in UTF-8", "delimiter=\\xa7", "$'csv"]),
      ("csv delimiter=¦", ["delimiter=\\xa6"]),
      ("csv delimiter=€", ["one byte", "3 bytes", "\\xHH"]),
      ("csv delimiter=ab", ["one byte (\\t for a tab, \\xHH for any byte)"]),
      ("csv delimiter=\\x4", ["one byte"]),
      ("csv delimiter=\\xg1", ["one byte"]),
    ]
    for (format, words) in cases {
      let result = Self.run(["--format", format, "-e", "list"], stdin: Self.bytes("a\n"))
      #expect(result.status == 2, "\(format)")
      for word in words { #expect(result.err.contains(word), "\(format): \(result.err)") }
    }
  }

  // MARK: - the byte-order mark

  @Test("a byte-order mark stays first in every line format; no part of the first row")
  func byteOrderMark() {
    let cases: [(format: String, input: String, label: String, moved: String)] = [
      ("text", "a\nb\nc\n", "a", "b\nc\na\n"),
      ("text", "a\nb\nc", "a", "b\nc\na"),
      ("text skip=^#", "a\n# x\nb\n", "a", "b\n# x\na\n"),
      ("todo", "pick a\npick b\n# end\n", "pick a", "pick b\npick a\n# end\n"),
      ("csv", "h,i\n1,2\n3,4\n", "1,2", "h,i\n3,4\n1,2\n"),
      ("csv header=no", "h,i\n1,2\n", "h,i", "1,2\nh,i\n"),
      ("tsv header=no", "h\ti\n1\t2\n", "h\ti", "1\t2\nh\ti\n"),
      (
        "m3u", "#EXTINF:1,A\na.mp3\n#EXTINF:2,B\nb.mp3\n", "A",
        "#EXTINF:2,B\nb.mp3\n#EXTINF:1,A\na.mp3\n"
      ),
      ("m3u", "a.mp3\nb.mp3\n", "a.mp3", "b.mp3\na.mp3\n"),
      ("jsonl", "{\"title\":\"a\"}\n\"b\"\n", "a", "\"b\"\n{\"title\":\"a\"}\n"),
    ]
    for (format, input, label, moved) in cases {
      let result = Self.run(
        ["--format", format, "-n", "-e", "list 1; move 1 $; print"],
        stdin: Self.bytes(Self.bom + input))
      #expect(result.status == 0, "\(format): \(result.err)")
      #expect(
        result.out == Self.bytes("     1\t-\t\(label)\n" + Self.bom + moved),
        "\(format) \(input.debugDescription): \(String(decoding: result.out, as: UTF8.self).debugDescription)"
      )
    }
    // --header sees the first line without the mark.
    let header = Self.run(
      ["--header", "^#", "-n", "-e", "move 1:1 $; print"],
      stdin: Self.bytes(Self.bom + "# A\na\nb\n"))
    #expect(header.out == Self.bytes(Self.bom + "# A\nb\na\n"), "\(header.err)")
    // A file that is only the mark has no row and prints as it is.
    let only = Self.run(["-n", "-e", "state; print"], stdin: Self.bytes(Self.bom))
    #expect(String(decoding: only.out, as: UTF8.self).contains("\"rows\":0"))
    #expect(only.out.suffix(3) == Self.bytes(Self.bom)[...])
  }

  // MARK: - M3U entry directives

  @Test("p.m3u: move 1 $ keeps the mark first, and the file reads back as two entries")
  func playlistMark() throws {
    for text in [
      "\u{FEFF}#EXTM3U\n#EXTINF:1,A\na.mp3\n#EXTINF:2,B\nb.mp3\n",
      "\u{FEFF}#EXTINF:1,A\na.mp3\n#EXTINF:2,B\nb.mp3\n",
    ] {
      try Self.withFiles(["p.m3u": Self.bytes(text)]) { dir in
        let path = dir.appendingPathComponent("p.m3u").path
        let moved = Self.run(["-i", "-e", "move 1 $", path])
        #expect(moved.status == 0, "\(moved.err)")
        let written = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(Array(written.prefix(3)) == [0xEF, 0xBB, 0xBF])
        #expect(
          Self.run(["-n", "-e", "list", path]).out == Self.bytes("     1\t-\tB\n     2\t-\tA\n"))
      }
    }
  }

  @Test(
    "an entry that starts with #EXTVLCOPT: keeps its option when moved to the top and read again")
  func optionBeforeTitle() throws {
    let text = "#EXTM3U\n#EXTINF:1,A\na.mp3\n#EXTVLCOPT:start-time=5\n#EXTINF:2,B\nb.mp3\n"
    try Self.withFiles(["p.m3u": Self.bytes(text)]) { dir in
      let path = dir.appendingPathComponent("p.m3u").path
      #expect(Self.run(["-i", "-e", "move 2 1", path]).status == 0)
      // Read again, B's entry is its option, title and path: moved back, all three go.
      let back = Self.run(["-e", "move 1 $", path])
      #expect(back.out == Self.bytes(text), "\(String(decoding: back.out, as: UTF8.self))")
    }
    // Every entry directive ends the header block and starts the first entry.
    for directive in [
      "#EXTVLCOPT:x=1", "#EXTGRP:Rock", "#KODIPROP:a=b", "#EXTBYT:100", "#EXTALB:Al",
      "#EXTART:Ar", "#EXTIMG:c.jpg",
    ] {
      let input = "#EXTM3U\n#PLAYLIST:Mix\n\(directive)\n#EXTINF:1,A\na.mp3\n#EXTINF:2,B\nb.mp3\n"
      let result = Self.run(["--format", "m3u", "-e", "move 1 $"], stdin: Self.bytes(input))
      #expect(
        result.out
          == Self.bytes(
            "#EXTM3U\n#PLAYLIST:Mix\n#EXTINF:2,B\nb.mp3\n\(directive)\n#EXTINF:1,A\na.mp3\n"),
        "\(directive)")
    }
    // Other # lines at the top stay the file's: a plain comment, and #EXTINF without ':'.
    let top = Self.run(
      ["--format", "m3u", "-e", "move 1 $"],
      stdin: Self.bytes("#EXTM3U\n# mine\n#EXTINF\n#EXTINF:1,A\na.mp3\nb.mp3\n"))
    #expect(top.out == Self.bytes("#EXTM3U\n# mine\n#EXTINF\nb.mp3\n#EXTINF:1,A\na.mp3\n"))
  }
}
