import Foundation
import Testing

@Suite("text lists survive byte for byte")
struct RoundTripTests {
  static let cases: [(String, [UInt8])] = [
    ("lf", Array("one\ntwo\nthree\n".utf8)),
    ("crlf", Array("one\r\ntwo\r\nthree\r\n".utf8)),
    ("mixed terminators", Array("one\r\ntwo\nthree\r\nfour".utf8)),
    ("nul bytes", [0x61, 0x00, 0x62, 0x0A, 0x00, 0x0A, 0x63, 0x0A]),
    ("invalid utf-8", [0xFF, 0xFE, 0x0A, 0xC3, 0x28, 0x0A, 0xE2, 0x82, 0x0A]),
    ("no final newline", Array("a\nb\nc".utf8)),
    ("empty file", []),
    ("only a newline", [0x0A]),
    ("blank lines", Array("\n\n\nx\n\n".utf8)),
    ("tabs and bracket", Array("[x] done\n\tindented\n".utf8)),
    ("1 MB line", Array(repeating: 0x78, count: 1 << 20) + [0x0A, 0x79, 0x0A]),
  ]

  @Test("print of an unedited file is the file", arguments: cases.map(\.0))
  func printIsIdentity(_ name: String) throws {
    let bytes = Data(Self.cases.first { $0.0 == name }!.1)
    let dir = try TemporaryDirectory()
    let path = try dir.file("list.txt", bytes)
    let viaFile = try Binary.run(["--text", path], stdin: Data())
    #expect(viaFile.status == 0)
    #expect(viaFile.stdout == bytes)
    let viaStdin = try Binary.run(["--text", "-e", "print", "-n"], stdin: bytes)
    #expect(viaStdin.stdout == bytes)
  }

  @Test("a move and its inverse give the file back, CR, NUL and bad UTF-8 intact")
  func moveBack() throws {
    let bytes = Data([0xFF, 0x0A] + Array("a\r\nb\u{0}c\nd".utf8))
    let moved = try Binary.run(["--text", "-e", "move 1 $; move $ 1"], stdin: bytes)
    #expect(moved.stdout == bytes)
  }

  @Test("the unterminated last line takes the last terminator when it moves up (SPEC §9.21)")
  func finalLineMovesUp() throws {
    let moved = try Binary.run(["-e", "move $ 1"], stdin: Data("a\r\nb\r\nc".utf8))
    #expect(moved.stdout == Data("c\r\na\r\nb".utf8))
    let twice = try Binary.run(["-e", "print; move 1 2"], stdin: Data("a\nb".utf8))
    // The first print ends without a newline; more output follows, so a \n comes first.
    #expect(twice.text == "a\nb\nb\na")
  }

  @Test("--header makes sections; moving across a header changes the file")
  func headers() throws {
    let list = "loose\n# Work\nreport\n# Home\nmilk\neggs\n"
    let listing = try Binary.run(["--header", "^# ", "-e", "list", "-n"], stdin: Data(list.utf8))
    #expect(
      listing.text
        == "     1\t-\tloose\n    2:\t#\t# Work\n     2\t-\treport\n    3:\t#\t# Home\n     3\t-\tmilk\n     4\t-\teggs\n"
    )
    let moved = try Binary.run(["--header", "^# ", "-e", "move 3 2:1"], stdin: Data(list.utf8))
    #expect(moved.text == "loose\n# Work\nmilk\nreport\n# Home\neggs\n")
    let state = try Binary.run(
      ["--header", "^# ", "-n", "-e", "move 1 2:1; state"], stdin: Data(list.utf8))
    #expect(state.text.contains("\"content\":232"))  // 4 rows·44 + 2 titled headers·28
    #expect(state.text.contains("\"dirty\":true"))
  }
}
