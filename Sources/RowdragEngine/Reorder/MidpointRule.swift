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
  public func reorder<Geometry: ReorderGeometry>(
    _ input: ReorderInput, in geometry: inout Geometry
  ) {
    while true {
      if let next = geometry.neighbour(.forward), input.mayPass(next), input.center > next.midpoint
      {
        geometry.moveLifted(to: next.destination)
        continue
      }
      if let previous = geometry.neighbour(.backward), input.mayPass(previous),
        input.center < previous.midpoint
      {
        geometry.moveLifted(to: previous.destination)
        continue
      }
      return
    }
  }
}

extension MidpointRule {
  /// Between the previous passable item's midpoint and the next one's, bounds included
  /// (the tests are strict).
  public func quietZone<Geometry: ReorderGeometry>(_ input: ReorderInput, in geometry: Geometry)
    -> QuietZone?
  {
    var low = -Double.infinity
    var high = Double.infinity
    if let next = geometry.neighbour(.forward), input.mayPass(next) { high = next.midpoint }
    if let previous = geometry.neighbour(.backward), input.mayPass(previous) {
      low = previous.midpoint
    }
    guard low <= high else { return nil }
    return QuietZone(center: low...high)
  }
}

extension Behaviour where Function == any ReorderStrategy {
  /// The `midpoint` rule.
  public static var midpoint: ReorderRule { unchecked(MidpointRule.kind, []) }
}
