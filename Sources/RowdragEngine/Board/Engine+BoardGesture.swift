// SPDX-License-Identifier: Apache-2.0

/// Gestures in two dimensions (BOARD.md §3): press, drag, the 2-D slop and the pan,
/// and the lift with a horizontal grab offset.
extension Engine {
  /// Presses the row at `position` on the board: pages to its column when that is not
  /// fully visible, scrolls the column to show the row, and puts the finger at the
  /// column's and the row's center.
  mutating func boardPress(position: Int) {
    let k = layout.section(of: position)
    revealOnBoard(position)
    let center = columnTop(position) + layout.height(at: position) / 2
    let x = columnLeft(k) + settings.board.columnWidth / 2 - board.x
    boardBegin(position: position, column: k, x: x, y: center - containers.offsets[k])
  }

  /// Presses the `count` rows from `position` on as one block (SPEC §10): pages to their
  /// column when that is not fully visible, scrolls the column to show the block (its
  /// top when it is taller than the viewport), and puts the finger at the column's
  /// center and the block's.
  mutating func boardPressRange(_ position: Int, count: Int) {
    let k = layout.section(of: position)
    if !isColumnVisible(k) { board.x = pagePosition(k) }
    let top = columnTop(position)
    let h = layout.height(at: position, count: count)
    withActiveContainer(k) { $0.offset = $0.revealOffset(top: top, height: h) }
    let x = columnLeft(k) + settings.board.columnWidth / 2 - board.x
    boardBegin(
      position: position, column: k, x: x, y: top + h / 2 - containers.offsets[k], count: count)
  }

  /// Presses the `count` rows from `position` on as one block at screen point `(x, y)`
  /// (`x` by default the centre of their column), which must lie on one of them: the
  /// finger is there, and nothing scrolls.
  mutating func boardPressRange(_ position: Int, count: Int, x: Double?, y: Double)
    throws(EngineError)
  {
    let k = layout.section(of: position)
    let x = x ?? columnLeft(k) + settings.board.columnWidth / 2 - board.x
    guard x >= 0, x < settings.board.screen else {
      throw .outsideScreen(x: x, screen: settings.board.screen)
    }
    guard y >= 0, y < settings.viewport else {
      throw .outsideViewport(y: y, viewport: settings.viewport)
    }
    let contentY = containers.offsets[k] + y + layout.headerTop(k)
    guard columnUnderFinger(x) == k, let row = layout.row(atContentY: contentY),
      row >= position, row < position + count
    else { throw .pointNotOnRange(x: x, y: y, first: position + 1, last: position + count) }
    boardBegin(position: position, column: k, x: x, y: y, count: count)
  }

  /// Presses whatever row is at screen point `(x, y)`; board mode only.
  public mutating func press(screenX x: Double, screenY y: Double) throws(EngineError) {
    guard surface.isBoard else { throw .needsBoard(what: "press x=") }
    try requireIdle()
    guard x >= 0, x < settings.board.screen else {
      throw .outsideScreen(x: x, screen: settings.board.screen)
    }
    guard y >= 0, y < settings.viewport else {
      throw .outsideViewport(y: y, viewport: settings.viewport)
    }
    guard let k = columnUnderFinger(x) else { throw .noColumnAt(x: x) }
    let contentY = containers.offsets[k] + y + layout.headerTop(k)
    guard let position = layout.row(atContentY: contentY), layout.section(of: position) == k
    else { throw .noRowAt(y: y) }
    try checkLiftable(position)
    boardBegin(position: position, column: k, x: x, y: y)
  }

  private mutating func boardBegin(
    position: Int, column k: Int, x: Double, y: Double, count: Int = 1
  ) {
    board.fingerX = x
    board.pressX = x
    board.panColumn = k
    begin(position: position, section: k, finger: y, count: count)
  }

  /// The screen x of the page column's center, where `press y=Y` presses.
  var pageColumnCenterX: Double {
    columnLeft(pageColumn) + settings.board.columnWidth / 2 - board.x
  }

