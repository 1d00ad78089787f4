// SPDX-License-Identifier: Apache-2.0

/// `n` floating-point additions of the same step, in O(binades) instead of O(n), with
/// exactly the result of the loop `for _ in 0..<n { value += step }`.
///
/// Why this is exact: inside one binade `[2^e, 2^(e+1))` every double is a multiple of
/// the same ulp `u`, so `value + step` rounds to `value + r` for an `r` that does not
/// depend on `value` — except when `step / u` ends in exactly one half, where ties go to
/// the even multiple; after one such step `value` is even, and from then on `r` is
/// constant again. So after two real additions the increment is known, and the
/// additions that stay inside the binade are one multiplication, exact because the
/// result is a multiple of `u` below `2^(e+1)`. Near a binade's end, and for values
/// smaller than the step, additions are done one by one.
enum RepeatedSum {
  /// The value after `count` additions of `step` (`step` ≥ 0, both finite).
  /// - Complexity: O(binades crossed + 1), about 64 additions at most for any count.
  static func adding(_ step: Double, times count: Int, to start: Double) -> Double {
    var value = start
    var left = count
    while left > 0 {
      guard left > 8, value > 0, value.isFinite else {
        value += step
        left -= 1
        continue
      }
      let first = value + step
      let second = first + step
      left -= 2
      let increment = second - first
      guard increment > 0, value.exponent == second.exponent, first.exponent == second.exponent
      else {
        value = second
        if increment == 0 && second == first { return value }  // the step no longer counts
        continue
      }
      // Stay two increments clear of the binade's end, where the ulp doubles.
      let end = Double(sign: .plus, exponent: second.exponent + 1, significand: 1)
      let room = ((end - second) / increment).rounded(.down) - 2
      let jump = Swift.min(Double(left), Swift.max(0, room))
      value = second + jump * increment
      left -= Int(jump)
    }
    return value
  }

  /// The fewest additions of `step` to `start` that reach at least `target`, if that
  /// happens within `limit` additions.
  /// - Complexity: O(log(limit) · binades).
  static func additionsToReach(
    _ target: Double, adding step: Double, to start: Double, limit: Int
  ) -> Int? {
    if start >= target { return 0 }
    guard adding(step, times: limit, to: start) >= target else { return nil }
    var low = 0  // below target
    var high = limit  // reaches target
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if adding(step, times: middle, to: start) >= target { high = middle } else { low = middle }
    }
    return high
  }
}
