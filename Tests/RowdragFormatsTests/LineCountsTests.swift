import RowdragTestSupport
import Testing

@testable import RowdragFormats

/// Line counts kept as segments of rows with the same count answer as one count a row
/// does, before and after they turn explicit (many short segments), appended row by
/// row, many rows at once and from another table, and reordered.
@Suite("line counts kept as segments")
struct LineCountsTests {
  @Test("lookups, segments, joins and reorders are those of a flat array")
  func sameAsArray() {
    var rng = SplitMix64(seed: 17)
    for round in 0..<200 {
      var counts = LineCounts()
      var flat: [Int32] = []
      var other = LineCounts()
      var otherFlat: [Int32] = []
      // Long runs of one count, or (every third round) mostly short ones.
      let rows = round % 10 == 0 ? 20_000 : rng.next(3000)
      while flat.count < rows {
        let lines = Int32(1 + rng.next(round % 3 == 0 ? 4 : 2))
        let run = round % 3 == 0 ? 1 + rng.next(3) : 1 + rng.next(400)
        if rng.next(2) == 0 {
          counts.append(lines, count: run)
        } else {
          for _ in 0..<run { counts.append(lines) }
        }
        flat += repeatElement(lines, count: run)
        if rng.next(4) == 0 {
          other.append(lines, count: run)
          otherFlat += repeatElement(lines, count: run)
        }
      }
      #expect(counts.count == flat.count)
      for _ in 0..<50 where !flat.isEmpty {
        let k = rng.next(flat.count)
        #expect(counts[k] == flat[k])
      }
      #expect(counts.map { $0 } == flat)
      var segments: [Int32] = []
      counts.forEachSegment { rows, lines in segments += repeatElement(lines, count: rows.count) }
      #expect(segments == flat)
      let ids = (0..<Int32(flat.count)).shuffled(using: &rng)
      #expect(counts.reordered(ids).map { $0 } == ids.map { flat[Int($0)] })
      counts.append(contentsOf: other)
      #expect(counts.map { $0 } == flat + otherFlat)
    }
  }
}
