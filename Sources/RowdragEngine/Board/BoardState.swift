// SPDX-License-Identifier: Apache-2.0

/// Where the board stands (BOARD.md §2–§4): the horizontal offset, every column's own
/// vertical offset, the finger's x and the snapshot's, and the page turn's clock.
/// The state of `Surface.board`: it exists only while the surface is a board.
public struct BoardState: Sendable, Equatable {
  /// The board offset `x`.
  public var x = 0.0
  /// The finger's screen x while a touch is down.
  public var fingerX = 0.0
  /// The finger's screen x at the press (the 2-D slop).
  public var pressX = 0.0
  /// The snapshot's center in board x, while a row is lifted.
  public var centerX = 0.0
  /// The horizontal grab offset measured at lift.
  public var grabX = 0.0
  /// The column whose vertical offset a pan scrolls.
  public var panColumn = 0
  /// A page turn running, if any.
  public var turn: PageTurn?
  /// The zone the finger was in at the last frame and the frames it has rested there.
  public var dwell = Dwell()

  /// The board at rest at its first page.
  public init() {}
}

/// A page turn: linear in time from one page position to the next.
public struct PageTurn: Sendable, Equatable {
  /// Where it started.
  public var from: Double
  /// Where it ends.
  public var to: Double
  /// Frames of the turn run so far (1 in the frame it starts).
  public var frame: Int
}

/// How long the finger has rested in an edge zone.
public struct Dwell: Sendable, Equatable {
  /// The zone of the last frame: −1 left, 0 none, +1 right.
  public var zone = 0
  /// Frames in that zone since it was entered or a turn started.
  public var count = 0

  /// No zone.
  public init() {}

  /// A zone entered `count` frames ago.
  public init(zone: Int, count: Int) {
    self.zone = zone
    self.count = count
  }
}
