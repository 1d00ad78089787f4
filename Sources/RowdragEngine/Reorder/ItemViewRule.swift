// SPDX-License-Identifier: Apache-2.0

/// `itemview`: the drop of Qt's `QListView` with `InternalMove`, as the real one does it
/// where the catalogue's `drop` (§3.8) simplifies. Nothing moves while dragging; at the
/// release, with the finger on screen:
/// - over a row: above it when the pointer is within the drop indicator's margin of its
///   top, below when within the margin of its bottom line (`top + h − 1`, `QRect::bottom()`),
///   else above when it is above the integer centre `top + ⌊(h − 1)/2⌋` (`QRect::center()`);
///   the margin is `qBound(2, qRound(h / 5.5), 12)` (qabstractitemview.cpp,
///   `QAbstractItemViewPrivate::position()`);
/// - below the last row: the row goes to the end (`QListView::dropEvent()` drops on the
///   viewport, row −1, which `InternalMove` takes as after the last row);
/// - off screen (outside `[o, o + V)`): nothing moves, as no window is under the pointer
///   and `QSimpleDrag` drops nothing (qsimpledrag.cpp).
public struct ItemViewRule: ReorderStrategy {
  /// The registry entry.
  public static let kind = ReorderRuleKind(
    name: "itemview",
    summary: "Qt's QListView drop: at the release, by its drop indicator, the end below the rows"
  ) { _ in ItemViewRule() }

  /// The release only.
  public func acts(on event: ReorderEvent) -> Bool { event == .release }

  /// Above or below the row under the finger, or after the last row.
  public func reorder<Geometry: ReorderGeometry>(
    _ input: ReorderInput, in geometry: inout Geometry
  ) {
    let y = input.pointer
    guard input.view.contains(y) else { return }
    let target: AxisItem
    let after: Bool
    if let row = geometry.row(at: y) {
      target = row
      after = Self.isBelow(y - row.start, height: row.length)
    } else if let last = geometry.lastRow(), y >= last.start + last.length {
      target = last
      after = true
    } else {
      return
    }
    guard case .row(let r) = target.kind, r != geometry.lifted.position, !target.isPinned,
      !geometry.hasBarrier(before: target)
    else { return }
    let slot = geometry.slot(beside: target, after: after)
    if !input.crossesSections && slot.section != geometry.lifted.section { return }
    geometry.moveLifted(to: slot)
  }

  /// Whether a pointer `y` below a row's top (of height `h`) drops below the row.
  static func isBelow(_ y: Double, height h: Double) -> Bool {
    let margin = Swift.min(12, Swift.max(2, (h / 5.5).rounded(.toNearestOrAwayFromZero)))
    if y < margin { return false }
    if (h - 1) - y < margin { return true }
    return y >= ((h - 1) / 2).rounded(.down)
  }
}

extension Behaviour where Function == any ReorderStrategy {
  /// The `itemview` rule.
  public static var itemview: ReorderRule { unchecked(ItemViewRule.kind, []) }
}
