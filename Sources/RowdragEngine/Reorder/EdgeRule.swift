// SPDX-License-Identifier: Apache-2.0

/// `edge`, the default: the lifted row steps past a neighbour when the snapshot's
/// leading edge has strictly crossed that neighbour's midpoint — its bottom edge going
/// down, its top edge going up — one item at a time, until neither neighbour
/// qualifies.
///
/// With rows of equal height the row moves once the snapshot has travelled more than
/// half a row, as UIKit's own reorder, Flutter's `ReorderableListView` and
/// react-beautiful-dnd do (SPEC §3; the behaviour catalogue's §3.1). The two tests
/// cannot hold together, and after a step the reverse test sits exactly on its
/// threshold, so with strict comparisons the rule is stable for any mix of heights.
/// A section boundary counts as one item of the next header's height: a titled one is
/// passed 14 points into the header, an untitled one as soon as the center passes
/// the lifted row's slot center.
/// - Complexity: O(items passed).
public struct EdgeRule: ReorderStrategy {
  /// The registry entry.
  public static let kind = ReorderRuleKind(
    name: "edge",
    summary: "step past a neighbour once the snapshot's leading edge crosses its middle"
  ) { _ in EdgeRule() }

  /// Steps the lifted item past every neighbour whose midpoint its leading edge has
  /// crossed.
  public func reorder<Geometry: ReorderGeometry>(
    _ input: ReorderInput, in geometry: inout Geometry
  ) {
    while true {
      if let next = geometry.neighbour(.forward), input.mayPass(next),
        input.snapshotEnd > next.midpoint
      {
        geometry.moveLifted(to: next.destination)
        continue
      }
      if let previous = geometry.neighbour(.backward), input.mayPass(previous),
        input.snapshotStart < previous.midpoint
      {
        geometry.moveLifted(to: previous.destination)
        continue
      }
      return
    }
  }
}

extension EdgeRule {
  /// The centers for which neither edge crosses a passable neighbour's midpoint,
  /// bounds included (the tests are strict).
  public func quietZone<Geometry: ReorderGeometry>(_ input: ReorderInput, in geometry: Geometry)
    -> QuietZone?
  {
    let half = input.snapshotLength / 2
    var low = -Double.infinity
    var high = Double.infinity
    if let next = geometry.neighbour(.forward), input.mayPass(next) { high = next.midpoint - half }
    if let previous = geometry.neighbour(.backward), input.mayPass(previous) {
      low = previous.midpoint + half
    }
    guard low <= high else { return nil }
    return QuietZone(center: low...high)
  }
}

extension Behaviour where Function == any ReorderStrategy {
  /// The `edge` rule, the default.
  public static var edge: ReorderRule { unchecked(EdgeRule.kind, []) }
}
