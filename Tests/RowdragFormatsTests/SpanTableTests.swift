import RowdragTestSupport
import Testing

@testable import RowdragFormats

/// A span table that took another's array as its tail (two halves of a file joined)
/// reads, appends and finds contiguous stretches as one flat array of the same spans
/// does: 2,000 random tables of touching and separate spans, joined at every kind of
/// place, with spans appended after the join.
@Suite("span tables joined from halves")
struct SpanTableTests {
  static func spans(_ count: Int, from start: inout Int, _ rng: inout SplitMix64) -> [Span] {
    (0..<count).map { _ in
      if rng.next(4) == 0 { start += 1 + rng.next(3) }  // a gap: not contiguous
      let span = Span(start: start, end: start + rng.next(5))
      start = span.end
      return span
    }
  }

  @Test("indices, spans and contiguous stretches are those of one flat array")
  func joinedTables() {
    var rng = SplitMix64(seed: 7)
    for _ in 0..<2000 {
      var offset = 0
      let first = Self.spans(rng.next(6), from: &offset, &rng)
      let second = Self.spans(rng.next(6), from: &offset, &rng)
      let third = Self.spans(rng.next(6), from: &offset, &rng)
      let later = Self.spans(rng.next(3), from: &offset, &rng)
      var table = SpanTable(first, inputSize: 1000)
      table.append(contentsOf: SpanTable(second, inputSize: 1000))
      // A second join appends to the tail; later spans go after it.
      table.append(contentsOf: SpanTable(third, inputSize: 1000))
      for span in later { table.append(span) }
      let flat = first + second + third + later
      #expect(Array(table) == flat)
      #expect(table.count == flat.count)
      for from in flat.indices {
        for limit in (from + 1)...flat.count {
          var t = from
          while t + 1 < limit && flat[t].end == flat[t + 1].start { t += 1 }
          #expect(table.contiguousEnd(from: from, limit: limit) == t, "\(flat) \(from) \(limit)")
        }
      }
    }
  }
}
