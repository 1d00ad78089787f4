// SPDX-License-Identifier: Apache-2.0

/// `fixed`: a constant amount while the measured point is in the zone — by default
/// while the snapshot pokes out of the viewport (SPEC §4; the iOS tutorials'
/// display-link version, 4 points a frame; SortableJS's `scrollSpeed` per interval;
/// jQuery UI's `scrollSpeed` per drag event).
///
/// `A = speed`. Defaults: `point=edge zone=0`, so the top zone is `s − h/2 < 0` and the
/// bottom one `s + h/2 > V`, SPEC's test verbatim.
public struct FixedAutoScroll: AutoScrollLaw {
  /// The registry entry.
  public static let kind = AutoScrollKind(
    name: "fixed", summary: "a constant speed while the snapshot pokes out of the viewport",
    parameters: [Parameter("speed", default: 240, .nonNegative, "the amount")]
  ) { FixedAutoScroll(speed: $0[0]) }

  /// The amount.
  public var speed: Double

  /// The snapshot's leading edge past the viewport.
  public var defaultKeys: AutoScrollKeys {
    var keys = AutoScrollKeys()
    keys.point = .edge
    return keys
  }

  /// Constant in the zone.
  public var isMonotoneInScreenPosition: Bool { true }

  /// `speed`.
  public func amount(_ reading: ZoneReading) -> Double? { speed }
}
