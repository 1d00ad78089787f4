// SPDX-License-Identifier: Apache-2.0

/// The questions the engine's entry points ask the surface, one `switch` each: the
/// table's answers are in `Engine+TableSurface.swift`, the board's in `Board/`. Only
/// these files (and the surfaces' own) may tell the surfaces apart — a test holds the
/// engine's other files to that.
extension Engine {
  /// Opens the surface `settings` ask for over the layout (`Engine.init`).
  mutating func openSurface() throws(EngineError) {
    if settings.board.isOn { try openBoard(culprit: .setBoard) }
  }

  /// Throws unless `rule` can run on this surface (a board needs a column entry).
  func checkRuleFits(_ rule: ReorderRule, culprit: BoardConflict) throws(EngineError) {
    switch surface {
    case .table: return
    case .board: try checkBoardRule(rule, culprit: culprit)
    }
  }

  /// The content height of the active scroll container (for `offsetRange`).
  @inline(__always) var activeContentHeight: Double {
    switch surface {
    case .table: layout.contentHeight
    case .board: boardActiveContentHeight
    }
  }

  /// The scroll container that holds section `s`'s rows.
  func container(ofSection s: Int) -> Int {
    switch surface {
    case .table: containers.table
    case .board: s
    }
  }

  /// The scroll container the idle commands (`scroll`) act on: the table's, or the page
  /// column's (BOARD.md §6).
  var idleContainer: Int {
    switch surface {
    case .table: containers.table
    case .board: pageColumn
    }
  }

  /// The vertical offset a frame report gives.
  public var verticalOffset: Double {
    switch surface {
    case .table: offset
    case .board: boardVerticalOffset
    }
  }

  /// Clamps every container but the active one into its range (after any change of the
  /// order or the geometry).
  mutating func clampContainers() {
    switch surface {
    case .table: return
    case .board: clampColumnOffsets()
    }
  }

  /// Scrolls by the smallest amount that shows the row at `position` fully.
  mutating func reveal(_ position: Int) {
    switch surface {
    case .table: offset = revealOffset(position)
    case .board: revealOnBoard(position)
    }
  }

  /// Touches the row at `position` (revealing it first) at its center.
  mutating func pressRow(_ position: Int) {
    switch surface {
    case .table: pressTableRow(position)
    case .board: boardPress(position: position)
    }
  }

  /// Touches the `count` rows from `position` on as one block (SPEC §10).
  mutating func pressRange(_ position: Int, count: Int) {
    switch surface {
    case .table: pressTableRange(position, count: count)
    case .board: boardPressRange(position, count: count)
    }
  }

  /// Touches the `count` rows from `position` on as one block at screen y `y` (the
  /// board: at `(x, y)`, `x` by default the centre of their column), which must lie on
  /// one of them. Only a board takes an `x`.
  mutating func pressRange(_ position: Int, count: Int, atScreenX x: Double?, y: Double)
    throws(EngineError)
  {
    switch surface {
    case .table:
      guard x == nil else { throw .needsBoard(what: "press A,B x=") }
      try pressTableRange(position, count: count, atScreenY: y)
    case .board: try boardPressRange(position, count: count, x: x, y: y)
    }
  }

  /// Touches whatever row is at screen y `y` (the board: in the page column).
  mutating func pressRow(atScreenY y: Double) throws(EngineError) {
    switch surface {
    case .table: try pressTableRow(atScreenY: y)
    case .board: try press(screenX: pageColumnCenterX, screenY: y)
    }
  }

  /// Lifts the touched row.
  mutating func lift(_ touch: Touch) {
    switch surface {
    case .table: liftRow(touch, top: layout.top(of: touch.position, section: touch.section))
    case .board: boardLift(touch)
    }
  }

  /// Moves the finger to screen y `y` (the board: x stays).
  mutating func moveFinger(toScreenY y: Double) throws(EngineError) {
    switch surface {
    case .table: try moveTableFinger(toScreenY: y)
    case .board: try drag(toScreenX: nil, y: y)
    }
  }

  /// Moves the finger to the current screen center of the row at `position`.
  mutating func moveFinger(toRow position: Int) throws(EngineError) {
    switch surface {
    case .table: try moveTableFinger(toRow: position)
    case .board: try moveBoardFinger(toRow: position)
    }
  }

  /// What ends with the touch before `release` or `cancel` (a page turn completes).
  mutating func endTouch() {
    switch surface {
    case .table: return
    case .board: if finger != nil { completeTurn() }
    }
  }

  /// Throws if moving the row at `position` to `target` in `section` (`own` its
  /// section now) would shift a pinned row.
  func checkPins(moving position: Int, from own: Int, to target: Int, section: Int)
    throws(EngineError)
  {
    switch surface {
    case .table: try checkPinsBetween(position, to: target)
    case .board: try checkPinsOnBoard(position, from: own, to: target, section: section)
    }
  }

  /// The same for a range's block of `count` rows from `position` (SPEC §10).
  func checkPins(moving position: Int, count: Int, from own: Int, to target: Int, section: Int)
    throws(EngineError)
  {
    switch surface {
    case .table: try checkPinsBetween(position, count: count, to: target)
    case .board:
      try checkPinsOnBoard(position, count: count, from: own, to: target, section: section)
    }
  }

  /// Runs the rule over the geometry the surface lends it (the board: after a change of
  /// column).
  mutating func reorderStep(_ lift: inout Lift, event: ReorderEvent) {
    switch surface {
    case .table: tableReorderStep(&lift, event: event)
    case .board: boardReorderStep(&lift, event: event)
    }
  }

  /// Steps 2–5 of a frame while a row is lifted (the board: the page edge scroll first).
  mutating func advanceLiftedRow() -> FrameResult {
    switch surface {
    case .table: advanceLifted()
    case .board: advanceBoardLifted()
    }
  }

  /// After a frame of `tick` that changed something: skips the frames whose outcome is
  /// known, exactly. Returns whether the rest of the tick is known to change only the
  /// clock.
  /// When the tick reports what it runs and skips (`tickReportingSkips`), each run of
  /// skipped frames is reported; the board then steps through the periods of a board
  /// turning back and forth, which are no one run.
  mutating func skipKnownFrames(
    after result: FrameResult, _ remaining: inout Int, _ memory: inout FrameMemory,
    report: (TickEvent) -> Void
  ) -> Bool {
    switch surface {
    case .table: return skipTableFrames(result, &remaining, &memory, report: report)
    case .board:
      skipBoardFrames(result, &remaining, &memory, report: report)
      return false
    }
  }

  /// What `skipKnownFrames` remembers from frame to frame within one `tick`.
  struct FrameMemory {
    /// The frames the tick runs, and whether it reports them.
    let frames: Int
    let reporting: Bool
    var table = TableFrameMemory()
    var board = BoardFrameMemory()
  }

  /// Runs `body` with container `k` active: `offset` is its offset and `offsetRange`
  /// its range, so the auto-scroll and the gestures' code serve a column as they serve
  /// the table. The table's container is active again afterwards.
  mutating func withActiveContainer<T, E: Error>(
    _ k: Int, _ body: (inout Engine) throws(E) -> T
  ) throws(E) -> T {
    containers.active = k
    defer { containers.active = containers.table }
    return try body(&self)
  }
}
