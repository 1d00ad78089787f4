import Foundation
import RowdragCLI
import RowdragCommands
import Testing

/// The man page and the completions are written by hand; these tests hold them to
/// the command and option tables the program itself uses.
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

  @Test(
    "every option appears in each completion file",
    arguments: ["completions/rowdrag.bash", "completions/_rowdrag", "completions/rowdrag.fish"])
  func completionOptions(_ file: String) throws {
    let text = try read(file)
    for option in OptionTable.options {
      let long = file.hasSuffix(".fish") ? "-l \(option.long)" : "--\(option.long)"
      #expect(text.contains(long), "\(file) lacks --\(option.long)")
      if let short = option.short {
        let form = file.hasSuffix(".fish") ? "-s \(short)" : "-\(short)"
        #expect(text.contains(form), "\(file) lacks -\(short)")
      }
    }
  }

  @Test(
    "each completion file offers exactly the command names",
    arguments: ["completions/rowdrag.bash", "completions/_rowdrag", "completions/rowdrag.fish"])
  func completionCommands(_ file: String) throws {
    let text = try read(file)
    var offered: Set<String> = []
    if file.hasSuffix("_rowdrag") {
      for match in text.matches(of: /'([A-Za-z!]+):[^']*'/) { offered.insert(String(match.1)) }
    } else {
      let line =
        file.hasSuffix(".fish")
        ? text.components(separatedBy: "set -l rowdrag_commands ")[1].components(separatedBy: "\n")[
          0]
        : text.components(separatedBy: "local commands=\"")[1].components(separatedBy: "\"")[0]
      offered = Set(line.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
    }
    #expect(offered == Set(CommandTable.allNames))
  }

  @Test("profile and rule names in the completions are the engine's")
  func completionWords() throws {
    for file in ["completions/rowdrag.bash", "completions/_rowdrag", "completions/rowdrag.fish"] {
      let text = try read(file)
      #expect(text.contains("linear fixed rate off"), "\(file)")
      #expect(text.contains("midpoint under"), "\(file)")
    }
    #expect(OptionTable.spec(long: "autoscroll")?.values == ["linear", "fixed", "rate", "off"])
    #expect(OptionTable.spec(long: "rule")?.values == ["midpoint", "under"])
  }
}
