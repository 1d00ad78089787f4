// SPDX-License-Identifier: Apache-2.0

/// `ramp`: the amount grows with the depth and is not capped past the edge — dnd-kit's
/// `getScrollDirectionAndSpeed()` (`acceleration × |depth/threshold|`, threshold 20 % of
/// the container, measured from the pointer), FMMoveTableView's `(threshold − d)/5`, and
/// the iOS tutorials' 150-point ramp up to 20 points a frame.
///
/// `A = max·D/Z` (no zone when `Z ≤ 0`), or `A = D/per` when `per` is given. Defaults:
/// `point=finger zone=0.2v test=le`.
public struct RampAutoScroll: AutoScrollLaw {
  /// The registry entry.
  public static let kind = AutoScrollKind(
    name: "ramp", summary: "speed proportional to the depth, not capped (dnd-kit, FMMoveTableView)",
    parameters: [
      Parameter("max", default: 10, .nonNegative, "the amount one zone deep"),
      Parameter(
        "per", default: 0, .nonNegative, "if above 0: one point of amount per this much depth",
        display: .replacing("max")),
    ]
  ) { RampAutoScroll(max: $0[0], per: $0[1]) }

  /// The amount one zone deep.
  public var max: Double
  /// When above 0, the amount is the depth divided by this instead.
  public var per: Double

  /// dnd-kit's geometry.
  public var defaultKeys: AutoScrollKeys {
    var keys = AutoScrollKeys()
    keys.point = .finger
    keys.zone = .span(0.2)
    keys.test = .lessOrEqual
    return keys
  }

  /// Proportional to the depth.
  public var isMonotoneInScreenPosition: Bool { true }

  /// `max·D/Z` or `D/per`.
  public func amount(_ r: ZoneReading) -> Double? {
    if per > 0 { return r.depth / per }
    guard r.zone > 0 else { return nil }
    return max * r.depth / r.zone
  }
}
