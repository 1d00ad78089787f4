import Foundation
import RowdragFormats
import RowdragTestSupport
import Testing

@testable import RowdragCLI
@testable import RowdragCommands

let todoRows = "pick a1 A\np b2 B\nsquash c3 C\nfixup -c d4 D\nexec make\n\n# Rebase\n"
let taskRows = "- [ ] a\n- [x] b\n- plain\n\n1. [ ] c\n2. [X] d\n"

/// `mark` and `get mark` (FORMATS.md §5.1, issue 42): only the command word or the
/// check box's byte changes; a mark is an edit (undo, redo, dirty); refusals name the
/// row, the format and the marks there are.
let markCases: [CommandCase] = [
  // The word and a fixup's -C/-c are replaced, nothing else; one letter stays one.
  CommandCase(
    "mark 2 fixup; mark 3,4 drop; mark 1 f -C", on: todoRows, options: ["--format", "todo"],
    out: "fixup -C a1 A\nf b2 B\ndrop c3 C\ndrop d4 D\nexec make\n\n# Rebase\n"),
  CommandCase(
    "mark 1,4 reword; get mark 1; get mark 2; undo; get mark 1; redo; get mark 4",
    on: todoRows, options: ["--format", "todo", "-n"], out: "reword\nreword\npick\nreword\n"),
  // Dirty while a mark differs from the file, clean when it is the file's again.
  CommandCase(
    "mark 1 drop; state; mark 1 pick; state", on: todoRows, options: ["--format", "todo", "-n"],
    out:
      #"{"t":0,"offset":0,"content":220,"viewport":600,"phase":"idle","rows":5,"lifted":null,"dirty":true}"#
      + "\n"
      + #"{"t":0,"offset":0,"content":220,"viewport":600,"phase":"idle","rows":5,"lifted":null,"dirty":false}"#
      + "\n"),
  // A plain fixup before a line's own -C or -c would read as that option: refused, all
  // or none, naming what would work; the marks with the option are set (a formats fuzz
  // finding, seed finding-fixup-before-option-C).
  CommandCase(
    "mark 3 fixup; mark 1,2 fixup", on: "p -C\tx A\nfixup -C -c B\npick c3 C\n",
    options: ["--format", "todo"], out: "",
    err:
      "rowdrag: -e #1:1: mark: row 1 ('p -C\tx A') cannot be marked fixup: the -C or -c "
      + "after its verb would read as 'fixup -C' or 'fixup -c'; mark it one of those, or edit "
      + "the line\n", status: 1),
  CommandCase(
    "mark 1,2 fixup -c; get mark 1; get mark 2", on: "p -C\tx A\nfixup -C -c B\n",
    options: ["--format", "todo", "-n"], out: "fixup -c\nfixup -c\n"),
  CommandCase(
    "mark 4,5 drop", on: todoRows, options: ["--format", "todo"], out: "",
    err:
      "rowdrag: -e #1:1: mark: row 5 ('exec make') has no marks: a todo list's marks (pick, "
      + "reword, edit, squash, fixup, fixup -C, fixup -c, drop) are on its pick, reword, edit, "
      + "squash, fixup and drop lines\n", status: 1),
  CommandCase(
    "mark 1 squash --amend", on: todoRows, options: ["--format", "todo"], out: "",
    err:
      "rowdrag: -e #1:1: mark: 'squash --amend' is not a mark of a todo list; use pick, reword, "
      + "edit, squash, fixup, 'fixup -C', 'fixup -c' or drop (or p r e s f d)\n", status: 1),
  CommandCase(
    "press 1; mark 1 drop", on: todoRows, options: ["--format", "todo"], out: "",
    err: "rowdrag: -e #1:1: mark: a gesture is in progress (lifted); release or cancel it first\n",
    status: 1),
  // All or none: a locked row in the range refuses the whole command.
  CommandCase(
    "mark 2,3 drop; print", on: todoRows, options: ["--format", "todo", "--lock", "^squash"],
    out: "", err: "rowdrag: -e #1:1: mark: row 3 is locked; unlock it first\n", status: 1),
  // Markdown task items: the byte in the brackets; an X is kept when marked done.
  CommandCase(
    "mark 1 done; mark 2 todo; mark 4,5 todo; get mark 5", on: taskRows,
    options: ["--format", "markdown"],
    out: "todo\n- [x] a\n- [ ] b\n- plain\n\n1. [ ] c\n2. [ ] d\n"),
  CommandCase(
    "mark 5 todo; mark 5 done", on: taskRows, options: ["--format", "markdown"], out: taskRows),
  // An ordered task list renumbered and marked: both edits in one line.
  CommandCase(
    "move 5 4; mark 4 done; mark 5 done", on: taskRows, options: ["--format", "markdown"],
    out: "- [ ] a\n- [x] b\n- plain\n\n1. [X] d\n2. [x] c\n"),
  CommandCase(
    "mark 3 done", on: taskRows, options: ["--format", "markdown"], out: "",
    err:
      "rowdrag: -e #1:1: mark: row 3 ('- plain') has no marks: a markdown list's marks (done, "
      + "todo) are on its task items ('- [ ] ...')\n", status: 1),
  // --lock tested again on the new label: a task marked done is locked at once.
  CommandCase(
    "mark 1 done; press 1", on: taskRows, options: ["--format", "markdown", "--lock", "\\[x\\]"],
    out: "", err: "rowdrag: -e #1:1: press: row 1 is locked; unlock it first\n", status: 1),
  // A board (issue 42, item 4): a card marked done is locked where checked cards are.
  CommandCase(
    "mark /Fix login/ done; move /Fix login/ 2:$",
    on: "## Todo\n- [ ] Fix login\n- [ ] Write docs\n## Done\n- [x] Ship\n",
    options: ["--format", "markdown", "--board", "--header", "^## ", "--lock", "\\[x\\]"],
    out: "", err: "rowdrag: -e #1:1: move: row 1 is locked; unlock it first\n", status: 1),
  CommandCase(
    "mark 1 done", on: fiveRows, out: "",
    err:
      "rowdrag: -e #1:1: mark: a text list has no marks; marks are todo verbs and Markdown task "
      + "items' done and todo (\"Marks\" in rowdrag-formats(5))\n", status: 1),
  CommandCase(
    "get mark", on: todoRows, options: ["--format", "todo"], out: "",
    err: "rowdrag: -e #1:1: get: get mark reads a row: get mark ADDR\n", status: 1),
  CommandCase(
    "get fps 2", on: todoRows, options: ["--format", "todo"], out: "",
    err: "rowdrag: -e #1:1: get: only get mark reads a row; use get fps (no row)\n", status: 1),
]

