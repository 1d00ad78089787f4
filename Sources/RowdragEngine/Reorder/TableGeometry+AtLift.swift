// SPDX-License-Identifier: Apache-2.0

/// The table as it was at lift, computed from the table as it is: during a gesture only
/// the lifted item moves, so every other row's slot at lift is its slot now, shifted by
/// the lifted item's height when the lifted item has moved across it.
///
/// Indexes: `g` is a row's global position at lift, `w` its position in the list
/// without the lifted item, `q` its position now. With the lifted item's `k` rows
/// (1, or a range's, SPEC §10) at `s…s + k − 1` at lift and at `p…` now,
/// `w = g − k·[g > s]` and `q = w + k·[w ≥ p]`. The items at lift are counted by `i`:
/// the rows before the lifted item, the lifted item as one, then the rows after it
/// (`g = i` before it, `g = i + k − 1` after it).
extension TableGeometry {
  func walkRowsAtLift(
    from start: Double, to end: Double, source: Slot, _ visit: (RowAtLift) -> AtLiftWalk
  ) {
    let items = layout.rowCount - count + 1
    guard layout.rowCount > 0 else { return }
    var (i, found) =
      guessedFirstItem(endingAfter: start, source: source, items: items)
      ?? firstItemAtLift(endingAfter: start, source: source, items: items)
    var liftedOnly = false
    while i < items {
      let row = found ?? itemAtLift(i, source: source)
      found = nil
      guard row.item.start < end else { return }
      switch visit(row) {
      case .next where !liftedOnly:
        // The items meeting exactly (`uniformRowLength`), the next starts where this
        // one ends or below: past the span when this one reaches its end.
        if uniformRowLength != nil && row.item.start + row.item.length >= end { return }
        i += 1
      case .liftedOnly where !liftedOnly && i < source.position:
        liftedOnly = true
        i = source.position
      default: return
      }
    }
  }

  /// Rows of one height, whole-numbered with their headers, within the range where a
  /// `Double` counts every whole number (`uniformRowLength`, which keeps it). Every
  /// extent at lift is then a whole number, exact, so the items at lift meet without
  /// overlapping: each ends at or above where the next starts. Inlined into `borrow`,
  /// which asks at every rule run: a call copied the whole layout to pass it.
  @inline(__always)
  var wholeUniformRowLength: Double? {
    // No sections: the empty stand-in for a lent layout (`borrow`), never asked.
    guard layout.sectionCount > 0, layout.isUniform, Self.isWhole(layout.uniformHeight),
      layout.contentHeight + liftedLength < 0x1p53
    else { return nil }
    return layout.uniformHeight
  }

  /// Whether `x` is a whole number: below 2⁵³ by a round trip through `Int64` (one
  /// instruction each way), since `rounded(.down)` is a call into the C library and the
  /// geometry asks at every rule run.
  @inline(__always)
  private static func isWhole(_ x: Double) -> Bool {
    abs(x) < 0x1p53 ? Double(Int64(x)) == x : x == x.rounded(.down)
  }

  /// The position now of the row at position `g` at lift (not one of the lifted item's).
  private func positionNow(atLift g: Int, source: Slot) -> Int {
    let w = g > source.position ? g - count : g
    return w >= lifted.position ? w + count : w
  }

  /// The heights of the rows before position `w` of the list without the lifted item.
  private func heightsBefore(withoutLifted w: Int) -> Double {
    w <= lifted.position
      ? layout.rowsBefore(w)
      : layout.rowsBefore(w + count) - liftedLength
  }

  /// Item `i` at lift (see the type's note).
  private func itemAtLift(_ i: Int, source: Slot) -> RowAtLift {
    inlinedItemAtLift(i, source: source)
  }

  /// `itemAtLift`, inlined into `guessedFirstItem`, which computes the first row of
  /// nearly every run of `overlap`. The search keeps the call: with the item inlined, its
  /// helper closure is no longer inlined itself and holds its state in a box checked
  /// for exclusive access at every call.
  @inline(__always)
  private func inlinedItemAtLift(_ i: Int, source: Slot) -> RowAtLift {
    let s = source.position
    if i == s {
      let item = AxisItem(
        kind: .row(position: s),
        start: heightsBefore(withoutLifted: s) + layout.headerPrefix[source.section + 1],
        length: liftedLength, isPinned: false, destination: source)
      return RowAtLift(item: item, isLifted: true, isBehindPin: false)
    }
    let g = i > s ? i + count - 1 : i
    let q = positionNow(atLift: g, source: source)
    let section = layout.section(of: q)
    let w = g > s ? g - count : g
    let before = heightsBefore(withoutLifted: w) + (s <= w ? liftedLength : 0)
    // As `moveRowAtIndexPath` from the order at lift: into a later section the rows
    // before shift up by the lifted item's rows, and within its section an item moved
    // down ends with its last row where this one was.
    let destination = section > source.section ? g - count : g > s ? g - count + 1 : g
    let item = AxisItem(
      kind: .row(position: g), start: before + layout.headerPrefix[section + 1],
      length: layout.height(at: q), isPinned: layout.flags(at: q).contains(.pinned),
      destination: Slot(position: destination, section: section))
    return RowAtLift(item: item, isLifted: false, isBehindPin: pinBetween(g, source: source))
  }

