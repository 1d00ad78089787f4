import Foundation
import RowdragCommands
import Testing

/// Board mode (BOARD.md): the worked examples of §11 exactly, the drop hook of §7, and
/// one test per exact decision of §10, each naming its number.
@Suite("board mode")
struct BoardTests {
  /// BOARD.md §11's board.md.
  static let board =
    "## Todo\nWrite spec\nFix login bug\nShip 1.2\n## Doing\nReview PR\n## Done\nRelease notes done\n"
  static let options = ["--board", "--header", "^## ", "--lock", " done$"]
  /// §11 D's k.json.
  static let kanbanJSON =
    #"{"Todo": ["a", "b", "c"], "Doing": ["d", "e"], "Done": [{"title": "f", "locked": true}]}"#
    + "\n"

  static func state(
    t: String = "0", x: String = "0", columns: [(String, String, Int)], phase: String = "idle",
    lifted: String = "null", dirty: Bool
  ) -> String {
    let cols = columns.map { #"{"offset":\#($0.0),"content":\#($0.1),"rows":\#($0.2)}"# }
    return
      #"{"t":\#(t),"x":\#(x),"width":1125,"screen":375,"viewport":600,"columns":[\#(cols.joined(separator: ","))],"phase":"\#(phase)","rows":5,"lifted":\#(lifted),"dirty":\#(dirty)}"#
  }

  @Test("§11 A: a drag into the next column appends the task after Review PR")
  func exampleA() {
    let result = run(
      "press 1:2; drag x=560 y=80; release; state", on: Self.board, options: Self.options)
    #expect(result.status == 0)
    #expect(
      result.stdout
        == Self.state(columns: [("0", "116", 2), ("0", "116", 2), ("0", "72", 1)], dirty: true)
        + "\n## Todo\nWrite spec\nShip 1.2\n## Doing\nReview PR\nFix login bug\n## Done\nRelease notes done\n"
    )
    // With y=60 the top edge 38 passes Review PR's center 50: the task goes to 2:1.
    let higher = run(
      "press 1:2; drag x=560 y=60; release; list", on: Self.board, options: Self.options + ["-n"])
    #expect(higher.stdout.contains("     3\t2:1\t-\tFix login bug\n"))
    // midpoint would need c < 50.
    let midpoint = run(
      "press 1:2; drag x=560 y=60; release; list", on: Self.board,
      options: Self.options + ["-n", "--rule", "midpoint"])
    #expect(midpoint.stdout.contains("     4\t2:2\t-\tFix login bug\n"))
  }

