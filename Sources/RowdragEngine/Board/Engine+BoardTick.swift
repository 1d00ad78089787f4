// SPDX-License-Identifier: Apache-2.0

/// A frame's steps 2–5 in board mode (BOARD.md §3.3): the page edge scroll, then the
/// vertical auto-scroll and the reorder step in the lifted row's column. Time and the
/// hold are the table's (`Engine.frame`).
extension Engine {
  /// A frame that changes nothing at all — the board, the offsets, the row — is a
  /// fixed point, as in the table.
  mutating func advanceBoardLifted() -> FrameResult {
    guard case .lifted(let lift) = phase else { return FrameResult(changed: false) }
    let boardBefore = board
    let phaseBefore = phase
    pageEdgeScroll()
    var result = withActiveContainer(lift.section) { $0.advanceLifted() }
    result.boardVerticalQuiet = !result.changed && phase == phaseBefore
    result.changed = result.changed || board != boardBefore || phase != phaseBefore
    result.scroll = nil
    return result
  }
}
