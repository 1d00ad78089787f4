import RowdragTestSupport
import Testing

@testable import RowdragBase

/// `RowOrder` against the plainest model of an order: an array and `remove`/`insert`.
@Suite("row order")
struct RowOrderTests {
  /// Every way of reading the order agrees with the model, and the runs it reports are
  /// maximal and cover the range asked for.
  func expectAgrees(_ order: RowOrder, _ model: [Int32], _ context: String) {
    #expect(order.count == model.count, "\(context)")
    #expect(Array(order) == model, "\(context): iteration")
    #expect(order.indices.map { order[$0] } == model, "\(context): subscript")
    #expect(order.isIdentity == (model == (0..<Int32(model.count)).map { $0 }), "\(context)")
    var rng = SplitMix64(seed: UInt64(model.count))
    let lo = model.isEmpty ? 0 : Int.random(in: 0..<model.count, using: &rng)
    let hi = Int.random(in: lo...model.count, using: &rng)
    var visited: [Int32] = []
    var previous: RowOrder.Run?
    order.forEachRun(in: lo..<hi) { run in
      #expect(run.count > 0)
      #expect(run.position == lo + visited.count, "\(context): runs are contiguous")
      if let previous {
        #expect(Int(previous.first) + previous.count != Int(run.first), "\(context): maximal")
      }
      visited += (0..<run.count).map { run.first + Int32($0) }
      previous = run
    }
    #expect(visited == Array(model[lo..<hi]), "\(context): runs in \(lo)..<\(hi)")
    if hi > lo {
      let expected = (lo..<hi).filter { Int(model[$0]) != $0 }.count
      #expect(order.mismatches(lo, hi - 1) == expected, "\(context): mismatches")
    }
  }

  @Test("random moves agree with an array, as runs and after flattening")
  func randomMoves() {
    var rng = SplitMix64(seed: 2026)
    for trial in 0..<60 {
      let n = [1, 2, 3, 10, 1000][trial % 5]
      var order = RowOrder(identityOfCount: n)
      var model = (0..<Int32(n)).map { $0 }
      #expect(order.isRunBased)
      let moves = trial < 30 ? 40 : 400  // enough, for big lists, to pass `maxRuns`
      for step in 0..<moves {
        let from = Int.random(in: 0..<n, using: &rng)
        // Often a neighbour, as a drag moves rows; sometimes anywhere.
        let to =
          Bool.random(using: &rng)
          ? Swift.min(n - 1, Swift.max(0, from + Int.random(in: -1...1, using: &rng)))
          : Int.random(in: 0..<n, using: &rng)
        order.move(from: from, to: to)
        model.insert(model.remove(at: from), at: to)
        if step % 37 == 0 { expectAgrees(order, model, "trial \(trial) step \(step)") }
      }
      expectAgrees(order, model, "trial \(trial) end")
    }
  }

  @Test("random block moves agree with an array, as runs and after flattening")
  func randomBlockMoves() {
    var rng = SplitMix64(seed: 23)
    for trial in 0..<60 {
      let n = [2, 3, 10, 1000][trial % 4]
      var order = RowOrder(identityOfCount: n)
      var model = (0..<Int32(n)).map { $0 }
      var flags = (0..<n).map { $0 }
      let moves = trial < 30 ? 40 : 400
      for step in 0..<moves {
        let count = Int.random(in: 1...Swift.min(n, 1 + n / 3), using: &rng)
        let from = Int.random(in: 0...(n - count), using: &rng)
        // Often by one slot, as a drag moves a block; sometimes anywhere.
        let to =
          Bool.random(using: &rng)
          ? Swift.min(n - count, Swift.max(0, from + Int.random(in: -1...1, using: &rng)))
          : Int.random(in: 0...(n - count), using: &rng)
        order.move(from: from, count: count, to: to)
        RowOrder.rotate(&flags, from: from, count: count, to: to)
        let block = Array(model[from..<(from + count)])
        model.removeSubrange(from..<(from + count))
        model.insert(contentsOf: block, at: to)
        #expect(flags.map(Int32.init) == model, "trial \(trial) step \(step): rotate")
        if step % 37 == 0 { expectAgrees(order, model, "trial \(trial) step \(step)") }
      }
      expectAgrees(order, model, "trial \(trial) end")
    }
  }

  @Test("every move in every order of up to six rows agrees with an array")
  func everySmallMove() {
    // Every shape of runs a move can meet, whether it touches few runs (rewritten in
    // place) or more (taken out and put back).
    func permutations(_ n: Int) -> [[Int32]] {
      guard n > 0 else { return [[]] }
      return permutations(n - 1).flatMap { shorter in
        (0...shorter.count).map { k in
          var longer = shorter
          longer.insert(Int32(n - 1), at: k)
          return longer
        }
      }
    }
    for n in 1...6 {
      for start in permutations(n) {
        for from in 0..<n {
          for to in 0..<n {
            var order = RowOrder(start)
            #expect(order.isRunBased)
            var model = start
            order.move(from: from, to: to)
            model.insert(model.remove(at: from), at: to)
            #expect(Array(order) == model, "\(start) \(from) → \(to)")
            var runs: [RowOrder.Run] = []
            order.forEachRun(in: 0..<n) { runs.append($0) }
            let expected = RowOrder(model)
            var expectedRuns: [RowOrder.Run] = []
            expected.forEachRun(in: 0..<n) { expectedRuns.append($0) }
            #expect(runs == expectedRuns, "\(start) \(from) → \(to): maximal runs")
          }
        }
      }
    }
  }

  @Test("an order flattens past maxRuns runs")
  func flattening() {
    let n = 4 * RowOrder.maxRuns
    var order = RowOrder(identityOfCount: n)
    // Moving every other row to the front leaves no two neighbours consecutive.
    for k in stride(from: 1, to: n, by: 2) { order.move(from: k, to: 0) }
    #expect(!order.isRunBased)
  }

  @Test("an order given position by position is kept as runs when they are few")
  func explicitOrders() {
    expectAgrees(RowOrder([2, 3, 4, 0, 1]), [2, 3, 4, 0, 1], "few runs")
    #expect(RowOrder([2, 3, 4, 0, 1]).isRunBased)
    let reversed = (0..<Int32(2 * RowOrder.maxRuns)).reversed().map { $0 }
    #expect(!RowOrder(reversed).isRunBased)
    expectAgrees(RowOrder(reversed), reversed, "many runs")
    expectAgrees(RowOrder([]), [], "empty")
  }
}
