// SPDX-License-Identifier: Apache-2.0

/// The table as it was at lift, computed from the table as it is: during a gesture only
/// the lifted row moves, so every other row's slot at lift is its slot now, shifted by
/// the lifted row's height when the lifted row has moved across it.
///
/// Indexes: `g` is a row's global position at lift, `w` its position in the list
/// without the lifted row, `q` its position now. With the lifted row at `s` at lift and
/// at `p` now, `w = g − [g > s]` and `q = w + [w ≥ p]`.
extension TableGeometry {
  func forEachRowAtLift(
    from start: Double, to end: Double, source: Slot, _ body: (RowAtLift) -> Void
  ) {
    let count = layout.rowCount
    guard count > 0 else { return }
    var g = firstRowAtLift(endingAfter: start, source: source, count: count)
    while g < count {
      let row = rowAtLift(g, source: source)
      guard row.item.start < end else { return }
      body(row)
      g += 1
    }
  }

  /// The position now of the row at position `g` at lift (not the lifted row's).
  private func positionNow(atLift g: Int, source: Slot) -> Int {
    let w = g > source.position ? g - 1 : g
    return w >= lifted.position ? w + 1 : w
  }

  /// The heights of the rows before position `w` of the list without the lifted row.
  private func heightsBefore(withoutLifted w: Int) -> Double {
    w <= lifted.position
      ? layout.rowsBefore(w)
      : layout.rowsBefore(w + 1) - layout.height(at: lifted.position)
  }

  /// The row at position `g` at lift.
  private func rowAtLift(_ g: Int, source: Slot) -> RowAtLift {
    let s = source.position
    if g == s {
      let item = AxisItem(
        kind: .row(position: g),
        start: heightsBefore(withoutLifted: s) + layout.headerPrefix[source.section + 1],
        length: layout.height(at: lifted.position), isPinned: false, destination: source)
      return RowAtLift(item: item, isLifted: true, isBehindPin: false)
    }
    let q = positionNow(atLift: g, source: source)
    let section = layout.section(of: q)
    let w = g > s ? g - 1 : g
    let before = heightsBefore(withoutLifted: w) + (s <= w ? layout.height(at: lifted.position) : 0)
    let item = AxisItem(
      kind: .row(position: g), start: before + layout.headerPrefix[section + 1],
      length: layout.height(at: q), isPinned: layout.flags(at: q).contains(.pinned),
      // As `moveRowAtIndexPath` from the order at lift: into a later section the rows
      // before shift up one.
      destination: Slot(position: section > source.section ? g - 1 : g, section: section))
    return RowAtLift(item: item, isLifted: false, isBehindPin: pinBetween(g, source: source))
  }

  /// Whether a pinned row lay strictly between positions `g` and the source at lift.
  private func pinBetween(_ g: Int, source: Slot) -> Bool {
    guard layout.hasFlags else { return false }
    let low = Swift.min(g, source.position) + 1
    let high = Swift.max(g, source.position) - 1
    guard low <= high else { return false }
    // The rows at lift between them are a run now too, with perhaps the lifted row
    // (never pinned) inside it.
    let first = positionNow(atLift: low, source: source)
    let last = positionNow(atLift: high, source: source)
    return layout.hasPin(in: first..<(last + 1))
  }

  /// The first position at lift whose row ends below `y`, searched outwards from the
  /// lifted row's position now, which the snapshot is usually near.
  private func firstRowAtLift(endingAfter y: Double, source: Slot, count: Int) -> Int {
    func endsAfter(_ g: Int) -> Bool {
      let item = rowAtLift(g, source: source).item
      return item.start + item.length > y
    }
    var low: Int
    var high: Int
    let hint = Swift.min(lifted.position, count - 1)
    if endsAfter(hint) {
      // Gallop down to a row that does not end below y.
      var step = 1
      high = hint
      low = hint - step
      while low >= 0 && endsAfter(low) {
        high = low
        step *= 2
        low = hint - step
      }
      low = Swift.max(low, -1)  // low does not end below y (or is before the first)
    } else {
      var step = 1
      low = hint
      high = hint + step
      while high < count && !endsAfter(high) {
        low = high
        step *= 2
        high = hint + step
      }
      high = Swift.min(high, count)  // high ends below y (or is past the last)
    }
    // Invariant: low does not end below y (or is -1), high does (or is count).
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if endsAfter(middle) { high = middle } else { low = middle }
    }
    return high
  }
}
