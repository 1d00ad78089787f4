// SPDX-License-Identifier: Apache-2.0

import RowdragBase
/// The one primitive that changes the order, plus height and baseline upkeep.
extension Layout {
  /// Moves the row at `from` (in section `fromSection`) so that it ends at global
  /// position `to` in section `toSection`.
  ///
  /// Every reorder — an `edge` or `midpoint` step, an `under` jump, `move`, `cancel`, undo and
  /// redo — goes through here, so the dirty count and the height prefix sums stay
  /// right by construction. The caller guarantees the destination is consistent
  /// (`to` lies inside `toSection` once the row is there).
  /// - Complexity: O(runs + sections crossed) while the order is run-based, else
  ///   O(|to − from| + sections crossed); plus O(|to − from|) with per-row flags or
  ///   heights.
  mutating func relocate(from: Int, fromSection: Int, to: Int, toSection: Int) {
    let lo = Swift.min(from, to)
    let hi = Swift.max(from, to)
    let lowSection = Swift.min(fromSection, toSection) + 1
    let highSection = Swift.max(fromSection, toSection)
    mismatches -= order.mismatches(lo, hi) + startMismatches(lowSection, highSection)

    if from != to {
      order.move(from: from, to: to)
      if !flagStore.isEmpty { RowOrder.rotate(&flagStore, from: from, to: to) }
      if !ownHeights.isEmpty {
        RowOrder.rotate(&ownHeights, from: from, to: to)
        for k in (lo + 1)...(hi + 1) { prefix[k] = prefix[k - 1] + height(at: k - 1) }
      }
    }
    if toSection > fromSection {
      for s in lowSection...highSection { sectionStarts[s] -= 1 }
    } else if toSection < fromSection {
      for s in lowSection...highSection { sectionStarts[s] += 1 }
    }
    mismatches += order.mismatches(lo, hi) + startMismatches(lowSection, highSection)
  }

  /// Moves the `count` consecutive rows at `from…` (all in section `fromSection`) as
  /// one block so that the first ends at global position `to` in section `toSection`,
  /// in their order: a range's step, jump, `move`, `cancel`, undo and redo (SPEC §10).
  ///
  /// One row goes through `relocate(from:fromSection:to:toSection:)` itself, so a
  /// single row is moved exactly as before. The caller guarantees the destination is
  /// consistent (the block lies inside `toSection` once there).
  /// - Complexity: as `relocate`, with `|to − from| + count` for `|to − from|`.
  mutating func relocate(from: Int, count: Int, fromSection: Int, to: Int, toSection: Int) {
    if count == 1 {
      return relocate(from: from, fromSection: fromSection, to: to, toSection: toSection)
    }
    let lo = Swift.min(from, to)
    let hi = Swift.max(from, to) + count - 1
    let lowSection = Swift.min(fromSection, toSection) + 1
    let highSection = Swift.max(fromSection, toSection)
    mismatches -= order.mismatches(lo, hi) + startMismatches(lowSection, highSection)

    if from != to {
      order.move(from: from, count: count, to: to)
      if !flagStore.isEmpty { RowOrder.rotate(&flagStore, from: from, count: count, to: to) }
      if !ownHeights.isEmpty {
        RowOrder.rotate(&ownHeights, from: from, count: count, to: to)
        for k in (lo + 1)...(hi + 1) { prefix[k] = prefix[k - 1] + height(at: k - 1) }
      }
    }
    if toSection > fromSection {
      for s in lowSection...highSection { sectionStarts[s] -= count }
    } else if toSection < fromSection {
      for s in lowSection...highSection { sectionStarts[s] += count }
    }
    mismatches += order.mismatches(lo, hi) + startMismatches(lowSection, highSection)
  }

  /// The height of the `count` rows from `position` on, all in one section: a range's
  /// snapshot height `h_L`. One row's is its own height, exactly. Inlined: the reorder
  /// geometry asks at every rule run (`TableGeometry.borrow`), and a call copied the
  /// whole layout to pass it.
  /// - Complexity: O(1).
  @inline(__always)
  public func height(at position: Int, count: Int) -> Double {
    count == 1 ? height(at: position) : rowsBefore(position + count) - rowsBefore(position)
  }

  private func startMismatches(_ lo: Int, _ hi: Int) -> Int {
    guard lo <= hi else { return 0 }
    var count = 0
    for s in lo...hi where sectionStarts[s] != baselineStarts[s] { count += 1 }
    return count
  }

  /// Recomputes prefix sums left to right from `position`, so tops equal a fresh sum.
  mutating func rebuildPrefix(from position: Int) {
    guard !ownHeights.isEmpty else { return }
    if prefix.count != order.count + 1 {
      prefix = [Double](repeating: 0, count: order.count + 1)
    }
    var k = position
    while k < order.count {
      prefix[k + 1] = prefix[k] + height(at: k)
      k += 1
    }
  }

  /// Changes the default row height; rows with their own height keep it.
  mutating func setRowHeight(_ h: Double) {
    rowHeight = h
    uniformHeight = uniformLines * h
    keepUniformExact()
    rebuildPrefix(from: 0)
  }

  /// Gives rows of several lines their per-row heights when `position × uniformHeight`
  /// would no longer be their running sum exactly (a height that is not a whole number,
  /// or sums past 2⁵³), so that tops never depend on which form the layout has. The
  /// caller then builds the prefix sums (`rebuildPrefix`).
  /// - Complexity: O(rows) when it converts, else O(1).
  mutating func keepUniformExact() {
    guard ownHeights.isEmpty, uniformLines != 1 else { return }
    let exact =
      uniformHeight == uniformHeight.rounded(.down)
      && Double(order.count) * uniformHeight < 0x1p53
    guard !exact else { return }
    ownHeights = [Double](repeating: -uniformLines, count: order.count)
    uniformLines = 1
    uniformHeight = rowHeight
  }

  /// Whether a pinned row stands at one of `positions`.
  func hasPin(in positions: Range<Int>) -> Bool {
    hasFlags && positions.contains { flags(at: $0).contains(.pinned) }
  }

  /// Sets or clears flags of the row at `position`.
  mutating func setFlags(_ f: RowFlags, at position: Int) {
    if flagStore.isEmpty {
      if f.isEmpty { return }
      flagStore = [RowFlags](repeating: [], count: order.count)
    }
    flagStore[position] = f
  }

  /// Makes the current layout the new baseline (after a write) and returns the old
  /// identities in current order, so the caller can reorder its own row storage the
  /// same way: afterwards row identity `k` is the row at position `k`.
  /// - Complexity: O(1).
  public mutating func rebase() -> RowOrder {
    let previous = order
    order = RowOrder(identityOfCount: order.count)
    baselineStarts = sectionStarts
    mismatches = 0
    return previous
  }
}