  @Test("§11 B: a finger resting at the right edge turns the pages, the task follows")
  func exampleB() {
    let result = run(
      "press 1:1; drag x=360; tick 29; state; tick; state; tick 17; state; tick 30; state; release; list",
      on: Self.board, options: Self.options + ["-n"])
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let todo3 = [("0", "160", 3), ("0", "72", 1), ("0", "72", 1)]
    let moved = [("0", "116", 2), ("0", "116", 2), ("0", "72", 1)]
    #expect(
      lines[0]
        == Self.state(
          t: "0.483", columns: todo3, phase: "lifted",
          lifted: #"{"column":1,"row":1,"from":[1,1],"finger":[360,50],"center":[360,50]}"#,
          dirty: false))
    #expect(
      lines[1]
        == Self.state(
          t: "0.5", x: "20.833", columns: moved, phase: "lifted",
          lifted: #"{"column":2,"row":1,"from":[1,1],"finger":[360,50],"center":[380.833,50]}"#,
          dirty: false))
    #expect(lines[2].hasPrefix(#"{"t":0.783,"x":375,"#))
    #expect(lines[2].contains(#""center":[735,50]"#))
    #expect(lines[3].hasPrefix(#"{"t":1.283,"x":395.833,"#))
    #expect(lines[3].contains(#""lifted":{"column":3,"row":1,"#))
    #expect(
      Array(lines.suffix(2)) == [
        "     4\t3:1\t-\tWrite spec", "     5\t3:2\tL\tRelease notes done",
      ])
  }

  @Test("§11 C: a hook refuses the drop into Done; another accepts and reject takes it back")
  func exampleC() {
    let refused = run(
      "move 2 3:2; list", on: Self.board,
      options: Self.options + ["--on-drop", ###"test "$ROWDRAG_TO_TITLE" != "## Done""###])
    #expect(refused.status == 1)
    #expect(refused.stdout == "")
    #expect(
      refused.stderr
        == "rowdrag: -e #1:1: move: the --on-drop command failed (status 1); the row is back at 1:2\n"
    )
    let accepted = run(
      "press 1:1; drag x=560 y=80; release; reject; state", on: Self.board,
      options: Self.options + [
        "-n", "--on-drop",
        #"echo "$ROWDRAG_LABEL: $ROWDRAG_FROM -> $ROWDRAG_TO ($ROWDRAG_FROM_TITLE -> $ROWDRAG_TO_TITLE)""#,
      ])
    #expect(accepted.status == 0)
    #expect(
      accepted.stdout
        == Self.state(columns: [("0", "160", 3), ("0", "72", 1), ("0", "72", 1)], dirty: false)
        + "\n")
  }

  @Test("§11 D: peeking columns, under and JSON")
  func exampleD() {
    let result = run(
      "press x=150 y=138; state; drag x=330 y=80; list; drag x=350; tick 30; state; tick 16; list; tick 1; state; release; list; print",
      on: Self.kanbanJSON,
      options: ["--board", "--column", "300", "--spacing", "10", "--rule", "under", "-n"])
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines[0].contains(#""width":920"#))
    #expect(
      lines[0].contains(
        #""lifted":{"column":1,"row":3,"from":[1,3],"finger":[150,138],"center":[150,138]}"#))
    // Doing = d, c, e (each list has a line per column, FORMATS.md §5).
    #expect(Array(lines[1...9]).contains("     4\t2:2\t>\tc"))
    #expect(lines[10].contains(#""x":17.222"#) && lines[10].contains(#""center":[367.222,80]"#))
    // Frame 16 of the turn: Done = f, c.
    #expect(Array(lines[11...19]).contains("     6\t3:2\t>\tc"))
    #expect(lines[20].hasPrefix(#"{"t":0.783,"x":310,"#))
    #expect(
      Array(lines[21...29]) == [
        "    1:\t#\tTodo", "     1\t1:1\t-\ta", "     2\t1:2\t-\tb", "    2:\t#\tDoing",
        "     3\t2:1\t-\td", "     4\t2:2\t-\te", "    3:\t#\tDone", "     5\t3:1\tL\tf",
        "     6\t3:2\t-\tc",
      ])
    #expect(
      lines[30]
        == #"{"Todo": ["a", "b"], "Doing": ["d", "e"], "Done": [{"title": "f", "locked": true}, "c"]}"#
    )
  }
}

