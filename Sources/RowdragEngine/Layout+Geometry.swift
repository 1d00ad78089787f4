// SPDX-License-Identifier: Apache-2.0

import RowdragBase
/// Geometry queries: tops, heights, sections and hit testing. All O(1) or O(log n).
extension Layout {
  /// Height of the row at `position`.
  @inline(__always)
  public func height(at position: Int) -> Double {
    if ownHeights.isEmpty { return rowHeight }
    let own = ownHeights[position]
    return own.isNaN ? rowHeight : own
  }

  /// Total height of the rows at positions `0..<position`.
  @inline(__always)
  func rowsBefore(_ position: Int) -> Double {
    ownHeights.isEmpty ? Double(position) * rowHeight : prefix[position]
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
    // Largest position whose top is <= y.
    var lo = 0
    var hi = order.count - 1
    guard top(of: 0) <= y else { return nil }
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if top(of: mid) <= y { lo = mid } else { hi = mid - 1 }
    }
    // Zero-height neighbours cannot occur (row heights are > 0), so `lo` is the one.
    return y < top(of: lo) + height(at: lo) ? lo : nil
  }

  /// The global position of row `row` (0-based) of section `s`.
  public func position(section s: Int, row: Int) -> Int { sectionStarts[s] + row }
}
