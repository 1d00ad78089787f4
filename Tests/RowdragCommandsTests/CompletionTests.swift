import RowdragCommands
import RowdragEngine
import RowdragFormats
import Testing

/// Tab's completion over `list`, read as the file `name`: the word completed starts
/// after the line's last blank.
func completer(_ list: String, name: String = "t") throws -> (String) -> Completion {
  let (document, layout) = try ListLoader.load(
    store: ByteStore(Array(list.utf8)), name: name, options: LoadOptions())
  let session = Session(document: document, layout: layout, filePath: name)
  return { line in
    let start = (Array(line.unicodeScalars).lastIndex { $0 == " " }).map { $0 + 1 } ?? 0
    return Completion.complete(line: line, wordStart: start, session: session)
  }
}

@Suite("REPL completion")
struct CompletionTests {
  func session() throws -> Session {
    let bytes = Array("buy milk\nwalk dog\nmilk cows\na/b path\n".utf8)
    let (document, layout) = try ListLoader.load(
      store: ByteStore(bytes), name: "t", options: LoadOptions())
    return Session(document: document, layout: layout, filePath: "t")
  }

  func complete(_ line: String) throws -> Completion {
    // The word being completed starts after the last blank or ';'.
    let scalars = Array(line.unicodeScalars)
    let start = (scalars.lastIndex { $0 == " " || $0 == ";" }).map { $0 + 1 } ?? 0
    return Completion.complete(line: line, wordStart: start, session: try session())
  }

  @Test func commandNames() throws {
    #expect(try complete("pr") == .words(["press", "print", "presets"]))
    #expect(try complete("press 1; rel") == .words(["release", "reload"]))
  }

  @Test func settingKeysAndValues() throws {
    #expect(try complete("set auto") == .words(["autoscroll"]))
    #expect(
      try complete("set autoscroll ")
        == .words([
          "linear", "fixed", "rate", "ramp", "power", "quintic", "overflow", "count", "off",
        ]))
    #expect(
      try complete("set autoscroll linear m") == .words(["max=", "min="]))
    #expect(try complete("set autoscroll power cl") == .words(["clock="]))
    #expect(try complete("set autoscroll rate z") == .words([]))
    #expect(try complete("set autoscroll fixed z") == .words(["zone="]))
    #expect(try complete("set autoscroll fixed la") == .words(["latch="]))
    #expect(
      try complete("set autoscroll fixed clock=t") == .words(["clock=timer:"]))
    #expect(try complete("set pre") == .words(["preset"]))
    #expect(try complete("set preset fl") == .words(["flutter"]))
    #expect(try complete("compare rb") == .words(["rbd"]))
    #expect(try complete("compare flutter cu") == .words(["current"]))
    #expect(try complete("compare a") == .words(["all", "ats"]))
    #expect(try complete("compare rbd,fl") == .words(["rbd,flutter"]))
    #expect(try complete("set rule u") == .words(["under"]))
    #expect(try complete("set rule under e") == .words(["end=", "every="]))
    #expect(try complete("get sec") == .words(["sections"]))
    #expect(try complete("set verb") == .words(["verbose"]))
    #expect(try complete("set verbose ") == .words(["on", "off"]))
  }

  @Test("a label completes to its escaped pattern, beginning with what was typed (issue 46)")
  func rowLabels() throws {
    // Every candidate begins with the typed text, so readline lists them on the second
    // Tab instead of rewriting `/mi` to a shorter common part.
    #expect(
      try complete("press /mi") == .patterns(["/milk cows/"], labels: ["milk cows"]))
    #expect(
      try complete("press /")
        == .patterns(
          ["/buy milk/", "/walk dog/", "/milk cows/", "/a\\/b path/"],
          labels: ["buy milk", "walk dog", "milk cows", "a/b path"]))
    // A pattern with a blank before the word: the rest, as readline replaces the word.
    #expect(try complete("move /buy m") == .patterns(["milk/"], labels: ["buy milk"]))
    #expect(try complete("drag /a") == .patterns(["/a\\/b path/"], labels: ["a/b path"]))
    // Anchored only when the user anchored.
    #expect(try complete("press /^mi") == .patterns(["/^milk cows$/"], labels: ["milk cows"]))
    #expect(try complete("move /^buy m") == .patterns(["milk$/"], labels: ["buy milk"]))
  }

  @Test("the typed part before the word is rewritten when it lacks an escape")
  func rewritesAnUnescapedStart() throws {
    let complete = try completer(
      "milk shake (large)\nmilk shake (small)\nmilk\n(live) set\n(live) show\n")
    #expect(
      complete("press /mi")
        == .patterns(
          ["/milk shake \\(large\\)/", "/milk shake \\(small\\)/", "/milk/"],
          labels: ["milk shake (large)", "milk shake (small)", "milk"]))
    // Typed unescaped in the word itself: the escaped patterns, which readline puts in
    // the word's place.
    #expect(
      complete("press /milk shake (")
        == .patterns(
          ["\\(large\\)/", "\\(small\\)/"],
          labels: ["milk shake (large)", "milk shake (small)"]))
    // Typed unescaped before the word: that part is rewritten, as far as the labels
    // agree, then whole once one is left.
    #expect(complete("press /(live) s") == .replace(from: 7, with: "\\(live\\) s"))
    #expect(complete("press /(live) se") == .replace(from: 7, with: "\\(live\\) set/"))
    #expect(
      complete("press /\\(live\\) s")
        == .patterns(["set/", "show/"], labels: ["(live) set", "(live) show"]))
  }

  @Test func nothingSilly() throws {
    #expect(try complete("tick 1") == .nothing)
    #expect(try complete("press 3 ") == .nothing)
    #expect(try complete("write ") == .fileNames)
    #expect(try complete("bogus ") == .nothing)
  }
}

