import Foundation
import Testing

@testable import RowdragCommands

/// Issue 41, stage 2: what a command is (whether it needs a list, replays, reads the
/// commands before it, what its arguments complete) is said by its row, so no code
/// compares a command's name — a renamed command, or a new one like it, would slip
/// past such a test unseen.
@Suite("no code tells commands apart by their names")
struct CommandNameGuardTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Every name a command answers to.
  static let names = CommandTable.commands.flatMap { [$0.name] + $0.aliases }

  /// The comparisons of a command's name in `line`: `== "set"`, `"set" !=`,
  /// `case "set"`, `contains("set")`, `mentions("set")`.
  static func comparisons(in line: Substring) -> [String] {
    let code = line.drop { $0 == " " || $0 == "\t" }
    guard !code.hasPrefix("//") else { return [] }
    return names.filter { name in
      let quoted = "\"\(name)\""
      return [
        "== \(quoted)", "!= \(quoted)", "\(quoted) ==", "\(quoted) !=", "case \(quoted)",
        "contains(\(quoted))", "mentions(\(quoted))",
      ]
      .contains { code.contains($0) }
    }
  }

  @Test("a planted comparison is found; building a command's text is not one")
  func plantedComparison() {
    #expect(Self.comparisons(in: #"    if spec.name == "compare" { keep = true }"#) == ["compare"])
    #expect(Self.comparisons(in: #"let keep = source.mentions("compare")"#) == ["compare"])
    #expect(Self.comparisons(in: #"    case "get", "set": return"#) == ["get"])
    #expect(Self.comparisons(in: #"    run("press \(point)")"#).isEmpty)
    #expect(Self.comparisons(in: #"    // a == "compare" in a comment"#).isEmpty)
  }

  /// Words that are a command's name and something else as well, where the code means
  /// the something else.
  static let otherMeanings = [
    "AutoScrollText.swift": #"case "move": return .move"#,  // the auto-scroll range word
    "CompletionScript.swift": #"o.long == "help""#,  // the option --help
  ]

  @Test("the command layer, the shell and the live view compare no command names")
  func noNameComparisons() throws {
    var checked = 0
    for folder in ["Sources/RowdragCommands", "Sources/RowdragCLI"] {
      let path = Self.root.appendingPathComponent(folder).path
      let files = try #require(FileManager.default.enumerator(atPath: path))
        .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
      for file in files {
        let text = try String(contentsOfFile: "\(path)/\(file)", encoding: .utf8)
        for line in text.split(separator: "\n") {
          if let other = Self.otherMeanings[(file as NSString).lastPathComponent],
            line.contains(other)
          {
            continue
          }
          for name in Self.comparisons(in: line) {
            Issue.record("\(folder)/\(file) compares the command name '\(name)': \(line)")
          }
        }
        checked += 1
      }
    }
    #expect(checked > 60)
  }
}
