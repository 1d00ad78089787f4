// SPDX-License-Identifier: Apache-2.0

/// The board's geometry (BOARD.md §2): columns, pitch, pages, the column under the
/// finger, and each column's own vertical extent.
extension Engine {
  /// Number of columns (the sections).
  public var columnCount: Int { layout.sectionCount }

  /// `W_b = n·w + (n−1)·s`.
  public var boardWidth: Double {
    let b = settings.board
    let n = Double(columnCount)
    return n * b.columnWidth + (n - 1) * b.spacing
  }

  /// `x_max = max(0, W_b − W)`.
  public var maxBoardOffset: Double { Swift.max(0, boardWidth - settings.board.screen) }

  /// The vertical offset a frame report gives on a board: that of the lifted row's
  /// column (else the page column's).
  var boardVerticalOffset: Double {
    guard containers.columns.count == columnCount else { return offset }
    return containers.offsets[lift?.section ?? pageColumn]
  }

  /// While the engine works on one column, that column: `offset` then is its vertical
  /// offset and `offsetRange` its range.
  var activeColumn: Int? {
    containers.active < containers.table ? containers.active : nil
  }

  /// The content height of the active container: a column's, or the table's while the
  /// board is idle.
  var boardActiveContentHeight: Double {
    // Not `activeColumn.map(columnContentHeight)`: that closure would copy the engine.
    if let k = activeColumn { return columnContentHeight(k) }
    return layout.contentHeight
  }

  /// Each column's vertical offset `o_k` (BOARD.md §2); empty when the board is off.
  public var columnOffsets: ArraySlice<Double> { containers.columns }

  /// Column `k`'s left edge in board x, `k·p`.
  public func columnLeft(_ k: Int) -> Double { Double(k) * settings.board.pitch }

  /// `P_k = min(k·p, x_max)`.
  public func pagePosition(_ k: Int) -> Double { Swift.min(columnLeft(k), maxBoardOffset) }

  /// The leftmost column whose left edge is at or right of `x` (within 1e-9).
  public var pageColumn: Int {
    (0..<columnCount).first { columnLeft($0) >= board.x - 1e-9 } ?? Swift.max(0, columnCount - 1)
  }

  /// The column whose extent `[k·p, k·p + w)` holds board x `bx`, if any.
  public func column(atBoardX bx: Double) -> Int? {
    let pitch = settings.board.pitch
    guard bx >= 0, pitch > 0 else { return nil }
    let k = Int(Swift.min((bx / pitch).rounded(.down), Double(columnCount)))
    for candidate in [k - 1, k, k + 1] where candidate >= 0 && candidate < columnCount {
      let left = columnLeft(candidate)
      if bx >= left && bx < left + settings.board.columnWidth { return candidate }
    }
    return nil
  }

  /// The column under the finger at screen x `fingerX`.
  func columnUnderFinger(_ fingerX: Double) -> Int? { column(atBoardX: board.x + fingerX) }

  /// `H_k`: the column's header and rows.
  public func columnContentHeight(_ k: Int) -> Double {
    layout.footerTop(k) - layout.headerTop(k)
  }

  /// Column `k`'s vertical offset range.
  func columnOffsetRange(_ k: Int) -> ClosedRange<Double> {
    let low = -settings.insetTop
    return low...Swift.max(low, columnContentHeight(k) + settings.insetBottom - settings.viewport)
  }

  /// Content y in its column of the top of the row at `position`.
  func columnTop(_ position: Int) -> Double {
    let s = layout.section(of: position)
    return layout.top(of: position, section: s) - layout.headerTop(s)
  }

  /// Whether column `k` is fully on screen.
  func isColumnVisible(_ k: Int) -> Bool {
    columnLeft(k) >= board.x
      && columnLeft(k) + settings.board.columnWidth <= board.x + settings.board.screen
  }

  /// Clamps every column's offset into its range (after any change of the order).
  mutating func clampColumnOffsets() {
    if containers.columns.count != columnCount {
      containers.addColumns(columnCount, at: -settings.insetTop)
    }
    for k in 0..<columnCount {
      let range = columnOffsetRange(k)
      containers.offsets[k] = Swift.min(
        Swift.max(containers.offsets[k], range.lowerBound), range.upperBound)
    }
  }

  /// Inside `withActiveContainer` of a column (a body that moves the lifted row to
  /// another column switches the active column itself): makes column `k` the active one, the one it leaves
  /// clamped into its range.
  mutating func switchActiveColumn(to k: Int) {
    if activeColumn != nil { offset = clampOffset(offset) }
    containers.active = k
  }
}