  /// Whether a pinned row lay strictly between position `g` and the lifted item at lift.
  private func pinBetween(_ g: Int, source: Slot) -> Bool {
    guard layout.hasFlags else { return false }
    let low = g > source.position ? source.position + count : g + 1
    let high = g > source.position ? g - 1 : source.position - 1
    guard low <= high else { return false }
    // The rows at lift between them are a run now too, with perhaps the lifted item
    // (never pinned) inside it.
    let first = positionNow(atLift: low, source: source)
    let last = positionNow(atLift: high, source: source)
    return layout.hasPin(in: first..<(last + 1))
  }

  /// `firstItemAtLift` in one step when the extents are whole and the item guessed by
  /// division holds `y`: the items at lift meet without overlapping, so it is the first
  /// to end below `y`. So is the first item when it ends below `y` (`y` above the
  /// list). Nil otherwise. Inlined into the walk: this is how nearly every run of
  /// `overlap` on rows of one height starts.
  @inline(__always)
  private func guessedFirstItem(endingAfter y: Double, source: Slot, items: Int)
    -> (Int, RowAtLift?)?
  {
    guard uniformRowLength != nil else { return nil }
    let i = guessedItem(holding: y, source: source, items: items)
    let row = inlinedItemAtLift(i, source: source)
    guard row.item.start + row.item.length > y, i == 0 || row.item.start <= y else {
      return nil
    }
    return (i, row)
  }

  /// With rows of one length (`uniformRowLength`): the item at lift holding `y`, by
  /// division, counting only the headers above the lifted item's source section: exact
  /// in a table of one section, a guess in others, which `firstItemAtLift` checks.
  @inline(__always)
  private func guessedItem(holding y: Double, source: Slot, items: Int) -> Int {
    let (u, s) = (layout.uniformHeight, source.position)
    let top = layout.headerPrefix[source.section + 1]
    let liftedTop = Double(s) * u + top
    let guess: Double
    if y < liftedTop {
      guess = (y - top) / u
    } else if y < liftedTop + liftedLength {
      guess = Double(s)
    } else {
      guess = Double(s + 1) + (y - liftedTop - liftedLength) / u
    }
    guard !guess.isNaN else { return 0 }
    // Truncation is the floor here (the guess is clamped to 0 or more).
    return Int(Swift.min(Swift.max(guess, 0), Double(items - 1)))
  }

  /// The first item at lift whose extent ends below `y`, searched outwards from next
  /// to the lifted item's position now, which the snapshot is usually near; with the item
  /// itself when the search computed it (the walk starts there).
  private func firstItemAtLift(endingAfter y: Double, source: Slot, items: Int)
    -> (Int, RowAtLift?)
  {
    // The last item found to end below y is always `high`'s (see the invariant).
    var lastFound: (index: Int, row: RowAtLift)? = nil
    func endsAfter(_ i: Int) -> Bool {
      let row = itemAtLift(i, source: source)
      guard row.item.start + row.item.length > y else { return false }
      lastFound = (i, row)
      return true
    }
    var low: Int
    var high: Int
    // The item before the lifted one's position now: a snapshot overlapping that slot
    // most usually starts in it or in the item before, and either is found in two
    // steps from here.
    let hint = Swift.max(0, Swift.min(lifted.position, items) - 1)
    if endsAfter(hint) {
      // Gallop down to an item that does not end below y.
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
      while high < items && !endsAfter(high) {
        low = high
        step *= 2
        high = hint + step
      }
      high = Swift.min(high, items)  // high ends below y (or is past the last)
    }
    // Invariant: low does not end below y (or is -1), high does (or is `items`).
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if endsAfter(middle) { high = middle } else { low = middle }
    }
    return (high, lastFound.flatMap { $0.index == high ? $0.row : nil })
  }
}
