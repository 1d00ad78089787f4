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
///
/// `shadow=1`: the rule remembers its last swap (`RuleMemory`), and a finger back on the
/// row it passed moves the lifted row back only over that row's "shadow" — the part as
/// long as the distance the row moved — until the finger has crossed the row's middle;
/// from then on the middle decides. This holds a short row beside a tall one where plain
/// `under` would swap them back and forth with the finger at rest. It is SortableJS's
/// `_getSwapDirection` with `isLastTarget` (Sortable.js l. 2225–2251, and `_onDragOver`
/// l. 1790–1836, which remembers `lastTarget`, `lastDirection`, `targetMoveDistance`
/// and `pastFirstInvertThresh`, with `swapThreshold: 1`), used only while the row moved
/// less than its own length; a finger on the lifted row, or where there is no row (below
/// the rows, where nothing is appended; a section's header or footer, which SortableJS
/// does not have), forgets the last swap (`completed`, l. 1683), as does a board's
/// change of column.
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
      Parameter(
        "shadow", default: 0, .flag,
        "1: back over the row last passed only past the distance it moved (SortableJS)",
        display: .unlessDefault),
    ]
  ) { values in
    UnderRule(
      appendsBelowLastRow: values[0] == 1, hitsOnlyOnScreen: values[1] == 1,
      skipsTopLine: values[2] == 1, everyMilliseconds: values[3], shadowsSwaps: values[4] == 1)
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
  /// Whether the rule remembers its last swap and holds the row over its shadow
  /// (`shadow=1`).
  public var shadowsSwaps = false

  /// `every=MS` in seconds, when set.
  public var period: Double? { everyMilliseconds > 0 ? everyMilliseconds / 1000 : nil }

  /// The rule; `appendsBelowLastRow` is `end=1`, `hitsOnlyOnScreen` is `visible=1`,
  /// `skipsTopLine` is `open=1`, `everyMilliseconds` is `every=MS`, `shadowsSwaps` is
  /// `shadow=1`.
  public init(
    appendsBelowLastRow: Bool = false, hitsOnlyOnScreen: Bool = false, skipsTopLine: Bool = false,
    everyMilliseconds: Double = 0, shadowsSwaps: Bool = false
  ) {
    self.appendsBelowLastRow = appendsBelowLastRow
    self.hitsOnlyOnScreen = hitsOnlyOnScreen
    self.skipsTopLine = skipsTopLine
    self.everyMilliseconds = everyMilliseconds
    self.shadowsSwaps = shadowsSwaps
  }

  /// `reorder`, and with `shadow=1` the swap that remembers.
  @_specialize(where Geometry == TableGeometry)
  public func reorder<Geometry: ReorderGeometry>(
    _ input: ReorderInput, in geometry: inout Geometry, memory: inout RuleMemory
  ) {
    guard shadowsSwaps else { return reorder(input, in: &geometry) }
    swapRemembering(input, in: &geometry, memory: &memory)
  }

  /// Moves the lifted item to the index path of the row under the finger, if allowed.
  @_specialize(where Geometry == TableGeometry)
  public func reorder<Geometry: ReorderGeometry>(
    _ input: ReorderInput, in geometry: inout Geometry
  ) {
    guard fingerMayHit(input) else { return }
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

  /// Whether the finger may hit a row at all: on a board, once the row is in the
  /// finger's column, and not in the event that brought it there; with `visible=1`, on
  /// screen.
  private func fingerMayHit(_ input: ReorderInput) -> Bool {
    input.pointerInItsColumn && !input.enteredColumn && (input.pointerOnScreen || !hitsOnlyOnScreen)
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
  /// `shadow=1`: SortableJS's `_onDragOver` for a finger over the list (see the type).
  private func swapRemembering<Geometry: ReorderGeometry>(
    _ input: ReorderInput, in geometry: inout Geometry, memory: inout RuleMemory
  ) {
    guard fingerMayHit(input) else { return }
    let p = input.pointer
    guard let target = geometry.row(at: p) else {
      // Below the rows: appended (the last target kept, l. 1741–1763), or nothing is,
      // and the list itself is the target, which forgets the last one.
      let from = geometry.lifted.position
      if appendsBelowLastRow { moveToEnd(input, in: &geometry) }
      if geometry.lifted.position == from {
        memory.lastTarget = nil
      } else {
        memory.follow(from: from, to: geometry.lifted.position, count: geometry.count)
      }
      return
    }
    guard case .row(let position) = target.kind, position != geometry.lifted.position else {
      memory.lastTarget = nil  // over the lifted row itself
      return
    }
    // What SortableJS does not have: pins, sections kept, barriers.
    guard !target.isPinned,
      input.crossesSections || target.destination.section == geometry.lifted.section,
      !geometry.hasBarrier(before: target)
    else { return }
    let isLastTarget = memory.lastTarget.map(Int.init) == position
    if !isLastTarget { memory.pastMiddle = false }
    let direction = swapDirection(
      p, target, from: geometry.lifted.position, isLastTarget: isLastTarget, memory: &memory)
    guard direction != 0 else { return }
    let slot = geometry.slot(beside: target, after: direction == 1)
    guard slot != geometry.lifted else { return }  // already on that side of it
    geometry.moveLifted(to: slot)
    // The target is now the lifted row's neighbour on the other side.
    guard let moved = geometry.neighbour(direction == 1 ? .backward : .forward),
      case .row(let now) = moved.kind
    else {
      memory.lastTarget = nil
      return
    }
    if !isLastTarget { memory.targetMoved = abs(target.start - moved.start) }
    memory.lastTarget = Int32(now)
    memory.lastDirection = Int8(direction)
  }

  /// `_getSwapDirection` with `swapThreshold: 1` and no inverted swap (Sortable.js
  /// l. 2225–2258): 1 to put the lifted row after `target`, −1 before it, 0 to leave
  /// it. Within the shadow the row goes back; past the middle once, the middle decides.
  private func swapDirection(
    _ p: Double, _ target: AxisItem, from lifted: Int, isLastTarget: Bool,
    memory: inout RuleMemory
  ) -> Int {
    let (top, bottom, length) = (target.start, target.start + target.length, target.length)
    let middle = top + length / 2
    guard isLastTarget && memory.targetMoved < length else {
      // Regular: anywhere inside the row (past its top line with `open=1`).
      guard !skipsTopLine || p > top, case .row(let position) = target.kind else { return 0 }
      return lifted < position ? 1 : -1
    }
    let down = memory.lastDirection == 1
    if !memory.pastMiddle && (down ? p > middle : p < middle) { memory.pastMiddle = true }
    if !memory.pastMiddle {
      return (down ? p < top + memory.targetMoved : p > bottom - memory.targetMoved)
        ? -Int(memory.lastDirection) : 0
    }
    return p == middle ? 0 : (p > middle ? 1 : -1)
  }

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
    // `shadow=1`: a run over the lifted row forgets the last swap, so it must run.
    guard refused || (isLifted && !shadowsSwaps) else { return nil }
    return QuietZone(pointer: row.start..<(row.start + row.length))
  }
}

extension UnderRule {
  /// On a board it enters a column before the row under the finger.
  public var columnEntry: ColumnEntry? { .underFinger }
}

extension Behaviour where Function == any ReorderStrategy {
  /// The `under` rule.
  public static var under: ReorderRule { unchecked(UnderRule.kind, [0, 0, 0, 0, 0]) }
}
