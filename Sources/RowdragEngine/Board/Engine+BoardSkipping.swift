// SPDX-License-Identifier: Apache-2.0

import RowdragBase

/// Skipping board frames whose outcome is known, exactly (issue 20, issue 45): `tick`
/// calls these after each frame, so that a steady scroll of the lifted row's column, a
/// long dwell, a long page turn or a finger resting in two edge zones at once (the
/// board turning back and forth) costs O(log frames) per phase.
///
/// Under a stationary auto-scroll law the vertical part — the column's auto-scroll and
/// reorder — is the table's over one column, a function of the lifted row, the column
/// offsets and the column under the finger: while that column stays, it scrolls
/// steadily as the table does (`skipSteadyScroll`), or stays a fixed point. A dwell
/// only counts frames; a turn's offset at its `j`-th frame is a function of `j` alone,
/// and so is the snapshot's x (`moveBoard`); and the board x is monotone over a turn,
/// so the last frame with the finger over the same column (or the same gap) is found
/// by binary search.
extension Engine {
  /// What the board's frame skipping remembers within one tick: the states at rest, to
  /// find a cycle, and the last frame's steady-scroll step.
  struct BoardFrameMemory {
    var cycle = BoardCycleMemory()
    var previousStep: ScrollStep?
  }

  /// Board mode, after a frame, under a stationary law: two equal steps of the column's
  /// auto-scroll are skipped as a steady scroll, with the page edge scroll's dwell or
  /// turn alongside (`skipBoardSteadyScroll`); a board that comes back to a state it was
  /// in at rest repeats the same frames, so whole periods are skipped; then, while the
  /// vertical part stays a fixed point, the dwell or turn in progress is
  /// (`skipBoardPaging`). A reporting tick hears of each steady run and each dwell or
  /// turn skipped; it steps through the periods, which it could not report as one run.
  mutating func skipBoardFrames(
    _ result: FrameResult, _ remaining: inout Int, _ memory: inout FrameMemory,
    report: (TickEvent) -> Void
  ) {
    guard framesAreStationary else { return }
    if let step = result.scroll, step == memory.board.previousStep {
      let before = remaining
      if skipBoardSteadyScroll(step, &remaining) {
        reportSteadyRun(before, remaining, step: step.offsetStep, memory, report: report)
        memory.board.previousStep = nil
        return
      }
    }
    memory.board.previousStep = result.scroll
    if !memory.reporting && board.turn == nil && board.dwell == Dwell() {
      let now = boardCycleState
      if let seen = memory.board.cycle.remaining(when: now) {
        let period = seen - remaining
        let skip = period > 0 ? (remaining / period) * period : 0
        skipClock(skip, &remaining)
        memory.board.cycle = BoardCycleMemory()
      } else {
        memory.board.cycle.record(now, remaining: remaining)
      }
    }
    if result.boardVerticalQuiet {
      let before = remaining
      if skipBoardPaging(&remaining), memory.reporting {
        report(.skipped(skippedRun(before - remaining, endingAt: memory.frames - remaining)))
      }
    }
  }

  /// Skips the dwell or turn frames before the next one that may change more than the
  /// page edge scroll's clock. Returns whether it skipped.
  mutating func skipBoardPaging(_ remaining: inout Int) -> Bool {
    guard remaining > 16, settings.board.paging != nil, case .lifted = phase,
      framesAreStationary
    else { return false }
    // With the finger in no zone nothing is left to skip: such a frame changes nothing.
    guard board.turn != nil || board.dwell.zone != 0 else { return false }
    let skip = pagingRoom(remaining)
    guard skip > 0 else { return false }
    advancePaging(by: skip)
    skipClock(skip, &remaining)
    return true
  }

