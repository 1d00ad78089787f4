// SPDX-License-Identifier: Apache-2.0

/// Why the engine refused a command. A refused command changes nothing.
///
/// The cases are data, not wording: the command layer turns them into messages. Row and
/// section numbers are 1-based, as a user types them.
public enum EngineError: Error, Sendable, Equatable {
  /// A command that needs an idle engine came during a gesture in `phase`.
  case gestureInProgress(phase: String)
  /// A gesture command came while no touch is down.
  case noGesture
  /// A command that needs a lifted row came in `phase`.
  case noLiftedRow(phase: String)
  /// The list has no rows.
  case emptyList
  /// Row `row` is past the `count` rows.
  case rowOutOfRange(row: Int, count: Int)
  /// Section `section` is past the `count` sections.
  case sectionOutOfRange(section: Int, count: Int)
  /// Section `section` has no row `row`; valid rows are 1 to `limit`.
  case sectionRowOutOfRange(section: Int, row: Int, limit: Int)
  /// Row `row` is locked and cannot be lifted or moved.
  case rowLocked(row: Int)
  /// Row `row` is pinned and cannot be lifted or moved.
  case rowPinned(row: Int)
  /// A press at screen y `y` falls outside the viewport of height `viewport`.
  case outsideViewport(y: Double, viewport: Double)
  /// No row lies at screen y `y` (a header, a footer or empty space).
  case noRowAt(y: Double)
  /// A range pressed at a screen point (`press A,B y=Y`, the board's `x=X y=Y`) that
  /// is not on any of its rows `first` to `last`.
  case pointNotOnRange(x: Double?, y: Double, first: Int, last: Int)
  /// Moving row `row` would pass pinned row `pinned`.
  case crossesPinned(row: Int, pinned: Int)
  /// A range from row `first` to row `last` spans more than one section.
  case rangeAcrossSections(first: Int, last: Int)
  /// A block of `count` rows moved to start at row `row` would run past the `rows`
  /// rows of the list.
  case blockPastEnd(row: Int, count: Int, rows: Int)
  /// Moving row `row` would change its section while sections are kept.
  case otherSection(row: Int)
  /// The undo history is empty.
  case nothingToUndo
  /// The redo history is empty.
  case nothingToRedo
  /// A setting's value is refused.
  case invalidSetting(SettingName, SettingProblem)
  /// A profile's or rule's parameter lies outside its range.
  case parameterOutOfRange(parameter: String, range: ParameterRange)
  /// A profile or rule was given a parameter it does not have.
  case unknownParameter(behaviour: String, parameter: String)
  /// A profile or rule was given the wrong number of parameter values.
  case wrongParameterCount(behaviour: String, expected: Int, got: Int)
  /// A duration to wait is negative or not finite.
  case invalidDuration
  /// A coordinate would leave the range of finite numbers.
  case notFinite(Quantity)
  /// A tick asked for more than `Engine.maxFrames` frames.
  case tooManyFrames
  /// A board-mode form was used with the board off.
  case needsBoard(what: String)
  /// A press at screen x `x` falls outside the screen of width `screen`.
  case outsideScreen(x: Double, screen: Double)
  /// No column lies at screen x `x` (spacing, or off the board).
  case noColumnAt(x: Double)
  /// A rule board mode does not have (BOARD.md §9), asked for by `culprit` (`set rule`,
  /// `set board`).
  case ruleNotOnBoard(rule: String, culprit: BoardConflict)
  /// A command that needs the board on came with it off (`page`).
  case boardOff
  /// A page outside the columns.
  case pageOutOfRange(page: Int, count: Int)
  /// A tick or wait was interrupted after running `framesRun` of `framesAsked` frames;
  /// the frames it ran are kept.
  case interrupted(framesRun: Int, framesAsked: Int)
}

/// Which of the two came second when the board and a rule it does not have met.
public enum BoardConflict: Sendable, Equatable {
  /// `set rule` with the board on.
  case setRule
  /// `set board on` with such a rule.
  case setBoard
}

/// The settings the engine checks.
public enum SettingName: Sendable, Equatable {
  /// The viewport height.
  case viewport
  /// The top and bottom insets.
  case insets
  /// The default row height.
  case rowHeight
  /// The frame rate.
  case fps
  /// The long-press time.
  case hold
  /// The auto-scroll profile.
  case autoscroll
  /// The reorder rule.
  case rule
  /// The touch slop.
  case slop
  /// The drag distance that lifts.
  case distance
  /// The press's reveal delay.
  case reveal
  /// The board's screen width.
  case screen
  /// The board's column width.
  case column
  /// The spacing between columns.
  case spacing
  /// The page edge scroll.
  case paging
}

/// What is wrong with a setting's value.
public enum SettingProblem: Sendable, Equatable {
  /// The value lies outside the range.
  case outOfRange(ParameterRange)
  /// The value is valid alone, but the content height would overflow with it.
  case contentOverflow
  /// A profile or rule whose parameter values do not fit its kind.
  case invalidParameters
  /// A column width above the screen's.
  case widerThanScreen
  /// A screen narrower than the column width set.
  case narrowerThanColumn
}

/// Coordinates the engine keeps finite.
public enum Quantity: Sendable, Equatable {
  /// The finger's screen y.
  case fingerY
  /// The snapshot's center.
  case snapshotPosition
  /// The scroll offset.
  case offset
}
