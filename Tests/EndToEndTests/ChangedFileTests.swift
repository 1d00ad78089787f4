import Foundation
import Testing

/// Issue 22, item 1: a write must not replace a file another program changed since
/// rowdrag read it. The drop hook plays the other program: it runs between the read and
/// the write, at a known moment.
@Suite("a file changed since it was read")
struct ChangedFileTests {
  /// A list, and a hook that appends a line to it (as `echo four >> f.txt` would).
  private func workspace(_ hook: String = "echo four >> \"$ROWDRAG_FILE\"") throws -> (
    TemporaryDirectory, list: String, hook: String
  ) {
    let dir = try TemporaryDirectory()
    let list = try dir.file("f.txt", "one\ntwo\nthree\n")
    let script = try dir.file("hook.sh", "#!/bin/sh\n\(hook)\n")
    chmod(script, 0o755)
    return (dir, list, script)
  }

  private func contents(_ path: String) throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
  }

  @Test("-i refuses with exit status 4 and leaves the other program's change")
  func inPlaceRefuses() throws {
    let (dir, list, hook) = try workspace()
    let result = try Binary.run(["--on-drop", hook, "-i", "-e", "move 1 3", list])
    #expect(result.status == 4)
    #expect(result.stderr.contains("\(list) changed since it was read; not overwritten"))
    #expect(try contents(list) == "one\ntwo\nthree\nfour\n")
    _ = dir
  }

  @Test("a change of the same size in the same time stamp is found by the contents")
  func sameSizeSameTime() throws {
    // The hook rewrites the file with the same number of bytes and puts the old time back.
    let (dir, list, hook) = try workspace(
      "cp -p \"$ROWDRAG_FILE\" \"$ROWDRAG_FILE.ref\"; printf 'ONE\\nTWO\\nTHREE\\n' > \"$ROWDRAG_FILE\";"
        + " touch -r \"$ROWDRAG_FILE.ref\" \"$ROWDRAG_FILE\"")
    let result = try Binary.run(["--on-drop", hook, "-i", "-e", "move 1 3", list])
    #expect(result.status == 4)
    #expect(try contents(list) == "ONE\nTWO\nTHREE\n")
    _ = dir
  }

  @Test("write refuses and says the way out; write! overwrites; reload reads the new file")
  func writeForceReload() throws {
    let (dir, list, hook) = try workspace()
    let refused = try Binary.run(["--on-drop", hook, "-n", "-e", "move 1 3; write", list])
    #expect(refused.status == 4)
    #expect(
      refused.stderr
        == "rowdrag: -e #1:1: write: \(list) changed since it was read; 'write!' overwrites it, "
        + "'reload' drops this session's changes and reads it again, 'write FILE' writes elsewhere\n"
    )
    #expect(try contents(list) == "one\ntwo\nthree\nfour\n")

    _ = try dir.file("f.txt", "one\ntwo\nthree\n")
    let forced = try Binary.run(["--on-drop", hook, "-n", "-e", "move 1 3; write!", list])
    #expect(forced.status == 0)
    #expect(try contents(list) == "two\nthree\none\n")

    _ = try dir.file("f.txt", "one\ntwo\nthree\n")
    let reloaded = try Binary.run([
      "--on-drop", hook, "-i", "-e", "move 1 3; reload; scroll 4", list,
    ])
    #expect(reloaded.status == 0, "\(reloaded.stderr)")
    #expect(try contents(list) == "one\ntwo\nthree\nfour\n")
    let printed = try Binary.run(["--on-drop", hook, "-e", "move 1 3; reload", list])
    #expect(printed.text == "one\ntwo\nthree\nfour\nfour\n")
  }

  @Test("rowdrag's own writes, other files and a file that is gone are not changes")
  func notChanges() throws {
    let dir = try TemporaryDirectory()
    let list = try dir.file("f.txt", "a\nb\nc\n")
    let other = try dir.file("g.txt", "x\n")
    let result = try Binary.run(
      ["-n", "-e", "move 1 3; write; move 1 2; write; write \(other)", list])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try contents(list) == "c\nb\na\n")
    // The list file spelled another way is still the list: its new stamp is kept.
    let respelled = try Binary.run(
      ["-n", "-e", "move 1 3; write \(dir.url.path)/./f.txt; move 1 2; write", list])
    #expect(respelled.status == 0, "\(respelled.stderr)")
    #expect(try contents(list) == "a\nb\nc\n")
    _ = try dir.file("f.txt", "c\nb\na\n")
    #expect(try contents(other) == "c\nb\na\n")
    let gone = try Binary.shell(
      "cd \(dir.url.path) && printf 'a\\nb\\n' > h.txt && \"$ROWDRAG\" -n -e 'move 1 2' "
        + "-e 'write h.txt' h.txt && cat h.txt")
    #expect(gone.status == 0)
    let hook = try dir.file("rm.sh", "#!/bin/sh\nrm -f \"$ROWDRAG_FILE\"\n")
    chmod(hook, 0o755)
    let removed = try Binary.run(["--on-drop", hook, "-n", "-e", "move 1 3; write", list])
    #expect(removed.status == 0, "\(removed.stderr)")
    #expect(try contents(list) == "b\na\nc\n")
  }

  @Test("reload needs a file; it drops the undo history")
  func reloadEdges() throws {
    let piped = try Binary.shell("printf 'a\\nb\\n' | \"$ROWDRAG\" -e reload")
    #expect(piped.status == 1)
    #expect(
      piped.stderr
        == "rowdrag: -e #1:1: reload: no file to read again: the list came from standard input\n")
    let dir = try TemporaryDirectory()
    let list = try dir.file("f.txt", "a\nb\n")
    let undone = try Binary.run(["-e", "move 1 2; reload; undo", list])
    #expect(undone.status == 1)
    #expect(undone.stderr.contains("undo: "))
  }
}
