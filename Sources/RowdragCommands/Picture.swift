import RowdragEngine

/// What a scroll container shows now, in the engine's terms: its visible section
/// headers and rows in order, each with its extent in the container's own content y.
/// `show` (`ShowRenderer`), the board's `show` (`BoardShowRenderer`, one per visible
/// column) and the live view (`LiveRenderer`, sampled at each terminal line's middle)
/// all format it, so what counts as on screen is decided here once per surface.
///
/// The comparisons are written as the renderers wrote them before (the table's in
/// content y, a column's relative to the screen), so the pictures keep their bytes.
enum Picture {
  /// A header or a row on screen.
  enum Item: Equatable {
    /// Section `section`'s header, its top at content y `top`, `height` high.
    case header(section: Int, top: Double, height: Double)
    /// The row at `position`, its top at content y `top` of its container.
    case row(position: Int, top: Double, height: Double)
  }

  /// Visits the table's items that meet `[o, o + v)`, in order, while `visit` says to go
  /// on: the titled headers and the rows of every section on screen, an empty titled
  /// section just above the first row included.
  static func forEachTableItem(
    _ layout: Layout, offset o: Double, viewport v: Double, _ visit: (Item) -> Bool
  ) {
    // First row whose bottom is below the top edge.
    var lo = 0
    var hi = layout.rowCount
    while lo < hi {
      let mid = (lo + hi) / 2
      if layout.top(of: mid) + layout.height(at: mid) > o { hi = mid } else { lo = mid + 1 }
    }
    var s = lo < layout.rowCount ? layout.section(of: lo) : layout.sectionCount - 1
    // Empty titled sections just above may still show their headers.
    while s > 0 && layout.headerTop(s) + layout.headerHeight(s) > o { s -= 1 }
    while s < layout.sectionCount, layout.headerTop(s) < o + v {
      let headerTop = layout.headerTop(s)
      let headerHeight = layout.headerHeight(s)
      if layout.sectionTitled[s], headerTop + headerHeight > o,
        !visit(.header(section: s, top: headerTop, height: headerHeight))
      {
        return
      }
      var p = Swift.max(layout.sectionStarts[s], lo)
      let end = layout.sectionEnd(s)
      while p < end {
        let top = layout.top(of: p, section: s)
        if top >= o + v { break }
        let h = layout.height(at: p)
        if top + h > o, !visit(.row(position: p, top: top, height: h)) { return }
        p += 1
      }
      s += 1
    }
  }

  /// Visits a board column's rows on screen at column offset `o`, in order, while
  /// `visit` says to go on; a row's `top` is in the column's content y (from its
  /// header's top). The column's title is not an item: a column always shows it.
  static func forEachColumnItem(
    _ layout: Layout, column k: Int, offset o: Double, viewport v: Double,
    _ visit: (Item) -> Bool
  ) {
    for p in layout.sectionStarts[k]..<layout.sectionEnd(k) {
      let top = layout.top(of: p, section: k) - layout.headerTop(k)
      let h = layout.height(at: p)
      if top - o >= v { return }
      guard top - o + h > 0 else { continue }
      if !visit(.row(position: p, top: top, height: h)) { return }
    }
  }

  /// A board's columns on screen: those whose extent `[k·p, k·p + w)` meets the
  /// screen's `[x, x + W)`, in order.
  static func visibleColumns(_ engine: Engine) -> [Int] {
    let board = engine.board
    let settings = engine.settings.board
    return (0..<engine.columnCount).filter { k in
      engine.columnLeft(k) < board.x + settings.screen
        && engine.columnLeft(k) + settings.columnWidth > board.x
    }
  }

  /// Where a board's snapshot floats: the column under its center and its screen y
  /// (its center in the lifted row's column, less that column's offset: on screen it
  /// is at the same y in whichever column it floats over); nil without a lifted row or
  /// over the gap between columns.
  static func boardSnapshot(_ engine: Engine) -> (column: Int, screenY: Double)? {
    guard let lift = engine.lift, let k = engine.column(atBoardX: engine.board.centerX) else {
      return nil
    }
    return (k, lift.center - engine.columnOffsets[lift.section])
  }
}
