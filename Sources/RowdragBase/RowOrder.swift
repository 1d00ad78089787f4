// SPDX-License-Identifier: Apache-2.0

/// The row identity at every position of the layout.
///
/// A script that moves a handful of rows in a ten-million-row file leaves the order
/// made of a few long stretches of consecutive identities. While that holds the order
/// is kept as those runs: a fresh layout costs nothing per row, a move costs per run
/// rather than per row it passes, and a writer copies each run as one piece of the
/// input. Once the runs pass `maxRuns` (a long interactive session, a shuffled list)
/// the order becomes a flat array, where every access is O(1) and a move is a
/// `memmove`; a save (`rebase`) makes it one run again.
public struct RowOrder: RandomAccessCollection, Sendable {
  /// A stretch of positions holding consecutive identities `first, first + 1, …`.
  public struct Run: Sendable, Equatable {
    /// First position of the run.
    public var position: Int
    /// Identity at `position`.
    public var first: Int32
    /// Number of positions; always at least one in a stored run.
    public var count: Int

    /// The part of the run at `positions`, nil when they do not meet.
    func clipped(to positions: Range<Int>) -> Run? {
      let lo = Swift.max(position, positions.lowerBound)
      let hi = Swift.min(position + count, positions.upperBound)
      guard lo < hi else { return nil }
      return Run(
        position: lo, first: first + Int32(truncatingIfNeeded: lo - position), count: hi - lo)
    }
  }

  private enum Storage: Sendable {
    /// Runs in position order, adjacent runs never continuing each other.
    case runs([Run])
    case flat([Int32])
  }

  /// Past this many runs, lookups (O(log runs)) and moves (O(runs)) cost more than
  /// the flat array's, so the order flattens.
  static let maxRuns = 256

  private var storage: Storage
  /// The number of rows.
  public let count: Int

  /// The identity order `0, 1, …, count − 1`: a list as loaded or just written.
  public init(identityOfCount count: Int) {
    self.count = count
    storage = .runs(count > 0 ? [Run(position: 0, first: 0, count: count)] : [])
  }

  /// An order given position by position; `identities` must be a permutation of
  /// `0..<identities.count`. Kept as runs when they are few, as any order is.
  public init(_ identities: [Int32]) {
    count = identities.count
    storage = .flat(identities)
    var runs: [Run] = []
    forEachRun(in: 0..<count) { run in runs.append(run) }
    if runs.count <= RowOrder.maxRuns { storage = .runs(runs) }
  }

  /// Position 0.
  public var startIndex: Int { 0 }
  /// One past the last position.
  public var endIndex: Int { count }

  /// The identity of the row at `position`.
  /// - Complexity: O(1) when flat, O(log runs) otherwise.
  public subscript(position: Int) -> Int32 {
    switch storage {
    case .flat(let ids): return ids[position]
    case .runs(let runs):
      let run = runs[RowOrder.runIndex(in: runs, containing: position)]
      return run.first + Int32(truncatingIfNeeded: position - run.position)
    }
  }

  /// Iterates identities front to back, run by run.
  public func makeIterator() -> Iterator { Iterator(order: self) }

  /// Walks the runs in step instead of searching them for every position.
  public struct Iterator: IteratorProtocol {
    let order: RowOrder
    var position = 0
    var run = 0

    /// The next identity, nil past the end.
    public mutating func next() -> Int32? {
      guard position < order.count else { return nil }
      defer { position += 1 }
      switch order.storage {
      case .flat(let ids): return ids[position]
      case .runs(let runs):
        if position >= runs[run].position + runs[run].count { run += 1 }
        return runs[run].first &+ Int32(truncatingIfNeeded: position - runs[run].position)
      }
    }
  }

  /// Whether every position holds its own identity (as loaded or just written).
  public var isIdentity: Bool {
    switch storage {
    case .runs(let runs): return runs.count <= 1
    case .flat(let ids): return ids.indices.allSatisfy { Int(ids[$0]) == $0 }
    }
  }

  /// Whether the order is kept as runs (for tests of the representation).
  public var isRunBased: Bool {
    if case .runs = storage { return true }
    return false
  }

