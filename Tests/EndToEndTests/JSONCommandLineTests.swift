import Foundation
import Testing

@Suite("JSON on the command line")
struct JSONCommandLineTests {
  static let corpus = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/JSONTestSuite/test_parsing")

  @Test("every n_ file exits 3 with FILE:LINE:COLUMN")
  func invalidFiles() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter {
      $0.hasPrefix("n_")
    }
    #expect(names.count > 180)
    for name in names {
      let path = Self.corpus.appendingPathComponent(name).path
      let result = try Binary.run(["-n", "-e", "state", path])
      #expect(result.status == 3, "\(name)")
      #expect(result.stderr.hasPrefix("rowdrag: \(path):"), "\(name)")
      let location = result.stderr.dropFirst("rowdrag: \(path):".count).prefix { $0 != " " }
      #expect(location.wholeMatch(of: /[0-9]+:[0-9]+:/) != nil, "\(name): \(result.stderr)")
    }
  }

  @Test("a scalar or a non-list object is a shape error, exit 3")
  func shapes() throws {
    for text in ["42", "{\"a\": 1}", "\"s\""] {
      let result = try Binary.run(["--json", "-e", "state"], stdin: Data(text.utf8))
      #expect(result.status == 3)
      #expect(
        result.stderr
          == "rowdrag: <stdin>: JSON top level must be an array, an array of arrays, or an object of arrays\n"
      )
    }
  }

  @Test("detection: .json names and [ or { starts; --text keeps a bracketed todo as text")
  func detection() throws {
    let dir = try TemporaryDirectory()
    let todo = try dir.file("todo.txt", "[x] done\n[ ] todo\n")
    #expect(try Binary.run(["-e", "move 1 2", todo]).text == "[ ] todo\n[x] done\n")
    let arrayText = try dir.file("list.txt", "[1, 2]\n")
    #expect(try Binary.run(["-n", "-e", "state", arrayText]).text.contains("\"rows\":2"))
    #expect(try Binary.run(["--text", "-n", "-e", "state", arrayText]).text.contains("\"rows\":1"))
    let broken = try dir.file("broken.json", "[1,]")
    let refused = try Binary.run(["-e", "state", broken])
    #expect(refused.status == 3)
    #expect(refused.stderr == "rowdrag: \(broken):1:4: trailing comma before ']'; remove it\n")
  }

  @Test("a playlist: move, heights, locked rows, labels, in-place")
  func playlist() throws {
    let dir = try TemporaryDirectory()
    let text = """
      {
          "Side A": [
              {"title": "So What", "height": 88},
              {"title": "Freddie Freeloader", "locked": true},
              {"name": "Blue in Green"}
          ],
          "Side B": []
      }

      """
    let path = try dir.file("kind.json", text)
    let listing = try Binary.run(["-n", "-e", "list; state", path])
    #expect(
      listing.text.hasPrefix(
        "    1:\t#\tSide A\n     1\t-\tSo What\n     2\tL\tFreddie Freeloader\n     3\t-\tBlue in Green\n    2:\t#\tSide B\n"
      ))
    #expect(listing.text.contains("\"content\":232"))  // 88 + 44 + 44 + 2 titled headers
    let locked = try Binary.run(["-e", "press 2", path])
    #expect(locked.status == 1)
    #expect(locked.stderr == "rowdrag: -e #1:1: press: row 2 is locked; unlock it first\n")
    #expect(try Binary.run(["-i", "-e", "move /Blue/ 2:1", path]).status == 0)
    let expected = """
      {
          "Side A": [
              {"title": "So What", "height": 88},
              {"title": "Freddie Freeloader", "locked": true}
          ],
          "Side B": [
              {"name": "Blue in Green"}
          ]
      }

      """
    #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
  }
}
