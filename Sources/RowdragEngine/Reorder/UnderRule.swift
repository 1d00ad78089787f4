// SPDX-License-Identifier: Apache-2.0

/// `under`: the iOS tutorials' rule. When the finger is over another row that may be a
/// target, the lifted row jumps to that row's index path the way `moveRowAtIndexPath`
/// does, once per event. It may oscillate between two rows of different heights; that
/// is kept on purpose, as the tutorials' tables do it.
///
/// `end=1`: a finger on screen and below the last row (strictly past its bottom line, in
/// the list's empty space) moves the lifted row to the end, after the last row. SortableJS
/// does this in `_onDragOver` (Debian's /usr/share/javascript/sortable/Sortable.js,
/// SortableJS 1.14, l. 1741–1763: `if (!elLastChild || _ghostIsLast(evt, vertical, this)
/// …) el.appendChild(dragEl)`, with `_ghostIsLast`, l. 2220–2224: `evt.clientY >
/// rect.bottom` of the last child for a vertical list), reached only while
/// `document.elementFromPoint` finds the list, i.e. with the pointer inside it (l. 1416).
/// A last row that is pinned, or behind a pin, or (with `sections keep`) in another
/// section, is not passed.
///
/// `visible=1`: a finger off screen, outside `[0, V)`, hits no row, so rows scrolled out
/// of the view are never targets. SortableJS finds its target with
/// `document.elementFromPoint` (`_emulateDragOver`, Sortable.js l. 1416): outside the
/// list that is not one of its rows.
///
/// `open=1`: a finger exactly on a row's top line does not move the lifted row there (the
/// row is hit on the open `(top, top + h)`). SortableJS's `_getSwapDirection` (Sortable.js
/// l. 2251, with `swapThreshold: 1`) swaps only for `mouseOnAxis > targetS1` and
/// `< targetS2`, both strict.
///
/// `every=MS` (MS > 0): the rule runs only every MS milliseconds from the lift, with the
/// finger and the offset as they are then, never at a drag or a scroll step (the
/// engine's `runRuleTimer`). SortableJS without native drag and drop sorts in
/// `_emulateDragOver`, which `_onDragStart` calls on `setInterval(…, 50)` (Sortable.js
/// l. 1411, 1577), with the latest pointer, so a row moves up to 50 ms after the finger
/// reached it.
/// - Complexity: O(log rows) to find the row, plus O(rows between) to check for pins.
public struct UnderRule: ReorderStrategy {
  /// The registry entry.
  public static let kind = ReorderRuleKind(
    name: "under", summary: "jump to the row under the finger (the iOS tutorials' rule)",
    parameters: [
      Parameter(
        "end", default: 0, .flag, "1: a finger below the last row moves the row to the end",
        display: .unlessDefault),
      Parameter(
        "visible", default: 0, .flag, "1: a finger off screen hits no row",
        display: .unlessDefault),
      Parameter(
        "open", default: 0, .flag, "1: a finger on a row's top line hits no row",
        display: .unlessDefault),
      Parameter(
        "every", default: 0, .nonNegative,
        "MS > 0: the rule runs every MS ms from the lift, not at drags and scroll steps",
        display: .unlessDefault),
    ]
  ) { values in
    UnderRule(
      appendsBelowLastRow: values[0] == 1, hitsOnlyOnScreen: values[1] == 1,
      skipsTopLine: values[2] == 1, everyMilliseconds: values[3])
  }

  /// Whether a finger on screen below the last row moves the lifted row to the end (`end=1`).
  public var appendsBelowLastRow = false
  /// Whether a finger off screen hits no row (`visible=1`).
  public var hitsOnlyOnScreen = false
  /// Whether a finger on a row's top line hits no row (`open=1`).
  public var skipsTopLine = false
  /// The rule's own interval in milliseconds (`every=MS`); 0: after every drag and
  /// scroll step.
  public var everyMilliseconds = 0.0

  /// `every=MS` in seconds, when set.
  public var period: Double? { everyMilliseconds > 0 ? everyMilliseconds / 1000 : nil }

  /// The rule; `appendsBelowLastRow` is `end=1`, `hitsOnlyOnScreen` is `visible=1`,
  /// `skipsTopLine` is `open=1`, `everyMilliseconds` is `every=MS`.
  public init(
    appendsBelowLastRow: Bool = false, hitsOnlyOnScreen: Bool = false, skipsTopLine: Bool = false,
    everyMilliseconds: Double = 0
  ) {
    self.appendsBelowLastRow = appendsBelowLastRow
    self.hitsOnlyOnScreen = hitsOnlyOnScreen
    self.skipsTopLine = skipsTopLine
    self.everyMilliseconds = everyMilliseconds
  }

  /// Moves the lifted item to the index path of the row under the finger, if allowed.
  @_specialize(where Geometry == TableGeometry)
  public func reorder<Geometry: ReorderGeometry>(
    _ input: ReorderInput, in geometry: inout Geometry
  ) {
    // On a board: once the row is in the finger's column, and not in the event that
    // brought it there.
    guard input.pointerInItsColumn, !input.enteredColumn,
      input.pointerOnScreen || !hitsOnlyOnScreen
    else { return }
    guard let target = geometry.row(at: input.pointer) else {
      if appendsBelowLastRow { moveToEnd(input, in: &geometry) }
      return
    }
    guard target.kind != .row(position: geometry.lifted.position),
      !skipsTopLine || input.pointer != target.start,
      !target.isPinned
    else { return }
    if !input.crossesSections && target.destination.section != geometry.lifted.section { return }
    if geometry.hasBarrier(before: target) { return }
    geometry.moveLifted(to: target.destination)
  }

  /// `end=1`: after the last row, when the finger is on screen below it.
  private func moveToEnd<Geometry: ReorderGeometry>(
    _ input: ReorderInput, in geometry: inout Geometry
  ) {
    guard input.pointerOnScreen, let last = geometry.lastRow(),
      input.pointer > last.start + last.length,
      last.kind != .row(position: geometry.lifted.position), !last.isPinned,
      !geometry.hasBarrier(before: last)
    else { return }
    let slot = geometry.slot(beside: last, after: true)
    if !input.crossesSections && slot.section != geometry.lifted.section { return }
    geometry.moveLifted(to: slot)
  }
}

extension UnderRule {
  /// While the pointer stays on the row it is on now — the lifted row itself, or one
  /// the rule refuses. Over a header, footer or empty space the rule cannot say.
  public func quietZone<Geometry: ReorderGeometry>(_ input: ReorderInput, in geometry: Geometry)
    -> QuietZone?
  {
    guard let row = geometry.row(at: input.pointer) else { return nil }
    let isLifted = row.kind == .row(position: geometry.lifted.position)
    let refused =
      row.isPinned
      || (!input.crossesSections && row.destination.section != geometry.lifted.section)
      || geometry.hasBarrier(before: row)
    guard isLifted || refused else { return nil }
    return QuietZone(pointer: row.start..<(row.start + row.length))
  }
}

extension UnderRule {
  /// On a board it enters a column before the row under the finger.
  public var columnEntry: ColumnEntry? { .underFinger }
}

extension Behaviour where Function == any ReorderStrategy {
  /// The `under` rule.
  public static var under: ReorderRule { unchecked(UnderRule.kind, [0, 0, 0, 0]) }
}
