// SPDX-License-Identifier: Apache-2.0

/// A frame's steps 2–5 in board mode (BOARD.md §3.3): the page edge scroll, then the
/// vertical auto-scroll and the reorder step in the lifted row's column. Time and the
/// hold are the table's (`Engine.frame`).
extension Engine {
  /// A frame that changes nothing at all — the board, the offsets, the row — is a
  /// fixed point, as in the table; one that scrolls the column without moving the row
  /// says by how much (`FrameResult.scroll`), for the steady-scroll skip.
  mutating func advanceBoardLifted() -> FrameResult {
    guard case .lifted(let lift) = phase else { return FrameResult(changed: false) }
    let boardBefore = board
    let phaseBefore = phase
    pageEdgeScroll()
    var result = withActiveContainer(lift.section) { $0.advanceLifted() }
    result.boardVerticalQuiet = !result.changed && phase == phaseBefore
    result.changed = result.changed || board != boardBefore || phase != phaseBefore
    // Only the timer moved in the column, but a dwell or turn runs on: later frames do more.
    result.timerOnly = result.timerOnly && board == boardBefore
    return result
  }
}
