import RowdragTestSupport
import Testing

@testable import RowdragEngine

/// A page turn finds its target by binary search over the page positions (issue 45,
/// item 4: listing them all allocated 2.4 MB a turn on a board of 300,000 columns). It
/// must find exactly the position the list would give.
@Suite("page positions searched")
struct PageSearchTests {
  @Test("page(before:) and page(after:) are the list's nearest positions left and right")
  func searchedAsListed() throws {
    var rng = SplitMix64(seed: 4506)
    for trial in 0..<300 {
      var engine = makeEngine(
        (0..<(1 + rng.next(9))).map { _ in SectionSpec(titled: true, rowCount: 1) })
      try engine.setBoard(true)
      try engine.setScreen([375.0, 1000, 99.5][rng.next(3)])
      if rng.next(2) == 0 {
        try engine.setColumn(
          Swift.min(engine.settings.board.screen, [80.0, 120, 33.3][rng.next(3)]))
        try engine.setSpacing([0.0, 7.5, 20][rng.next(3)])
      }
      let pages = engine.pagePositions
      var xs = pages + pages.map { $0 + 0.5 } + pages.map { $0 - 0.5 }
      xs += [-1, 0, engine.maxBoardOffset, engine.maxBoardOffset + 1, Double(rng.next(4000))]
      for x in xs {
        #expect(engine.page(before: x) == pages.filter { $0 < x }.max(), "trial \(trial) x \(x)")
        #expect(engine.page(after: x) == pages.filter { $0 > x }.min(), "trial \(trial) x \(x)")
      }
    }
  }
}
