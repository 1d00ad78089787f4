import RowdragTestSupport
import Testing

@testable import RowdragEngine

/// Each law of the behaviour catalogue §2.5 against numbers worked out by hand from its
/// source's formula; the comments show the arithmetic.
@Suite("catalogue laws")
struct CatalogueLawTests {
  func reading(
    depth: Double, zone: Double, distance: Double = 0, span: Double = 600,
    row: Double = 44, room: Double = 1000, ms: Double = 0, count: Double = 0
  ) -> ZoneReading {
    ZoneReading(
      depth: depth, zone: zone, distance: distance, span: span, rowHeight: row, room: room,
      runMilliseconds: ms, count: count)
  }

  @Test("linear: SwiftReorder's mapValue(d, 30→0, 60→280) is min 60, max 280")
  func linear() {
    let law = LinearAutoScroll(zone: .points(30), max: 280, min: 60)
    // 15 of 30 deep: 60 + 220·0.5 = 170.
    #expect(law.amount(reading(depth: 15, zone: 30)) == 170)
    // Past the edge the depth exceeds the zone: capped at 280.
    #expect(law.amount(reading(depth: 42, zone: 30)) == 280)
    // No zone when Z ≤ 0.
    #expect(law.amount(reading(depth: 1, zone: 0)) == nil)
    // The law's own zone follows the row: 0.5h+6 of a 44-point row is 28.
    #expect(
      LinearAutoScroll(zone: .rows(0.5, plus: 6), max: 5, min: 0).zone(span: 600, rowHeight: 44)
        == 28)
  }

  @Test("ramp: dnd-kit's 10·D/Z and FMMoveTableView's D/5, not capped")
  func ramp() {
    // dnd-kit, finger 90 deep in a 120 zone: 10·90/120 = 7.5.
    #expect(RampAutoScroll(max: 10, per: 0).amount(reading(depth: 90, zone: 120)) == 7.5)
    // 300 deep (past the edge): 25, no cap.
    #expect(RampAutoScroll(max: 10, per: 0).amount(reading(depth: 300, zone: 120)) == 25)
    // FMMove: (26.4 − 10)/5 = 3.28 (rounded up to 4 by round=ceil, see the engine test).
    let fm = RampAutoScroll(max: 10, per: 5).amount(reading(depth: 26.4 - 10, zone: 26.4))!
    #expect(abs(fm - 3.28) < 1e-12)
  }

  @Test("power: react-beautiful-dnd's ceil(28·p²) from 25 % of 600 to full speed at 5 %")
  func power() {
    let law = PowerAutoScroll(max: 28, full: .span(0.05), exp: 2)
    // dist 30 ≤ full 30: 28.
    #expect(law.amount(reading(depth: 120, zone: 150, distance: 30)) == 28)
    // dist 90: p = 1 − (90 − 30)/(150 − 30) = 0.5, 28·0.25 = 7.
    #expect(law.amount(reading(depth: 60, zone: 150, distance: 90)) == 7)
    // dist 149: p = 1/120, 28/14400 → ceil 1, at least 1.
    #expect(law.amount(reading(depth: 1, zone: 150, distance: 149)) == 1)
    // A row taller than the span: no zone at all.
    #expect(law.amount(reading(depth: 1, zone: 150, distance: 149, row: 700)) == nil)
  }

  @Test("quintic: ItemTouchHelper's cap and time ramp with Java's truncations")
  func quintic() {
    let law = QuinticAutoScroll(max: 20, time: 2000)
    // 12 out of bounds on a 44 row: q = 12/44 − 1, cap = trunc(20·(1 − 0.72727⁵)) = 15.
    // ms 0: 15·0 = 0 → the ±1 floor gives 1.
    #expect(law.amount(reading(depth: 12, zone: 0, ms: 0)) == 1)
    // ms 1983.3: τ⁵ = 0.9590, 15·0.9590 = 14.39 → 14.
    #expect(law.amount(reading(depth: 12, zone: 0, ms: 1983.333)) == 14)
    // ms 2000: τ = 1 → 15. Far out: r = 1, cap = 20.
    #expect(law.amount(reading(depth: 12, zone: 0, ms: 2000)) == 15)
    #expect(law.amount(reading(depth: 400, zone: 0, ms: 5000)) == 20)
  }

  @Test("overflow: Flutter's min(overflow, 20), never past the extent, nothing under 1")
  func overflow() {
    let law = OverflowAutoScroll(cap: 20)
    #expect(law.amount(reading(depth: 12, zone: 0)) == 12)
    #expect(law.amount(reading(depth: 50, zone: 0)) == 20)
    #expect(law.amount(reading(depth: 50, zone: 0, room: 7)) == 7)
    #expect(law.amount(reading(depth: 0.5, zone: 0)) == 0)
  }

  @Test("count: Qt's autoScrollCount, one more each tick up to the page")
  func count() {
    let law = CountAutoScroll(cap: .span(1))
    #expect(law.amount(reading(depth: 6, zone: 16, count: 0)) == 1)
    #expect(law.amount(reading(depth: 6, zone: 16, count: 3)) == 4)
    #expect(law.amount(reading(depth: 6, zone: 16, span: 600, count: 600)) == 600)
  }

  @Test("damping: rbd's 360:1200 ms, 1 before, (ms−360)/840 squared after, full from 1200")
  func damping() {
    let damp = Damping(start: 360, end: 1200)
    #expect(damp.apply(28, milliseconds: 100) == 1)
    // 780 ms: ((780 − 360)/840)² = 0.25, ceil(28·0.25) = 7.
    #expect(damp.apply(28, milliseconds: 780) == 7)
    #expect(damp.apply(28, milliseconds: 1200) == 28)
  }

  @Test("overlap ratios round as JavaScript's Number(x.toFixed(4))")
  func toFixed() {
    #expect(OverlapRule.toFixed4(21.5 / 66.5) == 0.3233)
    #expect(OverlapRule.toFixed4(22.5 / 65.5) == 0.3435)
    // The exact binary values decide: 0.00005 is just above a half, 0.00015 and
    // 2.00005 just below, 0.12345 just above.
    #expect(OverlapRule.toFixed4(0.00005) == 0.0001)
    #expect(OverlapRule.toFixed4(0.00015) == 0.0001)
    #expect(OverlapRule.toFixed4(2.00005) == 2)
    #expect(OverlapRule.toFixed4(0.12345) == 0.1235)
    #expect(OverlapRule.toFixed4(0.5) == 0.5)
    #expect(OverlapRule.toFixed4(1) == 1)
    #expect(OverlapRule.toFixed4(0) == 0)
    #expect(OverlapRule.toFixed4(2.00015) == 2.0002)
  }

  @Test("toFixed4 agrees with a decimal expansion on random doubles")
  func toFixedRandom() {
    var rng = SplitMix64(seed: 4)
    for _ in 0..<20000 {
      let x = Double(rng.next() >> 11) / Double(1 << 53) * [1.0, 0.001, 1e-6][rng.next(3)]
      // The reference: the exact decimal expansion of x (x = m/2^k), rounded half up.
      let expected = Self.referenceToFixed4(x)
      #expect(OverlapRule.toFixed4(x) == expected, "\(x)")
    }
  }

  /// x·10⁴ as an exact rational m·10⁴/2^k, compared with k and k+1/2 in integers.
  static func referenceToFixed4(_ x: Double) -> Double {
    guard x > 0 else { return 0 }
    var m = x.significandBitPattern | (x.isNormal ? 1 << 52 : 0)
    var k = 52 - Int(x.exponent)
    while m & 1 == 0 && k > 0 { m >>= 1; k -= 1 }
    // x = m / 2^k; floor(x·10⁴) and the remainder, digit by digit in UInt128.
    let numerator = UInt128(m) * 10000
    let denominator = UInt128(1) << k
    var q = numerator / denominator
    if (numerator % denominator) * 2 >= denominator { q += 1 }
    return Double(q) / 10000
  }
}
