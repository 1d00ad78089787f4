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

/// A table kept as runs of lines answers every question as the explicit table of the
/// same spans does: random files of short lines, rows of one or more lines with gaps
/// (trivia) between some, looked up in and out of order, joined from two halves, and
/// turned explicit when its runs are many and short.
@Suite("span tables kept as runs")
struct SpanTableRunsTests {
  /// Random lines, and rows over them: (block, lines) in order, with gaps; with
  /// `pairs`, most rows are two lines (an M3U file's entries).
  static func rows(_ rng: inout SplitMix64, pairs: Bool = false) -> (ByteStore, [(Span, Int)]) {
    var bytes: [UInt8] = []
    var starts: [Int] = []
    for _ in 0..<(1 + rng.next(120)) {
      starts.append(bytes.count)
      bytes += Array(repeating: 97, count: rng.next(90)) + [10]
    }
    if rng.next(2) == 0 {  // a last line without a terminator
      starts.append(bytes.count)
      bytes += Array(repeating: 98, count: 1 + rng.next(5))
    }
    starts.append(bytes.count)
    var rows: [(Span, Int)] = []
    var line = 0
    while line < starts.count - 1 {
      if rng.next(5) == 0 {  // trivia
        line += 1
        continue
      }
      let common = pairs ? 2 : 1
      let lines = Swift.min(
        rng.next(4) == 0 ? 1 + rng.next(3) : common, starts.count - 1 - line)
      rows.append((Span(start: starts[line], end: starts[line + lines]), lines))
      line += lines
    }
    return (ByteStore(bytes), rows)
  }

  @Test("lookups, contiguous stretches, joins and the turn to explicit spans")
  func runs() {
    var rng = SplitMix64(seed: 11)
    for round in 0..<3000 {
      // Rounds 1500 on: rows of several lines kept in runs too (M3U's), mostly pairs.
      let multi = round >= 1500
      let (store, rows) = Self.rows(&rng, pairs: multi && round % 5 != 0)
      let flat = rows.map(\.0)
      let split = rng.next(rows.count + 1)
      let limit = round % 3 == 0 ? 2 : 4096
      var table = SpanTable(runsOf: store, room: 16, runsBeforeExplicit: limit)
      var second = SpanTable(runsOf: store, room: 16, runsBeforeExplicit: limit)
      for (k, row) in rows.enumerated() {
        let lines = multi || row.1 == 1 ? row.1 : 0
        if k < split || round % 2 == 0 {
          table.append(row.0, lines: lines)
        } else {
          second.append(row.0, lines: lines)
        }
      }
      if round % 2 == 1 { table.append(contentsOf: second) }
      #expect(table.count == flat.count)
      // Out of order first, then every span in order (the walks then turn it explicit).
      for _ in 0..<8 where !flat.isEmpty {
        let k = rng.next(flat.count)
        #expect(table[k] == flat[k], "row \(k) of \(flat)")
      }
      #expect(Array(table) == flat)
      #expect(Array(table.materialized()) == flat)
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
