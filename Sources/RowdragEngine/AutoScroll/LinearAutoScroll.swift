// SPDX-License-Identifier: Apache-2.0

/// `linear`: the amount grows linearly with the depth in the zone, from `min` at its
/// inner line to `max` at its full depth, and stays at `max` past it — SPEC §4's
/// default profile (`min=0`), and SwiftReorder's `mapValue(d, 30→0, 60→280)`.
///
/// `A = min + (max − min)·min(1, D/Z)`; no zone when `Z ≤ 0`. The zone is the law's own
/// `zone` parameter (SPEC's zone, measured from the snapshot's center by default).
/// With `min=0` and the default keys this is SPEC §4's expression verbatim:
/// `max·min(1, (zone − s)/zone)` at the top, `max·min(1, (s − (V − zone))/zone)` at the
/// bottom.
public struct LinearAutoScroll: AutoScrollLaw {
  /// The registry entry.
  public static let kind = AutoScrollKind(
    name: "linear", summary: "speed grows across an edge zone up to max (the default)",
    parameters: [
      Parameter("zone", length: .points(100), .length, "depth of each edge zone"),
      Parameter("max", default: 1200, .nonNegative, "amount at the zone's full depth"),
      Parameter(
        "min", default: 0, .nonNegative, "amount at the zone's inner line", display: .unlessDefault),
    ]
  ) { LinearAutoScroll(zone: $0.length(0), max: $0[1], min: $0[2]) }

  /// Depth of each edge zone.
  public var zone: Length
  /// Amount at the zone's full depth.
  public var max: Double
  /// Amount at the zone's inner line.
  public var min: Double

  /// The law's own zone.
  public func zone(span: Double, rowHeight: Double) -> Double? {
    zone.resolve(span: span, rowHeight: rowHeight)
  }

  /// Non-decreasing in the depth; no time.
  public var isMonotoneInScreenPosition: Bool { true }

  /// `min + (max − min)·min(1, D/Z)`.
  public func amount(_ r: ZoneReading) -> Double? {
    guard r.zone > 0 else { return nil }
    return min + (max - min) * Swift.min(1, r.depth / r.zone)
  }
}
