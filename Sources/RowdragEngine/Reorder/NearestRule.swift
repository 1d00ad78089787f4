// SPDX-License-Identifier: Apache-2.0

/// `nearest`: SwiftReorder's `proposedNewDestinationRow()` — the lifted row takes the
/// reachable slot whose center is nearest the snapshot's center (the behaviour
/// catalogue §3.2). SwiftReorder compares `|snapshot.maxY − cell.maxY|` below and
/// `|snapshot.minY − cell.minY|` above; both are `|c − slot centre|` for the slot the
/// row would get.
///
/// Passing an item of length `h_X` moves the slot by `h_X`, so slot centres grow
/// along the list and `|c − centre|` falls, then rises: the rule walks from the current
/// slot while the distance does not grow, through items of zero length too, and keeps
/// the best. Ties: the current slot if it is among the nearest, else the topmost. The
/// result depends only on `c` and the list without the row.
/// - Complexity: O(items passed).
public struct NearestRule: ReorderStrategy {
  /// The registry entry.
  public static let kind = ReorderRuleKind(
    name: "nearest", summary: "take the slot whose centre is nearest the snapshot's (SwiftReorder)"
  ) { _ in NearestRule() }

  /// Moves the lifted item to the nearest reachable slot.
  @_specialize(where Geometry == TableGeometry)
  public func reorder<Geometry: ReorderGeometry>(
    _ input: ReorderInput, in geometry: inout Geometry
  ) {
    let half = input.snapshotLength / 2
    func distance(_ start: Double) -> Double { abs(input.center - (start + half)) }
    let here = distance(geometry.liftedStart)
    if walk(.forward, from: here, input, &geometry, distance) { return }
    _ = walk(.backward, from: here, input, &geometry, distance)
  }

  /// Walks in `direction` while the distance does not grow, then steps back to the
  /// best slot found. Returns whether a strictly nearer slot was found.
  private func walk<Geometry: ReorderGeometry>(
    _ direction: AxisDirection, from here: Double, _ input: ReorderInput,
    _ geometry: inout Geometry, _ distance: (Double) -> Double
  ) -> Bool {
    var current = here
    var best = here
    var steps = 0
    var bestSteps = 0
    while let item = geometry.neighbour(direction), input.mayPass(item) {
      let start = geometry.liftedStart + (direction == .forward ? item.length : -item.length)
      let candidate = distance(start)
      guard candidate <= current else { break }
      geometry.moveLifted(to: item.destination)
      steps += 1
      current = candidate
      // Going down the first of equals is the topmost; going up the last one is.
      if candidate < best || (direction == .backward && candidate == best && best < here) {
        best = candidate
        bestSteps = steps
      }
    }
    let back: AxisDirection = direction == .forward ? .backward : .forward
    for _ in bestSteps..<steps {
      guard let item = geometry.neighbour(back) else { break }
      geometry.moveLifted(to: item.destination)
    }
    return bestSteps > 0
  }
}

extension Behaviour where Function == any ReorderStrategy {
  /// The `nearest` rule.
  public static var nearest: ReorderRule { unchecked(NearestRule.kind, []) }
}
