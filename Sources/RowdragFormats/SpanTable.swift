/// The blocks of a list's rows.
///
/// While a file is read, rows are kept as *runs*: a run is a row with its own span and
/// the rows after it that are each the next `k` lines after the one before (one line
/// for most formats, two for an M3U file's `#EXTINF` and path), so a file whose rows
/// are its lines (or pairs of lines), but for a few trivia lines or headers, is a
/// handful of runs and costs no memory a row (`RowRun`). A row inside a run is found again by
/// walking its lines from the nearer end of the run; when such walks add up to more
/// lines than the table has rows (a listing, the live view, a shuffle written back), every
/// span is made once (`materialized`) and used from then on. A file of many short runs
/// (M3U's two-line entries, a CSV whose every record spans lines) turns to the explicit
/// table as it is read.
///
/// Explicit spans are eight bytes (two 32-bit offsets) while the input is under 4 GiB
/// and sixteen above: on a virtual machine fresh memory costs more to fault in and
/// clear than scanning the file costs, so the bytes a row takes are a large part of
/// the load time, and of the peak memory.
public struct SpanTable: RandomAccessCollection, Sendable {
  /// `start << 32 | end`, for inputs under 4 GiB.
  private var narrow: [UInt64] = []
  /// The spans as they are, for larger inputs.
  private var wide: [Span] = []
  /// Narrow spans that follow `narrow`'s: another table's array, taken whole when it
  /// is appended (the second half of a file read on two threads) rather than copied,
  /// which for ten million rows cost 40 MB of fresh memory and a pass over it on the
  /// thread everything waits for.
  private var tail: [UInt64] = []
  private let isWide: Bool

  /// The input, for finding the lines of runs; nil: the table is explicit.
  private var store: ByteStore?
  /// The runs, in row order; the last one's `last` is `openLast`.
  private var runs: [RowRun] = []
  /// Rows in runs.
  private var runRows = 0
  /// The end of the last row of the last run.
  private var openLast = 0
  /// Lines a row after the first of the last run; 0 while it has only its first row.
  private var openLines = 0
  /// Room to reserve should the table turn explicit while it is built.
  private var room = 0
  /// The explicit table made from the runs, once walks have cost enough.
  private let cache = RunCache()

  /// An empty explicit table for spans of an input of `inputSize` bytes.
  init(inputSize: Int) { isWide = inputSize > Int(UInt32.max) }

  /// Runs kept before a table of short runs turns explicit.
  private var runsBeforeExplicit = 4096

  /// An empty table kept as runs while it can be, with `room` spans to reserve if not;
  /// it turns explicit once it has `runsBeforeExplicit` runs of under four rows on
  /// average.
  init(runsOf store: ByteStore, room: Int, runsBeforeExplicit: Int = 4096) {
    isWide = store.count > Int(UInt32.max)
    self.store = store
    self.room = room
    self.runsBeforeExplicit = runsBeforeExplicit
  }

  /// The spans of `spans`, of an input of `inputSize` bytes.
  init(_ spans: some Sequence<Span>, inputSize: Int) {
    self.init(inputSize: inputSize)
    for span in spans { append(span) }
  }

  /// Reserves room for `count` spans as address space with huge pages (`reserveLarge`).
  mutating func reserveLarge(_ count: Int) {
    if store != nil {
      room = count
    } else if isWide {
      wide.reserveLarge(count)
    } else {
      narrow.reserveLarge(count)
    }
  }

  /// Whether the table is still runs.
  var isRuns: Bool { store != nil }

  /// The explicit spans when they are at hand without a walk: the table itself, or the
  /// table made from its runs once walks cost enough (`forVisits`); nil while only the
  /// runs are.
  var explicitSpans: SpanTable? {
    guard store != nil else { return self }
    if let table = cache.table, table.count == runRows { return table }
    return nil
  }

  /// Appends a row's block of `lines` lines, terminators included (each line whole),
  /// so that a row right after the one before, of as many lines as the rows of its run,
  /// extends the run; 0 for a block of lines not counted. Inlined: it runs once a row,
  /// and the common case is three comparisons and two stores.
  @inline(__always)
  mutating func append(_ span: Span, lines: Int) {
    if store != nil {
      if lines > 0 && span.start == openLast && runRows > 0
        && (lines == openLines || (openLines == 0 && extendsFirst(lines)))
      {
        openLast = span.end
        runRows += 1
      } else {
        openRun(span)
      }
    } else {
      appendExplicit(span)
    }
  }

  /// The open run's second row sets how many lines its rows have.
  @inline(__always)
  private mutating func extendsFirst(_ lines: Int) -> Bool {
    guard lines <= RowRun.maxLines else { return false }
    openLines = lines
    return true
  }

