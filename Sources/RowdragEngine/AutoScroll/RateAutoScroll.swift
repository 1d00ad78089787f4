// SPDX-License-Identifier: Apache-2.0

/// `rate`: the display-link tutorials' rate (BVReorderTableView, HPReorderTableView,
/// LPRTableView and the HPReorderTableView-based tutorial): a zone of `span/divisor`
/// measured from the finger, the top one starting at the top inset and the bottom one
/// at the viewport's bottom, and an amount proportional to the depth, not capped.
///
/// `Z = span/divisor` (no zone when `Z ≤ 0`), `A = scale·D/Z`. Defaults:
/// `point=finger edges=top-inset order=bottom test=le`, so with the default keys this
/// is SPEC §4's `scale·(F − (V − z))/z` and `scale·(F − (T + z))/z` verbatim.
public struct RateAutoScroll: AutoScrollLaw {
  /// The registry entry.
  public static let kind = AutoScrollKind(
    name: "rate", summary: "speed proportional to the finger's depth in a zone of (V-T)/divisor",
    parameters: [
      Parameter("divisor", default: 6, .positive, "the zone is the span divided by this"),
      Parameter("scale", default: 600, .nonNegative, "the amount one zone deep"),
    ]
  ) { RateAutoScroll(divisor: $0[0], scale: $0[1]) }

  /// The zone is the span divided by this.
  public var divisor: Double
  /// The amount one zone deep.
  public var scale: Double

  /// `span/divisor`.
  public func zone(span: Double, rowHeight: Double) -> Double? { span / divisor }

  /// The BV/HP/LPR geometry.
  public var defaultKeys: AutoScrollKeys {
    var keys = AutoScrollKeys()
    keys.point = .finger
    keys.edges = .topInset
    keys.order = .bottom
    keys.test = .lessOrEqual
    return keys
  }

  /// Proportional to the depth.
  public var isMonotoneInScreenPosition: Bool { true }

  /// `scale·D/Z`.
  public func amount(_ r: ZoneReading) -> Double? {
    guard r.zone > 0 else { return nil }
    return scale * r.depth / r.zone
  }
}