  /// A steady scroll of the lifted row's column (`skipSteadyScroll`, the table's
  /// reasoning over the column's geometry), skipped as far as the page edge scroll
  /// allows: with paging off or the finger in no zone, all the way; in a zone, up to
  /// the frame that starts a turn; during a turn, while the finger stays over the same
  /// column or gap. Returns whether it skipped.
  /// - Complexity: O(log frames).
  mutating func skipBoardSteadyScroll(_ step: ScrollStep, _ remaining: inout Int) -> Bool {
    guard remaining > 16, case .lifted(let lift) = phase else { return false }
    let room = pagingRoom(remaining)
    guard room > 0 else { return false }
    let rule = settings.rule.function
    let frames = withActiveContainer(lift.section) { engine -> Int in
      guard engine.mayScrollSteadily(step, lift: lift) else { return 0 }
      // The rule's input as the column's reorder step gives it, no column entered.
      var input = engine.reorderInput(lift)
      input.pointerInItsColumn = engine.columnUnderFinger(engine.board.fingerX) == lift.section
      let geometry = ColumnGeometry(
        layout: engine.layout, lifted: Slot(position: lift.position, section: lift.section),
        count: lift.count)
      guard let zone = rule.quietZone(input, in: geometry) else { return 0 }
      return engine.steadyFrames(step, lift: lift, zone: zone, remaining: room)
    }
    guard frames > 0 else { return false }
    withActiveContainer(lift.section) { $0.scrollSteadily(step, frames: frames) }
    advancePaging(by: frames)
    skipClock(frames, &remaining)
    return true
  }

  /// How many of the next `limit` frames the page edge scroll may be run in closed form
  /// (`advancePaging`): all of them with paging off or the finger in no zone; those
  /// before the frame that starts a turn while a dwell counts; during a turn, those
  /// before its last frame with the finger over the same column or gap as now. 0 when
  /// the next frame enters or leaves a zone (or ends a turn).
  func pagingRoom(_ limit: Int) -> Int {
    guard let paging = settings.board.paging else { return limit }
    let dt = settings.dt
    guard let turn = board.turn else {
      let zone = edgeZone(paging)
      guard zone == board.dwell.zone else { return 0 }
      guard zone != 0 else { return limit }
      let start = Self.firstMultiple(of: dt, reaching: paging.delay - 1e-9)
      return Swift.max(0, Swift.min(limit, start - board.dwell.count - 1))
    }
    let end = Self.firstMultiple(of: dt, reaching: paging.duration - 1e-9)
    let most = Swift.min(limit, end - turn.frame - 1)
    guard most > 0 else { return 0 }
    let fingerX = board.fingerX
    let rank = columnRank(atBoardX: board.x + fingerX)
    var low = 0  // the finger over the same column or gap
    var high = most + 1  // not known to be
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if columnRank(atBoardX: turnX(turn, frame: turn.frame + middle, paging) + fingerX) == rank {
        low = middle
      } else {
        high = middle
      }
    }
    return low
  }

  /// Runs `frames` frames of the page edge scroll that `pagingRoom` allows: a dwell
  /// counts them, a turn moves the board (and the snapshot) to its frame that far on.
  mutating func advancePaging(by frames: Int) {
    guard frames > 0, let paging = settings.board.paging else { return }
    if let turn = board.turn {
      board.turn?.frame += frames
      moveBoard(to: turnX(turn, frame: turn.frame + frames, paging))
    } else if board.dwell.zone != 0 {
      board.dwell.count += frames
    }
  }

  /// The board x at a turn's `j`-th frame, before its end, as `advanceTurn` computes it.
  private func turnX(_ turn: PageTurn, frame j: Int, _ paging: Paging) -> Double {
    turn.from + (turn.to - turn.from) * ((Double(j) * settings.dt) / paging.duration)
  }

  /// The smallest count `c ≥ 0` with `Double(c) · dt ≥ threshold`, as the frame loop
  /// compares; a huge bound where it lies past any tick.
  static func firstMultiple(of dt: Double, reaching threshold: Double) -> Int {
    let far = Int.max / 4
    let estimate = (threshold / dt).rounded(.up)
    guard estimate.isFinite else { return far }
    guard estimate < 1e15 else { return far }
    var c = Swift.max(0, Int(estimate))
    while c > 0 && Double(c - 1) * dt >= threshold { c -= 1 }
    while Double(c) * dt < threshold { c += 1 }
    return c
  }

  /// Which column or gap board x `bx` falls in, increasing with `bx`: `2k + 1` in column
  /// `k` (as `column(atBoardX:)` says), `2k` in the gap before it (or past the last),
  /// −1 left of the board.
  func columnRank(atBoardX bx: Double) -> Int {
    let pitch = settings.board.pitch
    guard bx >= 0 else { return -1 }
    guard pitch > 0 else { return 0 }
    if let k = column(atBoardX: bx) { return 2 * k + 1 }
    var g = Int(Swift.min((bx / pitch).rounded(.down) + 1, Double(columnCount)))
    while g > 0 && columnLeft(g - 1) > bx { g -= 1 }
    while g < columnCount && columnLeft(g) <= bx { g += 1 }
    return 2 * g
  }
}
