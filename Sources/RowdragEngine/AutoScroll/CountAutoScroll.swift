// SPDX-License-Identifier: Apache-2.0

/// `count`: Qt's `QAbstractItemView::doAutoScroll()`: every tick scrolls one more than
/// the last, up to the page step (`autoScrollCount`).
///
/// `A = min(count + 1, cap)`, and each application stores `A` as the new count; a timer
/// (re)start sets it back to 0. Defaults: `point=finger zone=16` (`autoScrollMargin`).
public struct CountAutoScroll: AutoScrollLaw {
  /// The registry entry.
  public static let kind = AutoScrollKind(
    name: "count", summary: "Qt's one more point each tick, up to a page",
    parameters: [Parameter("cap", length: .span(1), .length, "the largest amount")]
  ) { CountAutoScroll(cap: $0.length(0)) }

  /// The largest amount (Qt's page step).
  public var cap: Length

  /// Qt's margin, from the pointer.
  public var defaultKeys: AutoScrollKeys {
    var keys = AutoScrollKeys()
    keys.point = .finger
    keys.zone = .points(16)
    return keys
  }

  /// Counts its applications.
  public var readsCount: Bool { true }

  /// `min(count + 1, cap)`.
  public func amount(_ r: ZoneReading) -> Double? {
    Swift.min(r.count + 1, cap.resolve(span: r.span, rowHeight: r.rowHeight))
  }
}