/// BOARD.md §7: the drop hook's environment, its refusals, and that no label reaches
/// the command line.
@Suite("drop hook")
struct DropHookTests {
  static func scratch() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "rowdrag-hook-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  @Test("a hook that accepts sees the row, both addresses, both titles and the file")
  func accepts() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("env").path
    let result = run(
      "move 2 2:1; state", on: BoardTests.board,
      options: BoardTests.options + [
        "-n", "--on-drop",
        "printf '%s|%s|%s|%s|%s|%s|%s' \"$ROWDRAG_LABEL\" \"$ROWDRAG_FROM\" \"$ROWDRAG_TO\" "
          + "\"$ROWDRAG_FROM_TITLE\" \"$ROWDRAG_TO_TITLE\" \"$ROWDRAG_FILE\" \"$ROWDRAG_COUNT\" > \(out)",
      ])
    #expect(result.status == 0)
    #expect(
      try String(contentsOfFile: out, encoding: .utf8)
        == "Fix login bug|1:2|2:1|## Todo|## Doing|-|1"
    )
    #expect(result.stdout.contains(#""dirty":true"#))
  }

  @Test("a range is told by its first row and ROWDRAG_COUNT; refused, its rows are put back")
  func range() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("env").path
    let hook =
      "printf '%s|%s|%s|%s' \"$ROWDRAG_LABEL\" \"$ROWDRAG_FROM\" \"$ROWDRAG_TO\" \"$ROWDRAG_COUNT\" > \(out)"
    let accepted = run(
      "move 1:2,1:3 3:1; list", on: BoardTests.board,
      options: BoardTests.options + ["-n", "--on-drop", hook])
    #expect(accepted.status == 0)
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "Fix login bug|1:2|3:1|2")
    let refused = run(
      "move 1:2,1:3 3:1; list", on: BoardTests.board,
      options: BoardTests.options + ["-n", "--on-drop", hook + "; exit 1"])
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "rowdrag: -e #1:1: move: the --on-drop command failed (status 1); the rows are back at 1:2\n"
    )
  }

  @Test(
    "a hook that fails, cannot start or is killed refuses the drop and fails the command",
    arguments: [
      ("exit 3", "status 3"), ("no-such-command-for-rowdrag-tests", "status 127"),
      ("kill -KILL $$", "killed by signal 9"),
    ])
  func refuses(_ hook: String, _ reason: String) {
    let result = run(
      "press 1:2; drag x=560 y=80; release; list", on: BoardTests.board,
      options: BoardTests.options + ["-n", "--on-drop", hook])
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(
      result.stderr.hasSuffix(
        "rowdrag: -e #1:1: release: the --on-drop command failed (\(reason)); the row is back at 1:2\n"
      ))
    // --keep-going: the order is back, nothing was recorded, the redo stack kept.
    let going = run(
      "move 1 2; undo; press 1:2; drag x=560 y=80; release; list; redo; list", on: BoardTests.board,
      options: BoardTests.options + ["-n", "--keep-going", "--on-drop", "test $ROWDRAG_TO != 2:2"])
    #expect(going.status == 1)
    #expect(
      going.stdout
        == "    1:\t#\t## Todo\n     1\t1:1\t-\tWrite spec\n     2\t1:2\t-\tFix login bug\n     3\t1:3\t-\tShip 1.2\n    2:\t#\t## Doing\n     4\t2:1\t-\tReview PR\n    3:\t#\t## Done\n     5\t3:1\tL\tRelease notes done\n"
        + "    1:\t#\t## Todo\n     1\t1:1\t-\tFix login bug\n     2\t1:2\t-\tWrite spec\n     3\t1:3\t-\tShip 1.2\n    2:\t#\t## Doing\n     4\t2:1\t-\tReview PR\n    3:\t#\t## Done\n     5\t3:1\tL\tRelease notes done\n"
    )
  }

  @Test("a label with quotes, newlines and $(…) reaches the hook as data, never as shell")
  func hostileLabel() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let pwned = dir.appendingPathComponent("pwned").path
    let out = dir.appendingPathComponent("label").path
    let label = "it's \\\"quoted\\\"\\n$(touch \(pwned)) `touch \(pwned)`; rm -rf /nonexistent"
    let list = "{\"A\": [\"\(label)\", \"x\"], \"B\": []}\n"
    let result = run(
      "move 1 2:1", on: list,
      options: ["--board", "-n", "--on-drop", "printf '%s' \"$ROWDRAG_LABEL\" > \(out)"])
    #expect(result.status == 0)
    #expect(
      try String(contentsOfFile: out, encoding: .utf8)
        == "it's \"quoted\"\n$(touch \(pwned)) `touch \(pwned)`; rm -rf /nonexistent")
    #expect(!FileManager.default.fileExists(atPath: pwned))
  }

  @Test("compare replays without running the hook")
  func compareRunsNoHook() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let count = dir.appendingPathComponent("count").path
    let result = run(
      "press 1; drag y=300; release; compare rowdrag,flutter,qt", on: "a\nb\nc\nd\ne\nf\ng\n",
      options: ["-n", "--on-drop", "echo x >> \(count)"])
    #expect(result.status == 0)
    #expect(try String(contentsOfFile: count, encoding: .utf8) == "x\n")
  }

  @Test("with -i a refused drop writes nothing; undo, redo and reject never run the hook")
  func inPlace() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    // .txt: a .md name would read it as Markdown, where these lines are no list items.
    let path = dir.appendingPathComponent("board.txt").path
    try BoardTests.board.write(toFile: path, atomically: true, encoding: .utf8)
    let refused = rowdrag(
      BoardTests.options + ["-i", "--on-drop", "false", "-e", "move 2 3:2", path])
    #expect(refused.status == 1)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == BoardTests.board)
    let count = dir.appendingPathComponent("count").path
    let quiet = run(
      "move 2 2:1; undo; redo; reject", on: BoardTests.board,
      options: BoardTests.options + ["-n", "--on-drop", "echo x >> \(count)"])
    #expect(quiet.status == 0)
    #expect(try String(contentsOfFile: count, encoding: .utf8) == "x\n")
  }

  @Test("--on-drop-timeout refuses a drop whose hook runs too long; one deaf to SIGTERM is killed")
  func timeout() throws {
    for (hook, most) in [("sleep 20", 1.5), ("trap '' TERM; sleep 20", 4.0)] {
      let started = ContinuousClock.now
      let result = run(
        "move 1 2; list", on: "a\nb\n",
        options: ["-n", "--on-drop", hook, "--on-drop-timeout", "0.2"])
      let seconds = (ContinuousClock.now - started) / .seconds(1)
      #expect(result.status == 1, "\(hook)")
      #expect(
        result.stderr.contains(
          "the --on-drop command failed (still running after 0.2 s, --on-drop-timeout); "
            + "the row is back at 1:1"), "\(result.stderr)")
      #expect(seconds < most, "\(hook): \(seconds) s")
    }
    let unlimited = run(
      "move 1 2", on: "a\nb\n", options: ["--on-drop", "sleep 0.3", "--on-drop-timeout", "0"])
    #expect(unlimited.status == 0)
    #expect(unlimited.stdout == "b\na\n")
    for bad in ["-1", "x", "inf", "nan", ""] {
      let result = run("list", on: "a\n", options: ["--on-drop", "true", "--on-drop-timeout", bad])
      #expect(result.status == 2, "\(bad)")
      #expect(result.stderr.contains("--on-drop-timeout takes seconds"), "\(bad)")
    }
  }

  @Test("with -i, a refusal or failure after an accepted drop writes what the hook accepted")
  func inPlaceWritesAccepted() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("f.txt").path
    // The hook refuses every move of d; the first move (a) is accepted.
    let hook = "test \"$ROWDRAG_LABEL\" != d"
    // A refused drop; any later failure; an accepted drop undone and the rest written;
    // a write, then an accepted drop and a refused one.
    for (script, expected) in [
      ("move 1 +1; move 4 -1; move 1 +2", "b\na\nc\nd\n"),
      ("move 1 +1; move 2 +1; undo; bogus", "b\nc\na\nd\n"),
      ("move 1 +1; move 2 +1; undo; write; bogus", "b\nc\na\nd\n"),
      ("move 1 +1; write; move 2 +1; move 4 1", "b\nc\na\nd\n"),
    ] {
      try "a\nb\nc\nd\n".write(toFile: path, atomically: true, encoding: .utf8)
      let result = rowdrag(["-i", "--on-drop", hook, "-e", script, path])
      #expect(result.status == 1, "\(script)")
      #expect(
        result.stderr.contains("wrote the order the --on-drop command last accepted"),
        "\(script)")
      #expect(try String(contentsOfFile: path, encoding: .utf8) == expected, "\(script)")
    }
    // No accepted drop: nothing is written, as before.
    try "a\nb\nc\nd\n".write(toFile: path, atomically: true, encoding: .utf8)
    let none = rowdrag(["-i", "--on-drop", hook, "-e", "move 4 1", path])
    #expect(none.status == 1)
    #expect(!none.stderr.contains("accepted"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "a\nb\nc\nd\n")
  }
}