@Suite("mark and get mark (issue 42)")
struct MarkCommandTests {
  @Test(arguments: markCases)
  func runs(_ testCase: CommandCase) {
    let result = run(testCase.script, on: testCase.list, options: testCase.options)
    #expect(result.stdout == testCase.stdout)
    #expect(result.stderr == testCase.stderr)
    #expect(result.status == testCase.status)
  }

  /// A session on `text` read as `format`.
  func session(_ text: String, format: String) throws -> Session {
    var options = LoadOptions()
    options.format = FormatChoice(format)
    let (document, layout) = try ListLoader.load(
      store: ByteStore(Array(text.utf8)), name: "t", options: options)
    return Session(document: document, layout: layout, filePath: nil)
  }

  func printed(_ session: Session) throws -> String {
    let out = OutputSink(memoryNamed: "<out>")
    try session.printList(to: out)
    return out.text
  }

  @Test("random marks and moves on random todo lists change only the command words")
  func onlyWordsChange() throws {
    var random = SplitMix64(seed: 42)
    let verbs = ["pick", "p", "reword", "r", "edit", "e", "squash", "s", "fixup", "f", "drop", "d"]
    let marks = ["pick", "reword", "edit", "squash", "fixup", "fixup -C", "fixup -c", "drop"]
    for _ in 0..<60 {
      let count = Int.random(in: 2...12, using: &random)
      var lines: [(verb: String, rest: String)] = (0..<count).map { k in
        (verbs.randomElement(using: &random)!, " \(k)abc\tsubject \(k)")
      }
      let text = lines.map { $0.verb + $0.rest + "\n" }.joined() + "\n# comment\n"
      let session = try session(text, format: "todo")
      for _ in 0..<8 {
        let first = Int.random(in: 0..<count, using: &random)
        let last = Int.random(in: first..<count, using: &random)
        if Bool.random(using: &random) {
          let to = Int.random(in: 0..<count, using: &random)
          try session.engine.move(first, toPosition: to)
          lines.insert(lines.remove(at: first), at: to)
        } else {
          let mark = marks.randomElement(using: &random)!
          try session.mark(
            AddressRange(first: .number(first + 1), last: .number(last + 1)), word: mark,
            isInterrupted: { false })
          for k in first...last {
            let short = lines[k].verb.count == 1 || lines[k].verb.hasPrefix("f -")
            let letter =
              String(mark.prefix(1)) + mark.dropFirst(mark.hasPrefix("fixup -") ? 5 : mark.count)
            lines[k].verb = short ? letter : mark
          }
        }
      }
      let expected = lines.map { $0.verb + $0.rest + "\n" }.joined() + "\n# comment\n"
      #expect(try printed(session) == expected, "\(text)")
      // Undone all the way, the list is its input again, and clean.
      while session.engine.canUndo { try session.engine.undo() }
      #expect(try printed(session) == text)
      #expect(!session.engine.isDirty)
    }
  }

