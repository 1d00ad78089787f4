import RowdragCommands
import RowdragSystem
import Testing

/// The lexer, the number reading and printing, and the table-driven parser, each on its
/// own (the command cases test them together through a session).
@Suite("lexer, numbers and parser")
struct ParserUnitTests {
  /// Every command of a line, or the error that stopped it.
  func lex(_ line: String) -> [String] {
    var lexer = CommandLexer(line: line)
    var out: [String] = []
    while let result = lexer.next() {
      switch result {
      case .success(let raw):
        out.append(([raw.name] + raw.arguments.map(\.text)).joined(separator: "|"))
      case .failure(let error):
        out.append("error: \(error.command): \(error.message)")
      }
    }
    return out
  }

  @Test("; separates, # comments, /REGEX/ keeps both literally and \\/ is a slash")
  func lexer() {
    #expect(lex("press 3; drag +10 ;; tick") == ["press|3", "drag|+10", "tick"])
    #expect(lex("  # only a comment") == [])
    #expect(lex("tick 2 # the rest is a comment; release") == ["tick|2"])
    #expect(lex("press /a;b#c\\/d/; release") == ["press|/a;b#c/d/", "release"])
    #expect(lex("write /tmp/x y ; list") == ["write|/tmp/x y", "list"])
    #expect(lex("w") == ["w"])
    // Issue 22: trace takes a path as write does, not a /REGEX/.
    #expect(lex("trace /tmp/t.jsonl; tick") == ["trace|/tmp/t.jsonl", "tick"])
    #expect(lex("write! /tmp/x # c") == ["write!|/tmp/x"])
    #expect(lex("press /unclosed").first?.hasPrefix("error: press:") == true)
  }

  @Test("numbers: decimal only, no inf, nan, hex or bare signs")
  func numberParsing() {
    #expect(NumberText.parse("420") == 420)
    #expect(NumberText.parse("-12.5") == -12.5)
    #expect(NumberText.parse("+.5") == 0.5)
    #expect(NumberText.parse("1e3") == 1000)
    #expect(NumberText.parse("5.") == 5)
    for bad in ["", "-", ".", "e3", "1e", "inf", "nan", "0x10", "1_000", " 1", "1 "] {
      #expect(NumberText.parse(bad) == nil, "\(bad)")
    }
    #expect(NumberText.parse("1e999") == .infinity)
    #expect(NumberText.parseWhole("007") == 7)
    #expect(NumberText.parseWhole("-1") == nil)
    #expect(NumberText.parseWhole("99999999999999999999") == nil)
  }

  @Test("numbers print as %.3f without trailing zeros, and as the shortest round trip")
  func numberPrinting() {
    #expect(NumberText.fixed3(0) == "0")
    #expect(NumberText.fixed3(-0.0001) == "0")
    #expect(NumberText.fixed3(1.0 / 3) == "0.333")
    #expect(NumberText.fixed3(1.0005) == "1")  // 1.000499999… in binary: rounds down, as %.3f does
    #expect(NumberText.fixed3(2.0005) == "2.001")  // 2.000500000…1: rounds up
    #expect(NumberText.fixed3(12.5) == "12.5")
    #expect(NumberText.fixed3(-44) == "-44")
    #expect(NumberText.fixed3(.nan) == "0")
    #expect(NumberText.fixed3(.infinity).hasPrefix("17976931348623157"))
    #expect(NumberText.short(600) == "600")
    #expect(NumberText.short(12.5) == "12.5")
    #expect(NumberText.short(0.00001) == "1e-05")
    #expect(NumberText.short(-0.0) == "0")
  }

  func parse(_ line: String) throws(CommandError) -> Command {
    var lexer = CommandLexer(line: line)
    guard case .success(let raw) = lexer.next() else {
      throw CommandError(command: "", message: "did not lex")
    }
    return try CommandParser.parse(raw)
  }

