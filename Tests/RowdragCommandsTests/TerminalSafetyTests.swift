import RowdragCLI
import RowdragCommands
import RowdragFormats
import Testing

/// Labels and user text that would steer a terminal reach it escaped; files and pipes
/// get the bytes as they are.
@Suite("terminal safety")
struct TerminalSafetyTests {
  /// An OSC 52 clipboard write, a screen clear, a title change, a C1 CSI, a bidi
  /// override and a byte that is not UTF-8, one per row.
  static let hostile: [UInt8] =
    Array("\u{1B}]52;c;cm0gLXJmIH4=\u{07}\n".utf8) + Array("\u{1B}[2J\u{1B}]0;owned\u{07}\n".utf8)
    + Array("c1 \u{9B}31m red\n".utf8) + Array("evil\u{202E}txt.exe\n".utf8) + [0x61, 0xFF, 0x0A]

  /// Runs `script` over the hostile list with both sinks set to be terminals or not.
  func run(_ script: String, terminal: Bool) -> (out: [UInt8], err: String) {
    let out = OutputSink(memoryNamed: "<stdout>")
    let err = OutputSink(memoryNamed: "<stderr>")
    out.isTerminal = terminal
    err.isTerminal = terminal
    let runner = Runner(
      environment: Environment(), stdout: out, stderr: err,
      readStdin: { ByteStore(Self.hostile) })
    _ = runner.run(["-n", "-e", script])
    return (out.captured, err.text)
  }

  @Test("the escaper: caret notation, \\x9b, \\u202E and \\xff; printable text unchanged")
  func escaper() {
    #expect(TerminalText.escape("\u{1B}]52;c;x\u{07}") == "^[]52;c;x^G")
    #expect(TerminalText.escape("a\tb\nc\u{7F}") == "a\tb^Jc^?")
    #expect(TerminalText.escape("\u{9B}2J") == "\\x9b2J")
    #expect(TerminalText.escape("evil\u{202E}gnp.exe") == "evil\\u202Egnp.exe")
    #expect(TerminalText.escape("é 卵 😀 ok") == "é 卵 😀 ok")
    var out: [UInt8] = []
    ([0x61, 0xFF, 0x9B, 0xC3] as [UInt8]).withUnsafeBufferPointer {
      TerminalText.escape($0, into: &out)
    }
    #expect(String(decoding: out, as: UTF8.self) == "a\\xff\\x9b\\xc3")
  }

  @Test("list escapes labels on a terminal and passes them through into a pipe")
  func list() {
    let terminal = String(decoding: run("list", terminal: true).out, as: UTF8.self)
    #expect(!terminal.unicodeScalars.contains { TerminalText.isControl($0.value) && $0 != "\n" })
    #expect(terminal.contains("^[]52;c;cm0gLXJmIH4=^G"))
    #expect(terminal.contains("c1 \\x9b31m red"))
    #expect(terminal.contains("evil\\u202Etxt.exe"))
    #expect(terminal.contains("a\\xff"))
    let piped = run("list", terminal: false).out
    #expect(piped.split(separator: 0x0A).count == 5)
    #expect(Array(piped).contains(0x1B) && Array(piped).contains(0xFF))
  }

  @Test("print stays byte for byte even on a terminal")
  func print() {
    #expect(run("print", terminal: true).out == Self.hostile)
  }

  @Test("show draws every control character as ?")
  func show() {
    let picture = String(decoding: run("show", terminal: false).out, as: UTF8.self)
    #expect(!picture.unicodeScalars.contains { TerminalText.isControl($0.value) && $0 != "\n" })
  }

  @Test("error messages quoting user text are escaped on a terminal")
  func errors() {
    let message = run("press /\u{1B}[2J/", terminal: true).err
    #expect(
      message
        == "rowdrag: -e #1:1: press: invalid /REGEX/ '^[[2J': unmatched [, [^, [:, [., or [=\n")
    #expect(run("press /\u{1B}[2J/", terminal: false).err.contains("\u{1B}[2J"))
  }
}

@Suite("a terminal that is not UTF-8")
struct ASCIITerminalTests {
  @Test("under LANG=C show draws ASCII only, column for column; UTF-8 locales keep the marks")
  func show() {
    let list = Array("caf\u{E9}\n".utf8) + [0xFF, 0xFE] + Array(" bad\n\u{4E2D}\u{6587}\n".utf8)
    for (locale, ascii) in [
      ("C", true), ("POSIX", true), ("en_US.UTF-8", false), ("C.utf8", false),
    ] {
      let environment = Environment(variables: ["LANG": locale])
      let result = rowdrag(["-n", "-e", "show"], stdinBytes: list, environment: environment)
      let isASCII = result.stdout.unicodeScalars.allSatisfy { $0.isASCII }
      #expect(isASCII == ascii, "\(locale)")
      if ascii {
        #expect(result.stdout.contains("- caf?  "))
        #expect(result.stdout.contains("- ?? bad"))
        #expect(result.stdout.contains("- ????  "), "a wide character is two columns of ?")
      }
    }
    // LC_ALL wins over LANG, and no variable at all means UTF-8.
    let all = Environment(variables: ["LANG": "en_US.UTF-8", "LC_ALL": "C"])
    let forced = rowdrag(["-n", "-e", "show"], stdinBytes: list, environment: all).stdout
    #expect(forced.unicodeScalars.allSatisfy { $0.isASCII })
    let unset = rowdrag(["-n", "-e", "show"], stdinBytes: list).stdout
    #expect(!unset.unicodeScalars.allSatisfy { $0.isASCII })
  }

  @Test("the marks of the pictures become single ASCII characters")
  func marks() {
    #expect(ASCIIText.transliterate("› · ↑↓ ◀ ▶ ── … →") == "> . ^v < > -- > >")
  }
}