/// BOARD.md §10, one test per decision.
@Suite("board decisions (§10)")
struct BoardDecisionTests {
  let opts = BoardTests.options + ["-n"]
  func lines(_ script: String, _ extra: [String] = [], list: String = BoardTests.board) -> [String]
  {
    run(script, on: list, options: opts + extra).stdout.split(separator: "\n").map(String.init)
  }

  @Test("§10.1 columns are the sections; a row never passes a column's end by a vertical drag")
  func decision1() {
    // Ship 1.2 (1:3) dragged far down over column 1 stays in column 1.
    #expect(lines("press 1:3; drag y=590; release; list")[3] == "     3\t1:3\t-\tShip 1.2")
    // With the board off the same drag passes into the next section.
    let table = run(
      "press 3; drag y=590; release; list", on: BoardTests.board,
      options: ["--header", "^## ", "--lock", " done$", "-n"])
    #expect(!table.stdout.contains("     3\t-\tShip 1.2"))
  }

  @Test("§10.2 column extents are half-open; the spacing belongs to no column")
  func decision2() {
    // board x 375 is column 2's first point.
    #expect(lines("press 1:1; drag x=375 y=80; release; list")[5] == "     4\t2:2\t-\tWrite spec")
    let peek = ["--column", "300", "--spacing", "10"]
    #expect(
      run("press x=305 y=50", on: BoardTests.board, options: opts + peek).stderr
        == "rowdrag: -e #1:1: press: no column at x=305 (between columns or off the board); press a row\n"
    )
    #expect(lines("press x=299.5 y=50; state", peek)[0].contains(#""lifted":{"column":1,"row":1"#))
  }

  @Test("§10.3 the page column is what press y= and scroll act on")
  func decision3() {
    #expect(lines("page 2; press y=50; state")[0].contains(#""lifted":{"column":2,"row":1"#))
    let tall =
      "## A\n" + (1...30).map { "a\($0)\n" }.joined() + "## B\n"
      + (1...30).map { "b\($0)\n" }.joined()
    let state = lines("page 2; scroll +100; state", list: tall)[0]
    #expect(state.contains(#""columns":[{"offset":0,"content":1348,"rows":30},{"offset":100,"#))
  }

  @Test("§10.4 press and scroll page only to a column not fully visible, exactly to P_k")
  func decision4() {
    let peek = ["--column", "300", "--spacing", "10"]
    #expect(lines("press 1:1; state", peek)[0].contains(#""x":0,"#))
    #expect(lines("press 2:1; state", peek)[0].contains(#""x":310,"#))
    #expect(lines("scroll 3:1; state", peek)[0].contains(#""x":545,"#))
  }

  @Test("§10.5 set screen, column, spacing keep the page column; set board on resets")
  func decision5() {
    #expect(lines("page 2; set column 300; state")[0].contains(#""x":300,"#))
    // Column 3's page in the new geometry: min(2·385, 1145 − 375) = 770.
    #expect(lines("page 3; set spacing 10; state")[0].contains(#""x":770,"#))
    #expect(lines("page 2; set board off; set board on; state")[0].contains(#""x":0,"#))
  }

  @Test("§10.6 drag x= moves only x, drag ±D only y, and the pair both, x first")
  func decision6() {
    let state = lines("press 1:1; drag x=100; state; drag +10; state; drag +5 -7; state")
    #expect(state[0].contains(#""finger":[100,50]"#))
    #expect(state[1].contains(#""finger":[100,60]"#))
    #expect(state[2].contains(#""finger":[105,53]"#))
    #expect(
      run("press 1:1; drag x=5 +3", on: BoardTests.board, options: opts).stderr
        == "rowdrag: -e #1:1: drag: '+3' mixes forms; usage: drag y=Y | x=X [y=Y] | ±D | ±DX ±DY | ADDR\n"
    )
  }

  @Test("§10.7 drags never turn pages; positions are sampled per frame")
  func decision7() {
    // Out of the zone and back between two frames: the dwell goes on.
    let state = lines("press 1:1; drag x=360; tick 15; drag x=100; drag x=360; tick 15; state")
    #expect(state[0].contains(#""x":20.833"#))
    #expect(lines("press 1:1; drag x=360; drag x=370; state")[0].contains(#""x":0,"#))
  }

  @Test("§10.8 the hold's slop is a circle of 10 points; a pan scrolls the pressed column")
  func decision8() {
    #expect(lines("set hold 0.5; press 1:1; drag +6 +8; state")[0].contains(#""phase":"holding""#))
    #expect(lines("set hold 0.5; press 1:1; drag +6 +9; state")[0].contains(#""phase":"panning""#))
  }

  @Test("§10.9 a row that changes column is scrolled in its new column from the next frame")
  func decision9() {
    let tall =
      "## A\n" + (1...30).map { "a\($0)\n" }.joined() + "## B\n"
      + (1...30).map { "b\($0)\n" }.joined()
    let state = lines("press 1:1; drag x=380 y=590; state; tick; state", list: tall)
    #expect(state[0].contains(#""columns":[{"offset":0,"content":1304,"rows":29},{"offset":0,"#))
    #expect(state[1].contains(#"{"offset":0,"content":1304,"rows":29},{"offset":18,"#))
  }

  @Test("§10.10 pinned rows keep their column and row, for drags and moves")
  func decision10() {
    let pinned = ["--pin", "^Ship"]
    #expect(
      run("move 1 2:1", on: BoardTests.board, options: opts + pinned).stderr
        == "rowdrag: -e #1:1: move: row 1 would cross pinned row 3; pinned rows cannot be passed\n")
    #expect(
      lines("press 1:2; drag x=560 y=80; release; list", pinned)[2]
        == "     2\t1:2\t-\tFix login bug")
  }

  @Test("§10.11 an entry ties to below the row: the top edge exactly on a center stays")
  func decision11() {
    // c − 22 = 50, Review PR's center: the row stays after it.
    #expect(
      lines("press 1:2; drag x=560 y=72; release; list")[5] == "     4\t2:2\t-\tFix login bug")
    #expect(
      lines("press 1:2; drag x=560 y=71.5; release; list")[4] == "     3\t2:1\t-\tFix login bug")
  }

  @Test("§10.12 release and cancel complete a running page turn; cancel restores the order")
  func decision12() {
    let state = lines("press 1:1; drag x=360; tick 32; cancel; state; list")
    #expect(state[0].contains(#""x":375,"#) && state[0].contains(#""dirty":false"#))
    #expect(state[1] == "    1:\t#\t## Todo" && state[2] == "     1\t1:1\t-\tWrite spec")
  }

  @Test("§10.13 the hook runs for release and move only, and a refusal is a failed command")
  func decision13() {
    let result = run(
      "move 2 2:1; undo; redo", on: BoardTests.board, options: opts + ["--on-drop", "exit 1"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("move: the --on-drop command failed (status 1)"))
  }

  @Test("§10.14 reject removes the top edit and clears redo; dirty follows the order")
  func decision14() {
    let result = run("move 1 2; move 3 1; undo; reject; redo", on: BoardTests.board, options: opts)
    #expect(result.stderr == "rowdrag: -e #1:1: redo: nothing to redo\n")
    #expect(lines("move 1 2; reject; state")[0].hasSuffix(#""dirty":false}"#))
    #expect(
      run("reject", on: BoardTests.board, options: opts).stderr
        == "rowdrag: -e #1:1: reject: nothing to undo\n")
  }

  @Test("§10.15 numbers in the state's arrays are formatted as SPEC §5.3; addresses are integers")
  func decision15() {
    #expect(
      lines("press 1:1; drag x=100.12345 y=33.3336; state")[0].contains(
        #""from":[1,1],"finger":[100.123,33.334]"#))
  }

  @Test("§10.16 board mode changes no default")
  func decision16() {
    let state = lines(
      "get viewport; get rule; get row-height; get fps; get autoscroll; get sections; get screen; get column; get spacing; get paging"
    )
    #expect(
      state == [
        "600", "edge", "44", "60", "linear zone=100 max=1200", "cross", "375", "screen", "0",
        "on edge=40 delay=0.5 duration=0.3",
      ])
  }

  @Test("§10.17 the board and a rule it does not have never meet; the second is refused")
  func decision17() {
    #expect(
      run("set rule nearest; get rule", on: BoardTests.board, options: opts + ["--keep-going"])
        .stdout
        == "edge\n")
    #expect(
      run("set rule nearest", on: BoardTests.board, options: opts).stderr
        == "rowdrag: -e #1:1: set: nearest is not available in board mode; use edge, midpoint or under\n"
    )
    // Note 10 of the catalogue §8: Flutter's `halves` is refused the same way.
    #expect(
      run("set rule halves", on: BoardTests.board, options: opts).stderr
        == "rowdrag: -e #1:1: set: halves is not available in board mode; use edge, midpoint or under\n"
    )
    #expect(
      run("set preset flutter", on: BoardTests.board, options: opts).stderr
        == "rowdrag: -e #1:1: set: preset: flutter uses the rule halves, which is not available in board mode\n"
    )
    let off = ["--header", "^## ", "-n"]
    #expect(
      run("set rule far; set board on", on: BoardTests.board, options: off).stderr
        == "rowdrag: -e #1:1: set: the rule far is not available in board mode; set rule edge, midpoint or under first\n"
    )
    #expect(
      run("set preset swiftreorder; get rule", on: BoardTests.board, options: opts).stderr
        == "rowdrag: -e #1:1: set: preset: swiftreorder uses the rule nearest, which is not available in board mode\n"
    )
    let usage = rowdrag(["--board", "--rule", "nearest", "-e", "state"], stdin: BoardTests.board)
    #expect(usage.status == 2)
    #expect(
      usage.stderr
        == "rowdrag: --board: the rule nearest is not available in board mode; use --rule edge, midpoint or under\n"
    )
    #expect(
      rowdrag(["--preset", "qt", "--board", "-e", "state"], stdin: BoardTests.board).status == 2)
    #expect(
      rowdrag(
        ["--preset", "qt", "--rule", "edge", "--board", "-n", "-e", "get rule"],
        stdin: BoardTests.board
      )
      .stdout == "edge\n")
  }
}

