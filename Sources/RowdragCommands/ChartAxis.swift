import Glibc  // log10, pow

/// One axis of the comparison chart: round limits and 4–8 evenly spaced ticks.
///
/// A reader reads a value off a chart by interpolating between labelled ticks, which
/// works only when the ticks are round numbers (a step of 1, 2 or 5 times a power of
/// ten) and the axis ends on one; the data's own extremes (`2983.333`) are no help.
struct ChartAxis: Equatable {
  /// The axis' ends, both ticks.
  let lower: Double
  let upper: Double
  /// The distance between ticks.
  let step: Double
  /// The tick values from `lower` to `upper`, computed as `lower + i·step` rounded to
  /// the step's decimals, so they print as the round numbers they are.
  let ticks: [Double]

  /// The axis over `low...high` (widened to include `0` when `includingZero`), with
  /// the smallest round step that needs at most 8 ticks. Steps stay at or above 0.001,
  /// the precision every number in the chart is printed to.
  init(_ low: Double, _ high: Double, includingZero: Bool = true) {
    // Beyond ±1e15 no number prints exactly anyway; the engine keeps geometry finite.
    var low = low.isFinite ? Swift.min(Swift.max(low, -1e15), 1e15) : 0
    var high = high.isFinite ? Swift.min(Swift.max(high, -1e15), 1e15) : 0
    if includingZero {
      low = Swift.min(low, 0)
      high = Swift.max(high, 0)
    }
    if high - low < 0.004 { high = low + 0.004 }
    let axis = Self.roundStep(low, high)
    let decimals = Swift.max(0, -Int(log10(axis.step).rounded(.down)))
    let scale = pow(10, Double(decimals))
    step = axis.step
    lower = (axis.lower * scale).rounded() / scale
    upper = (axis.upper * scale).rounded() / scale
    var ticks = (0..<axis.count).map { i in
      ((axis.lower + Double(i) * axis.step) * scale).rounded() / scale
    }
    // Fewer than 4 ticks happens only when the data fits one step: split it further.
    if ticks.count < 4, let last = ticks.last, let first = ticks.first {
      let finer = axis.step / 2
      ticks = stride(from: 0, through: Int(((last - first) / finer).rounded()), by: 1).map {
        ((first + Double($0) * finer) * scale * 10).rounded() / (scale * 10)
      }
    }
    self.ticks = ticks
  }

  /// The smallest step of 1, 2 or 5 times a power of ten (0.001 or more) whose
  /// multiples around `low...high` are at most 8 ticks.
  private static func roundStep(_ low: Double, _ high: Double)
    -> (step: Double, lower: Double, upper: Double, count: Int)
  {
    var exponent = Swift.max(-3, Int((log10((high - low) / 7)).rounded(.down)))
    while true {
      for mantissa in [1.0, 2.0, 5.0] {
        let step = mantissa * pow(10, Double(exponent))
        let lower = (low / step).rounded(.down) * step
        let upper = (high / step).rounded(.up) * step
        let count = Int(((upper - lower) / step).rounded()) + 1
        if count <= 8 { return (step, lower, upper, count) }
      }
      exponent += 1
    }
  }
}
