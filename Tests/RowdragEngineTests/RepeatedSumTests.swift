import RowdragTestSupport
import Testing

@testable import RowdragEngine

/// The closed form must give the loop's result bit for bit, ties included.
@Suite("repeated sums")
struct RepeatedSumTests {
  func loop(_ step: Double, _ count: Int, _ start: Double) -> Double {
    var value = start
    for _ in 0..<count { value += step }
    return value
  }

  @Test("equals the loop for frame rates, starts and counts, ties included")
  func equalsLoop() {
    var rng = SplitMix64(seed: 2026)
    // 1/fps for common and odd rates; 0.75 · 2^-k steps make exact ties in some binades.
    var steps = [60.0, 120, 30, 144, 7, 1e6, 0.001, 1e-9].map { 1 / $0 }
    steps += [0.75, 0.375, 1.5 * 0x1p-30, 3.0, 0x1p-52]
    for step in steps {
      for _ in 0..<40 {
        let start = [0.0, step, 1, 1234.5, 0x1p20 + 0.25][rng.next(5)]
        let count = [0, 1, 2, 3, 9, 10, 100, 4097, 65_536, 300_001][rng.next(10)]
        let fast = RepeatedSum.adding(step, times: count, to: start)
        #expect(
          fast.bitPattern == loop(step, count, start).bitPattern, "\(step) × \(count) + \(start)")
      }
    }
  }

  @Test("ties: at 2^52 the ulp is 1, so steps of 0.5, 1.5 and 2.5 round half to even")
  func ties() {
    for start in [0x1p52, 0x1p52 + 1, 0x1p52 + 3, 0x1p51 + 0.5] {
      for step in [0.5, 1.5, 2.5, 0.25, 0.75] {
        for count in [1, 2, 3, 10, 11, 1000, 1001] {
          let fast = RepeatedSum.adding(step, times: count, to: start)
          #expect(
            fast.bitPattern == loop(step, count, start).bitPattern, "\(step) × \(count) + \(start)")
        }
      }
    }
  }

  @Test("two billion additions of 1/60 agree with summing in halves of the loop")
  func huge() {
    let step = 1.0 / 60
    let whole = RepeatedSum.adding(step, times: 2_000_000, to: 0)
    #expect(whole.bitPattern == loop(step, 2_000_000, 0).bitPattern)
    // A count the loop cannot check here: the closed form is still associative over
    // splits, since both halves are exact descriptions of the same loop.
    let big = RepeatedSum.adding(step, times: 2_147_483_647, to: 0)
    let split = RepeatedSum.adding(
      step, times: 1_147_483_647, to: RepeatedSum.adding(step, times: 1_000_000_000, to: 0))
    #expect(big.bitPattern == split.bitPattern)
    #expect(abs(big - 2_147_483_647.0 / 60) < 1)
  }

  @Test("the first count that reaches a target is the loop's")
  func reaching() {
    for (target, start) in [(0.5, 0.0), (0.1, 0.0), (100.0, 3.0), (1e-9, 0.0)] {
      let step = 1.0 / 60
      var value = start
      var count = 0
      while value < target {
        value += step
        count += 1
      }
      #expect(
        RepeatedSum.additionsToReach(target, adding: step, to: start, limit: 1 << 30) == count)
    }
    #expect(RepeatedSum.additionsToReach(10, adding: 1, to: 0, limit: 5) == nil)
  }
}
