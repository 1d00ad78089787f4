import Foundation
import Testing

@testable import RowdragCLI

/// `rowdrag --complete`: what the bash, zsh and fish scripts are given to offer.
@Suite("shell completion (--complete)")
struct ShellCompletionTests {
  /// A scratch folder holding `files`, the current directory's stand-in.
  func folder(_ files: [String: String]) throws -> String {
    let path = NSTemporaryDirectory() + "rowdrag-complete-\(UUID().uuidString)/"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    for (name, text) in files {
      try text.write(toFile: path + name, atomically: true, encoding: .utf8)
    }
    return path
  }

  func lines(_ arguments: [String]) -> [String]? {
    ShellCompletion.output(arguments, home: nil).map {
      $0.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
  }

  @Test("labels of the list file on the line, read in the line's format")
  func labelsFollowTheFormat() throws {
    let dir = try folder(["people.csv": "id,name\n1,butter\n2,bread\n3,milk\n"])
    let line = "rowdrag --format 'csv label=name' \(dir)people.csv -e 'move /b"
    #expect(lines(["fish", line]) == ["move /butter/\tbutter", "move /bread/\tbread"])
    #expect(lines(["zsh", line]) == ["move /butter/ ", "move /bread/ "])
    // Without the parameter the label is the first column.
    #expect(lines(["fish", "rowdrag \(dir)people.csv -e 'move /b"]) == [])
  }

  @Test("after mark ADDR, the marks of the list's format")
  func marksOfTheFormat() throws {
    let dir = try folder(["tasks.md": "- [ ] write\n- [x] buy\n"])
    #expect(
      lines(["zsh", "rowdrag \(dir)tasks.md -e 'mark 2 "]) == ["mark 2 done ", "mark 2 todo "])
    #expect(lines(["zsh", "rowdrag -e 'mark 2 "]) == [], "no list file, no marks")
  }

  @Test("a FIFO or standard input is never read: no labels, no wait")
  func noListToWaitFor() throws {
    let dir = try folder([:])
    #expect(mkfifo(dir + "pipe", 0o600) == 0)
    #expect(lines(["fish", "rowdrag \(dir)pipe -e 'move /"]) == [])
    #expect(lines(["fish", "rowdrag - -e 'move /"]) == [])
    #expect(lines(["fish", "rowdrag -e 'mov"])?.first?.hasPrefix("move\tmove a row") == true)
  }

  @Test("bash: the words that replace readline's, the quote kept open")
  func bashReplacements() throws {
    let dir = try folder(["l.txt": "eggs (free range)\nmilk\n"])
    // One match comes twice, the second with a blank: readline inserts what they
    // share and leaves the quote open.
    #expect(lines(["bash", "rowdrag -e 'mo", "mo"]) == ["move ", "move  "])
    #expect(lines(["bash", "rowdrag -e mo", "mo"]) == ["move "])
    #expect(
      lines(["bash", "rowdrag \(dir)l.txt -e \"move /eg", "move /eg"]) == [
        "move /eggs \\\\(free range\\\\)/ ", "move /eggs \\\\(free range\\\\)/  ",
      ])
    #expect(lines(["bash", "rowdrag --format=cs", "cs"]) == ["csv "])
    #expect(lines(["bash", "rowdrag --compare flutter,q", "flutter,q"]) == ["flutter,qt"])
    // A listed word is bash's own to complete; a setting's value with parameters
    // (`--rule`, `--autoscroll`) comes from the program, as `set` completes it.
    #expect(lines(["bash", "rowdrag --preset fl", "fl"]) == [])
    #expect(lines(["bash", "rowdrag --rule mid", "mid"]) == ["midpoint "])
    #expect(
      lines(["bash", "rowdrag --autoscroll 'linear zo", "linear zo"]) == [
        "linear zone=", "linear zone= ",
      ])
    // A setting's value is one command's: after a `;` nothing (a review finding).
    #expect(lines(["bash", "rowdrag --autoscroll 'linear; set f", "linear; set f"]) == [])
  }

  @Test("--format: names, then the format's parameters, then their values")
  func formatParameters() {
    #expect(lines(["zsh", "rowdrag --format js"]) == ["json ", "jsonl "])
    #expect(
      lines(["zsh", "rowdrag --format 'csv "]) == ["csv header=", "csv delimiter=", "csv label="])
    #expect(
      lines(["zsh", "rowdrag --format 'csv header=yes,"]) == [
        "csv header=yes,delimiter=", "csv header=yes,label=",
      ])
    #expect(
      lines(["zsh", "rowdrag --format 'csv header="]) == ["csv header=yes ", "csv header=no "])
  }

  @Test("--compare: names after a comma, trace: and its file")
  func compareTrace() throws {
    let dir = try folder(["app.jsonl": ""])
    #expect(lines(["zsh", "rowdrag --compare flutter,tr"]) == ["flutter,trace:"])
    #expect(lines(["zsh", "rowdrag --compare trace:\(dir)a"]) == ["trace:\(dir)app.jsonl"])
  }

  @Test("--fit: trace:, then its file")
  func fitTrace() throws {
    let dir = try folder(["app.jsonl": ""])
    #expect(lines(["zsh", "rowdrag --fit tr"]) == ["trace:"])
    #expect(lines(["zsh", "rowdrag --fit flutter"]) == [])
    #expect(lines(["zsh", "rowdrag --fit trace:\(dir)a"]) == ["trace:\(dir)app.jsonl"])
    // One trace: a comma is part of the file's name, not a list.
    #expect(lines(["zsh", "rowdrag --fit trace:\(dir)app.jsonl,"]) == [])
  }

  @Test("fish: each listed word with its own description, none where there is none")
  func fishDescriptions() {
    #expect(lines(["fish", "rowdrag --autoscroll of"]) == ["off\tno auto-scroll"])
    #expect(lines(["fish", "rowdrag --paging o"]) == ["on\t", "off\t"])
    #expect(lines(["fish", "rowdrag -ee"]) == [])
  }

  @Test("a wrong call is a usage error; no context, no lines")
  func wrongCalls() {
    #expect(lines([]) == nil)
    #expect(lines(["tcsh", "rowdrag -e "]) == nil)
    #expect(lines(["zsh", "rowdrag al"]) == [])
    #expect(lines(["zsh", ""]) == [])
  }
}
