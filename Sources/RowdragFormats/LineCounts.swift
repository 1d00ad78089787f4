/// Lines in each row's block, by row identity, kept as segments of rows with the same
/// count while there are few (an M3U file's entries are all two lines: one segment, and
/// no 4 bytes a row), else as one count a row.
public struct LineCounts: Sendable, Equatable {
  /// Rows counted.
  public private(set) var count = 0
  /// Each segment's first row, ascending, and its rows' line count; empty once explicit.
  private var starts: [Int] = []
  private var values: [Int32] = []
  /// One count a row, once segments stopped paying.
  private var explicit: [Int32]?

  /// Segments kept before a table of short segments turns explicit.
  static let segmentsBeforeExplicit = 1024

  public init() {}

  /// `count` rows of `lines` lines.
  init(repeating lines: Int32, count: Int) {
    append(lines, count: count)
  }

  /// The counts of `counts`, in order.
  init(_ counts: some Sequence<Int32>) {
    for c in counts { append(c) }
  }

  /// Appends a row of `lines` lines.
  @inline(__always)
  mutating func append(_ lines: Int32) {
    if explicit == nil && values.last != lines { newSegment(lines) }
    if explicit != nil { explicit?.append(lines) }
    count += 1
  }

  /// Appends `rows` rows of `lines` lines each.
  mutating func append(_ lines: Int32, count rows: Int) {
    guard rows > 0 else { return }
    if explicit == nil && values.last != lines { newSegment(lines) }
    if explicit != nil { explicit?.append(contentsOf: repeatElement(lines, count: rows)) }
    count += rows
  }

  /// Appends the counts of `other`, after this one's.
  mutating func append(contentsOf other: LineCounts) {
    other.forEachSegment { rows, lines in append(lines, count: rows.count) }
  }

  /// Starts a segment of rows of `lines` lines at row `count`, or turns explicit (the
  /// caller then appends the rows).
  @inline(never)
  private mutating func newSegment(_ lines: Int32) {
    // Segments of under eight rows on average cost more than a count a row.
    if starts.count >= LineCounts.segmentsBeforeExplicit && starts.count * 8 > count {
      explicit = map { $0 }
      starts = []
      values = []
      return
    }
    starts.append(count)
    values.append(lines)
  }

  /// Row `i`'s count.
  public subscript(_ i: Int) -> Int32 {
    if let explicit { return explicit[i] }
    precondition(i >= 0 && i < count, "row out of range")
    var low = 0
    var high = starts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if starts[mid] <= i { low = mid } else { high = mid - 1 }
    }
    return values[low]
  }

  /// Calls `body` with each segment's rows and their count, in row order (a segment a
  /// row once explicit).
  func forEachSegment(_ body: (Range<Int>, Int32) -> Void) {
    if let explicit {
      for (i, c) in explicit.enumerated() { body(i..<i + 1, c) }
      return
    }
    for k in starts.indices {
      body(starts[k]..<(k + 1 < starts.count ? starts[k + 1] : count), values[k])
    }
  }

  /// The count of every row when all have the same (at least one row).
  var uniformValue: Int32? {
    explicit == nil && values.count == 1 ? values[0] : nil
  }

  /// `transform` of every row's count, in row order.
  func map<T>(_ transform: (Int32) -> T) -> [T] {
    if let explicit { return explicit.map(transform) }
    var result: [T] = []
    result.reserveCapacity(count)
    forEachSegment { rows, lines in
      result.append(contentsOf: repeatElement(transform(lines), count: rows.count))
    }
    return result
  }

  /// The counts in the order of `ids`.
  func reordered(_ ids: some Sequence<Int32>) -> LineCounts {
    if values.count == 1 { return self }
    return LineCounts(ids.lazy.map { self[Int($0)] })
  }
}
