// SPDX-License-Identifier: Apache-2.0

/// `linear`: the speed grows linearly across an edge zone measured from the snapshot's
/// center, up to `max` (the default profile; the iOS tutorials' zone is 150 points).
///
/// With the center `s = c − o` on screen: `v = −max · min(1, (zone − s) / zone)` when
/// `s < zone`, `v = max · min(1, (s − (V − zone)) / zone)` when `s > V − zone`, else 0.
/// Both zone tests are strict.
public struct LinearAutoScroll: AutoScrollLaw {
  /// The registry entry.
  public static let kind = AutoScrollKind(
    name: "linear", summary: "speed grows across an edge zone up to max (the default)",
    parameters: [
      Parameter("zone", default: 100, .positive, "depth of each edge zone in points"),
      Parameter("max", default: 1200, .nonNegative, "speed at the very edge in points/s"),
    ]
  ) { LinearAutoScroll(zone: $0[0], max: $0[1]) }

  /// Depth of each edge zone in points.
  public var zone: Double
  /// Speed at the edge, in points per second.
  public var max: Double

  /// Non-decreasing in the screen position; no time.
  public var isMonotoneInScreenPosition: Bool { true }

  /// The velocity for one frame.
  public func velocity(_ input: AutoScrollInput) -> Double {
    let s = input.screenCenter
    if s < zone { return -max * Swift.min(1, (zone - s) / zone) }
    if s > input.viewport - zone { return max * Swift.min(1, (s - (input.viewport - zone)) / zone) }
    return 0
  }
}

extension Behaviour where Function == any AutoScrollLaw {
  /// The `linear` profile with the given zone and top speed.
  public static func linear(zone: Double = 100, max: Double = 1200) -> AutoScrollProfile {
    unchecked(LinearAutoScroll.kind, [zone, max])
  }
}
