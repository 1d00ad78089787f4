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
  @_specialize(where Geometry == TableGeometry)
  public func reorder<Geometry: ReorderGeometry>(
    _ input: ReorderInput, in geometry: inout Geometry
  ) {
    geometry.stepPastMidpoints(input, reach: input.snapshotLength / 2)
  }
}

extension EdgeRule {
  /// The centers for which neither edge crosses a passable neighbour's midpoint,
  /// bounds included (the tests are strict).
  public func quietZone<Geometry: ReorderGeometry>(_ input: ReorderInput, in geometry: Geometry)
    -> QuietZone?
  {
    geometry.midpointQuietZone(input, reach: input.snapshotLength / 2)
  }
}

extension EdgeRule {
  /// On a board it enters a column after its last row, then steps into place.
  public var columnEntry: ColumnEntry? { .append }
}

extension Behaviour where Function == any ReorderStrategy {
  /// The `edge` rule, the default.
  public static var edge: ReorderRule { unchecked(EdgeRule.kind, []) }
}
