import Foundation
import RowdragCommands
import RowdragEngine
import RowdragFormats
import RowdragTestSupport
import Testing

/// The structured formats of FORMATS.md: its worked examples byte for byte, one case per
/// rule of §3, the gap rule of §4, errors, and random moves undone on every example file.
@Suite("structured formats")
struct FormatTests {
  /// Runs `script` over `input` read as `format`, printing the list at the end.
  static func run(_ format: String, _ input: String, _ script: String, extra: [String] = [])
    -> RunResult
  {
    rowdrag(["--format", format] + extra + ["-e", script], stdin: input)
  }

  /// The labels `list` prints, one per row (its section lines, `%5d:`, left out).
  static func labels(_ format: String, _ input: String, extra: [String] = []) -> [String] {
    let out = run(format, input, "list", extra: extra + ["-n"]).stdout
    let lines = out.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    return lines.filter { !($0.split(separator: "\t").first?.hasSuffix(":") ?? false) }.map {
      String($0.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).last ?? "")
    }
  }

  // MARK: - FORMATS.md §6

  @Test("§6.1 todo: the first pick goes after the last, above the comments")
  func example1() {
    let input = "pick a1 A\npick b2 B\npick c3 C\n\n# Rebase x..y\n# Commands:\n"
    #expect(Self.labels("todo", input) == ["pick a1 A", "pick b2 B", "pick c3 C"])
    #expect(
      Self.run("todo", input, "move 1 $").stdout
        == "pick b2 B\npick c3 C\npick a1 A\n\n# Rebase x..y\n# Commands:\n")
  }

  @Test("§6.2 markdown: an item moves with its nested items")
  func example2() {
    let input = "- milk\n- eggs\n  - free range\n  - a dozen\n- bread\n"
    #expect(Self.labels("markdown", input) == ["- milk", "- eggs", "- bread"])
    #expect(Self.run("markdown", input, "state", extra: ["-n"]).stdout.contains(#""content":220"#))
    #expect(
      Self.run("markdown", input, "move /^- eggs/ 1").stdout
        == "- eggs\n  - free range\n  - a dozen\n- milk\n- bread\n")
  }

  @Test("§6.3 markdown kanban: front matter and blank lines are trivia, sections are columns")
  func example3() {
    let input =
      "---\nkanban-plugin: basic\n---\n\n## Todo\n\n- [ ] a\n- [ ] b\n\n## Done\n\n- [x] c\n"
    #expect(Self.labels("markdown", input) == ["- [ ] a", "- [ ] b", "- [x] c"])
    #expect(
      Self.run("markdown", input, "move 2 2:1").stdout
        == "---\nkanban-plugin: basic\n---\n\n## Todo\n\n- [ ] a\n\n## Done\n\n- [ ] b\n- [x] c\n")
  }

  @Test("§6.4 csv: a record spans lines, the header stays first, labels from a field")
  func example4() {
    let input = "name,qty\napples,3\n\"cherries, dark\",\"2\nboxes\"\npears,5\n"
    #expect(Self.labels("csv", input) == ["apples,3", "\"cherries, dark\",\"2", "pears,5"])
    #expect(
      Self.run("csv", input, "move 3 1").stdout
        == "name,qty\npears,5\napples,3\n\"cherries, dark\",\"2\nboxes\"\n")
    #expect(Self.labels("csv label=name", input) == ["apples", "cherries, dark", "pears"])
  }

  @Test("§6.5 m3u: an entry is its #EXTINF line and its path, labelled by the title")
  func example5() {
    let input =
      "#EXTM3U\n#EXTINF:201,Toto - Africa\nafrica.mp3\n#EXTINF:180,Kiss - Poison\npoison.mp3\n"
    #expect(Self.labels("m3u", input) == ["Toto - Africa", "Kiss - Poison"])
    #expect(Self.run("m3u", input, "state", extra: ["-n"]).stdout.contains(#""content":176"#))
    #expect(
      Self.run("m3u", input, "move 2 1").stdout
        == "#EXTM3U\n#EXTINF:180,Kiss - Poison\npoison.mp3\n#EXTINF:201,Toto - Africa\nafrica.mp3\n"
    )
  }

  @Test("m3u: entries of one line count need no height a row; a longer entry has its own")
  func m3uHeights() throws {
    func layout(_ text: String) throws -> Layout {
      var load = LoadOptions()
      load.format = try FormatChoice.parse("m3u")
      return try ListLoader.load(store: ByteStore(Array(text.utf8)), name: "p.m3u", options: load).1
    }
    let pairs = try layout("#EXTM3U\n#EXTINF:1,A\na.mp3\n#EXTINF:2,B\nb.mp3\n")
    #expect(pairs.isUniform)
    #expect(pairs.height(at: 1) == 88 && pairs.contentHeight == 176)
    let mixed = try layout("#EXTM3U\n#EXTINF:1,A\n#EXTVLCOPT:x\na.mp3\n#EXTINF:2,B\nb.mp3\n")
    #expect(!mixed.isUniform)
    #expect(mixed.height(at: 0) == 132 && mixed.height(at: 1) == 88)
  }

  @Test("§6.6 json path: the list inside an object, every other byte kept")
  func example6() {
    let input = #"{"name":"Trip","tracks":[{"title":"A"},{"title":"B"}]}"#
    #expect(Self.labels("json path=/tracks", input) == ["A", "B"])
    #expect(
      Self.run("json path=/tracks", input, "move 2 1").stdout
        == #"{"name":"Trip","tracks":[{"title":"B"},{"title":"A"}]}"#)
  }

  @Test("§6.7 trivia gaps: the blank line keeps gap 1")
  func example7() {
    #expect(Self.run("text skip=^$", "a\n\nb\nc\n", "move 1 $").stdout == "b\n\nc\na\n")
  }

  // MARK: - §3 rules, one case each

  /// Format, input, expected labels.
  static let labelCases: [(String, String, [String])] = [
    // text skip=: a line matching both --skip and --header is a header.
    ("text skip=^#", "# h\na\n# c\nb\n", ["a", "b"]),
    // todo: indented comments and whitespace-only lines are trivia; every command counts.
    (
      "todo", "  # c\n \t\r\nexec make\nlabel onto\nupdate-ref refs/heads/x\n",
      [
        "exec make", "label onto", "update-ref refs/heads/x",
      ]
    ),
    // markdown front matter without a closing line: only line 1 is trivia.
    ("markdown", "---\n- a\n- b\n", ["- a", "- b"]),
    // front matter closed by "...".
    ("markdown", "---\n- x: 1\n...\n- a\n", ["- a"]),
    // a fence at 0-3 spaces; list-like lines inside it are not items; unclosed runs on.
    ("markdown", "- a\n```\n- not\n```\n- b\n~~~~\n- c\n~~~\n- d\n", ["- a", "- b"]),
    // lazy continuation stays; a less indented line after a blank line ends the item.
    ("markdown", "- a\nlazy\n\nparagraph\n- b\n", ["- a", "- b"]),
    // ordered markers with . and ), 1-9 digits; ten digits is no marker.
    ("markdown", "1. a\n2) b\n1234567890. c\n", ["1. a", "2) b"]),
    // thematic breaks are not items, and they end one.
    ("markdown", "- a\n- - -\n* * *\n- b\n", ["- a", "- b"]),
    // an empty item, and a marker followed by a tab.
    ("markdown", "-\n-\tb\n", ["-", "-\tb"]),
    // four spaces of indentation is no top-level item (indented code).
    ("markdown", "    - code\n- a\n", ["- a"]),
    // csv: "" inside quotes, a quote inside an unquoted field is kept, CRLF.
    ("csv label=1", "h\r\n\"a \"\"b\"\"\",1\r\nx\"y,2\r\n", ["a \"b\"", "x\"y"]),
    // csv header=no: the first record is a row; blank lines (and CR-only) are trivia.
    ("csv header=no", "a\n\n\r\nb\n", ["a", "b"]),
    // label=N past the record's fields is empty.
    ("csv label=3", "h\na,b\n", [""]),
    // delimiter=; and a field label from the header's name.
    ("csv delimiter=; label=qty", "name;qty\na;3\n", ["3"]),
    // tsv: a tab, and label by number.
    ("tsv label=2", "n\tq\na\t1\n", ["1"]),
    // m3u: header lines at the top, #EXTVLCOPT and blank lines inside an entry.
    (
      "m3u", "#EXTM3U\n#PLAYLIST:x\n\n#EXTINF:1,One\n\n#EXTVLCOPT:a\ntwo.mp3\nthree.mp3\n#end\n",
      [
        "One", "three.mp3",
      ]
    ),
    // m3u: a BOM is kept, and an #EXTINF without a comma labels by the path.
    ("m3u", "\u{FEFF}#EXTM3U\n#EXTINF:12\nsong.mp3\n", ["song.mp3"]),
    // jsonl: labels as JSON elements'; blank lines are trivia.
    ("jsonl", "{\"title\":\"a\"}\n\n\"b\"\n[1, 2]\n", ["a", "b", "[1,2]"]),
    // json path escapes: ~1 is /, ~0 is ~, and an array index.
    ("json path=/a~1b/0/~0c", #"{"a/b":[{"~c":["x","y"]}]}"#, ["x", "y"]),
  ]

  @Test("§3: which lines are rows, and their labels", arguments: labelCases.indices)
  func rowsAndLabels(_ k: Int) {
    let (format, input, labels) = Self.labelCases[k]
    #expect(Self.labels(format, input) == labels, "\(format): \(input.debugDescription)")
    // Unchanged, every format writes its input back byte for byte.
    #expect(Self.run(format, input, "").stdout == input)
  }

  @Test("§3.1 --skip with --header: a header wins, and --skip is text's skip=")
  func skipAndHeader() {
    let result = rowdrag(
      ["--skip", "^#", "--header", "^# H", "-n", "-e", "list; get format"],
      stdin: "# H\na\n# c\nb\n")
    #expect(result.stdout == "     1\t-\ta\n     2\t-\tb\ntext skip=^#\n")
  }

  @Test("§3.3 markdown: headings are headers, --header picks them, the rest are trivia")
  func markdownHeadings() {
    let input = "# Title\n## A\n- a\n### note\n- b\n"
    #expect(
      Self.run("markdown", input, "move 1:1 $", extra: ["-n"]).status == 1,
      "every heading is a header: section 1 (# Title) has no rows")
    // `### note`, left as trivia by --header, heads a section of its own: b's (r2).
    let picked = Self.run("markdown", input, "move 1 $", extra: ["--header", "^## "])
    #expect(picked.stdout == "# Title\n## A\n### note\n- b\n- a\n")
    // A tab after the hashes makes a heading too, as in CommonMark (FORMATS.md says
    // "a space"; the item rule beside it takes a tab, and so does this one).
    #expect(Self.run("markdown", "- a\n#\tx\n- b\n", "move 1 2:1").stdout == "#\tx\n- a\n- b\n")
  }

  @Test("§3.3 markdown: blank lines inside an item stay, those at its end are trivia")
  func markdownBlankLines() {
    let input = "- a\n\n  more of a\n\n\n- b\n"
    #expect(Self.run("markdown", input, "state", extra: ["-n"]).stdout.contains(#""content":176"#))
    // a (4 lines with its inner blank) moves; the two blank lines after it keep gap 1.
    #expect(Self.run("markdown", input, "move 1 $").stdout == "- b\n\n\n- a\n\n  more of a\n")
  }

  @Test("a byte-order mark stays first and hides no line's meaning (FORMATS.md is silent)")
  func byteOrderMark() {
    let bom = "\u{FEFF}"
    #expect(Self.labels("markdown", bom + "- a\n- b\n") == ["- a", "- b"])
    #expect(Self.run("markdown", bom + "- a\n- b\n", "move 1 $").stdout == bom + "- b\n- a\n")
    #expect(
      Self.run("markdown", bom + "---\nx: 1\n---\n- a\n", "list").stdout.hasPrefix(
        "     1\t-\t- a\n"))
    #expect(
      Self.run("todo", bom + "pick a\npick b\n", "move 1 $").stdout == bom + "pick b\npick a\n")
    #expect(Self.labels("csv label=name", bom + "name,q\nx,1\n") == ["x"])
  }

  @Test("§4: an unterminated last line takes the last terminator when it moves up")
  func terminatorRule() {
    #expect(Self.run("todo", "pick a\r\npick b", "move 2 1").stdout == "pick b\r\npick a")
    #expect(Self.run("csv", "h\na\n\"b\nc\"", "move 2 1").stdout == "h\n\"b\nc\"\na")
    // Trivia last in an unterminated file stays last, unterminated.
    #expect(Self.run("todo", "pick a\npick b\n# end", "move 1 2").stdout == "pick b\npick a\n# end")
  }

  @Test("§4: trivia of gaps a section no longer has goes to its end; other sections keep theirs")
  func gapRuleAcrossSections() {
    let input = "## A\n- a1\n\n- a2\n\n## B\n- b1\n"
    // A loses a2: A's gap 2 (the blank before ## B) goes to A's end; gap 1 stays.
    #expect(
      Self.run("markdown", input, "move 1:2 2:2").stdout
        == "## A\n- a1\n\n\n## B\n- b1\n- a2\n")
    // A gains b1 (3 rows now, 2 loaded): gap 1 stays after row 1, gap 2 goes to the end.
    #expect(
      Self.run("markdown", input, "move 2:1 1:1").stdout == "## A\n- b1\n\n- a1\n- a2\n\n## B\n")
  }

  @Test("§4: after write, the written file is the new baseline, gaps included")
  func rebaseAfterWrite() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "rowdrag-format-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("a.md").path
    let input = "## A\n- a1\n\n- a2\n\n## B\n- b1\n"
    try input.write(toFile: file, atomically: true, encoding: .utf8)
    // Moving a2 away and back after a write: the blank lines now sit at A's end.
    let result = rowdrag(["-e", "move 1:2 2:2; write; move 2:2 1:2", file])
    #expect(result.stdout == "## A\n- a1\n- a2\n\n\n## B\n- b1\n")
    #expect(
      try String(contentsOfFile: file, encoding: .utf8) == "## A\n- a1\n\n\n## B\n- b1\n- a2\n")
  }

  @Test("-i, write FILE and the drop hook work in a structured format, labels included")
  func inPlaceAndHook() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "rowdrag-format-hook-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("fruit.csv").path
    let label = dir.appendingPathComponent("label").path
    let copy = dir.appendingPathComponent("copy.csv").path
    try "name,qty\napples,3\n\"cherries, dark\",\"2\nboxes\"\npears,5\n".write(
      toFile: file, atomically: true, encoding: .utf8)
    let result = rowdrag([
      "--format", "csv label=name", "-i", "--on-drop", "printf %s \"$ROWDRAG_LABEL\" > \(label)",
      "-e", "move /cherries/ 1; write \(copy)", file,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let moved = "name,qty\n\"cherries, dark\",\"2\nboxes\"\napples,3\npears,5\n"
    #expect(try String(contentsOfFile: file, encoding: .utf8) == moved)
    #expect(try String(contentsOfFile: copy, encoding: .utf8) == moved)
    #expect(try String(contentsOfFile: label, encoding: .utf8) == "cherries, dark")
  }

  // MARK: - choosing a format

  @Test("§2: get format prints the parameters in a fixed order")
  func getFormat() {
    let cases: [([String], String)] = [
      (["--format", "csv"], "csv header=yes delimiter=,"),
      (["--format", "tsv,label=2 header=no"], "tsv header=no delimiter=\\t label=2"),
      (["--format", "csv delimiter=,"], "csv header=yes delimiter=,"),
      (["--format", "csv delimiter= "], "csv header=yes delimiter= "),
      (["--format", "csv delimiter=\\t"], "csv header=yes delimiter=\\t"),
      (["--format", "json path=/tracks"], "json path=/tracks"),
      (["--json"], "json"),
      (["--text"], "text"),
      ([], "text"),
    ]
    for (options, expected) in cases {
      let input =
        options.contains("json path=/tracks")
        ? #"{"tracks":[]}"# : options == ["--json"] ? "[]" : "h\n"
      let result = rowdrag(options + ["-n", "-e", "get format"], stdin: input)
      #expect(result.stdout == expected + "\n", "\(options)")
    }
    #expect(
      rowdrag(["-e", "set format csv"], stdin: "a\n").stderr.contains(
        "chosen when the list is loaded"))
  }

  @Test("§2: usage errors for names, parameters and values list the valid ones")
  func usageErrors() {
    let cases: [([String], String)] = [
      (["--format", "xml"], "the formats are text, json, jsonl, markdown, todo, csv, tsv, m3u"),
      (["--format", "cvs"], "did you mean 'csv'?"),
      (["--format", "csv nope=1"], "csv takes header=yes|no, delimiter=C, label=N|NAME"),
      (["--format", "csv header=maybe"], "give yes or no"),
      (["--format", "csv delimiter=ab"], "one byte"),
      (["--format", "csv label=0"], "a field number from 1"),
      (["--format", "csv label=-5"], "a field number from 1"),
      (["--format", "csv label=-9223372036854775808"], "a field number from 1"),
      (["--format", "csv label=+2"], "a field number from 1"),
      (["--format", "json path=tracks"], "starts with '/'"),
      (["--format", "todo x=1"], "todo takes no parameters"),
      (["--format", "text skip=("], "--format: text skip=("),
      (["--format", "csv", "--header", "x"], "--header applies to text and markdown"),
      (["--format", "csv", "--skip", "x"], "--skip applies to the text format"),
      (["--json", "--header", "x"], "--header"),
    ]
    for (options, message) in cases {
      let result = rowdrag(options + ["-e", "list"], stdin: "[\"a\"]\n")
      #expect(result.status == 2, "\(options)")
      #expect(result.stderr.contains(message), "\(options): \(result.stderr)")
    }
  }

  @Test("§2: the file name chooses the format, in any case; stdin goes by shape")
  func detection() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "rowdrag-detect-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let cases = [
      ("a.MD", "markdown"), ("a.markdown", "markdown"), ("git-rebase-todo", "todo"),
      ("a.Csv", "csv header=yes delimiter=,"), ("a.tab", "tsv header=yes delimiter=\\t"),
      ("a.m3u8", "m3u"), ("a.ndjson", "jsonl"), ("a.jsonl", "jsonl"), ("a.txt", "text"),
      ("todo.md.txt", "text"),
    ]
    for (name, format) in cases {
      let path = dir.appendingPathComponent(name).path
      try "1\n".write(toFile: path, atomically: true, encoding: .utf8)
      #expect(rowdrag(["-n", "-e", "get format", path]).stdout == format + "\n", "\(name)")
    }
    #expect(rowdrag(["-n", "-e", "get format"], stdin: "[1]").stdout == "json\n")
  }

  // MARK: - errors

  @Test("errors name the file, line, column and the format's rule; exit 3")
  func inputErrors() {
    let cases: [(String, String, String)] = [
      ("csv", "h\na,\"b\nc\n", "<stdin>:2:3: csv: the quoted field opened here is still open"),
      ("csv", "h\n\"a\"b\n", "<stdin>:2:4: csv: a quoted field must end at the delimiter"),
      ("csv label=qty", "a,b\n1,2\n", "<stdin>:1:1: csv: the header record has no field named"),
      ("csv header=no label=qty", "a\n", "csv: label=qty names a header field, but header=no"),
      ("jsonl", "1\n\n{\"a\":}\n", "<stdin>:3:6: jsonl: "),
      ("jsonl", "1 2\n", "<stdin>:1:3: jsonl: "),
      ("json path=/tracks/x", #"{"tracks":[1]}"#, "/tracks is an array with no element x"),
      ("json path=/nope", "{\n\"a\":1}", "<stdin>:1:1: path=/nope: the document is an object"),
      ("json path=/a", #"{"a":{"b":1}}"#, "path=/a is an object; it must be an array"),
      ("json", #"{"name":"x","tracks":[{"a":1}]}"#, "use --format 'json path=/tracks'"),
    ]
    for (format, input, message) in cases {
      let result = Self.run(format, input, "list")
      #expect(result.status == 3, "\(format): \(input.debugDescription)")
      #expect(result.stderr.contains(message), "\(format): \(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
  }

  @Test("no trap on junk under any format: it loads or fails with a located error")
  func junk() {
    var rng = SplitMix64(seed: 21)
    let alphabet: [UInt8] =
      Array("\"\n\r,;\t #-*+1.)`~[]{}:/\\ax".utf8) + [0, 0xFF, 0xEF, 0xBB, 0xBF]
    for _ in 0..<400 {
      let bytes = (0..<rng.next(60)).map { _ in alphabet[rng.next(alphabet.count)] }
      for format in ["todo", "markdown", "csv", "tsv label=2", "m3u", "jsonl", "text skip=^#"] {
        let result = rowdrag(
          ["--format", format, "-n", "-e", "move 1 $; print; undo; print"], stdinBytes: bytes)
        #expect(result.status == 0 || result.status == 1 || result.status == 3)
        if result.status == 3 { #expect(result.stderr.hasPrefix("rowdrag: <stdin>:")) }
      }
    }
  }

  // MARK: - random moves and their inverses on the example files

  static let examples: [(file: String, format: String?)] = [
    ("notes.md", nil), ("kanban.md", nil), ("fruit.csv", nil), ("playlist.m3u8", nil),
    ("tracks.jsonl", nil), ("git-rebase-todo", nil), ("trip.json", "json path=/tracks"),
    ("todo.txt", "text skip=^$"), ("board.md", nil), ("excel.csv", nil),
  ]

  @Test(
    "every example, unchanged, then after random moves and their inverses, is byte-identical",
    arguments: examples.indices)
  func roundTrip(_ k: Int) throws {
    let (file, format) = Self.examples[k]
    let path = DocumentationTests.root.appendingPathComponent("examples/\(file)").path
    let original = try Data(contentsOf: URL(fileURLWithPath: path))
    // No row is locked here: these are moves, not gestures.
    let options = (format.map { ["--format", $0] } ?? []) + ["-n", "--lock-key", "none"]
    #expect(Data(rowdrag(options + ["-e", "print", path]).stdout.utf8) == original)
    // Section sizes, to draw moves that are valid across sections.
    var load = LoadOptions()
    load.format = try format.map { try FormatChoice.parse($0) }
    let (document, _) = try ListLoader.load(
      store: ByteStore(Array(original)), name: path, options: load)
    for seed in 0..<25 {
      var rng = SplitMix64(seed: UInt64(seed))
      var counts = document.sectionRowCounts
      var moves: [(String, String)] = []
      for _ in 0..<(1 + rng.next(6)) {
        let sources = counts.indices.filter { counts[$0] > 0 }
        guard !sources.isEmpty else { break }
        let s1 = sources[rng.next(sources.count)]
        let r1 = 1 + rng.next(counts[s1])
        let s2 = rng.next(counts.count)
        let r2 = 1 + rng.next(counts[s2] + (s1 == s2 ? 0 : 1))
        moves.append(("\(s1 + 1):\(r1)", "\(s2 + 1):\(r2)"))
        counts[s1] -= 1
        counts[s2] += 1
      }
      let forward = moves.map { "move \($0.0) \($0.1)" }
      let back = moves.reversed().map { "move \($0.1) \($0.0)" }
      let script = (forward + ["print"] + back + ["print"]).joined(separator: "; ")
      let result = rowdrag(options + ["-e", script, path])
      #expect(result.status == 0, "\(file) seed \(seed): \(result.stderr)")
      let halves = Data(result.stdout.utf8)
      guard halves.count == 2 * original.count else {
        Issue.record("\(file) seed \(seed): \(halves.count) bytes, not twice \(original.count)")
        continue
      }
      #expect(halves.suffix(original.count) == original, "\(file) seed \(seed): \(script)")
      // Moved, every line is still there exactly once (JSON moves commas with the gaps).
      guard format?.hasPrefix("json") != true else { continue }
      let moved = String(decoding: halves.prefix(halves.count - original.count), as: UTF8.self)
      // Markdown's ordered items are renumbered: only digits and blanks change.
      let renumbered = file.hasSuffix(".md")
      let mask = { (text: String) in
        renumbered ? String(text.filter { !$0.isNumber && $0 != " " }) : text
      }
      #expect(
        Self.lines(mask(moved)) == Self.lines(mask(String(decoding: original, as: UTF8.self))))
    }
  }

  /// A text's lines without terminators, sorted (CR LF is one `Character`).
  static func lines(_ text: String) -> [Substring] {
    text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
      .map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }.filter { !$0.isEmpty }.sorted()
  }
}
