// SPDX-License-Identifier: Apache-2.0

/// `quintic`: Android's `ItemTouchHelper.interpolateOutOfBoundsScroll()`. The cap is a
/// quintic ease-out of how far the dragged view is out of bounds (relative to its own
/// height), the amount a quintic ease-in of the time since scrolling started, reaching
/// the cap after `time` milliseconds; Java's int truncations and the ±1 floor kept.
///
/// `r = min(1, D/h_L)`, `q = r − 1`, `cap = trunc(max·(q⁵ + 1))`; `τ = 1` once
/// `ms ≥ time`, else `ms/time`; `A = trunc(cap·τ⁵)`, and 1 if that is 0. Defaults:
/// `point=edge zone=0` (out of the padded bounds).
public struct QuinticAutoScroll: AutoScrollLaw {
  /// The registry entry.
  public static let kind = AutoScrollKind(
    name: "quintic", summary: "Android ItemTouchHelper's quintic cap times a quintic time ramp",
    parameters: [
      Parameter("max", default: 20, .nonNegative, "the largest amount"),
      Parameter("time", default: 2000, .positive, "milliseconds until the cap is reached"),
    ]
  ) { QuinticAutoScroll(max: $0[0], time: $0[1]) }

  /// The largest amount (`maxScroll`, 20 dp).
  public var max: Double
  /// Milliseconds of scrolling until the cap is reached (`DRAG_SCROLL_ACCELERATION_LIMIT_TIME_MS`).
  public var time: Double

  /// Out of the bounds, from the dragged view's edge.
  public var defaultKeys: AutoScrollKeys {
    var keys = AutoScrollKeys()
    keys.point = .edge
    return keys
  }

  /// The time ramp.
  public var readsRunTime: Bool { true }

  /// `trunc(cap·τ⁵)`, at least 1.
  public func amount(_ r: ZoneReading) -> Double? {
    let ratio = Swift.min(1, r.depth / r.rowHeight)
    let q = ratio - 1
    let cap = (max * (q * q * q * q * q + 1)).rounded(.towardZero)
    let tau = r.runMilliseconds >= time - 1e-6 ? 1 : r.runMilliseconds / time
    let value = (cap * (tau * tau * tau * tau * tau)).rounded(.towardZero)
    return value == 0 ? 1 : value
  }
}