  @Test("after a write the marks are the file's: clean, and undo goes back past the write")
  func writeRebases() throws {
    let session = try session(todoRows, format: "todo")
    try session.mark(
      AddressRange(first: .number(1), last: .number(2)), word: "drop", isInterrupted: { false })
    try session.engine.move(0, toPosition: 3)
    #expect(session.engine.isDirty)
    let previous = session.engine.rebase()
    session.document.rebase(previous, sectionStarts: session.engine.layout.sectionStarts)
    #expect(!session.engine.isDirty)
    let written = "p b2 B\nsquash c3 C\nfixup -c d4 D\ndrop a1 A\nexec make\n\n# Rebase\n"
    #expect(try printed(session) == written.replacingOccurrences(of: "p b2", with: "d b2"))
    // Marked back to what the input said: now a change from the file.
    try session.mark(
      AddressRange(first: .number(4), last: .number(4)), word: "pick", isInterrupted: { false })
    #expect(session.engine.isDirty)
    #expect(try printed(session).contains("pick a1 A\n"))
    try session.engine.undo()
    #expect(!session.engine.isDirty)
  }
}

/// Marks on long todo lists, as the writer finds them while it writes (`MarkPatches`):
/// in input order, after moves (rows written out of input order), and after a write
/// (blocks out of input order), on lists with trivia between rows (which stays where it
/// stands), CRLF lines and a last line without a terminator.
@Suite("marks written on long lists (issue 42)")
struct LongMarkTests {
  @Test("only the command words change, whatever order the rows are written in")
  func longLists() throws {
    var random = SplitMix64(seed: 9)
    let marks = ["pick", "reword", "edit", "squash", "fixup", "fixup -C", "fixup -c", "drop"]
    for round in 0..<24 {
      let count = Int.random(in: 200...3000, using: &random)
      var rows: [(verb: String, rest: String)] = (0..<count).map { k in
        let verb = ["pick", "p", "fixup", "f", "drop"].randomElement(using: &random)!
        return (verb, " \(k) subject" + (k % 7 == 3 ? "\r\n" : "\n"))
      }
      // Trivia after some positions; none after the last, which may lack its terminator.
      let trivia = (0..<count).map { k in
        k < count - 1 && Int.random(in: 0..<10, using: &random) == 0 ? "# note \(k)\n" : ""
      }
      let bare = round % 4 == 3
      func text(_ rows: [(verb: String, rest: String)]) -> String {
        var out = zip(rows, trivia).map { $0.verb + $0.rest + $1 }.joined()
        if bare { out.removeLast() }
        return out
      }
      let input = text(rows)
      var options = LoadOptions()
      options.format = FormatChoice("todo")
      let (document, layout) = try ListLoader.load(
        store: ByteStore(Array(input.utf8)), name: "t", options: options)
      let session = Session(document: document, layout: layout, filePath: nil)
      if round % 4 == 1 {
        // Written once moved: blocks out of input order from then on.
        try session.engine.move(0, toPosition: count - 1)
        let previous = session.engine.rebase()
        session.document.rebase(previous, sectionStarts: session.engine.layout.sectionStarts)
        rows.append(rows.removeFirst())
      }
      for step in 0..<4 {
        if round % 4 == 0 && step == 2 {
          let from = Int.random(in: 0..<count, using: &random)
          let to = Int.random(in: 0..<count, using: &random)
          try session.engine.move(from, toPosition: to)
          rows.insert(rows.remove(at: from), at: to)
        }
        let first = step == 0 ? 0 : Int.random(in: 0..<count, using: &random)
        let last = step == 0 ? count - 1 : Int.random(in: first..<count, using: &random)
        let mark = marks.randomElement(using: &random)!
        try session.mark(
          AddressRange(first: .number(first + 1), last: .number(last + 1)), word: mark,
          isInterrupted: { false })
        let letter =
          String(mark.prefix(1)) + mark.dropFirst(mark.hasPrefix("fixup -") ? 5 : mark.count)
        for k in first...last {
          let short = rows[k].verb.count == 1 || rows[k].verb.hasPrefix("f -")
          rows[k].verb = short ? letter : mark
        }
      }
      let out = OutputSink(memoryNamed: "<out>")
      try session.printList(to: out)
      #expect(out.text == text(rows), "round \(round)")
      if out.text != text(rows) { return }
    }
  }
}