@Suite("board show")
struct BoardShowTests {
  @Test("show draws the columns on screen side by side, the snapshot over its column")
  func sideBySide() {
    let result = run(
      "press 1:1; drag x=360; tick 31; show", on: BoardTests.board,
      options: BoardTests.options + ["-n", "--width", "80"])
    #expect(
      result.stdout == """
        board x 41.667 (0..750)  page 2/3  lifted  t=0.517  ◀  ▶  ▶▶  finger (360, 50)
        ## Todo                                │ ## Doing
        offset 0  rows 1-2                     │ offset 0  rows 1-2
        1:1 - Fix login bug                    │ 2:1 . . . .
        1:2 - Ship 1.2                         │ >> Write spec
                                               │ 2:2 - Review PR

        """)
  }

  @Test("a narrow terminal shows the page column alone")
  func narrow() {
    let result = run(
      "show", on: BoardTests.kanbanJSON,
      options: ["--board", "--column", "300", "--spacing", "10", "-n", "--width", "30"])
    #expect(
      result.stdout == """
        board x 0 (0..545)  page 1/3
        idle  t=0  ▶
        Todo
        offset 0  rows 1-3
        1:1 - a
        1:2 - b
        1:3 - c

        """)
  }

  @Test("examples/board.md is the board of BOARD.md §11 as a Markdown list (FORMATS.md §1.4)")
  func exampleFile() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let path = root.appendingPathComponent("examples/board.md").path
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let asList = BoardTests.board.split(separator: "\n").map {
      $0.hasPrefix("## ") ? String($0) : "- " + $0
    }
    #expect(text == asList.joined(separator: "\n") + "\n")
    // Read as Markdown, every task is a card, and §11 A plays the same.
    let result = rowdrag(
      BoardTests.options + ["-n", "-e", "press 1:2; drag x=560 y=80; release; list", path])
    #expect(result.stdout.contains("     4\t2:2\t-\t- Fix login bug\n"))
  }

  @Test("a Markdown kanban is a board: cards cross columns, trivia stays, finished cards lock")
  func markdownKanban() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let path = root.appendingPathComponent("examples/kanban.md").path
    let original = try String(contentsOfFile: path, encoding: .utf8)
    let lock = ["--board", "--lock", #"^ {0,3}[-*+] \[[xX]\]"#]
    let moved = rowdrag(lock + ["-e", "move 1 2:1", path])
    #expect(moved.status == 0)
    #expect(
      moved.stdout
        == original.replacingOccurrences(of: "- [ ] Write the release notes\n", with: "")
        .replacingOccurrences(
          of: "- [ ] Review the formats",
          with: "- [ ] Write the release notes\n- [ ] Review the formats"))
    let locked = rowdrag(lock + ["-n", "-e", "press 3:1", path])
    #expect(locked.status == 1)
  }
}
