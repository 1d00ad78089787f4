// SPDX-License-Identifier: Apache-2.0

/// `overlap`: dnd-kit's `rectIntersection` collision against the rows' rectangles as
/// they were at lift (the behaviour catalogue §3.7). The row whose slot at lift shares
/// the largest part with the snapshot — `overlap/(h_R + h_L − overlap)`, rounded to four
/// decimals as JavaScript's `Number(x.toFixed(4))` — is where the lifted row goes, by
/// `moveRowAtIndexPath` from the order at lift. Memoryless: a function of `c`. The slots
/// at lift are computed from the current layout, not restored, so an event that keeps
/// the winner moves nothing.
/// - Complexity: O(log of the distance from the lifted row + rows the snapshot
///   overlaps), plus one move when the winner changes. When the rows have one
///   whole-numbered height, the walk stops at the first row the snapshot holds whole
///   and may take (then visits only the lifted item), so a long snapshot (a range)
///   costs a few rows, not all it covers.
public struct OverlapRule: ReorderStrategy {
  /// The registry entry.
  public static let kind = ReorderRuleKind(
    name: "overlap", summary: "the row whose slot at lift overlaps the snapshot most (dnd-kit)"
  ) { _ in OverlapRule() }

  /// The winner among the rows' slots at lift, then the lifted item moved there (or
  /// back to its source) in one move, only when that is somewhere else.
  @_specialize(where Geometry == TableGeometry)
  public func reorder<Geometry: ReorderGeometry>(
    _ input: ReorderInput, in geometry: inout Geometry
  ) {
    guard let source = input.source else { return }
    let a = input.snapshotStart
    let b = input.snapshotEnd
    var target = source
    var best = -1.0
    let uniformLength = geometry.uniformRowLength
    geometry.walkRowsAtLift(from: a, to: b, source: source) { row in
      let item = row.item
      let overlap = Swift.min(b, item.start + item.length) - Swift.max(a, item.start)
      guard overlap > 0 else { return .next }
      if !row.isLifted {
        if item.isPinned || row.isBehindPin { return .next }
        if !input.crossesSections && item.destination.section != source.section { return .next }
      }
      let ratio = Self.toFixed4(overlap / (item.length + input.snapshotLength - overlap))
      if ratio > best {
        best = ratio
        target = row.isLifted ? source : item.destination
      }
      // Rows of one length: a row after this one overlaps at most its length, as this
      // one does, so its ratio is at most this one's (the arithmetic is exact and the
      // rounding monotone) and the first of equals has won. Only the lifted item may
      // still do better: a long snapshot costs two rows and the lifted item, not the
      // hundreds of rows it covers.
      if !row.isLifted, overlap == uniformLength { return .liftedOnly }
      return .next
    }
    if target != geometry.lifted { geometry.moveLifted(to: target) }
  }

  /// `Number(x.toFixed(4))` for `0 ≤ x ≤ 1` (a ratio never exceeds 1): the exact binary
  /// value rounded to four decimals, ties to the larger, then read back as the nearest
  /// double. Exact in integers: `x = m·2^(e−52)`, so `x·10⁴` is `m·10⁴` shifted right,
  /// and the bits shifted out say which way it rounds.
  @inline(__always)
  static func toFixed4(_ x: Double) -> Double {
    guard x.isFinite, x > 0, x <= 1 else { return x.isFinite && x > 1 ? toFixed4Large(x) : 0 }
    // Away from a tie the rounded product decides: its error (half an ulp of a number
    // below 10⁴) is far smaller than its distance from the half-way point. Next to an
    // integer either side rounds to it, so only the half-way points need the integers.
    let scaled = x * 10000
    // Truncation is the floor here (0 < scaled ≤ 10⁴), one instruction, not a call.
    let floor = Double(Int(scaled))
    let fraction = scaled - floor
    if abs(fraction - 0.5) > 1e-6 { return (fraction > 0.5 ? floor + 1 : floor) / 10000 }
    return toFixed4Exact(x)
  }

  /// `toFixed4` near a tie, in integers; out of line, so that the common case inlined
  /// into the rule's walk stays a few instructions.
  @inline(never)
  private static func toFixed4Exact(_ x: Double) -> Double {
    let significand = x.significandBitPattern | (x.isNormal ? 1 << 52 : 0)
    let shift = 52 - Int(x.isNormal ? x.exponent : Double.leastNormalMagnitude.exponent)
    guard shift < 128 else { return 0 }
    // m·10⁴ < 2^67, as a 128-bit (high, low); k = it >> shift, r the bits shifted out.
    let (high, low) = significand.multipliedFullWidth(by: 10000)
    var k: UInt64
    let remainder: (UInt64, UInt64)
    let half: (UInt64, UInt64)
    if shift < 64 {
      k = (high << (64 - shift)) | (low >> shift)
      remainder = (0, low & ((1 << shift) - 1))
      half = (0, 1 << (shift - 1))
    } else if shift == 64 {
      k = high
      remainder = (0, low)
      half = (0, 1 << 63)
    } else {
      k = high >> (shift - 64)
      remainder = (high & ((1 << (shift - 64)) - 1), low)
      half = (1 << (shift - 65), 0)
    }
    if remainder.0 > half.0 || (remainder.0 == half.0 && remainder.1 >= half.1) { k += 1 }
    return Double(k) / 10000
  }

  /// The same above 1, where the integers would not fit: fused multiply-adds, whose one
  /// rounding keeps the sign of the exact difference.
  @inline(never)
  private static func toFixed4Large(_ x: Double) -> Double {
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
