// SPDX-License-Identifier: Apache-2.0

/// The C library's `pow`, declared rather than imported: the engine imports no platform
/// module, and the easing must round exactly as the catalogue's models compute it.
@_silgen_name("pow")
private func libmPow(_ base: Double, _ exponent: Double) -> Double

/// `power`: react-beautiful-dnd's fluid scroller (`get-value-from-distance.js`,
/// `config.js`): full speed within `full` of the edge, easing off with the `exp`-th
/// power of the remaining depth across the zone, at least 1.
///
/// No zone at all when the lifted row is taller than the span. If `dist ≤ full`,
/// `A = max`; else with `p = 1 − (dist − full)/(Z − full)` (no zone when `Z − full ≤ 0`),
/// `A = max(1, ceil(max·p^exp))`. Defaults: `zone=0.25v order=closer test=le`; the
/// preset adds rbd's time damping (`damp=360:1200`).
public struct PowerAutoScroll: AutoScrollLaw {
  /// The registry entry.
  public static let kind = AutoScrollKind(
    name: "power", summary: "react-beautiful-dnd's eased speed, full near the edge",
    parameters: [
      Parameter("max", default: 28, .nonNegative, "the amount at full speed"),
      Parameter("full", length: .span(0.05), .length, "distance from the edge with full speed"),
      Parameter("exp", default: 2, .nonNegative, "the power of the easing"),
    ]
  ) { PowerAutoScroll(max: $0[0], full: $0.length(1), exp: $0[2]) }

  /// The amount at full speed.
  public var max: Double
  /// The distance from the edge within which the speed is full.
  public var full: Length
  /// The power of the easing.
  public var exp: Double

  /// rbd's zone: a quarter of the container, the closer edge only.
  public var defaultKeys: AutoScrollKeys {
    var keys = AutoScrollKeys()
    keys.zone = .span(0.25)
    keys.order = .closer
    keys.test = .lessOrEqual
    return keys
  }

  /// Non-increasing in the distance; `ceil` and `pow` round monotonically.
  public var isMonotoneInScreenPosition: Bool { true }

  /// `max`, or `max(1, ceil(max·p^exp))`.
  public func amount(_ r: ZoneReading) -> Double? {
    guard r.rowHeight <= r.span else { return nil }
    let f = full.resolve(span: r.span, rowHeight: r.rowHeight)
    if r.distance <= f { return max }
    guard r.zone - f > 0 else { return nil }
    let p = 1 - (r.distance - f) / (r.zone - f)
    return Swift.max(1, (max * libmPow(p, exp)).rounded(.up))
  }
}
