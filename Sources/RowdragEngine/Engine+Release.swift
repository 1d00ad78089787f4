// SPDX-License-Identifier: Apache-2.0

/// Ending a touch: `release` (alias `drop`) and `cancel` (SPEC §2.4, §9.6, §9.10).
extension Engine {
  /// Drops the lifted row in its current slot; a changed index path is one undoable
  /// edit. A hold or pan just ends.
  public mutating func release() throws(EngineError) {
    endTouch()
    defer {
      removeHelper()
      measuredOffset = nil
      clampContainers()
    }
    switch phase {
    case .idle:
      throw .noGesture
    case .holding, .panning:
      phase = .idle
    case .lifted(var lift):
      if settings.rule.function.acts(on: .release) {
        withActiveContainer(container(ofSection: lift.section)) {
          $0.applyReorderRule(&lift, event: .release)
        }
      }
      if (lift.position, lift.section) != (lift.sourcePosition, lift.sourceSection) {
        record(
          Edit(
            from: lift.sourcePosition, fromSection: lift.sourceSection, to: lift.position,
            toSection: lift.section, count: lift.count))
      }
      phase = .idle
    }
  }

  /// Returns the lifted row (or range) to where it was lifted from; records nothing.
  public mutating func cancel() throws(EngineError) {
    endTouch()
    defer {
      removeHelper()
      measuredOffset = nil
      clampContainers()
    }
    switch phase {
    case .idle:
      throw .noGesture
    case .holding, .panning:
      phase = .idle
    case .lifted(let lift):
      layout.relocate(
        from: lift.position, count: lift.count, fromSection: lift.section,
        to: lift.sourcePosition, toSection: lift.sourceSection)
      phase = .idle
    }
  }

  /// Pushes an edit and clears the redo stack (a new edit ends the redo branch).
  mutating func record(_ edit: Edit) {
    undoStack.append(.move(edit))
    redoStack.removeAll()
  }
}
