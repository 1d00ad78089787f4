import Testing

/// Issue 46, item 6: messages that finish the job — each names what would be right.
let finishingMessageCases: [CommandCase] = [
  CommandCase(
    "delete 1", out: "",
    err:
      "rowdrag: -e #1:1: delete: rowdrag reorders rows and deletes none; a git rebase todo drops "
      + "a commit with its drop mark (mark ADDR drop), and your editor or sed deletes lines\n",
    status: 1),
  CommandCase(
    "move 2..4 1", out: "",
    err:
      "rowdrag: -e #1:1: move: '2..4' is not a row address; a range is written A,B as in sed: "
      + "2,4\n", status: 1),
  CommandCase(
    "move 2-4 1", out: "",
    err:
      "rowdrag: -e #1:1: move: '2-4' is not a row address; a range is written A,B as in sed: "
      + "2,4\n", status: 1),
  CommandCase(
    "move /alpha/ before", out: "",
    err: "rowdrag: -e #1:1: move: before needs a row: move ADDR before ADDR\n", status: 1),
  CommandCase(
    "list", on: "name,city\nAnn,Berlin\n", options: ["--format", "csv label=Name"], out: "",
    err:
      "rowdrag: <stdin>:1:1: csv: the header record has no field named \"Name\"; give label=N "
      + "(a field number) or one of the header's names: name, city\n", status: 3),
  CommandCase(
    "list", on: #"{"a":{"b":[1],"c":2}}"#, options: ["--format", "json path=/a/x"], out: "",
    err:
      "rowdrag: <stdin>:1:6: path=/a/x: /a is an object with no member \"x\" (its members: "
      + "\"b\", \"c\")\n", status: 3),
  CommandCase(
    "list", on: #"{"a":[1,2]}"#, options: ["--format", "json path=/a/5"], out: "",
    err:
      "rowdrag: <stdin>:1:6: path=/a/5: /a is an array with no element 5 (its elements are 0 "
      + "to 1)\n", status: 3),
]

@Suite("messages that finish the job (issue 46, item 6)")
struct FinishingMessageTests {
  @Test(arguments: finishingMessageCases)
  func says(_ testCase: CommandCase) {
    let result = run(testCase.script, on: testCase.list, options: testCase.options)
    #expect(result.stdout == testCase.stdout)
    #expect(result.stderr == testCase.stderr)
    #expect(result.status == testCase.status)
  }

  @Test("--help lines every option's summary up, --completion-script among them")
  func helpColumns() {
    let help = rowdrag(["--help"], stdin: "").stdout
    let options = help.split(separator: "\n").filter {
      $0.hasPrefix("  -") || $0.hasPrefix("      --")
    }
    // Where each summary starts: past the synopsis and the blanks after it.
    let columns = Set(
      options.map { line -> Int in
        let text = Array(line)
        var k = 0
        while k < text.count && text[k] == " " { k += 1 }
        while k + 1 < text.count && !(text[k] == " " && text[k + 1] == " ") { k += 1 }
        while k < text.count && text[k] == " " { k += 1 }
        return k
      })
    #expect(options.count > 20)
    #expect(columns.count == 1, "\(columns)")
    #expect(help.contains("--completion-script SHELL  print the bash, zsh or fish"))
  }
}
