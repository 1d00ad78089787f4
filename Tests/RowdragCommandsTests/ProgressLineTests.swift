import RowdragFormats
import Testing

@testable import RowdragCLI

/// `fit`'s progress on a terminal (issue 43): nothing for a search under a second, then
/// one line rewritten in place at most ten times a second, cleared at the end.
@Suite("progress line")
struct ProgressLineTests {
  @Test(
    "shown after a second, at most every tenth, cleared at the end; a quick search leaves nothing")
  func showsAfterASecond() {
    let sink = OutputSink(memoryNamed: "<stderr>")
    var clock = 100.0
    let progress = ProgressLine(sink, now: { clock })
    progress.update("fit: 1 replay")
    clock += 0.5
    progress.update("fit: 2 replays")
    #expect(sink.text.isEmpty)
    clock += 0.5
    progress.update("fit: 3 replays")
    clock += 0.05
    progress.update("fit: 4 replays")
    clock += 0.25
    progress.update("fit: 5 replays")
    progress.update(nil)
    #expect(sink.text == "\r\u{1B}[Kfit: 3 replays\r\u{1B}[Kfit: 5 replays\r\u{1B}[K")
    // A second search starts afresh; under a second it writes nothing, not even a clear.
    let quiet = OutputSink(memoryNamed: "<stderr>")
    let again = ProgressLine(quiet, now: { clock })
    again.update("fit: 1 replay")
    clock += 0.9
    again.update("fit: 2 replays")
    again.update(nil)
    #expect(quiet.text.isEmpty)
  }
}
