import RowdragTestSupport
import Testing

@testable import RowdragEngine

/// `tickReportingSkips` (a comparison's replay, issue 25 item 6) skips what `tick`
/// skips and says what it skipped. Checked against `tick(N, observe:)`, which steps
/// every frame: the frames it reports are those frames, and every run it skips is,
/// frame by frame, what it claims.
@Suite("reported skips are exact")
struct ReportedSkipTests {
  /// Frame-by-frame: the report of every frame, 1-based.
  func everyFrame(_ start: Engine, _ count: Int) throws -> (Engine, [FrameReport]) {
    var slow = start
    var reports: [FrameReport] = []
    try slow.tick(count) { reports.append($0) }
    return (slow, reports)
  }

  func check(_ start: Engine, _ count: Int, _ context: String, board: Bool = false) throws -> (
    stepped: Int, skipped: Int, alternating: Int
  ) {
    let (slow, reports) = try everyFrame(start, count)
    var plain = start
    try plain.tick(count)
    var fast = start
    var events: [TickEvent] = []
    try fast.tickReportingSkips(count) { events.append($0) }
    // The same end state as tick and as stepping, bit for bit, and the same skips.
    #expect(fast.offset.bitPattern == slow.offset.bitPattern, "\(context)")
    #expect(fast.time.bitPattern == slow.time.bitPattern, "\(context)")
    #expect(fast.phase == slow.phase, "\(context)")
    #expect(fast.ids == slow.ids, "\(context)")
    if !board { #expect(fast.framesSkipped == plain.framesSkipped, "\(context)") }
    var index = 0
    var stepped = 0
    var alternating = 0
    for event in events {
      switch event {
      case .frame(let report):
        index += 1
        stepped += 1
        #expect(report.index == index, "\(context)")
        #expect(report == reports[index - 1], "\(context): frame \(index)")
      case .skipped(let run):
        #expect(run.count > 0, "\(context)")
        if run.alternates { alternating += 1 }
        for k in 0..<run.count {
          let frame = reports[index + k]
          let step = run.alternates && k % 2 == 1 ? run.lastDelta : run.offsetStep
          #expect(frame.delta.bitPattern == step.bitPattern, "\(context): frame \(index + k + 1)")
          if run.rowsPerFrame > 0, case .lifted(let a) = frame.phase {
            let before = k == 0 ? reports[index - 1].phase : reports[index + k - 1].phase
            if case .lifted(let b) = before {
              #expect(abs(a.position - b.position) == run.rowsPerFrame, "\(context)")
            }
          }
        }
        index += run.count
        let last = reports[index - 1]
        #expect(run.index == index, "\(context)")
        #expect(run.time.bitPattern == last.time.bitPattern, "\(context): run to \(index)")
        #expect(run.offset.bitPattern == last.offset.bitPattern, "\(context): run to \(index)")
        #expect(run.phase == last.phase, "\(context): run to \(index)")
        #expect(run.lastDelta.bitPattern == last.delta.bitPattern, "\(context): run to \(index)")
        #expect(run.measuredDistance == last.measuredDistance, "\(context): run to \(index)")
      }
    }
    #expect(index == count, "\(context)")
    // What tick skipped, and nothing more, was run frame by frame.
    // (A board's periods and page turns are stepped: the recorder could not count them.)
    if board {
      #expect(stepped >= count - (plain.framesSkipped - start.framesSkipped), "\(context)")
    } else {
      #expect(stepped == count - (plain.framesSkipped - start.framesSkipped), "\(context)")
    }
    return (stepped, count - stepped, alternating)
  }

  @Test("random gestures: every reported frame and skipped run is the frame-by-frame one")
  func randomGestures() throws {
    var rng = SplitMix64(seed: 2511)
    var skipped = 0
    var frames = 0
    var alternating = 0
    for trial in 0..<90 {
      let (start, description) = try SkipEquivalenceTests().randomEngine(&rng)
      let count = [37, 1000, 6000, 20_000][rng.next(4)]
      let result = try check(start, count, "trial \(trial): \(description), \(count) frames")
      skipped += result.skipped
      frames += count
      alternating += result.alternating
    }
    // The skips carried most of the frames, and oscillations were among them.
    #expect(skipped * 2 > frames, "only \(skipped) of \(frames) frames were skipped")
    #expect(alternating > 0)
  }

  @Test("a hold and a press held still are skipped and reported as runs")
  func holdAndStill() throws {
    var settings = Settings()
    settings.hold = 0.5
    var engine = try Engine(
      layout: Layout(sections: [SectionSpec(titled: false, rowCount: 40)]), settings: settings)
    try engine.press(position: 2)
    let result = try check(engine, 20_000, "hold")
    #expect(result.stepped < 10, "\(result)")
  }

  @Test("boards: the reported frames and runs are the frame-by-frame ones too")
  func boards() throws {
    var rng = SplitMix64(seed: 2512)
    var trials = 0
    while trials < 30 {
      guard let (start, description) = try BoardSkipEquivalenceTests().randomBoard(&rng) else {
        continue
      }
      trials += 1
      let count = [37, 1000, 6000][rng.next(3)]
      _ = try check(start, count, "board \(trials): \(description), \(count)", board: true)
    }
  }
}
