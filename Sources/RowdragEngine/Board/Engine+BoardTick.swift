// SPDX-License-Identifier: Apache-2.0

/// One frame in board mode (BOARD.md §3.3): time and the hold, the page edge scroll,
/// then the vertical auto-scroll and the reorder step in the lifted row's column.
extension Engine {
  mutating func boardFrame() -> FrameResult {
    let dt = settings.dt
    time += dt
    switch phase {
    case .idle, .panning:
      return FrameResult(changed: false)
    case .holding(var touch):
      touch.held += dt
      guard settings.distance == 0, touch.held >= settings.hold - 1e-9 else {
        phase = .holding(touch)
        return FrameResult(changed: true)
      }
      boardLift(touch)
      var result = advanceBoardLifted()
      result.changed = true
      return result
    case .lifted:
      return advanceBoardLifted()
    }
  }

  /// Steps 2–5 for the lifted row. A frame that changes nothing at all — the board, the
  /// offsets, the row — is a fixed point, as in the table.
  private mutating func advanceBoardLifted() -> FrameResult {
    guard case .lifted(let lift) = phase else { return FrameResult(changed: false) }
    let boardBefore = board
    let phaseBefore = phase
    pageEdgeScroll()
    var result = withActiveColumn(lift.section) { $0.advanceLifted() }
    result.changed = result.changed || board != boardBefore || phase != phaseBefore
    result.scroll = nil
    return result
  }
}