  /// Calls `body` with each maximal stretch of consecutive identities that lies in
  /// `positions`, in order, clipped to `positions`.
  ///
  /// This is how writers walk the order: an unedited region is one call however
  /// many rows it has.
  /// - Complexity: O(runs) when run-based, O(positions) when flat.
  public func forEachRun(in positions: Range<Int>, _ body: (Run) throws -> Void) rethrows {
    guard !positions.isEmpty else { return }
    switch storage {
    case .runs(let runs):
      var k = RowOrder.runIndex(in: runs, containing: positions.lowerBound)
      while k < runs.count && runs[k].position < positions.upperBound {
        let run = runs[k]
        let lo = Swift.max(run.position, positions.lowerBound)
        let hi = Swift.min(run.position + run.count, positions.upperBound)
        try body(
          Run(
            position: lo, first: run.first + Int32(truncatingIfNeeded: lo - run.position),
            count: hi - lo))
        k += 1
      }
    case .flat(let ids):
      try ids.withUnsafeBufferPointer { ids in
        var p = positions.lowerBound
        while p < positions.upperBound {
          let first = ids[p]
          var q = p + 1
          while q < positions.upperBound && ids[q] == first &+ Int32(truncatingIfNeeded: q - p) {
            q += 1
          }
          try body(Run(position: p, first: first, count: q - p))
          p = q
        }
      }
    }
  }

  /// Number of positions in `lo...hi` whose identity is not the position itself.
  /// - Complexity: O(runs) when run-based, O(hi − lo) when flat.
  package func mismatches(_ lo: Int, _ hi: Int) -> Int {
    var total = 0
    switch storage {
    case .runs(let runs):
      // A run's positions all match or none does (a run holds consecutive identities
      // from its position on). A plain loop: `Layout.relocate` counts before and after
      // every move, several times a second while a list auto-scrolls.
      var k = RowOrder.runIndex(in: runs, containing: lo)
      while k < runs.count && runs[k].position <= hi {
        let run = runs[k]
        if Int(run.first) != run.position {
          total += Swift.min(run.position + run.count - 1, hi) - Swift.max(run.position, lo) + 1
        }
        k += 1
      }
    case .flat(let ids):
      ids.withUnsafeBufferPointer { ids in
        for k in lo...hi where Int(ids[k]) != k { total += 1 }
      }
    }
    return total
  }

  /// Moves the identity at `from` to `to`, shifting those between by one.
  package mutating func move(from: Int, to: Int) {
    guard from != to else { return }
    switch storage {
    case .flat(var ids):
      storage = .runs([])  // drop the second reference so the array mutates in place
      RowOrder.rotate(&ids, from: from, to: to)
      storage = .flat(ids)
    case .runs(var runs):
      storage = .runs([])
      if !RowOrder.moveWithinFewRuns(from: from, to: to, in: &runs) {
        let id = self[from, in: runs]
        RowOrder.remove(from, in: &runs)
        RowOrder.insert(id, at: to, in: &runs)
      }
      storage =
        runs.count > RowOrder.maxRuns ? .flat(RowOrder.flatten(runs, count: count)) : .runs(runs)
    }
  }

  /// The most runs a move may touch for `moveWithinFewRuns` to do it.
  private static let fewRuns = 3

  /// `move(from:to:)` on runs when the positions it shifts, `from` through `to`, lie in
  /// at most `fewRuns` runs: those runs and their two neighbours are written again in
  /// place, the runs between them and the moved identity joined wherever one continues
  /// the other. This is a drag's move, a row or the one row a block passes stepping one
  /// slot (`smallerSide`), several times a second while a list auto-scrolls; taking the
  /// identity out and putting it back in (`remove`, `insert`) split and merged runs and
  /// shifted the array up to four times for it. Returns false, changing nothing, when
  /// the move touches more runs.
  /// - Complexity: O(log runs), plus O(runs after) when the number of runs changes.
  private static func moveWithinFewRuns(from: Int, to: Int, in runs: inout [Run]) -> Bool {
    let lo = Swift.min(from, to)
    let hi = Swift.max(from, to)
    let first = runIndex(in: runs, containing: lo)
    // The run holding hi, found by stepping: past `fewRuns` runs the move is not done here.
    var last = first
    while last + 1 < runs.count && runs[last + 1].position <= hi {
      guard last - first + 1 < fewRuns else { return false }
      last += 1
    }
    let moving = runs[from == lo ? first : last]
    let id = moving.first + Int32(truncatingIfNeeded: from - moving.position)
    // The shifted positions' runs, clipped to what stays in place or shifts by one.
    let shifted = from < to ? (lo + 1)..<(hi + 1) : lo..<hi
    let start = first > 0 ? first - 1 : first
    let end = last + 1 < runs.count ? last + 1 : last
    var rewritten = RunSequence(from: runs[start].position)
    if start < first { rewritten.append(runs[start]) }
    rewritten.append(runs[first].clipped(to: runs[first].position..<lo))
    if from > to { rewritten.append(first: id, count: 1) }
    for k in first...last { rewritten.append(runs[k].clipped(to: shifted)) }
    if from < to { rewritten.append(first: id, count: 1) }
    rewritten.append(runs[last].clipped(to: (hi + 1)..<(runs[last].position + runs[last].count)))
    if last < end { rewritten.append(runs[end]) }
    rewritten.write(over: start...end, in: &runs)
    return true
  }

