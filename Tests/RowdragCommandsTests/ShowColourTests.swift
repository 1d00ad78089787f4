import RowdragCLI
import Testing

@Suite("show colour")
struct ShowColourTests {
  func picture(_ environment: Environment) -> String {
    rowdrag(["-n", "-e", "press 1; drag +30; show"], stdin: "a\nb\nc\n", environment: environment)
      .stdout
  }

  @Test("colour only on a terminal, never with NO_COLOR or TERM=dumb")
  func colour() {
    let escape = "\u{1B}["
    #expect(
      picture(Environment(stdoutIsTerminal: true, variables: ["TERM": "xterm"])).contains(escape))
    #expect(
      !picture(Environment(stdoutIsTerminal: false, variables: ["TERM": "xterm"])).contains(escape))
    #expect(
      !picture(Environment(stdoutIsTerminal: true, variables: ["TERM": "xterm", "NO_COLOR": "1"]))
        .contains(escape))
    #expect(
      !picture(Environment(stdoutIsTerminal: true, variables: ["TERM": "dumb"])).contains(escape))
    // An empty NO_COLOR does not count (no-color.org).
    #expect(
      picture(Environment(stdoutIsTerminal: true, variables: ["TERM": "xterm", "NO_COLOR": ""]))
        .contains(escape))
  }

  @Test("the picture fits the terminal's width, 80 columns when not a terminal")
  func width() {
    let wide = rowdrag(
      ["-n", "-e", "show"], stdin: String(repeating: "x", count: 300) + "\n",
      environment: Environment(stdoutIsTerminal: true, terminalColumns: 120)
    ).stdout
    #expect(wide.split(separator: "\n").allSatisfy { $0.count <= 120 })
    #expect(wide.split(separator: "\n").contains { $0.count == 120 })
    let piped = rowdrag(["-n", "-e", "show"], stdin: String(repeating: "x", count: 300) + "\n")
      .stdout
    #expect(piped.split(separator: "\n").contains { $0.count == 80 })
  }
}
