// SPDX-License-Identifier: Apache-2.0

import RowdragBase
/// Geometry queries: tops, heights, sections and hit testing. All O(1) or O(log n).
extension Layout {
  /// Height of the row at `position`.
  @inline(__always)
  public func height(at position: Int) -> Double {
    if ownHeights.isEmpty { return uniformHeight }
    let own = ownHeights[position]
    // NaN: the default; -n: a block of n lines of the default height.
    return own.isNaN ? rowHeight : own < 0 ? -own * rowHeight : own
  }

  /// Total height of the rows at positions `0..<position`.
  @inline(__always)
  func rowsBefore(_ position: Int) -> Double {
    ownHeights.isEmpty ? Double(position) * uniformHeight : prefix[position]
  }

  /// Height of the header of section `s`: 28 when titled, else 0.
  public func headerHeight(_ s: Int) -> Double {
    sectionTitled[s] ? SectionSpec.titledHeaderHeight : 0
  }

  /// One past the last position of section `s`.
  public func sectionEnd(_ s: Int) -> Int {
    s + 1 < sectionStarts.count ? sectionStarts[s + 1] : order.count
  }

  /// Number of rows in section `s`.
  public func rowCount(inSection s: Int) -> Int { sectionEnd(s) - sectionStarts[s] }

  /// The section holding the row at `position`.
  /// - Complexity: O(log sections).
  public func section(of position: Int) -> Int {
    // Empty sections before it share its start and are skipped by taking the last.
    sectionStarts.lastIndex(keyAtMost: position) { $0 }
  }

  /// Content y of the top of the row at `position` in section `s`.
  @inline(__always)
  public func top(of position: Int, section s: Int) -> Double {
    rowsBefore(position) + headerPrefix[s + 1]
  }

  /// Content y of the top of the row at `position`.
  public func top(of position: Int) -> Double { top(of: position, section: section(of: position)) }

  /// Content y of the top of section `s`'s header.
  public func headerTop(_ s: Int) -> Double { rowsBefore(sectionStarts[s]) + headerPrefix[s] }

  /// Content y of the top of section `s`'s footer (footers are 0 high).
  public func footerTop(_ s: Int) -> Double { rowsBefore(sectionEnd(s)) + headerPrefix[s + 1] }

  /// Content height `H_c`: every row, header and footer.
  public var contentHeight: Double { rowsBefore(order.count) + headerPrefix[sectionStarts.count] }

  /// The row whose extent `[top, top + h)` contains content y `y`, if any.
  /// - Complexity: O(log rows · log sections).
  public func row(atContentY y: Double) -> Int? {
    guard !order.isEmpty, y.isFinite else { return nil }
    guard top(of: 0) <= y else { return nil }
    let lo = isUniform ? uniformRow(atOrAbove: y) : lastRow(withTopAtMost: y, in: 0..<order.count)
    // Zero-height neighbours cannot occur (row heights are > 0), so `lo` is the one.
    return y < top(of: lo) + height(at: lo) ? lo : nil
  }

  /// The largest position in `range` whose top is at most `y` (the first position's is).
  private func lastRow(withTopAtMost y: Double, in range: Range<Int>) -> Int {
    var lo = range.lowerBound
    var hi = range.upperBound - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if top(of: mid) <= y { lo = mid } else { hi = mid - 1 }
    }
    return lo
  }

  /// `lastRow(withTopAtMost:in:)` over the whole list when every row has one height:
  /// the section by binary search over the sections, the row by division, checked
  /// against `top(of:)` and corrected, so the answer is the search's.
  private func uniformRow(atOrAbove y: Double) -> Int {
    // The last non-empty section whose first row's top is at most y.
    var low = 0
    var high = sectionStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      let start = sectionStarts[middle]
      if start < order.count && top(of: start, section: middle) <= y {
        low = middle
      } else {
        high = middle - 1
      }
    }
    while sectionEnd(low) == sectionStarts[low] && low > 0 { low -= 1 }
    let first = sectionStarts[low]
    let last = Swift.max(first, sectionEnd(low) - 1)
    let guess =
      first
      + Int(
        Swift.max(
          0,
          Swift.min(
            Double(last - first),
            ((y - top(of: first, section: low)) / uniformHeight).rounded(.down))))
    var k = Swift.min(Swift.max(guess, first), last)
    while k > first && top(of: k, section: low) > y { k -= 1 }
    while k < last && top(of: k + 1, section: low) <= y { k += 1 }
    return k
  }

  /// The global position of row `row` (0-based) of section `s`.
  public func position(section s: Int, row: Int) -> Int { sectionStarts[s] + row }
}
