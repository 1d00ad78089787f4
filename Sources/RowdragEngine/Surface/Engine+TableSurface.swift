// SPDX-License-Identifier: Apache-2.0

/// The table's answers to the surface's questions (`Engine+Surface.swift`): one scroll
/// container, rows hit by their content y, the rule run over `TableGeometry`.
extension Engine {
  /// Reveals the row at `position` and touches it at its center.
  mutating func pressTableRow(_ position: Int) {
    offset = revealOffset(position)
    let section = layout.section(of: position)
    let center = layout.top(of: position, section: section) + layout.height(at: position) / 2
    begin(position: position, section: section, finger: center - offset)
  }

  /// Touches whatever row is at screen y `y`, which must lie in `[0, V)`.
  mutating func pressTableRow(atScreenY y: Double) throws(EngineError) {
    guard y >= 0, y < settings.viewport else {
      throw .outsideViewport(y: y, viewport: settings.viewport)
    }
    guard let position = layout.row(atContentY: offset + y) else { throw .noRowAt(y: y) }
    try checkLiftable(position)
    begin(position: position, section: layout.section(of: position), finger: y)
  }

  /// Moves the finger to screen y `y`: the hold's slop or distance, the pan, or the
  /// lifted row's drag.
  mutating func moveTableFinger(toScreenY y: Double) throws(EngineError) {
    switch phase {
    case .idle:
      throw .noGesture
    case .holding(var touch):
      if settings.distance > 0 {
        // The catalogue §4.2: far enough lifts the row at this drag, without a rule or
        // a scroll (but `grab press`, §4.4); the slop and hold are not used.
        let starts = startsDrag(&touch, moved: abs(y - touch.pressY))
        if starts && settings.grab == .press { return try liftAtPress(touch, dragTo: y) }
        touch.finger = y
        if starts {
          lift(touch)
        } else {
          phase = .holding(touch)
        }
      } else {
        touch.finger = y
        phase = abs(y - touch.pressY) > settings.slop ? .panning(finger: y) : .holding(touch)
      }
    case .panning(let finger):
      offset = clampOffset(offset - (y - finger))
      phase = .panning(finger: y)
    case .lifted(var lift):
      let center = snapshotCenter(lift, finger: y)
      guard center.isFinite else { throw .notFinite(.snapshotPosition) }
      dragLifted(&lift, to: y, center: center)
      phase = .lifted(lift)
    }
  }

  /// Moves the finger to the current screen center of the row at `position`.
  mutating func moveTableFinger(toRow position: Int) throws(EngineError) {
    let center = layout.top(of: position) + layout.height(at: position) / 2
    try drag(toScreenY: center - offset)
  }

  /// Within the table the rows that shift are those strictly between plus the one at
  /// the target: none may be pinned.
  func checkPinsBetween(_ position: Int, to target: Int) throws(EngineError) {
    guard target != position && layout.hasFlags else { return }
    let passed = target > position ? (position + 1)...target : target...(position - 1)
    for k in passed where layout.flags(at: k).contains(.pinned) {
      throw .crossesPinned(row: position + 1, pinned: k + 1)
    }
  }

  /// Runs the rule once over `TableGeometry`.
  mutating func tableReorderStep(_ lift: inout Lift, event: ReorderEvent) {
    let input = reorderInput(lift, event: event)
    // The layout moves into the kept geometry and back, so its storage is never shared
    // (and never copied) while the rule moves rows.
    tableGeometry.borrow(
      &layout, lifted: Slot(position: lift.position, section: lift.section), count: lift.count)
    settings.rule.function.reorder(input, in: &tableGeometry, memory: &lift.ruleMemory)
    tableGeometry.giveBack(&layout)
    lift.position = tableGeometry.lifted.position
    lift.section = tableGeometry.lifted.section
  }

  /// What the table's frame skipping remembers: the frame states one and two frames
  /// ago, the last frame's steady-scroll step, and, once the state repeats every two
  /// frames, the one it alternates with (for reporting the rest).
  struct TableFrameMemory {
    var recent: [FrameState?] = [nil, nil]
    var previousStep: ScrollStep?
    var alternate: FrameState?
  }

  /// Under a stationary law: a steady scroll is skipped to the frame where something
  /// may change (`skipSteadyScroll`); a state repeating the one of two frames before
  /// (the `under` rule's oscillation) ends the tick's simulation, after one more frame
  /// if the parity needs it. Returns whether it did. A reporting tick hears of each
  /// steady run skipped and of the parity frame.
  mutating func skipTableFrames(
    _ result: FrameResult, _ remaining: inout Int, _ memory: inout FrameMemory,
    report: (TickEvent) -> Void
  ) -> Bool {
    guard framesAreStationary else { return false }
    if let step = result.scroll, step == memory.table.previousStep {
      let before = remaining
      if skipSteadyScroll(step, &remaining) {
        reportSteadyRun(before, remaining, step: step.offsetStep, memory, report: report)
        memory.table = TableFrameMemory()
        return false
      }
    }
    memory.table.previousStep = result.scroll
    let now = frameState
    if now != nil && now == memory.table.recent[1] {
      // Period two: A, B, A, B… An odd number of frames left ends on B.
      memory.table.alternate = memory.table.recent[0]
      if remaining % 2 == 1 {
        remaining -= 1
        _ = reportedFrame(
          memory.frames - remaining, reporting: memory.reporting, report: report)
        memory.table.alternate = now
      }
      return true
    }
    memory.table.recent = [now, memory.table.recent[0]]
    return false
  }
}