  /// Lifts in board mode: the vertical grab in the column's coordinates, and the
  /// horizontal one in the board's.
  mutating func boardLift(_ touch: Touch) {
    withActiveContainer(touch.section) {
      $0.liftRow(touch, top: $0.columnTop(touch.position))
    }
    let k = touch.section
    board.grabX = (columnLeft(k) + settings.board.columnWidth / 2) - (board.x + board.fingerX)
    board.centerX = board.x + board.fingerX + (settings.grab == .center ? 0 : board.grabX)
  }

  /// Moves the finger to screen `(x, y)` (either may stay); board mode only.
  public mutating func drag(toScreenX x: Double?, y: Double?) throws(EngineError) {
    guard surface.isBoard else { throw .needsBoard(what: "drag x=") }
    guard let current = finger else { throw .noGesture }
    let newX = x ?? board.fingerX
    let newY = y ?? current
    guard newX.isFinite, newY.isFinite else { throw .notFinite(.fingerY) }
    switch phase {
    case .idle:
      throw .noGesture
    case .holding(var touch):
      board.fingerX = newX
      touch.finger = newY
      let dx = newX - board.pressX
      let dy = newY - touch.pressY
      if settings.distance > 0 {
        if startsDrag(&touch, moved: (dx * dx + dy * dy).squareRoot()) {
          boardLift(touch)
        } else {
          phase = .holding(touch)
        }
      } else {
        phase =
          dx * dx + dy * dy > settings.slop * settings.slop
          ? .panning(finger: newY) : .holding(touch)
      }
    case .panning(let previous):
      board.fingerX = newX
      let k = board.panColumn
      let range = columnOffsetRange(k)
      containers.offsets[k] = Swift.min(
        Swift.max(containers.offsets[k] - (newY - previous), range.lowerBound), range.upperBound)
      phase = .panning(finger: newY)
    case .lifted(var lift):
      let centerX = (board.x + newX) + (settings.grab == .center ? 0 : board.grabX)
      let center = withActiveContainer(lift.section) { $0.snapshotCenter(lift, finger: newY) }
      guard center.isFinite, centerX.isFinite else { throw .notFinite(.snapshotPosition) }
      board.fingerX = newX
      board.centerX = centerX
      withActiveContainer(lift.section) { $0.dragLifted(&lift, to: newY, center: center) }
      phase = .lifted(lift)
    }
  }

  /// Moves the finger by `(dx, dy)`; board mode only.
  public mutating func drag(byX dx: Double, y dy: Double) throws(EngineError) {
    guard surface.isBoard else { throw .needsBoard(what: "drag ±DX ±DY") }
    guard let y = finger else { throw .noGesture }
    try drag(toScreenX: board.fingerX + dx, y: y + dy)
  }

  /// Moves the finger to the current screen center of the row at `position`: its
  /// column's center x and its own center y in that column.
  mutating func moveBoardFinger(toRow position: Int) throws(EngineError) {
    let k = layout.section(of: position)
    let center = columnTop(position) + layout.height(at: position) / 2
    try drag(
      toScreenX: columnLeft(k) + settings.board.columnWidth / 2 - board.x,
      y: center - containers.offsets[k])
  }

  /// Shows the row at `position`: pages to its column when that is not fully visible,
  /// and scrolls the column by the smallest amount (BOARD.md §6).
  mutating func revealOnBoard(_ position: Int) {
    let k = layout.section(of: position)
    if !isColumnVisible(k) { board.x = pagePosition(k) }
    containers.offsets[k] = columnRevealOffset(position)
  }

  /// The column offset that shows the row at `position` by the smallest scroll
  /// (SPEC §9.5 within its column).
  func columnRevealOffset(_ position: Int) -> Double {
    let k = layout.section(of: position)
    let o = containers.offsets[k]
    let top = columnTop(position)
    let h = layout.height(at: position)
    let range = columnOffsetRange(k)
    func clamp(_ v: Double) -> Double {
      Swift.min(Swift.max(v, range.lowerBound), range.upperBound)
    }
    if top >= o && top + h <= o + settings.viewport { return o }
    if h > settings.viewport || top < o { return clamp(top) }
    return clamp(top + h - settings.viewport)
  }
}
