// SPDX-License-Identifier: Apache-2.0

/// `fixed`: a constant speed while the snapshot pokes out of the viewport (the iOS
/// tutorials' first timer-driven version).
///
/// `v = −speed` when the snapshot's top edge is above the viewport, `v = speed` when its
/// bottom edge is below, else 0 — measured on screen, from the snapshot's center
/// `s = c − o`: `s − h/2 < 0`, `s + h/2 > V`.
public struct FixedAutoScroll: AutoScrollLaw {
  /// The registry entry.
  public static let kind = AutoScrollKind(
    name: "fixed", summary: "a constant speed while the snapshot pokes out of the viewport",
    parameters: [Parameter("speed", default: 240, .nonNegative, "scroll speed in points/s")]
  ) { FixedAutoScroll(speed: $0[0]) }

  /// Scroll speed in points per second.
  public var speed: Double

  /// Non-decreasing in the screen position (−speed, 0, speed); no time.
  public var isMonotoneInScreenPosition: Bool { true }

  /// The velocity for one frame.
  public func velocity(_ input: AutoScrollInput) -> Double {
    let s = input.screenCenter
    if s - input.snapshotHeight / 2 < 0 { return -speed }
    if s + input.snapshotHeight / 2 > input.viewport { return speed }
    return 0
  }
}

extension Behaviour where Function == any AutoScrollLaw {
  /// The `fixed` profile with the given speed.
  public static func fixed(speed: Double = 240) -> AutoScrollProfile {
    unchecked(FixedAutoScroll.kind, [speed])
  }
}
