import RowdragCommands
import RowdragFormats
import Testing

/// Refusals that used to be cryptic say what is wrong and what to do.
@Suite("clear messages")
struct MessageTests {
  func error(_ arguments: [String], _ stdin: [UInt8]) -> (String, Int32) {
    let result = rowdrag(arguments, stdinBytes: stdin)
    return (result.stderr, result.status)
  }

  @Test("a UTF-8 byte-order mark or UTF-16 JSON is named, with the fix")
  func encodings() {
    let bom = error(["--json", "-e", "print"], [0xEF, 0xBB, 0xBF] + Array(#"["a"]"#.utf8))
    #expect(bom.1 == 3)
    #expect(bom.0.hasPrefix("rowdrag: <stdin>:1:1: the file starts with a UTF-8 byte-order mark"))
    let utf16 = error(["--json", "-e", "print"], [0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00])
    #expect(utf16.0.contains("the file is UTF-16 (or UTF-32), and JSON lists must be UTF-8"))
  }

  @Test("a NUL is quoted as \\x00")
  func nul() {
    #expect(
      error(["--json", "-e", "print"], Array("[\"a\",".utf8) + [0, 0x5D]).0
        == "rowdrag: <stdin>:1:6: expected a value, found '\\x00'\n")
  }

  @Test("\\N{NAME} and huge repeat counts in a /REGEX/ are refused with the reason")
  func patterns() {
    #expect(
      run("press /\\N{LATIN SMALL LETTER A}/", on: "a\n").stderr.contains(
        "\\N{NAME} character names are not supported; type the character itself"))
    #expect(run("press /a{99999}/", on: "a\n").stderr.contains("too complex"))
  }

  @Test("JSON is detected by shape, never by validity: one number does not switch formats")
  func detection() {
    #expect(run("state", on: "[1, 2]\n", options: ["-n"]).stdout.contains(#""rows":2"#))
    let invalid = run("state", on: "[1, 02]\n", options: ["-n"])
    #expect(invalid.status == 3)
    #expect(invalid.stderr.contains("give --text to read it as lines"))
    #expect(run("state", on: "[1, 02]\n", options: ["-n", "--text"]).stdout.contains(#""rows":1"#))
    // A todo list with checkboxes starts with [ but does not end with ]: text.
    #expect(run("state", on: "[x] done\n[ ] todo\n", options: ["-n"]).stdout.contains(#""rows":2"#))
  }
}

@Suite("help on a terminal")
struct HelpWrapTests {
  @Test("help wraps to the terminal's width between words, and not at all in a pipe")
  func wraps() throws {
    let (document, layout) = try ListLoader.load(
      store: ByteStore(Array("a\n".utf8)), name: "t", options: LoadOptions())
    let session = Session(document: document, layout: layout, filePath: nil)
    func help(_ width: Int?) throws -> String {
      session.helpWidth = width
      let out = OutputSink(memoryNamed: "<help>")
      try session.run(.help(nil), named: "help", out: out, effects: .none, recorder: .off)
      return out.text
    }
    let piped = try help(nil)
    #expect(piped == CommandTable.helpText)
    for width in [40, 60, 100] {
      let wrapped = try help(width)
      // The same words in the same order, none cut.
      #expect(
        wrapped.split(whereSeparator: { $0 == " " || $0 == "\n" })
          == piped.split(whereSeparator: { $0 == " " || $0 == "\n" }))
      for line in wrapped.split(separator: "\n") where line.unicodeScalars.count > width {
        // Only a single word longer than the width may overflow.
        #expect(line.split(separator: " ").count == 1, "\(width): '\(line)'")
      }
    }
  }
}
