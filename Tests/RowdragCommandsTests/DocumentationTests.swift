import Foundation
@testable import RowdragCLI
import RowdragCommands
import RowdragEngine
import Testing

/// The man pages are written by hand and the completions are generated; these tests hold
/// both to the command, option and setting tables the program itself uses. rowdrag(1)
/// has the commands, options and settings; rowdrag-presets(7) the profiles, presets and
/// rules.
@Suite("documentation agrees with the tables")
struct DocumentationTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  func read(_ path: String) throws -> String {
    try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
  }

  /// Names after `.It Ic` in the COMMANDS section, aliases included.
  func manCommands() throws -> Set<String> {
    let page = try read("man/rowdrag.1")
    let section = page.components(separatedBy: ".Sh COMMANDS")[1].components(separatedBy: ".Sh ")[0]
    var names: Set<String> = []
    for line in section.split(separator: "\n") where line.hasPrefix(".It Ic ") {
      for match in line.matches(of: /Ic ([A-Za-z!\\&]+)/) {
        names.insert(String(match.1).replacingOccurrences(of: "\\&", with: ""))
      }
    }
    return names
  }

  /// Long options after `.It Fl -` in the OPTIONS section.
  func manOptions() throws -> Set<String> {
    let page = try read("man/rowdrag.1")
    let section = page.components(separatedBy: ".Sh OPTIONS")[1].components(separatedBy: ".Sh ")[0]
    var names: Set<String> = []
    for line in section.split(separator: "\n") where line.hasPrefix(".It Fl") {
      for match in line.matches(of: /Fl -([a-z-]+)/) { names.insert(String(match.1)) }
    }
    return names
  }

  @Test("every command and alias has an entry in the man page, and nothing else does")
  func manPageCommands() throws {
    #expect(try manCommands() == Set(CommandTable.allNames))
  }

  @Test("every option is documented in the man page, and nothing else is")
  func manPageOptions() throws {
    #expect(try manOptions() == Set(OptionTable.options.map(\.long)))
  }

  /// The text of subsection `.Ss title` of rowdrag-presets(7), up to the next subsection
  /// or section.
  func manSubsection(_ title: String) throws -> String {
    let page = try read("man/rowdrag-presets.7")
    return page.components(separatedBy: ".Ss \(title)\n")[1].components(separatedBy: "\n.S")[0]
  }

  /// `.It Cm linear Cm zone Ns = Ns 100 Cm max Ns = Ns 1200` read as `linear zone=100 max=1200`,
  /// from the subsection's first list.
  func manEntries(_ title: String) throws -> [String] {
    try manSubsection(title).components(separatedBy: "\n.El")[0].split(separator: "\n").filter {
      $0.hasPrefix(".It Cm ")
    }.map {
      $0.dropFirst(".It Cm ".count).replacingOccurrences(of: " Ns = Ns ", with: "=")
        .replacingOccurrences(of: " Cm ", with: " ")
    }
  }

  @Test("rowdrag-presets(7) lists every auto-scroll profile with its defaults, in registry order")
  func manPageProfiles() throws {
    let registry = AutoScrollRegistry.kinds.map { kind in
      ([kind.name] + kind.parameters.map { "\($0.name)=\(LengthText.format($0.defaultValue))" })
        .joined(separator: " ")
    }
    #expect(try manEntries("Auto-scroll profiles") == registry)
  }

  @Test("rowdrag-presets(7) lists every preset, in the catalogue's order")
  func manPagePresets() throws {
    #expect(try manEntries("Presets") == PresetTable.names)
  }

  @Test("rowdrag-presets(7) lists every reorder rule, in registry order")
  func manPageRules() throws {
    #expect(try manEntries("Reorder rules") == ReorderRuleRegistry.kinds.map(\.name))
  }

  @Test("the man page's set entry names every setting key, and nothing else")
  func manPageSettings() throws {
    let page = try read("man/rowdrag.1")
    let entry = page.components(separatedBy: ".It Ic set Ar KEY")[1]
      .components(separatedBy: ".It Ic get")[0]
    var keys: [String] = []
    for line in entry.split(separator: "\n") where line.hasPrefix(".Cm ") {
      keys.append(String(line.split(separator: " ")[1]))
    }
    #expect(Set(keys) == Set(SettingTable.keys))
  }

  @Test(
    "each checked-in completion file is exactly what the binary generates",
    arguments: [
      ("bash", "completions/rowdrag.bash"), ("zsh", "completions/_rowdrag"),
      ("fish", "completions/rowdrag.fish"),
    ])
  func completionFilesAreGenerated(_ shell: String, _ file: String) throws {
    let generated = CompletionScript.text(for: shell)
    if ProcessInfo.processInfo.environment["ROWDRAG_RECORD"] == "1" {
      try generated.write(
        to: Self.root.appendingPathComponent(file), atomically: true, encoding: .utf8)
      Issue.record("recorded \(file); rerun without ROWDRAG_RECORD to check it")
      return
    }
    #expect(try read(file) == generated, "run 'make completions' and review the diff")
  }

  @Test(
    "the generated scripts offer every option and registered name; --complete every command")
  func generatedScriptsCoverTheTables() {
    for shell in CompletionScript.shells {
      let text = CompletionScript.text(for: shell)
      for option in OptionTable.options {
        #expect(text.contains(shell == "fish" ? "-l \(option.long)" : "--\(option.long)"))
      }
      // The profiles and rules (values with parameters) come from the program, in every
      // shell, as `set` completes them.
      let profiles = ShellCompletion.output([shell, "rowdrag --autoscroll "], home: nil) ?? ""
      let rules = ShellCompletion.output([shell, "rowdrag --rule "], home: nil) ?? ""
      #expect(AutoScrollRegistry.kinds.map(\.name).allSatisfy(profiles.contains), "\(shell)")
      #expect(ReorderRuleRegistry.kinds.map(\.name).allSatisfy(rules.contains), "\(shell)")
      // The commands come from the program, in every shell.
      // (bash's are escaped for bash: `write\!`.)
      let commands = (ShellCompletion.output([shell, "rowdrag -e "], home: nil) ?? "")
        .replacingOccurrences(of: "\\", with: "")
      for name in CommandTable.allNames {
        #expect(commands.contains("\n" + name) || commands.hasPrefix(name), "\(shell): \(name)")
      }
    }
  }

  @Test("the engine and the row order import nothing but each other and carry SPDX headers")
  func embeddableTargetsStayPortable() throws {
    let manager = FileManager.default
    for folder in ["Sources/RowdragEngine", "Sources/RowdragBase"] {
      let root = Self.root.appendingPathComponent(folder)
      let files = try #require(manager.enumerator(atPath: root.path)).compactMap { $0 as? String }
        .filter { $0.hasSuffix(".swift") }
      #expect(!files.isEmpty)
      for file in files {
        let text = try read("\(folder)/\(file)")
        #expect(text.hasPrefix("// SPDX-License-Identifier: Apache-2.0\n"), "\(file)")
        // Indented imports count too (inside `#if`), and so do `@_exported` and
        // attribute-prefixed ones.
        for line in text.split(separator: "\n") {
          let code = line.drop { $0 == " " || $0 == "\t" }
          guard code.hasPrefix("import ") || code.hasPrefix("@_exported import ") else { continue }
          #expect(code == "import RowdragBase", "\(folder)/\(file): \(line)")
        }
      }
      #expect(manager.fileExists(atPath: root.appendingPathComponent("LICENSE").path))
    }
  }

  /// Issue 20: the engine's entry points ask the surface (`Engine+Surface.swift`) and
  /// never tell the table from the board themselves, so that a new surface is a case
  /// and its files, not branches across the engine.
  @Test("only the surfaces' own files tell the table from the board")
  func surfaceChecksStayInSurfaces() throws {
    let folder = "Sources/RowdragEngine"
    let root = Self.root.appendingPathComponent(folder)
    let files = try #require(FileManager.default.enumerator(atPath: root.path))
      .compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Surface/") && !$0.hasPrefix("Board/") }
    #expect(files.count > 30)
    let checks = [
      "board.isOn", "settings.board", "case .board", ".board(", "isBoard", "activeColumn",
      "withActiveColumn", "board.",
    ]
    for file in files {
      // Indented code counts too; doc comments and comments may name the board.
      for line in try read("\(folder)/\(file)").split(separator: "\n") {
        let code = line.drop { $0 == " " || $0 == "\t" }
        guard !code.hasPrefix("//") else { continue }
        for check in checks where code.contains(check) {
          Issue.record("\(folder)/\(file) asks which surface it is on: \(line)")
        }
      }
    }
  }
}