@Suite("REPL completion on a board")
struct BoardCompletionTests {
  @Test("a completed label matches itself: brackets, parentheses and dots are escaped")
  func literalPatterns() throws {
    let bytes = Array("[x] water the plants\n(live) set\nsong.mp3\nsongXmp3\n".utf8)
    let (document, layout) = try ListLoader.load(
      store: ByteStore(bytes), name: "t", options: LoadOptions())
    let session = Session(document: document, layout: layout, filePath: nil)
    for (typed, label) in [
      ("[x] w", "[x] water the plants"), ("(li", "(live) set"), ("song.", "song.mp3"),
    ] {
      guard
        case .patterns(let words, _) = Completion.complete(
          line: "press /" + typed, wordStart: 6, session: session),
        let pattern = words.first
      else {
        Issue.record("no completion for \(typed)")
        continue
      }
      // The completed command finds exactly that row.
      let result = run(
        "press \(pattern); state", on: String(decoding: bytes, as: UTF8.self), options: ["-n"])
      let row = bytes.split(separator: 10).firstIndex {
        String(decoding: $0, as: UTF8.self) == label
      }
      #expect(result.stdout.contains("\"row\":\((row ?? -1) + 1),"), "\(pattern): \(result.stdout)")
    }
  }

  @Test("after page /, Tab offers the column titles as it offers labels after press /")
  func columnTitles() throws {
    let list = #"{"Todo": ["a"], "Doing": ["b"], "Done/Archive": []}"#
    let complete = try completer(list, name: "k.json")
    #expect(
      complete("page /Do")
        == .patterns(["/Doing/", "/Done\\/Archive/"], labels: ["Doing", "Done/Archive"]))
    #expect(complete("page n") == .words(["next"]))
    #expect(complete("press /") == .patterns(["/a/", "/b/"], labels: ["a", "b"]))
    // And page /TITLE/ turns to that column.
    let result = run(
      "set board on; page /^Doi/; state", on: list, options: ["-n"])
    #expect(result.stdout.contains(#""x":375,"#))
  }
}

@Suite("REPL completion of marks (issue 42)")
struct MarkCompletionTests {
  func complete(_ line: String, list: String, format: String) throws -> Completion {
    var options = LoadOptions()
    options.format = FormatChoice(format)
    let (document, layout) = try ListLoader.load(
      store: ByteStore(Array(list.utf8)), name: "t", options: options)
    let session = Session(document: document, layout: layout, filePath: "t")
    let scalars = Array(line.unicodeScalars)
    let start = (scalars.lastIndex { $0 == " " || $0 == ";" }).map { $0 + 1 } ?? 0
    return Completion.complete(line: line, wordStart: start, session: session)
  }

  @Test("after mark's row, the marks of the list's format; none in a format without")
  func marksOfTheFormat() throws {
    let todo = "pick a A\npick b B\n"
    #expect(
      try complete("mark 2 f", list: todo, format: "todo")
        == .words(["fixup", "fixup -C", "fixup -c"]))
    #expect(
      try complete("mark 1,2 ", list: todo, format: "todo")
        == .words(["pick", "reword", "edit", "squash", "fixup", "fixup -C", "fixup -c", "drop"]))
    #expect(
      try complete("mark 1 ", list: "- [ ] a\n", format: "markdown") == .words(["done", "todo"]))
    #expect(try complete("mark 1 ", list: "a\n", format: "text") == .words([]))
    #expect(try complete("mark /B$/ d", list: todo, format: "todo") == .words(["drop"]))
  }
}