  /// Moves the `count` identities at `from…from + count − 1` so that the first ends at
  /// `to`, shifting those they pass by `count`: a range moved as one block (SPEC §10).
  /// - Complexity: O(runs) when run-based, O(|to − from| + count) when flat: a block
  ///   of half a million rows moved to the end of ten million costs one memmove, not
  ///   half a million single moves.
  package mutating func move(from: Int, count k: Int, to: Int) {
    guard from != to, k > 0 else { return }
    if k == 1 { return move(from: from, to: to) }
    if let (from, count, to) = RowOrder.smallerSide(from: from, count: k, to: to) {
      return move(from: from, count: count, to: to)
    }
    switch storage {
    case .flat(var ids):
      storage = .runs([])
      RowOrder.rotate(&ids, from: from, count: k, to: to)
      storage = .flat(ids)
    case .runs(var runs):
      storage = .runs([])
      // Take the block's runs out; the rows after it move up by k.
      let first = RowOrder.splitRun(at: from, in: &runs)
      let end = from + k < count ? RowOrder.splitRun(at: from + k, in: &runs) : runs.count
      var block = Array(runs[first..<end])
      runs.removeSubrange(first..<end)
      for j in first..<runs.count { runs[j].position -= k }
      if !runs.isEmpty { RowOrder.mergeNeighbours(around: Swift.max(0, first - 1), in: &runs) }
      // Put them back at `to`; the rows from there on move down by k.
      let last = runs.last.map { $0.position + $0.count } ?? 0
      let at = to < last ? RowOrder.splitRun(at: to, in: &runs) : runs.count
      for j in at..<runs.count { runs[j].position += k }
      for j in block.indices { block[j].position += to - from }
      runs.insert(contentsOf: block, at: at)
      RowOrder.mergeNeighbours(around: at + block.count - 1, in: &runs)
      RowOrder.mergeNeighbours(around: at, in: &runs)
      storage =
        runs.count > RowOrder.maxRuns ? .flat(RowOrder.flatten(runs, count: count)) : .runs(runs)
    }
  }

