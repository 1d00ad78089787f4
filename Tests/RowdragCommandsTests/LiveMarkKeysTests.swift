import Foundation
import RowdragCommands
import RowdragFormats
import Testing

@testable import RowdragCLI

/// Issue 42, item 2, without a terminal: the live view's mark keys run `mark` on the
/// cursor's row or the selection (which stays), `x` ticks and unticks Markdown tasks,
/// and a key that does nothing says so. (Tests/interactive/live_tests.py drives the
/// same keys in a real terminal.)
@Suite("the live view's mark keys (issue 42)")
struct LiveMarkKeysTests {
  func controller(_ text: String, format: String, path: String? = nil) throws -> LiveController {
    var options = LoadOptions()
    options.format = FormatChoice(format)
    let (document, layout) = try ListLoader.load(
      store: ByteStore(Array(text.utf8)), name: "t", options: options)
    let session = Session(document: document, layout: layout, filePath: path)
    return LiveController(
      runner: LineRunner(session: session, recorder: .off), effects: .none, recorder: nil,
      color: false, asksBeforeQuit: true)
  }

  func printed(_ controller: LiveController) throws -> String {
    let out = OutputSink(memoryNamed: "<out>")
    try controller.session.printList(to: out)
    return out.text
  }

  @Test("p r e s f d on a todo: the cursor's row, then a selection, which stays")
  func todoVerbs() throws {
    let live = try controller("pick a A\np b B\npick c C\npick d D\n", format: "todo")
    _ = live.handle(.key(.character("f")))
    #expect(try printed(live) == "fixup a A\np b B\npick c C\npick d D\n")
    _ = live.handle(.key(.down))
    _ = live.handle(.key(.shiftDown))
    _ = live.handle(.key(.character("d")))
    #expect(try printed(live) == "fixup a A\nd b B\ndrop c C\npick d D\n")
    #expect(live.selection == 1...2)
    _ = live.handle(.key(.character("r")))
    #expect(try printed(live) == "fixup a A\nr b B\nreword c C\npick d D\n")
    // No `x` on a todo: it says so.
    _ = live.handle(.key(.character("x")))
    #expect(live.renderer.message == "'x' does nothing here; ? lists the keys")
    _ = live.handle(.key(.control("t")))
    #expect(live.renderer.message == "Ctrl-T does nothing here; ? lists the keys")
  }

  @Test("x ticks a task, and unticks it when it is done; verbs do nothing on Markdown")
  func taskBoxes() throws {
    let live = try controller("- [ ] milk\n- [X] eggs\n", format: "markdown")
    _ = live.handle(.key(.character("x")))
    #expect(try printed(live) == "- [x] milk\n- [X] eggs\n")
    _ = live.handle(.key(.character("x")))
    #expect(try printed(live) == "- [ ] milk\n- [X] eggs\n")
    _ = live.handle(.key(.down))
    _ = live.handle(.key(.character("x")))
    #expect(try printed(live) == "- [ ] milk\n- [ ] eggs\n")
    _ = live.handle(.key(.character("p")))
    #expect(live.renderer.message == "'p' does nothing here; ? lists the keys")
  }

  @Test("Q on a todo asks, n goes back, y writes the todo empty and ends the view")
  func abortTheRebase() throws {
    let text = "pick a A\npick b B\n\n# Rebase\n"
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("rowdrag-abort-\(UInt32.random(in: 0...UInt32.max))").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let live = try controller(text, format: "todo", path: path)
    #expect(live.handle(.key(.character("Q"))) == nil)
    #expect(live.renderer.message?.hasPrefix("abort the rebase?") == true)
    #expect(live.handle(.key(.character("n"))) == nil)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    _ = live.handle(.key(.character("Q")))
    #expect(live.handle(.key(.character("y"))) == .quit)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "")
    // `c` on a line without a commit says so, and shows nothing.
    let exec = try controller("exec make\npick a1 A\n", format: "todo", path: path)
    _ = exec.handle(.key(.character("c")))
    #expect(exec.renderer.message == "no commit on this line")
    // Not on a list that is no todo.
    let tasks = try controller("- [ ] a\n", format: "markdown", path: path)
    _ = tasks.handle(.key(.character("Q")))
    #expect(tasks.renderer.message == "'Q' does nothing here; ? lists the keys")
  }
}
