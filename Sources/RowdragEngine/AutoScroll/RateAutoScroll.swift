// SPDX-License-Identifier: Apache-2.0

/// `rate`: the iOS tutorials' display-link version. Each edge has a zone of
/// `z = (V − T) / divisor` measured from the finger, and the speed is proportional to
/// how deep the finger is in it, without a cap.
///
/// `v = scale · (F − (V − z)) / z` when `F ≥ V − z`, `v = scale · (F − (T + z)) / z`
/// when `F ≤ T + z`, else 0 (and 0 when `z ≤ 0`).
public struct RateAutoScroll: AutoScrollLaw {
  /// The registry entry.
  public static let kind = AutoScrollKind(
    name: "rate", summary: "speed proportional to the finger's depth in a zone of (V-T)/divisor",
    parameters: [
      Parameter("divisor", default: 6, .positive, "the zone is (viewport - top inset) / divisor"),
      Parameter("scale", default: 600, .nonNegative, "speed in points/s one zone deep"),
    ]
  ) { RateAutoScroll(divisor: $0[0], scale: $0[1]) }

  /// The zone is the viewport above the top inset divided by this.
  public var divisor: Double
  /// Speed in points per second at one zone's depth.
  public var scale: Double

  /// Non-decreasing in the screen position; no time.
  public var isMonotoneInScreenPosition: Bool { true }

  /// The velocity for one frame.
  public func velocity(_ input: AutoScrollInput) -> Double {
    let v = input.viewport
    let t = input.insetTop
    let f = input.finger
    let z = (v - t) / divisor
    guard z > 0 else { return 0 }
    if f >= v - z { return scale * (f - (v - z)) / z }
    if f <= t + z { return scale * (f - (t + z)) / z }
    return 0
  }
}

extension Behaviour where Function == any AutoScrollLaw {
  /// The `rate` profile with the given divisor and scale.
  public static func rate(divisor: Double = 6, scale: Double = 600) -> AutoScrollProfile {
    unchecked(RateAutoScroll.kind, [divisor, scale])
  }
}