  /// Moves `array[from..<from + count]` so that it starts at `to`, shifting the elements
  /// it passes by `count`: the block and the elements passed swap places, the smaller
  /// of the two copied aside, the other moved by one memmove.
  package static func rotate<T>(_ array: inout [T], from: Int, count k: Int, to: Int) {
    guard from != to, k > 0 else { return }
    if k == 1 { return rotate(&array, from: from, to: to) }
    if let (from, count, to) = smallerSide(from: from, count: k, to: to) {
      return rotate(&array, from: from, count: count, to: to)
    }
    let lo = Swift.min(from, to)
    let n = Swift.max(from, to) + k - lo
    // [lo, lo + n) rotates left by `left`: down, the block is the leading part.
    let left = to > from ? k : n - k
    array.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress.map({ $0 + lo }) else { return }
      if left <= n - left {
        let aside = Array(UnsafeBufferPointer(start: base, count: left))
        base.update(from: base + left, count: n - left)
        _ = UnsafeMutableBufferPointer(start: base + n - left, count: left)
          .update(fromContentsOf: aside)
      } else {
        let aside = Array(UnsafeBufferPointer(start: base + left, count: n - left))
        (base + n - left).update(from: base, count: left)
        _ = UnsafeMutableBufferPointer(start: base, count: n - left).update(fromContentsOf: aside)
      }
    }
  }

  /// A block of `count` moved from `from` to `to` that passes fewer rows than it holds
  /// is the same as the rows it passes moved past it the other way: that move, or nil
  /// when the block is already the smaller side. A range stepping one slot then moves
  /// one row, with nothing set aside.
  private static func smallerSide(from: Int, count k: Int, to: Int) -> (Int, Int, Int)? {
    let passed = abs(to - from)
    guard passed < k else { return nil }
    return to > from ? (from + k, passed, from) : (to, passed, to + k)
  }

  /// Moves `array[from]` to `to`, shifting those between by one (a memmove). Shared
  /// with the other per-position stores, which move with their rows.
  package static func rotate<T>(_ array: inout [T], from: Int, to: Int) {
    array.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      let moving = base[from]
      if to > from {
        (base + from).update(from: base + from + 1, count: to - from)
      } else {
        (base + to + 1).update(from: base + to, count: from - to)
      }
      base[to] = moving
    }
  }

  private subscript(position: Int, in runs: [Run]) -> Int32 {
    let run = runs[RowOrder.runIndex(in: runs, containing: position)]
    return run.first + Int32(truncatingIfNeeded: position - run.position)
  }

  /// Index of the run holding `position` (the last run whose start is at or before it).
  private static func runIndex(in runs: [Run], containing position: Int) -> Int {
    runs.lastIndex(keyAtMost: position) { $0.position }
  }

  /// Splits the run holding `position` so that a run starts exactly there, and
  /// returns that run's index.
  private static func splitRun(at position: Int, in runs: inout [Run]) -> Int {
    let k = runIndex(in: runs, containing: position)
    let offset = position - runs[k].position
    guard offset > 0 else { return k }
    let tail = Run(
      position: position, first: runs[k].first + Int32(truncatingIfNeeded: offset),
      count: runs[k].count - offset)
    runs[k].count = offset
    runs.insert(tail, at: k + 1)
    return k + 1
  }

  /// Takes the identity at `position` out; later positions move up by one.
  private static func remove(_ position: Int, in runs: inout [Run]) {
    var k = splitRun(at: position, in: &runs)
    if runs[k].count == 1 {
      runs.remove(at: k)
    } else {
      runs[k].first += 1
      runs[k].count -= 1
      k += 1
    }
    for j in k..<runs.count { runs[j].position -= 1 }
    mergeNeighbours(around: Swift.max(0, k - 1), in: &runs)
  }

  /// Puts `id` at `position`; the identity there and those after move down by one.
  private static func insert(_ id: Int32, at position: Int, in runs: inout [Run]) {
    let end = runs.last.map { $0.position + $0.count } ?? 0
    let k = position < end ? splitRun(at: position, in: &runs) : runs.count
    runs.insert(Run(position: position, first: id, count: 1), at: k)
    for j in (k + 1)..<runs.count { runs[j].position += 1 }
    mergeNeighbours(around: k, in: &runs)
  }

  /// Joins run `k` with its neighbours where one continues the other.
  private static func mergeNeighbours(around k: Int, in runs: inout [Run]) {
    var k = Swift.min(k, runs.count - 1)
    if k > 0 && continues(runs[k - 1], runs[k]) {
      runs[k - 1].count += runs[k].count
      runs.remove(at: k)
      k -= 1
    }
    if k >= 0 && k + 1 < runs.count && continues(runs[k], runs[k + 1]) {
      runs[k].count += runs[k + 1].count
      runs.remove(at: k + 1)
    }
  }

  /// Runs laid one after another from a start position, each joined to the one before
  /// when it continues it: the few runs `moveWithinFewRuns` writes, without an array.
  private struct RunSequence {
    /// The runs so far: at most the two neighbours, the two partial ends, the moved
    /// identity and `fewRuns` shifted pieces.
    var runs = InlineArray<8, Run>(repeating: Run(position: 0, first: 0, count: 0))
    var count = 0
    /// Where the next run starts.
    var end: Int

    init(from position: Int) { end = position }

    /// Lays `run`'s identities next (its position is not read); an empty run adds nothing.
    @inline(__always)
    mutating func append(_ run: Run?) {
      guard let run else { return }
      append(first: run.first, count: run.count)
    }

    @inline(__always)
    mutating func append(first: Int32, count k: Int) {
      guard k > 0 else { return }
      let next = Run(position: end, first: first, count: k)
      if count > 0, RowOrder.continues(runs[count - 1], next) {
        runs[count - 1].count += k
      } else {
        runs[count] = next
        count += 1
      }
      end += k
    }

    /// Puts these runs where `old` were, in place when they are as many.
    @inline(__always)
    func write(over old: ClosedRange<Int>, in array: inout [Run]) {
      let kept = Swift.min(old.count, count)
      for j in 0..<kept { array[old.lowerBound + j] = runs[j] }
      if count < old.count {
        array.removeSubrange((old.lowerBound + count)...old.upperBound)
      } else {
        for j in kept..<count { array.insert(runs[j], at: old.lowerBound + j) }
      }
    }
  }

  private static func continues(_ a: Run, _ b: Run) -> Bool {
    Int(a.first) + a.count == Int(b.first)
  }

  private static func flatten(_ runs: [Run], count: Int) -> [Int32] {
    [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
      for run in runs {
        for j in 0..<run.count {
          buffer[run.position + j] = run.first &+ Int32(truncatingIfNeeded: j)
        }
      }
      initialized = count
    }
  }
}
