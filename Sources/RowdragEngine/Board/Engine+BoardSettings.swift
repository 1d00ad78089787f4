// SPDX-License-Identifier: Apache-2.0

/// `set board|screen|column|spacing|paging` and `page` (BOARD.md §2, §4, §6).
extension Engine {
  /// The built-in rules that say how they enter a column (BOARD.md §5), for messages.
  public static var boardRuleNames: [String] {
    ReorderRuleRegistry.kinds.filter(\.isAvailableOnBoards).map(\.name)
  }

  /// Turns board mode on (the first page, every column at its top) or off.
  public mutating func setBoard(_ on: Bool) throws(EngineError) {
    try requireIdle()
    guard on != surface.isBoard else { return }
    if on {
      try openBoard(culprit: .setBoard)
    } else {
      settings.board.isOn = false
      surface = .table
      containers.removeColumns(table: -settings.insetTop)
      offset = clampOffset(offset)
    }
  }

  /// Makes the surface a board at its first page, every column at its top; the rule
  /// must say how it enters a column.
  mutating func openBoard(culprit: BoardConflict) throws(EngineError) {
    try checkBoardRule(settings.rule, culprit: culprit)
    settings.board.isOn = true
    surface = .board(BoardState())
    containers.addColumns(columnCount, at: -settings.insetTop)
    clampColumnOffsets()
  }

  /// Throws unless `rule` says how it enters a column (BOARD.md §5).
  func checkBoardRule(_ rule: ReorderRule, culprit: BoardConflict) throws(EngineError) {
    guard rule.function.columnEntry != nil else {
      throw .ruleNotOnBoard(rule: rule.name, culprit: culprit)
    }
  }

  /// The checks `set screen|column|spacing` make, for settings given whole.
  static func validateBoard(_ settings: Settings) throws(EngineError) {
    let b = settings.board
    guard b.screen.isFinite, b.screen > 0 else {
      throw .invalidSetting(.screen, .outOfRange(.positive))
    }
    if let w = b.column, !(w.isFinite && w > 0 && w <= b.screen) {
      throw .invalidSetting(.column, .widerThanScreen)
    }
    guard b.spacing.isFinite, b.spacing >= 0 else {
      throw .invalidSetting(.spacing, .outOfRange(.nonNegative))
    }
  }

  /// Sets the screen width `W`.
  public mutating func setScreen(_ width: Double) throws(EngineError) {
    try requireIdle()
    guard width.isFinite, width > 0 else { throw .invalidSetting(.screen, .outOfRange(.positive)) }
    if let column = settings.board.column, column > width {
      throw .invalidSetting(.screen, .narrowerThanColumn)
    }
    keepingPageColumn { $0.settings.board.screen = width }
  }

  /// Sets the column width `w` (nil: the screen's width).
  public mutating func setColumn(_ width: Double?) throws(EngineError) {
    try requireIdle()
    if let width {
      guard width.isFinite, width > 0 else {
        throw .invalidSetting(.column, .outOfRange(.positive))
      }
      guard width <= settings.board.screen else {
        throw .invalidSetting(.column, .widerThanScreen)
      }
    }
    keepingPageColumn { $0.settings.board.column = width }
  }

  /// Sets the spacing `s` between columns.
  public mutating func setSpacing(_ spacing: Double) throws(EngineError) {
    try requireIdle()
    guard spacing.isFinite, spacing >= 0 else {
      throw .invalidSetting(.spacing, .outOfRange(.nonNegative))
    }
    keepingPageColumn { $0.settings.board.spacing = spacing }
  }

  /// Sets the page edge scroll (nil: off).
  public mutating func setPaging(_ paging: Paging?) throws(EngineError) {
    try requireIdle()
    if let p = paging {
      for v in [p.edge, p.delay, p.duration] where !(v.isFinite && v >= 0) {
        throw .invalidSetting(.paging, .outOfRange(.nonNegative))
      }
    }
    settings.board.paging = paging
  }

  /// Applies a geometry change, then puts the board at the page of the column that was
  /// the page column before it (BOARD.md §10.5).
  private mutating func keepingPageColumn(_ change: (inout Engine) -> Void) {
    let column = pageColumn
    change(&self)
    if surface.isBoard { board.x = pagePosition(column) }
  }

  /// `page K`: the board offset becomes column `k`'s page position (0-based).
  public mutating func page(_ k: Int) throws(EngineError) {
    try requireBoard()
    guard k >= 0, k < columnCount else {
      throw .pageOutOfRange(page: k &+ 1, count: columnCount)
    }
    board.x = pagePosition(k)
  }

  /// `page next` / `page prev`: the nearest page position right or left of the board
  /// offset; nothing at the last or first page.
  public mutating func page(forward: Bool) throws(EngineError) {
    try requireBoard()
    if let target = forward ? page(after: board.x) : page(before: board.x) {
      board.x = target
    }
  }

  private func requireBoard() throws(EngineError) {
    guard surface.isBoard else { throw .boardOff }
    try requireIdle()
  }
}
