// SPDX-License-Identifier: Apache-2.0

/// `off`: the list never scrolls by itself.
public struct NoAutoScroll: AutoScrollLaw {
  /// The registry entry.
  public static let kind = AutoScrollKind(name: "off", summary: "no auto-scroll") { _ in
    NoAutoScroll()
  }

  /// Constant.
  public var isMonotoneInScreenPosition: Bool { true }

  /// Always 0.
  public func velocity(_ input: AutoScrollInput) -> Double { 0 }
}

extension Behaviour where Function == any AutoScrollLaw {
  /// No auto-scroll.
  public static var off: AutoScrollProfile { unchecked(NoAutoScroll.kind, []) }
}
