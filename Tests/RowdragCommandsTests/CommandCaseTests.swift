import Testing

/// Table-driven cases in the spirit of jq's `tests/jq.test`: a script, a list, and
/// exactly what comes out.
struct CommandCase: CustomTestStringConvertible, Sendable {
  let script: String
  let list: String
  let options: [String]
  let stdout: String
  let stderr: String
  let status: Int32

  init(
    _ script: String, on list: String = fiveRows, options: [String] = [], out: String,
    err: String = "", status: Int32 = 0
  ) {
    self.script = script
    self.list = list
    self.options = options
    self.stdout = out
    self.stderr = err
    self.status = status
  }

  var testDescription: String { "\(options.joined(separator: " ")) -e '\(script)'" }
}

let commandCases: [CommandCase] = [
  // Gestures and the state line (SPEC §5.3: keys in order, numbers to 3 decimals).
  CommandCase(
    "state", options: ["-n"],
    out:
      #"{"t":0,"offset":0,"content":220,"viewport":600,"phase":"idle","rows":5,"lifted":null,"dirty":false}"#
      + "\n"),
  CommandCase(
    "press 2; drag +50; state", options: ["-n"],
    out:
      #"{"t":0,"offset":0,"content":220,"viewport":600,"phase":"lifted","rows":5,"lifted":{"row":3,"from":2,"finger":116,"center":116},"dirty":false}"#
      + "\n"),
  CommandCase("press 2; drag +50; release", out: "alpha\ngamma\nbeta\ndelta\nepsilon\n"),
  CommandCase("press 2; drag +50; cancel", out: fiveRows),
  // `drag ADDR` puts the snapshot center exactly on that row's midpoint, which the
  // strict midpoint rule does not pass: the row lands next to it (SPEC §9.2).
  // `edge` (the default): the snapshot on a row's center has passed half of it, so
  // `drag ADDR` lands on that row; `midpoint` stops next to it.
  CommandCase("press /eps/; drag 1; release", out: "epsilon\nalpha\nbeta\ngamma\ndelta\n"),
  CommandCase("press 1; drag $; release", out: "beta\ngamma\ndelta\nepsilon\nalpha\n"),
  CommandCase(
    "set rule midpoint; press 1; drag $; release", out: "beta\ngamma\ndelta\nalpha\nepsilon\n"),
  CommandCase(
    "set rule midpoint; press 1; drag $; drag +1; release",
    out: "beta\ngamma\ndelta\nepsilon\nalpha\n"),
  CommandCase("press y=50; drag y=0; release", out: "beta\nalpha\ngamma\ndelta\nepsilon\n"),
  CommandCase(
    "tick 3; wait 0.5; state", options: ["-n"],
    out:
      #"{"t":0.55,"offset":0,"content":220,"viewport":600,"phase":"idle","rows":5,"lifted":null,"dirty":false}"#
      + "\n"),
  CommandCase(
    "set fps 3; tick 1; state", options: ["-n"],
    out:
      #"{"t":0.333,"offset":0,"content":220,"viewport":600,"phase":"idle","rows":5,"lifted":null,"dirty":false}"#
      + "\n"),
  // move, undo, redo.
  CommandCase("move 1 3", out: "beta\ngamma\nalpha\ndelta\nepsilon\n"),
  CommandCase("move $ 1", out: "epsilon\nalpha\nbeta\ngamma\ndelta\n"),
  CommandCase("move 1 3; undo", out: fiveRows),
  CommandCase("move 1 3; undo; redo", out: "beta\ngamma\nalpha\ndelta\nepsilon\n"),
  CommandCase("move 1 3; move 3 1; get rule", out: "edge\n" + fiveRows),
  // Move targets people think in: relative, before and after another row (issue 26).
  CommandCase("move 1 +2", out: "beta\ngamma\nalpha\ndelta\nepsilon\n"),
  CommandCase("move 4 -3", out: "delta\nalpha\nbeta\ngamma\nepsilon\n"),
  CommandCase("move /beta/ after /delta/", out: "alpha\ngamma\ndelta\nbeta\nepsilon\n"),
  CommandCase("move /delta/ before /beta/", out: "alpha\ndelta\nbeta\ngamma\nepsilon\n"),
  CommandCase("move 1 after $; move 2 before 2", out: "beta\ngamma\ndelta\nepsilon\nalpha\n"),
  CommandCase(
    "move /a/ after /c/; move /b/ before /c/", on: "# A\na\nb\n# B\nc\n",
    options: ["--header", "^#"],
    out: "# A\n# B\nb\nc\na\n"),
  CommandCase(
    "move 1 +5", out: "",
    err: "rowdrag: -e #1:1: move: row 1 +5 is outside the list (rows 1 to 5)\n",
    status: 1),
  CommandCase(
    "move /alpha/ /gamma/", out: "",
    err:
      "rowdrag: -e #1:1: move: TO must be N, $, S:R, S:$, +N or -N, not a /REGEX/; to move next to a row, say 'before /gamma/' or 'after /gamma/'; into the section whose header matches, '/gamma/:1'\n",
    status: 1),
  CommandCase(
    "move 1 beside 2", out: "",
    err:
      "rowdrag: -e #1:1: move: expected 'before' or 'after' before the second row; usage: move ADDR TO\n",
    status: 1),
  // list and flags.
  CommandCase(
    "pin 2; lock 3; press 1; list", options: ["-n"],
    out:
      "     1\t>\talpha\n     2\tP\tbeta\n     3\tL\tgamma\n     4\t-\tdelta\n     5\t-\tepsilon\n"),
  CommandCase(
    "list", options: ["-n", "--lock", "^d", "--pin", "a$"],
    out:
      "     1\tP\talpha\n     2\tP\tbeta\n     3\tP\tgamma\n     4\tP\tdelta\n     5\t-\tepsilon\n"),
  CommandCase(
    "list", options: ["-n", "--lock", "^d"],
    out:
      "     1\t-\talpha\n     2\t-\tbeta\n     3\t-\tgamma\n     4\tL\tdelta\n     5\t-\tepsilon\n"),
  // set and get, as set would take them.
  CommandCase("get autoscroll", options: ["-n"], out: "linear zone=100 max=1200\n"),
  CommandCase(
    "set autoscroll rate scale=900; get autoscroll", options: ["-n"],
    out: "rate divisor=6 scale=900\n"),
  CommandCase("set autoscroll fixed; get autoscroll", options: ["-n"], out: "fixed speed=240\n"),
  CommandCase(
    "get autoscroll", options: ["-n", "--autoscroll", "linear,zone=150"],
    out: "linear zone=150 max=1200\n"),
  CommandCase("set inset 10 20; get inset; get viewport", options: ["-n"], out: "10 20\n600\n"),
  CommandCase(
    "set viewport 320.5; get viewport; get hold", options: ["-n", "--hold", "0.5"],
    out: "320.5\n0.5\n"),
  CommandCase(
    "get rule; get grab; get sections", options: ["-n", "--rule", "under"],
    out: "under\nkeep\ncross\n"),
  CommandCase("get row-height", options: ["-n", "--row-height", "60"], out: "60\n"),
  // Comments, separators, regex with ; and # inside.
  CommandCase("# nothing\n\nmove 2 1 # swap\n", out: "beta\nalpha\ngamma\ndelta\nepsilon\n"),
  CommandCase("move /a;#/ 1", on: "x\nya;#z\n", out: "ya;#z\nx\n"),
  CommandCase("move /a\\/b/ 1", on: "x\na/b\n", out: "a/b\nx\n"),
  // Errors: SOURCE:LINE: COMMAND: message, exit 1, nothing printed after.
  CommandCase(
    "move 1 2\nprss 2", out: "",
    err: "rowdrag: -e #1:2: prss: unknown command; did you mean 'press'? ('help' lists commands)\n",
    status: 1),
  CommandCase(
    "press 9", out: "", err: "rowdrag: -e #1:1: press: row 9 does not exist; rows are 1 to 5\n",
    status: 1),
  CommandCase(
    "press 1; drag y=abc", out: "",
    err:
      "rowdrag: -e #1:1: drag: 'abc' is not a number for y=; use decimal digits like 420 or -12.5\n",
    status: 1),
  CommandCase(
    "press 1; drag y=nan", out: "",
    err:
      "rowdrag: -e #1:1: drag: 'nan' is not a number for y=; use decimal digits like 420 or -12.5\n",
    status: 1),
  CommandCase(
    "press 1; drag y=1e999", out: "",
    err: "rowdrag: -e #1:1: drag: '1e999' is too large; use a finite number\n",
    status: 1),
  CommandCase(
    "tick -1", out: "",
    err:
      "rowdrag: -e #1:1: tick: '-1' is not a frame count; use a whole number from 0 to 2147483647\n",
    status: 1),
  CommandCase(
    "tick 2147483648", out: "",
    err:
      "rowdrag: -e #1:1: tick: '2147483648' is not a frame count; use a whole number from 0 to 2147483647\n",
    status: 1),
  CommandCase(
    "release now", out: "",
    err: "rowdrag: -e #1:1: release: unexpected argument 'now'; usage: release, drop\n",
    status: 1),
  CommandCase(
    "release", out: "",
    err: "rowdrag: -e #1:1: release: no gesture in progress; press a row first\n", status: 1),
  CommandCase(
    "press 1; press 2", out: "",
    err: "rowdrag: -e #1:1: press: a gesture is in progress (lifted); release or cancel it first\n",
    status: 1),
  CommandCase("undo", out: "", err: "rowdrag: -e #1:1: undo: nothing to undo\n", status: 1),
  CommandCase(
    "set autoscrol linear", out: "",
    err: "rowdrag: -e #1:1: set: unknown key 'autoscrol'; did you mean 'autoscroll'?\n", status: 1),
  CommandCase(
    "set autoscroll linear zone=-1", out: "",
    err:
      "rowdrag: -e #1:1: set: autoscroll: '-1' is not a value for zone; use a length (N, Nv, v/N, Nh, Nh+M, Nh-M)\n",
    status: 1),
  CommandCase(
    "set autoscroll linear max=1 max=2", out: "",
    err: "rowdrag: -e #1:1: set: autoscroll: max is given twice\n",
    status: 1),
  CommandCase(
    "set inset 1", out: "",
    err: "rowdrag: -e #1:1: set: inset takes exactly two numbers: TOP BOTTOM\n", status: 1),
  CommandCase(
    "move 1 /x/", out: "",
    err:
      "rowdrag: -e #1:1: move: TO must be N, $, S:R, S:$, +N or -N, not a /REGEX/; to move next to a row, say 'before /x/' or 'after /x/'; into the section whose header matches, '/x/:1'\n",
    status: 1),
  CommandCase(
    "press /zzz/", out: "", err: "rowdrag: -e #1:1: press: no row matches /zzz/\n", status: 1),
  CommandCase("press /(/", out: "", err: "", status: 1),
  CommandCase(
    "move 1 2; press /abc", out: "",
    err: "rowdrag: -e #1:1: press: unterminated /REGEX/; end it with '/'\n",
    status: 1),
  CommandCase(
    "write", out: "",
    err:
      "rowdrag: -e #1:1: write: no file name: the list came from standard input; use 'write FILE'\n",
    status: 1),
  // Scrolling: clamped to [−T, content + B − V]; ADDR reveals with the least scroll.
  CommandCase(
    "set viewport 100; scroll +50; get viewport; scroll bottom; state; scroll top; scroll 4; state",
    options: ["-n"],
    out: "100\n"
      + #"{"t":0,"offset":120,"content":220,"viewport":100,"phase":"idle","rows":5,"lifted":null,"dirty":false}"#
      + "\n"
      + #"{"t":0,"offset":76,"content":220,"viewport":100,"phase":"idle","rows":5,"lifted":null,"dirty":false}"#
      + "\n"),
  CommandCase(
    "set viewport 100; set inset 30 10; scroll y=-100; state", options: ["-n"],
    out:
      #"{"t":0,"offset":-30,"content":220,"viewport":100,"phase":"idle","rows":5,"lifted":null,"dirty":false}"#
      + "\n"),
  // Every set key checks its value.
  CommandCase(
    "set viewport 0", out: "", err: "rowdrag: -e #1:1: set: viewport: must be a number > 0\n",
    status: 1),
  CommandCase(
    "set fps 0", out: "", err: "rowdrag: -e #1:1: set: fps: must be a number > 0\n", status: 1),
  CommandCase(
    "set hold -1", out: "", err: "rowdrag: -e #1:1: set: hold: must be a number of seconds >= 0\n",
    status: 1),
  CommandCase(
    "set row-height 0", out: "", err: "rowdrag: -e #1:1: set: row-height: must be a number > 0\n",
    status: 1),
  CommandCase(
    "set rule midpiont", out: "",
    err:
      "rowdrag: -e #1:1: set: rule: 'midpiont' is not one of edge, midpoint, under, nearest, far, guarded, intersect, overlap, drop, halves, itemview; did you mean 'midpoint'?\n",
    status: 1),
  CommandCase(
    "set grab left", out: "",
    err: "rowdrag: -e #1:1: set: grab: 'left' is not one of keep, center, press\n", status: 1),
  CommandCase(
    "set autoscroll linear speed=3", out: "",
    err:
      "rowdrag: -e #1:1: set: autoscroll: unknown key 'speed' for linear; use zone= max= min= clock= sample= point= edges= order= test= gate= restart= round= damp= range= lift= rows= rearm= expiry= latch=\n",
    status: 1),
  CommandCase(
    "press 1; set viewport 300", out: "",
    err: "rowdrag: -e #1:1: set: a gesture is in progress (lifted); release or cancel it first\n",
    status: 1),
  CommandCase(
    "get zoom", out: "", err: "rowdrag: -e #1:1: get: unknown key 'zoom'\n", status: 1),
  CommandCase(
    "set row-height 1e308", out: "",
    err: "rowdrag: -e #1:1: set: row-height: too large; the content height would overflow\n",
    status: 1),
  // Holding and panning.
  CommandCase(
    "set hold 0.5; press 2; state; drag +20; drag -30; state; release; state", options: ["-n"],
    out:
      #"{"t":0,"offset":0,"content":220,"viewport":600,"phase":"holding","rows":5,"lifted":null,"dirty":false}"#
      + "\n"
      + #"{"t":0,"offset":0,"content":220,"viewport":600,"phase":"panning","rows":5,"lifted":null,"dirty":false}"#
      + "\n"
      + #"{"t":0,"offset":0,"content":220,"viewport":600,"phase":"idle","rows":5,"lifted":null,"dirty":false}"#
      + "\n",
    err:
      "rowdrag: warning: every drag came before the 0.5 s hold and became a pan, so no row lifted; wait at least 0.5 s after a press (e.g. 'press 3; wait 0.5; drag …')\n"
  ),
  CommandCase(
    "set hold 0.5; press 2; tick 29; state; tick; state", options: ["-n"],
    out:
      #"{"t":0.483,"offset":0,"content":220,"viewport":600,"phase":"holding","rows":5,"lifted":null,"dirty":false}"#
      + "\n"
      + #"{"t":0.5,"offset":0,"content":220,"viewport":600,"phase":"lifted","rows":5,"lifted":{"row":2,"from":2,"finger":66,"center":66},"dirty":false}"#
      + "\n"),
  // Keep going: every command runs, the list is printed, status 1.
  CommandCase(
    "undo; move 1 2; bogus; move 3 1", options: ["--keep-going"],
    out: "gamma\nbeta\nalpha\ndelta\nepsilon\n",
    err:
      "rowdrag: -e #1:1: undo: nothing to undo\nrowdrag: -e #1:1: bogus: unknown command ('help' lists commands)\n",
    status: 1),
  // quit ends the script; the final list is still printed.
  CommandCase("move 1 2; quit; move 1 5", out: "beta\nalpha\ngamma\ndelta\nepsilon\n"),
]

@Suite("command cases")
struct CommandCaseTests {
  @Test(arguments: commandCases)
  func runs(_ testCase: CommandCase) {
    let result = run(testCase.script, on: testCase.list, options: testCase.options)
    #expect(result.stdout == testCase.stdout)
    if testCase.stderr.isEmpty && testCase.status != 0 {
      #expect(!result.stderr.isEmpty)
    } else {
      #expect(result.stderr == testCase.stderr)
    }
    #expect(result.status == testCase.status)
  }
}
