// SPDX-License-Identifier: Apache-2.0

/// `overlap`: dnd-kit's `rectIntersection` collision against the rows' rectangles as
/// they were at lift (the behaviour catalogue §3.7). The row whose slot at lift shares
/// the largest part with the snapshot — `overlap/(h_R + h_L − overlap)`, rounded to four
/// decimals as JavaScript's `Number(x.toFixed(4))` — is where the lifted row goes, by
/// `moveRowAtIndexPath` from the order at lift. Memoryless: a function of `c`.
/// - Complexity: O(rows the snapshot overlaps), plus the moves back to the source.
public struct OverlapRule: ReorderStrategy {
  /// The registry entry.
  public static let kind = ReorderRuleKind(
    name: "overlap", summary: "the row whose slot at lift overlaps the snapshot most (dnd-kit)"
  ) { _ in OverlapRule() }

  /// Back to the order at lift, then onto the winner.
  public func reorder<Geometry: ReorderGeometry>(
    _ input: ReorderInput, in geometry: inout Geometry
  ) {
    guard let source = input.source else { return }
    let here = geometry.lifted
    if here != source { geometry.moveLifted(to: source) }
    let a = input.snapshotStart
    let b = input.snapshotEnd
    var winner: AxisItem?
    var best = -1.0
    for row in geometry.rows(from: a, to: b) {
      let overlap = Swift.min(b, row.start + row.length) - Swift.max(a, row.start)
      guard overlap > 0 else { continue }
      let isLifted = row.kind == .row(position: source.position)
      if !isLifted {
        if row.isPinned || geometry.hasBarrier(before: row) { continue }
        if !input.crossesSections && row.destination.section != source.section { continue }
      }
      let ratio = Self.toFixed4(overlap / (row.length + input.snapshotLength - overlap))
      if ratio > best {
        best = ratio
        winner = isLifted ? nil : row
      }
    }
    if let winner { geometry.moveLifted(to: winner.destination) }
  }

  /// `Number(x.toFixed(4))` for `x ≥ 0`: the exact binary value rounded to four decimals,
  /// ties to the larger, then read back as the nearest double. The comparisons use a
  /// fused multiply-add, whose one rounding keeps the sign of the exact difference.
  static func toFixed4(_ x: Double) -> Double {
    guard x.isFinite, x >= 0 else { return x }
    var k = (x * 10000).rounded(.down)
    while (-k).addingProduct(x, 10000) < 0 { k -= 1 }
    while (-(k + 1)).addingProduct(x, 10000) >= 0 { k += 1 }
    if (-(2 * k + 1)).addingProduct(x, 20000) >= 0 { k += 1 }
    return k / 10000
  }
}

extension Behaviour where Function == any ReorderStrategy {
  /// The `overlap` rule.
  public static var overlap: ReorderRule { unchecked(OverlapRule.kind, []) }
}
