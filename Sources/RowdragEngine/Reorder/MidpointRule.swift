// SPDX-License-Identifier: Apache-2.0

/// `midpoint`: the lifted row steps past a neighbour when the snapshot's center has
/// strictly crossed that neighbour's midpoint, one item at a time, until neither
/// neighbour qualifies. Stable: it never oscillates.
///
/// A section boundary (one section's footer and the next one's header) counts as one
/// item of the next header's height, so a row changes section after crossing half a
/// header (SPEC §3, §9.1, §9.9).
/// - Complexity: O(items passed).
public struct MidpointRule: ReorderStrategy {
  /// The registry entry.
  public static let kind = ReorderRuleKind(
    name: "midpoint", summary: "step past a neighbour once the snapshot's center crosses its middle"
  ) { _ in MidpointRule() }

  /// Steps the lifted item past every neighbour whose midpoint the center has crossed.
  @_specialize(where Geometry == TableGeometry)
  public func reorder<Geometry: ReorderGeometry>(
    _ input: ReorderInput, in geometry: inout Geometry
  ) {
    geometry.stepPastMidpoints(input, reach: 0)
  }
}

extension MidpointRule {
  /// Between the previous passable item's midpoint and the next one's, bounds included
  /// (the tests are strict).
  public func quietZone<Geometry: ReorderGeometry>(_ input: ReorderInput, in geometry: Geometry)
    -> QuietZone?
  {
    geometry.midpointQuietZone(input, reach: 0)
  }
}

extension MidpointRule {
  /// On a board it enters a column after its last row, then steps into place.
  public var columnEntry: ColumnEntry? { .append }
}

extension Behaviour where Function == any ReorderStrategy {
  /// The `midpoint` rule.
  public static var midpoint: ReorderRule { unchecked(MidpointRule.kind, []) }
}
