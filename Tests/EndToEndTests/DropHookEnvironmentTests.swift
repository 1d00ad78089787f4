import Foundation
import Testing

/// Issue 22, items 6 to 8: what the drop hook is given. Through bash, which can put
/// bytes that are not UTF-8 into arguments and the environment, and close a stream.
@Suite("the drop hook's environment and streams")
struct DropHookEnvironmentTests {
  private func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  @Test("a label, a title and an inherited variable reach the hook byte for byte")
  func bytesUnchanged() throws {
    let dir = try TemporaryDirectory()
    let list = try dir.file("f.txt", Data([0x23, 0x20, 0x54, 0xFF, 10, 0xFE, 0x58, 10, 0x62, 10]))
    let out = dir.url.appendingPathComponent("out").path
    let hook = try dir.file(
      "hook.sh",
      "printf '%s|%s|%s' \"$ROWDRAG_LABEL\" \"$ROWDRAG_FROM_TITLE\" \"$INHERITED\" > \(out)\n")
    let result = try Binary.shell(
      "INHERITED=$'\\xfd' \"$ROWDRAG\" --header '^# ' -n --on-drop 'sh \(hook)' -e 'move 1:1 1:2' \(list)"
    )
    #expect(result.status == 0, "\(result.stderr)")
    // \xfeX | # T\xff | \xfd: no U+FFFD (EF BF BD) anywhere.
    #expect(try bytes(out) == [0xFE, 0x58, 0x7C, 0x23, 0x20, 0x54, 0xFF, 0x7C, 0xFD])
  }

  @Test("a label too long for one environment string is cut at a character and says so")
  func longLabelCut() throws {
    let dir = try TemporaryDirectory()
    let list = try dir.file("f.txt", String(repeating: "é", count: 100_000) + "\nb\n")
    let out = dir.url.appendingPathComponent("out").path
    let hook =
      "printf '%s' \"$ROWDRAG_LABEL\" > \(out); printf '%s' \"$ROWDRAG_LABEL_CUT\" > \(out).cut"
    let result = try Binary.run(["-n", "--on-drop", hook, "-e", "move 1 2", list])
    #expect(result.status == 0, "\(result.stderr)")
    let label = try bytes(out)
    // MAX_ARG_STRLEN is 32 pages, with ROWDRAG_LABEL=, and the NUL.
    let room = 32 * Int(sysconf(Int32(_SC_PAGESIZE))) - "ROWDRAG_LABEL=".utf8.count - 1
    #expect(label.count <= room && label.count >= room - 1)
    #expect(label == Array(String(repeating: "é", count: label.count / 2).utf8))
    #expect(try String(contentsOfFile: out + ".cut", encoding: .utf8) == "200000")
  }

  @Test("a hook that cannot start says why: the environment is too big for the stack limit")
  func cannotStartSaysWhy() throws {
    let dir = try TemporaryDirectory()
    let list = try dir.file("f.txt", String(repeating: "x", count: 200_000) + "\nb\n")
    let result = try Binary.shell(
      "ulimit -s 256; \"$ROWDRAG\" -n --on-drop true -e 'move 1 2' \(list)")
    #expect(result.status == 1)
    #expect(
      result.stderr.contains(
        "the --on-drop command failed (/bin/sh could not start: argument list too long)"),
      "\(result.stderr)")
  }

  @Test("with standard error closed the hook starts, its output on /dev/null")
  func closedStandardError() throws {
    let dir = try TemporaryDirectory()
    let list = try dir.file("f.txt", "a\nb\n")
    let ran = dir.url.appendingPathComponent("ran").path
    let result = try Binary.shell(
      "\"$ROWDRAG\" -i --on-drop 'echo out; echo err >&2; touch \(ran)' -e 'move 1 2' \(list) 2>&-"
    )
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(FileManager.default.fileExists(atPath: ran))
    #expect(try String(contentsOfFile: list, encoding: .utf8) == "b\na\n")
  }
}
