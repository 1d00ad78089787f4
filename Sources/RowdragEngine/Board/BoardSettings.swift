// SPDX-License-Identifier: Apache-2.0

/// How board mode lays the columns out and turns pages (BOARD.md §2, §4).
public struct BoardSettings: Sendable, Equatable {
  /// Whether an engine made with these settings opens on a board (`Surface.board`);
  /// the engine keeps it equal to `surface.isBoard`, which is what it runs on.
  public var isOn = false
  /// The screen's width `W`.
  public var screen = 375.0
  /// A column's width `w`; nil: as wide as the screen.
  public var column: Double? = nil
  /// The spacing `s` between columns.
  public var spacing = 0.0
  /// The page edge scroll; nil: off.
  public var paging: Paging? = Paging()

  /// The defaults: a board of screen-wide columns, paging on.
  public init() {}

  /// `w`.
  public var columnWidth: Double { column ?? screen }
  /// `p = w + s`.
  public var pitch: Double { columnWidth + spacing }
}

/// The page edge scroll's zone, dwell and turn (BOARD.md §4).
public struct Paging: Sendable, Equatable {
  /// Width of each edge zone, in points from the screen's edge.
  public var edge = 40.0
  /// Seconds the finger rests in a zone before a page turns.
  public var delay = 0.5
  /// Seconds a page turn takes.
  public var duration = 0.3

  /// The task-board article's values.
  public init(edge: Double = 40, delay: Double = 0.5, duration: Double = 0.3) {
    self.edge = edge
    self.delay = delay
    self.duration = duration
  }
}
