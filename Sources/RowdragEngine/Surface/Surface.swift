// SPDX-License-Identifier: Apache-2.0

/// What the gesture runs on: the table (SPEC), or the board of columns (BOARD.md) with
/// its state. The engine's entry points — press, drag, tick, release, the idle
/// commands, `move`, the rule step — do what every surface does and ask the surface
/// the rest (`Engine+Surface.swift`): the hit test, the reveal, the container a row
/// scrolls in, the crossing between containers, the frame's own steps (the page edge
/// scroll) and the geometry it lends to the rules. So a third surface is a case here,
/// its file of answers, and one arm per question — the compiler lists them.
public enum Surface: Sendable, Equatable {
  /// One scroll container of sections one above the other.
  case table
  /// Sections as columns side by side, each its own scroll container, with the board's
  /// offset, finger x and page turn.
  case board(BoardState)

  /// Whether the sections are shown as a board's columns.
  public var isBoard: Bool {
    if case .board = self { return true }
    return false
  }
}

extension Engine {
  /// The board's offsets, finger x and page turn (BOARD.md) while the surface is a
  /// board; a board at rest otherwise (and setting it then changes nothing).
  public internal(set) var board: BoardState {
    get {
      if case .board(let state) = surface { return state }
      return BoardState()
    }
    set {
      if case .board = surface { surface = .board(newValue) }
    }
  }
}
