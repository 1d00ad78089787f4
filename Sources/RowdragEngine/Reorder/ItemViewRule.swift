// SPDX-License-Identifier: Apache-2.0

/// `itemview`: the drop of Qt's `QListView` with `InternalMove`, as the real one does it
/// where the catalogue's `drop` (§3.8) simplifies. Nothing moves while dragging. The
/// release drops only where Qt accepted the last drag-move event: at the last drag (or
/// the lift) the finger was on screen and not over the lifted row itself
/// (`QBasicDrag::eventFilter()` in qsimpledrag.cpp drops only after an accepted move, no
/// window under the pointer gets none, and `QAbstractItemView::dragMoveEvent()` ignores
/// one over the dragged row, `droppingOnItself`); an auto-scroll since then sends no new
/// event. The release finger is the last drag's, so a release off screen drops nothing.
/// Then:
/// - over a row: above it when the pointer is within the drop indicator's margin of its
///   top, below when within the margin of its bottom line (`top + h − 1`, `QRect::bottom()`),
///   else above when it is above the integer centre `top + ⌊(h − 1)/2⌋` (`QRect::center()`);
///   the margin is `qBound(2, qRound(h / 5.5), 12)` (qabstractitemview.cpp,
///   `QAbstractItemViewPrivate::position()`);
/// - below the last row: the row goes to the end (`QListView::dropEvent()` drops on the
///   viewport, row −1, which `InternalMove` takes as after the last row).
public struct ItemViewRule: ReorderStrategy {
  /// The registry entry.
  public static let kind = ReorderRuleKind(
    name: "itemview",
    summary: "Qt's QListView drop: at the release, by its drop indicator, the end below the rows"
  ) { _ in ItemViewRule() }

  /// The release only.
  public func acts(on event: ReorderEvent) -> Bool { event == .release }

  /// Above or below the row under the finger, or after the last row.
  @_specialize(where Geometry == TableGeometry)
  public func reorder<Geometry: ReorderGeometry>(
    _ input: ReorderInput, in geometry: inout Geometry
  ) {
    let y = input.pointer
    guard let last = input.lastDragPointer else { return }
    if let over = geometry.row(at: last), case .row(let r) = over.kind,
      r == geometry.lifted.position
    {
      return
    }
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
