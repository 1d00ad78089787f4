// SPDX-License-Identifier: Apache-2.0

/// `fixed`: a constant speed while the snapshot pokes out of the viewport (the iOS
/// tutorials' first timer-driven version).
///
/// `v = −speed` when the snapshot's top edge is above the viewport, `v = speed` when its
/// bottom edge is below, else 0.
public struct FixedAutoScroll: AutoScrollLaw {
  /// The registry entry.
  public static let kind = AutoScrollKind(
    name: "fixed", summary: "a constant speed while the snapshot pokes out of the viewport",
    parameters: [Parameter("speed", default: 240, .nonNegative, "scroll speed in points/s")]
  ) { FixedAutoScroll(speed: $0[0]) }

  /// Scroll speed in points per second.
  public var speed: Double

  /// The velocity for one frame.
  public func velocity(_ input: AutoScrollInput) -> Double {
    if input.center - input.snapshotHeight / 2 < input.offset { return -speed }
    if input.center + input.snapshotHeight / 2 > input.offset + input.viewport { return speed }
    return 0
  }
}

extension Behaviour where Function == any AutoScrollLaw {
  /// The `fixed` profile with the given speed.
  public static func fixed(speed: Double = 240) -> AutoScrollProfile {
    unchecked(FixedAutoScroll.kind, [speed])
  }
}
