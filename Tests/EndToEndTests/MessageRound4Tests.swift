import Foundation
import Testing

/// Issue 45, items 6 and 7: messages that name what to do, and costs that do not grow
/// with garbage.
@Suite("messages and garbage (issue 45)")
struct MessageRound4Tests {
  @Test("a JSON flag counts only when literally true (SPEC §9.23): 1, \"yes\", null lock nothing")
  func literalFlags() throws {
    let dir = try TemporaryDirectory()
    let path = try dir.file(
      "flags.json",
      #"[{"title":"a","locked":1},{"title":"b","pinned":"yes"},{"title":"c","locked":null},"#
        + #"{"title":"d","locked":true}]"#)
    let list = try Binary.run(["-n", "-e", "list", path])
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.text == "     1\t-\ta\n     2\t-\tb\n     3\t-\tc\n     4\tL\td\n")
    let moved = try Binary.run(["-n", "-e", "move 1 3; move 2 1; list", path])
    #expect(moved.status == 0, "\(moved.stderr)")
  }

  @Test("heights that overflow in a JSON-shaped file name --height-key and --text")
  func overflowingHeights() throws {
    let dir = try TemporaryDirectory()
    let path = try dir.file(
      "heights.txt", #"[{"title":"a","height":1e308},{"title":"b","height":1e308}]"#)
    let result = try Binary.run(["-n", "-e", "list", path])
    #expect(result.status == 3)
    #expect(
      result.stderr
        == "rowdrag: \(path): the row heights add up to more than a double can hold "
        + "(--height-key NAME reads another member, --height-key '' none; --text reads the "
        + "file as lines)\n")
    #expect(try Binary.run(["--text", "-n", "-e", "state", path]).status == 0)
    #expect(try Binary.run(["--height-key", "", "-n", "-e", "state", path]).status == 0)
  }

  @Test("a JSON Pointer with ~2 (or a lone ~) is a malformed pointer, a usage error")
  func pointerEscapes() throws {
    let dir = try TemporaryDirectory()
    let path = try dir.file("doc.json", #"{"a~b":[1,2],"a/b":[3]}"#)
    for (pointer, bad) in [("/a~2b", "~2"), ("/a~", "~")] {
      let result = try Binary.run(["-n", "--format", "json path=\(pointer)", "-e", "list", path])
      #expect(result.status == 2, "\(pointer)")
      #expect(
        result.stderr
          == "rowdrag: --format: json path=\(pointer): '\(bad)' is no escape in a JSON Pointer: "
          + "'~0' stands for '~' and '~1' for '/' (RFC 6901) (see 'rowdrag --help')\n")
    }
    let tilde = try Binary.run(["-n", "--format", "json path=/a~0b", "-e", "list", path])
    #expect(tilde.text == "     1\t-\t1\n     2\t-\t2\n", "\(tilde.stderr)")
    let slash = try Binary.run(["-n", "--format", "json path=/a~1b", "-e", "list", path])
    #expect(slash.text == "     1\t-\t3\n", "\(slash.stderr)")
  }

  @Test("a comment line of many megabytes from a pipe is read past, line numbers kept")
  func longCommentFromPipe() throws {
    let dir = try TemporaryDirectory()
    let list = try dir.file("l.txt", "a\nb\n")
    var script = Data("# ".utf8)
    script.append(Data(repeating: UInt8(ascii: "x"), count: 5 << 20))
    script.append(Data("\n  # short\nmove 1 2\n\t#\nbogus\n".utf8))
    let result = try Binary.run(["-f", "-", list], stdin: script)
    #expect(result.status == 1)
    #expect(result.stderr == "rowdrag: <stdin>:5: bogus: unknown command ('help' lists commands)\n")
  }
}

/// `require` (issue 45, item 1): a script that needs the list read with given options.
@Suite("require")
struct RequireTests {
  @Test("options in any order, values between slashes with \\/ for a slash; others refused")
  func matching() throws {
    let dir = try TemporaryDirectory()
    let path = try dir.file("trip.json", #"{"tracks":[{"title":"A"},{"title":"B","x":1}]}"#)
    let options = ["--format", "json path=/tracks", "--lock", "^B$", "-n"]
    let ok = try Binary.run(
      options + ["-e", #"require --lock /^B$/ --format /json path=\/tracks/; list"#, path])
    #expect(ok.status == 0, "\(ok.stderr)")
    #expect(ok.text == "     1\t-\tA\n     2\tL\tB\n")
    let missing = try Binary.run(
      options + ["-e", #"require --format /json path=\/tracks/; list"#, path])
    #expect(missing.status == 1)
    #expect(
      missing.stderr
        == "rowdrag: -e #1:1: require: the list was read with --format 'json path=/tracks' "
        + "--lock '^B$'; this script needs --format 'json path=/tracks': run rowdrag --format "
        + "'json path=/tracks' -f SCRIPT LIST\n")
    #expect(missing.text.isEmpty)
    let unknown = try Binary.run(options + ["-e", "require --width /80/", path])
    #expect(unknown.status == 1)
    #expect(unknown.stderr.contains("require: expected a load option (--format --header"))
    let bare = try Binary.run(options + ["-e", "require --lock", path])
    #expect(bare.stderr == "rowdrag: -e #1:1: require: --lock needs a value, as --lock /VALUE/\n")
  }
}