  @Test("each table row parses its arguments into a command")
  func parser() throws {
    #expect(try parse("press 3") == .press(.number(3)))
    #expect(try parse("press y=420") == .pressAt(y: 420))
    #expect(try parse("press $") == .press(.last))
    #expect(try parse("press 2:1") == .press(.sectionRow(2, 1)))
    #expect(try parse("drag /x/") == .dragToRow(.pattern("x")))
    #expect(try parse("drag -12.5") == .dragBy(-12.5))
    #expect(try parse("tick") == .tick(1))
    #expect(try parse("wait 0.5") == .wait(0.5))
    #expect(try parse("drop") == .release)
    #expect(try parse("move 1 $") == .move(.number(1), to: .row(.last)))
    #expect(try parse("move 1 -2") == .move(.number(1), to: .by(-2)))
    #expect(try parse("move /a/ after /b/") == .move(.pattern("a"), to: .after(.pattern("b"))))
    #expect(try parse("scroll bottom") == .scrollBottom)
    #expect(try parse("scroll y=-30") == .scrollTo(-30))
    #expect(
      try parse("set autoscroll linear zone=150")
        == .set(key: "autoscroll", values: ["linear", "zone=150"]))
    #expect(try parse("get rule") == .get(key: "rule"))
    #expect(try parse("w out.txt") == .write("out.txt"))
    #expect(try parse("write! /tmp/out.txt") == .write("/tmp/out.txt", force: true))
    #expect(try parse("reload") == .reload)
    #expect(try parse("trace /tmp/t.jsonl") == .trace("/tmp/t.jsonl"))
    #expect(try parse("Q") == .quit(force: true))
    #expect(try parse("help drag") == .help("drag"))
  }

  @Test("the parser's refusals name the command and say what would be right")
  func parserErrors() {
    func message(_ line: String) -> String {
      do {
        _ = try parse(line)
        return "parsed"
      } catch {
        return error.description
      }
    }
    #expect(
      message("prss 2") == "prss: unknown command; did you mean 'press'? ('help' lists commands)")
    #expect(
      message("press")
        == "press: missing argument; usage: press ADDR | A,B [x=X] y=Y | y=Y | x=X y=Y")
    #expect(message("undo 1") == "undo: unexpected argument '1'; usage: undo")
    #expect(
      message("tick -1")
        == "tick: '-1' is not a frame count; use a whole number from 0 to 2147483647")
    #expect(
      message("move 1 /x/")
        == "move: TO must be N, $, S:R, S:$, +N or -N, not a /REGEX/; to move next to a row, say 'before /x/' or 'after /x/'; into the section whose header matches, '/x/:1'"
    )
    #expect(
      message("drag y=abc")
        == "drag: 'abc' is not a number for y=; use decimal digits like 420 or -12.5")
    #expect(
      message("press 1:x")
        == "press: '1:x' is not a row address; use N, $, S:R, S:$ or /REGEX/ (S: a section number or /HEADER/)"
    )
    #expect(message("set rule") == "set: missing value; usage: set KEY VALUE...")
  }
}

/// Issue 22, item 16: text that keeps bytes which are not UTF-8.
@Suite("raw text")
struct RawTextTests {
  @Test("every string of up to two bytes, and UTF-8 for the escape range, comes back unchanged")
  func roundTrip() {
    for a in 0...255 {
      #expect(RawText.bytes(RawText.string([UInt8(a)])) == [UInt8(a)])
      for b in 0...255 {
        let bytes = [UInt8(a), UInt8(b)]
        #expect(RawText.bytes(RawText.string(bytes)) == bytes)
      }
    }
    for bytes: [UInt8] in [
      [0xF4, 0x8F, 0xBE, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xED, 0xA0, 0x80], [0xC0, 0xAF],
      [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], Array("héllo ✓ 🙂".utf8),
    ] {
      #expect(RawText.bytes(RawText.string(bytes)) == bytes)
    }
    #expect(RawText.string(Array("héllo".utf8)) == "héllo")
    #expect(!RawText.hasEscapes("héllo") && RawText.hasEscapes(RawText.string([0xFF])))
  }

  @Test("the lexer keeps a pattern's and a path's bytes")
  func lexer() throws {
    var lexer = CommandLexer(bytes: [0x70, 0x72, 0x65, 0x73, 0x73, 0x20, 0x2F, 0xFF, 0x2F])
    guard case .success(let command)? = lexer.next(),
      case .pattern(let p)? = command.arguments.first
    else {
      Issue.record("no pattern")
      return
    }
    #expect(RawText.bytes(p) == [0xFF])
    var write = CommandLexer(bytes: Array("write ".utf8) + [0xFD, 0x2E, 0x74])
    guard case .success(let command)? = write.next(), case .word(let w)? = command.arguments.first
    else {
      Issue.record("no path")
      return
    }
    #expect(RawText.bytes(w) == [0xFD, 0x2E, 0x74])
  }
}