  /// Appends a row's block, of any number of lines.
  mutating func append(_ span: Span) { append(span, lines: 0) }

  /// Appends `rows` rows of `lines` lines each (whole lines), the first starting where
  /// the last row ends, the last ending at `end`: the rows of a stretch that holds
  /// nothing else. Only after `canAppend(lines:)`.
  @inline(__always)
  mutating func appendRows(_ rows: Int, lines: Int, endingAt end: Int) {
    openLines = lines
    openLast = end
    runRows += rows
  }

  /// Whether `appendRows` may be used now for rows of `lines` lines: runs, and a row
  /// to extend whose run has rows of that many lines or its first row only.
  @inline(__always)
  func canAppend(lines: Int) -> Bool {
    store != nil && runRows > 0 && (openLines == lines || openLines == 0)
  }

  /// The end of the last row (runs only).
  var lastEnd: Int { openLast }

  @inline(never)
  private mutating func openRun(_ span: Span) {
    if !runs.isEmpty {
      runs[runs.count - 1].last = openLast
      runs[runs.count - 1].lines = Swift.max(openLines, 1)
    }
    // Runs of under four rows on average cost more than the spans: turn explicit.
    if runs.count >= runsBeforeExplicit && runs.count * 4 > runRows {
      makeExplicit()
      return appendExplicit(span)
    }
    runs.append(RowRun(row: runRows, start: span.start, end: span.end, last: span.end, lines: 1))
    runRows += 1
    openLast = span.end
    openLines = 0
  }

  /// Turns the runs into the explicit table in place.
  private mutating func makeExplicit() {
    guard store != nil else { return }
    let spans = materialized()
    store = nil
    runs = []
    narrow = spans.narrow
    wide = spans.wide
    tail = spans.tail
    runRows = 0
    if !isWide { narrow.reserveLarge(Swift.max(room, narrow.count)) }
  }

  @inline(__always)
  private mutating func appendExplicit(_ span: Span) {
    if isWide {
      wide.append(span)
    } else {
      let packed =
        UInt64(truncatingIfNeeded: span.start) << 32 | UInt64(truncatingIfNeeded: span.end)
      if tail.isEmpty { narrow.append(packed) } else { tail.append(packed) }
    }
  }

  /// Appends every span of `other` (spans of the same input): runs join runs; a narrow
  /// table's array becomes this one's tail without a copy when this has none yet.
  mutating func append(contentsOf other: SpanTable) {
    if isRuns && other.isRuns {
      guard other.runRows > 0 else { return }
      if !runs.isEmpty {
        runs[runs.count - 1].last = openLast
        runs[runs.count - 1].lines = Swift.max(openLines, 1)
      }
      let base = runRows
      var next = other.runs
      next[next.count - 1].last = other.openLast
      for k in next.indices { next[k].row += base }
      runs.append(contentsOf: next)
      runRows += other.runRows
      openLast = other.openLast
      openLines = other.openLines
      return
    }
    var other = other
    other.makeExplicit()
    makeExplicit()
    if isWide || other.isWide {
      for span in other { appendExplicit(span) }
    } else if tail.isEmpty && other.tail.isEmpty {
      tail = other.narrow
    } else {
      for packed in [other.narrow, other.tail] where !packed.isEmpty {
        if tail.isEmpty {
          narrow.append(contentsOf: packed)
        } else {
          tail.append(contentsOf: packed)
        }
      }
    }
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int {
    if store != nil { return runRows }
    return isWide ? wide.count : narrow.count + tail.count
  }

  @inline(__always)
  public subscript(_ i: Int) -> Span {
    if store != nil { return runSpan(i) }
    if isWide { return wide[i] }
    let packed = i < narrow.count ? narrow[i] : tail[i - narrow.count]
    return Span(start: Int(packed >> 32), end: Int(packed & 0xFFFF_FFFF))
  }

  /// The last index `t` in `from..<limit` such that every span from `from` through `t`
  /// starts where the one before it ends: how far one write can reach.
  @inline(__always)
  func contiguousEnd(from: Int, limit: Int) -> Int {
    if store != nil { return runsContiguousEnd(from: from, limit: limit) }
    var t = from
    if isWide {
      while t + 1 < limit && wide[t].end == wide[t + 1].start { t += 1 }
      return t
    }
    let h = narrow.count
    narrow.withUnsafeBufferPointer { head in
      tail.withUnsafeBufferPointer { rest in
        // Within the head; across into the tail; on within the tail.
        let headLimit = Swift.min(limit, h)
        while t + 1 < headLimit && head[t] & 0xFFFF_FFFF == head[t + 1] >> 32 { t += 1 }
        if t + 1 == h && t + 1 < limit && head[t] & 0xFFFF_FFFF == rest[0] >> 32 { t += 1 }
        guard t >= h else { return }
        while t + 1 < limit && rest[t - h] & 0xFFFF_FFFF == rest[t + 1 - h] >> 32 { t += 1 }
      }
    }
    return t
  }
}

/// A row with its own span, and the rows after it (up to the next run's) that are each
/// the next `lines` lines after the one before.
struct RowRun: Sendable {
  /// The most lines a row of a run after its first may have.
  static let maxLines = 16

