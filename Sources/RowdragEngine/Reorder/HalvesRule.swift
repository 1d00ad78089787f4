// SPDX-License-Identifier: Apache-2.0

/// `halves`: Flutter's rule, `SliverReorderableListState._dragUpdateItems()` in
/// flutter/flutter packages/flutter/lib/src/widgets/reorderable_list.dart (the behaviour
/// catalogue §3.9).
///
/// One pass over the rows other than the lifted one, top to bottom, with their current
/// tops: the first row whose first half holds the snapshot's top takes the gap before
/// it, the first whose second half holds the snapshot's bottom the gap after it, both
/// inclusive; rows passed wholly above the snapshot push the target after them, and the
/// first row wholly below it pulls the target before it. The lifted row then steps
/// towards the target. There is no repetition within a pass, so a long single drag can
/// end a slot short of `edge` until the snapshot moves again; and the pass runs only
/// on drags and after auto-scroll applications that moved the offset (Flutter calls it
/// from `_dragUpdate` and `onScrollViewScrolled`), never on a frame that moved nothing.
/// - Complexity: O(log rows) to find the first row near the snapshot, plus O(rows
///   between the lifted row and the snapshot).
public struct HalvesRule: ReorderStrategy {
  /// The registry entry.
  public static let kind = ReorderRuleKind(
    name: "halves",
    summary:
      "the first row whose top half holds the snapshot's top or bottom half its bottom (Flutter)"
  ) { _ in HalvesRule() }

  /// Drags and frames or firings that scrolled; never a still frame or the release.
  public func acts(on event: ReorderEvent) -> Bool {
    switch event {
    case .drag, .frame: true
    case .still, .release: false
    }
  }

  /// One pass, then steps towards its target.
  @_specialize(where Geometry == TableGeometry)
  public func reorder<Geometry: ReorderGeometry>(
    _ input: ReorderInput, in geometry: inout Geometry
  ) {
    let target = Self.target(input, in: geometry)
    while geometry.lifted.precedes(target), let next = geometry.neighbour(.forward),
      input.mayPass(next)
    {
      geometry.moveLifted(to: next.destination)
    }
    while target.precedes(geometry.lifted), let previous = geometry.neighbour(.backward),
      input.mayPass(previous)
    {
      geometry.moveLifted(to: previous.destination)
    }
  }

  /// The slot `_dragUpdateItems()` chooses: the catalogue §3.9's four cases over the rows
  /// in layout order.
  ///
  /// Only rows that meet the span from the lifted slot to the snapshot, one point wider
  /// each way, are visited: a row wholly above both can only be case 3's "behind the
  /// target" (a no-op above the lifted row), and one wholly below both only case 4's
  /// with the target already before it, so leaving them out changes nothing.
  static func target<Geometry: ReorderGeometry>(_ input: ReorderInput, in geometry: Geometry)
    -> Slot
  {
    let a = input.snapshotStart
    let b = input.snapshotEnd
    let here = geometry.lifted
    let top = geometry.liftedStart
    var target = here
    var found = false
    geometry.walkRowsAtLift(
      from: Swift.min(a, top) - 1, to: Swift.max(b, top + input.snapshotLength) + 1,
      source: here
    ) { row in
      guard !row.isLifted else { return .next }
      let x = row.item
      let end = x.start + x.length
      let before = geometry.slot(beside: x, after: false)
      if x.start <= a && a <= x.midpoint {
        target = before
        found = true
      } else if x.midpoint <= b && b <= end {
        target = geometry.slot(beside: x, after: true)
        found = true
      } else if end < a && !before.precedes(target) {
        target = geometry.slot(beside: x, after: true)
      } else if b < x.start && before.precedes(target) {
        target = before
      }
      return found ? .stop : .next
    }
    return target
  }
}

extension Slot {
  /// Whether this slot comes before `other` in the list: by position, then by section
  /// (empty sections share their start position with the next one).
  func precedes(_ other: Slot) -> Bool {
    (position, section) < (other.position, other.section)
  }
}

extension Behaviour where Function == any ReorderStrategy {
  /// The `halves` rule.
  public static var halves: ReorderRule { unchecked(HalvesRule.kind, []) }
}
