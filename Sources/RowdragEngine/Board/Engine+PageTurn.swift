// SPDX-License-Identifier: Apache-2.0

/// The page edge scroll (BOARD.md §4): a finger resting in an edge zone turns the board
/// a page after a delay, linearly over a duration; a frame's step 2.
extension Engine {
  /// The page positions `P_k`, in column order (some may repeat at the last page).
  public var pagePositions: [Double] {
    // A closure, not the method itself: `map(pagePosition)` copies the whole engine.
    (0..<columnCount).map { pagePosition($0) }
  }

  /// One frame of the page edge scroll while a row is lifted.
  mutating func pageEdgeScroll() {
    guard let paging = settings.board.paging, case .lifted = phase else { return }
    if board.turn == nil {
      let zone = edgeZone(paging)
      if zone != board.dwell.zone { board.dwell = Dwell(zone: zone, count: 0) }
      guard zone != 0 else { return }
      board.dwell.count += 1
      guard Double(board.dwell.count) * settings.dt >= paging.delay - 1e-9 else { return }
      board.dwell.count = 0
      let x = board.x
      guard let target = zone < 0 ? page(before: x) : page(after: x) else { return }
      board.turn = PageTurn(from: x, to: target, frame: 0)
    }
    advanceTurn(paging)
  }

  /// The greatest page position left of board x `x`, if any. The page positions never
  /// decrease from column to column, so it is found by binary search, without listing
  /// them (a board of 300,000 columns allocated 2.4 MB at every page turn).
  func page(before x: Double) -> Double? {
    // The first column whose page position is not left of x.
    var low = 0
    var high = columnCount
    while low < high {
      let middle = low + (high - low) / 2
      if pagePosition(middle) < x { low = middle + 1 } else { high = middle }
    }
    return low > 0 ? pagePosition(low - 1) : nil
  }

  /// The least page position right of board x `x`, if any (see `page(before:)`).
  func page(after x: Double) -> Double? {
    // The first column whose page position is right of x.
    var low = 0
    var high = columnCount
    while low < high {
      let middle = low + (high - low) / 2
      if pagePosition(middle) > x { high = middle } else { low = middle + 1 }
    }
    return low < columnCount ? pagePosition(low) : nil
  }

  /// Which edge zone the finger is in: −1 left, +1 right, 0 none (left tested first;
  /// a zone counts only when a page lies that way). The page positions never decrease
  /// from column to column, so the first and the last say whether any lies that way.
  func edgeZone(_ paging: Paging) -> Int {
    let x = board.fingerX
    guard columnCount > 0 else { return 0 }
    if x < paging.edge && pagePosition(0) < board.x { return -1 }
    if x > settings.board.screen - paging.edge && pagePosition(columnCount - 1) > board.x {
      return 1
    }
    return 0
  }

  /// The turn's next frame: `x = x₀ + (x₁ − x₀)·(j·dt/duration)`, or `x₁` at the end.
  private mutating func advanceTurn(_ paging: Paging) {
    guard var turn = board.turn else { return }
    turn.frame += 1
    let elapsed = Double(turn.frame) * settings.dt
    let ended = elapsed >= paging.duration - 1e-9
    moveBoard(
      to: ended ? turn.to : turn.from + (turn.to - turn.from) * (elapsed / paging.duration))
    board.turn = ended ? nil : turn
    if ended { board.dwell = Dwell() }  // the next frame starts a fresh dwell
  }

  /// Sets the board offset; a lifted snapshot stays under the still finger, its x
  /// computed from the new offset as a drag computes it (not accumulated frame after
  /// frame), so that a turn's `j`-th frame is a function of `j` alone.
  mutating func moveBoard(to x: Double) {
    board.centerX = (x + board.fingerX) + (settings.grab == .center ? 0 : board.grabX)
    board.x = x
  }

  /// `release` and `cancel` complete a running turn at once.
  mutating func completeTurn() {
    if let turn = board.turn { moveBoard(to: turn.to) }
    board.turn = nil
    board.dwell = Dwell()
  }
}
