import Foundation
import Testing

/// `--record` (issue 22): what it refuses, and how a recording replays.
@Suite("recordings")
struct RecordingTests {
  @Test("--record onto the list file itself is refused before anything is drawn or written")
  func recordOntoTheList() throws {
    let dir = try TemporaryDirectory()
    let list = try dir.file("f.txt", "a\nb\n")
    let result = try Binary.run(["--live", "--record", list, list])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "rowdrag: --record: \(list) is the list itself; record to another file (see 'rowdrag --help')\n"
    )
    #expect(
      String(decoding: try Data(contentsOf: URL(fileURLWithPath: list)), as: UTF8.self) == "a\nb\n")
  }
}
