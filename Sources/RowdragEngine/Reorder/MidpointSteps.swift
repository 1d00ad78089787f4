// SPDX-License-Identifier: Apache-2.0

/// What `edge` and `midpoint` share: the lifted item steps past a passable neighbour
/// while a point of the snapshot has strictly crossed that neighbour's midpoint — the
/// center reached out by `reach` towards the neighbour (0 for `midpoint`, half the
/// snapshot for `edge`, whose leading edge is what counts) — one item at a time.
extension ReorderGeometry {
  /// Steps until neither neighbour qualifies.
  /// - Complexity: O(items passed).
  mutating func stepPastMidpoints(_ input: ReorderInput, reach: Double) {
    while true {
      if let next = neighbour(.forward), input.mayPass(next),
        input.center + reach > next.midpoint
      {
        moveLifted(to: next.destination)
        continue
      }
      if let previous = neighbour(.backward), input.mayPass(previous),
        input.center - reach < previous.midpoint
      {
        moveLifted(to: previous.destination)
        continue
      }
      return
    }
  }

  /// The centers for which no step happens, bounds included (the tests are strict).
  func midpointQuietZone(_ input: ReorderInput, reach: Double) -> QuietZone? {
    var low = -Double.infinity
    var high = Double.infinity
    if let next = neighbour(.forward), input.mayPass(next) { high = next.midpoint - reach }
    if let previous = neighbour(.backward), input.mayPass(previous) {
      low = previous.midpoint + reach
    }
    guard low <= high else { return nil }
    return QuietZone(center: low...high)
  }
}
