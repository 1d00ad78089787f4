// SPDX-License-Identifier: Apache-2.0

/// `off`: the list never scrolls by itself.
public struct NoAutoScroll: AutoScrollLaw {
  /// The registry entry.
  public static let kind = AutoScrollKind(name: "off", summary: "no auto-scroll") { _ in
    NoAutoScroll()
  }

  /// Constant.
  public var isMonotoneInScreenPosition: Bool { true }

  /// Never a zone.
  public func amount(_ reading: ZoneReading) -> Double? { nil }
}
