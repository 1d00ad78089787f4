// SPDX-License-Identifier: Apache-2.0

/// `overflow`: Flutter's `EdgeDraggingAutoScroller._scroll()`: each step scrolls by how
/// far the dragged item overflows the viewport, at most `cap`, never past the scroll
/// extent, and not at all when that is under one pixel.
///
/// `A = min(D, cap, room)`, and 0 when that is below 1. Defaults: `point=edge zone=0`.
public struct OverflowAutoScroll: AutoScrollLaw {
  /// The registry entry.
  public static let kind = AutoScrollKind(
    name: "overflow", summary: "Flutter's step by the overflow, at most cap",
    parameters: [Parameter("cap", default: 20, .nonNegative, "the largest step")]
  ) { OverflowAutoScroll(cap: $0[0]) }

  /// The largest step.
  public var cap: Double

  /// The item past the viewport.
  public var defaultKeys: AutoScrollKeys {
    var keys = AutoScrollKeys()
    keys.point = .edge
    return keys
  }

  /// `min(D, cap, room)`, 0 under 1.
  public func amount(_ r: ZoneReading) -> Double? {
    let step = Swift.min(r.depth, cap, r.room)
    return step < 1 ? 0 : step
  }
}
