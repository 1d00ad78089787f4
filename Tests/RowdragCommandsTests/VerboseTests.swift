import Testing

@Suite("--verbose and set verbose (issue 46, item 7)")
struct VerboseTests {
  @Test("a script is quiet by default and says each change with --verbose, in order")
  func scriptLines() {
    let script = "move 3 1; press 1; drag +50; tick 2; release; undo; move 1,2 $"
    #expect(run(script, on: fiveRows, options: ["-n"]).stdout == "")
    #expect(
      run(script, on: fiveRows, options: ["-n", "--verbose"])
        == RunResult(
          stdout: "moved 3 → 1\nmoved 1 → 2\nmoved 1,2 → 4,5\n", stderr: "", status: 0))
    // The lines come before the final list, which stays as it was.
    #expect(
      run("move 2 1", on: "a\nb\n", options: ["-v"]).stdout == "moved 2 → 1\nb\na\n")
  }

  @Test("set verbose turns it on and off; get verbose reads it; other words are refused")
  func setting() {
    #expect(
      run(
        "get verbose; set verbose on; get verbose; move 2 1; set verbose off; move 2 1",
        on: "a\nb\n", options: ["-n"]
      ).stdout == "off\non\nmoved 2 → 1\n")
    #expect(
      run("set verbose loud", on: "a\n", options: ["-n"]).stderr
        == "rowdrag: -e #1:1: set: verbose: 'loud' is not one of on, off\n")
    // help lists it with the gesture's settings, and completion offers its values.
    #expect(run("help set", on: "a\n", options: ["-n"]).stdout.contains("  set verbose on|off"))
  }

  @Test("a move the format refuses or a move that changes nothing says nothing")
  func onlyWhatHappened() {
    #expect(run("move 1 1; move /a/ before /a/", on: "a\nb\n", options: ["-n", "-v"]).stdout == "")
  }
}
