// SPDX-License-Identifier: Apache-2.0

/// Running the configured reorder rule over the geometry the surface lends it.
extension Engine {
  /// Runs the current rule once for the lifted row's new snapshot center or finger, if
  /// the rule acts on `event`.
  mutating func applyReorderRule(_ lift: inout Lift, event: ReorderEvent = .frame) {
    let acts: Bool
    switch event {
    case .frame: acts = settings.ruleActsOnFrames.frame
    case .still: acts = settings.ruleActsOnFrames.still
    case .drag, .release: acts = settings.rule.function.acts(on: event)
    }
    guard acts else { return }
    // A rule on an interval of its own runs only at its firings (`runRuleTimer`). The
    // lift holds that interval exactly when the rule has a period (`liftRow`, `setRule`):
    // a stored value, read at every firing instead of asking the rule.
    if lift.ruleTimer != nil && event != .release { return }
    guard measuredOffset == nil else { return reorderStepMeasuring(&lift, event: event) }
    reorderStep(&lift, event: event)
  }

  /// `rows=cached`: the rule runs as at the offset the rows were measured at (the finger
  /// and the snapshot where the rows, measured then, see them), then a move of the row
  /// measures the rows again. Kept out of line so that the frame loop's rule step stays
  /// as it is without it.
  @inline(never)
  mutating func reorderStepMeasuring(_ lift: inout Lift, event: ReorderEvent) {
    guard let seen = measuredOffset else { return }
    let (now, center) = (offset, lift.center)
    let from = Slot(position: lift.position, section: lift.section)
    offset = seen
    lift.center = center + (seen - now)
    reorderStep(&lift, event: event)
    offset = now
    lift.center = center
    if from != Slot(position: lift.position, section: lift.section) { measuredOffset = offset }
  }

  /// The interval of the current rule started now, when it runs on one of its own: what
  /// a lift, or a rule set during a gesture, starts with.
  var freshRuleTimer: RuleTimer? {
    settings.rule.function.period != nil ? RuleTimer(start: time) : nil
  }

  /// Runs the rule at each firing of its own interval due by `limit` (seconds), in
  /// time order, once a drag since the lift has given it a pointer (`RuleTimer.pointed`),
  /// with the finger and the offset as they are then: SortableJS's
  /// `_emulateDragOver` on `setInterval(…, 50)` (Debian's
  /// /usr/share/javascript/sortable/Sortable.js, SortableJS 1.14, l. 1411, 1577), which
  /// sorts with the latest pointer and at no move or scroll step. At most
  /// `maxFiringsPerFrame` run in one call; the rest are counted as fired. Returns whether
  /// some run moved the lifted item (it may have moved back since).
  @discardableResult
  mutating func runRuleTimer(_ lift: inout Lift, through limit: Double) -> Bool {
    guard var timer = lift.ruleTimer, let period = settings.rule.function.period else {
      return false
    }
    var moved = false
    var runs = 0
    while timer.start + Double(timer.fired + 1) * period <= limit + 1e-9 {
      timer.fired += 1
      lift.ruleTimer = timer
      if runs == Engine.maxFiringsPerFrame {
        timer.fired = Self.firings(start: timer.start, period: period, by: limit, from: timer.fired)
        lift.ruleTimer = timer
        return moved
      }
      runs += 1
      if timer.pointed && settings.ruleActsOnFrames.frame {
        let slot = (lift.position, lift.section)
        if measuredOffset == nil {
          reorderStep(&lift, event: .frame)
        } else {
          reorderStepMeasuring(&lift, event: .frame)
        }
        moved = moved || slot != (lift.position, lift.section)
      }
    }
    return moved
  }

  /// What the rule sees of `lift` now. Inlined: called out of line, the frame loop
  /// copied the whole lift (about 250 bytes) to pass it, at every rule run.
  @inline(__always)
  func reorderInput(_ lift: Lift, event: ReorderEvent = .frame) -> ReorderInput {
    var input = ReorderInput(
      center: lift.center, snapshotLength: lift.height, pointer: offset + lift.finger,
      crossesSections: settings.sections == .cross, event: event,
      source: Slot(position: lift.sourcePosition, section: lift.sourceSection))
    input.lastDragPointer = lift.lastDragPointer
    input.pointerOnScreen = lift.finger >= 0 && lift.finger < settings.viewport
    return input
  }
}

/// Whether a rule acts on a frame or timer firing that scrolled (`ReorderEvent.frame`)
/// and on one that did not (`.still`).
struct FrameEvents: Sendable, Equatable {
  var frame: Bool
  var still: Bool

  init(_ rule: any ReorderStrategy) {
    frame = rule.acts(on: .frame)
    still = rule.acts(on: .still)
  }
}
