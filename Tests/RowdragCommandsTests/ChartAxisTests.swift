import Foundation
import Testing

@testable import RowdragCommands

/// The chart's axes end on round ticks, 4 to 8 of them, that contain the data.
@Suite("chart axes")
struct ChartAxisTests {
  @Test(
    "round limits and 4–8 ticks that contain the data",
    arguments: [
      (0.017, 3.5), (0, 2983.333), (-23.5, 300), (-2359.98, 1176), (0, 0), (0, 0.001),
      (5, 5), (0.25, 0.26), (-1e-9, 1e-9), (0, 1), (0, 7.01), (0, 16.01), (1234, 98765),
      (-0.5, -0.2), (0, 1e9), (0.0001, 0.0002), (-4e10, 9e10),
    ])
  func axis(_ low: Double, _ high: Double) {
    let axis = ChartAxis(low, high)
    #expect((4...8).contains(axis.ticks.count), "\(low)...\(high): \(axis.ticks)")
    #expect(axis.lower <= Swift.min(low, 0) && axis.upper >= Swift.max(high, 0))
    #expect(axis.ticks.first == axis.lower && axis.ticks.last == axis.upper)
    let steps = zip(axis.ticks, axis.ticks.dropFirst()).map { $1 - $0 }
    let step = steps[0]
    for s in steps { #expect(abs(s - step) < 1e-9 * Swift.max(1, abs(step))) }
    // 1, 2 or 5 times a power of ten (2.5 when a single step had to be halved).
    let mantissa = step / pow(10, (log10(step) + 1e-9).rounded(.down))
    #expect([1, 2, 2.5, 5].contains { abs(mantissa - $0) < 1e-6 }, "\(step)")
    // The labels print as the round numbers they are.
    for tick in axis.ticks { #expect(NumberText.fixed3(tick).count <= 12, "\(tick)") }
  }

  @Test("the smallest round step that fits 8 ticks")
  func examples() {
    #expect(ChartAxis(0, 2983.333).ticks == [0, 500, 1000, 1500, 2000, 2500, 3000])
    #expect(ChartAxis(0.017, 3.5).ticks == [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5])
    #expect(ChartAxis(-23.5, 300).ticks == [-50, 0, 50, 100, 150, 200, 250, 300])
    // Past what any list's geometry reaches, the axis is cut at ±1e15 but still drawn.
    #expect((4...8).contains(ChartAxis(-1e300, .infinity).ticks.count))
  }
}