  /// The first row's index.
  var row: Int
  /// The first row's block.
  var start: Int
  var end: Int
  /// The end of the run's last row.
  var last: Int
  /// Lines in each row after the first (the open run's are `openLines`).
  var lines: Int
}

/// The explicit table made once from a table of runs, shared by its copies (a pure
/// function of the runs, which no copy changes once it is looked up: a table that is
/// appended to starts a cache of its own), and the lines walked so far.
private final class RunCache: @unchecked Sendable {
  var table: SpanTable?
  var walked = 0
}

extension SpanTable {
  /// The run holding row `i`.
  @inline(__always)
  private func run(of i: Int) -> Int {
    var low = 0
    var high = runs.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if runs[mid].row <= i { low = mid } else { high = mid - 1 }
    }
    return low
  }

  /// The end of run `j`'s last row, the row after it, and the lines of each row after
  /// its first.
  @inline(__always)
  private func bounds(ofRun j: Int) -> (last: Int, next: Int, lines: Int) {
    j + 1 < runs.count
      ? (runs[j].last, runs[j + 1].row, runs[j].lines)
      : (openLast, runRows, Swift.max(openLines, 1))
  }

  private func runSpan(_ i: Int) -> Span {
    if let table = cache.table, table.count == runRows { return table[i] }
    precondition(i >= 0 && i < runRows, "row out of range")
    let j = run(of: i)
    let r = runs[j]
    if i == r.row { return Span(start: r.start, end: r.end) }
    let (last, next, k) = bounds(ofRun: j)
    let forward = i - r.row - 1  // rows after the first row
    let backward = next - 1 - i  // rows after row i
    let walk = Swift.min(forward, backward) * k
    if walk > 64 {
      cache.walked += walk
      if cache.walked > runRows + 4096 {
        let table = materialized()
        cache.table = table
        return table[i]
      }
    }
    guard let buf = store?.buffer else { return Span(start: 0, end: 0) }
    if backward <= forward {
      var end = last
      for _ in 0..<(backward * k) { end = NewlineScanner.lineStart(before: end, in: buf) }
      var start = end
      for _ in 0..<k { start = NewlineScanner.lineStart(before: start, in: buf) }
      return Span(start: start, end: end)
    }
    let start =
      forward == 0
      ? r.end : NewlineScanner.newline(rank: forward * k - 1, from: r.end, in: buf) + 1
    return Span(
      start: start,
      end: Swift.min(buf.count, NewlineScanner.newline(rank: k - 1, from: start, in: buf) + 1))
  }

  private func runsContiguousEnd(from: Int, limit: Int) -> Int {
    if let table = cache.table, table.count == runRows {
      return table.contiguousEnd(from: from, limit: limit)
    }
    var j = run(of: from)
    while true {
      let (last, next, _) = bounds(ofRun: j)
      if next >= limit { return limit - 1 }
      // Row `next` starts run j + 1: contiguous when it starts where run j ends.
      guard runs[j + 1].start == last else { return next - 1 }
      j += 1
    }
  }

  /// The explicit table, made now (and kept) when the table is runs: for a caller about
  /// to look up many rows (a search, a listing), one pass rather than walks that add up
  /// to one first, and lookups without the cache's check each time.
  func forVisits() -> SpanTable {
    guard store != nil else { return self }
    if let table = cache.table, table.count == runRows { return table }
    let table = materialized()
    cache.table = table
    return table
  }

  /// Every span, explicit; the table itself when it is explicit.
  func materialized() -> SpanTable {
    guard let store else { return self }
    if let table = cache.table, table.count == runRows { return table }
    let buf = store.buffer
    var result = SpanTable(inputSize: store.count)
    if !isWide { result.narrow.reserveLarge(runRows) }
    for j in runs.indices {
      let r = runs[j]
      let (last, _, k) = bounds(ofRun: j)
      result.appendExplicit(Span(start: r.start, end: r.end))
      var s = r.end
      while s < last {
        var e = s
        for _ in 0..<k where e < last {
          e = Swift.min(buf.count, NewlineScanner.next(from: e, in: buf) + 1)
        }
        result.appendExplicit(Span(start: s, end: e))
        s = e
      }
    }
    return result
  }
}
