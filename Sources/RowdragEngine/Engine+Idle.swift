// SPDX-License-Identifier: Apache-2.0

/// Commands allowed only while idle that change flags or the offset (SPEC §9.4, §9.16).
extension Engine {
  /// Marks the row locked (pinned stays pinned: pinned wins).
  public mutating func lock(_ position: Int) throws(EngineError) {
    try requireIdle()
    try checkPosition(position)
    layout.setFlags(layout.flags(at: position).union(.locked), at: position)
  }

  /// Marks the row pinned: a barrier nothing passes.
  public mutating func pin(_ position: Int) throws(EngineError) {
    try requireIdle()
    try checkPosition(position)
    layout.setFlags(layout.flags(at: position).union(.pinned), at: position)
  }

  /// Clears both flags.
  public mutating func unlock(_ position: Int) throws(EngineError) {
    try requireIdle()
    try checkPosition(position)
    layout.setFlags([], at: position)
  }

  /// Sets the offset, clamped.
  public mutating func scroll(to newOffset: Double) throws(EngineError) {
    try requireIdle()
    guard newOffset.isFinite else { throw .notFinite(.offset) }
    withActiveContainer(idleContainer) { $0.offset = $0.clampOffset(newOffset) }
  }

  /// Scrolls by `delta`; positive moves the content up.
  public mutating func scroll(by delta: Double) throws(EngineError) {
    try scroll(to: containers.offsets[idleContainer] + delta)
  }

  /// Scrolls by the smallest amount that shows the row fully.
  public mutating func scroll(reveal position: Int) throws(EngineError) {
    try requireIdle()
    try checkPosition(position)
    reveal(position)
  }

  /// Scrolls to the smallest offset (`scroll top`).
  public mutating func scrollToTop() throws(EngineError) { try scroll(to: -settings.insetTop) }

  /// Scrolls to the largest offset (`scroll bottom`).
  public mutating func scrollToBottom() throws(EngineError) {
    let bottom = withActiveContainer(idleContainer) { $0.offsetRange.upperBound }
    try scroll(to: bottom)
  }
}
