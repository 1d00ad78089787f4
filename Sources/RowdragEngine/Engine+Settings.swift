// SPDX-License-Identifier: Apache-2.0

/// `set`: validated setters (SPEC §9.13, §9.16). Geometry keys need an idle engine and
/// clamp the offset into the new bounds afterwards.
extension Engine {
  /// Sets the viewport height `V`.
  public mutating func setViewport(_ v: Double) throws(EngineError) {
    try requireIdle()
    guard v.isFinite, v > 0 else {
      throw .invalidSetting(.viewport, .outOfRange(.positive))
    }
    var next = self
    next.settings.viewport = v
    try commitGeometry(next, setting: .viewport)
  }

  /// Takes `next` (this engine with new geometry) if every bound stays finite, then
  /// clamps the offset into the new range.
  private mutating func commitGeometry(_ next: Engine, setting: SettingName) throws(EngineError) {
    guard next.hasFiniteGeometry else { throw .invalidSetting(setting, .contentOverflow) }
    self = next
    offset = clampOffset(offset)
  }

  /// Sets the top and bottom content insets `T` and `B`.
  public mutating func setInsets(top: Double, bottom: Double) throws(EngineError) {
    try requireIdle()
    guard top.isFinite, bottom.isFinite, top >= 0, bottom >= 0 else {
      throw .invalidSetting(.insets, .outOfRange(.nonNegative))
    }
    var next = self
    next.settings.insetTop = top
    next.settings.insetBottom = bottom
    try commitGeometry(next, setting: .insets)
  }

  /// Sets the height of rows that have no height of their own.
  public mutating func setRowHeight(_ h: Double) throws(EngineError) {
    try requireIdle()
    guard h.isFinite, h > 0 else {
      throw .invalidSetting(.rowHeight, .outOfRange(.positive))
    }
    var next = self
    next.layout.setRowHeight(h)
    try commitGeometry(next, setting: .rowHeight)
  }

  /// Sets the display frame rate; `tick` advances `1 / fps` seconds a frame.
  public mutating func setFPS(_ fps: Double) throws(EngineError) {
    guard fps.isFinite, fps > 0, (1 / fps).isFinite else {
      throw .invalidSetting(.fps, .outOfRange(.positive))
    }
    settings.fps = fps
  }

  /// Sets how long a press must be held before the row lifts.
  public mutating func setHold(_ seconds: Double) throws(EngineError) {
    guard seconds.isFinite, seconds >= 0 else {
      throw .invalidSetting(.hold, .outOfRange(.nonNegative))
    }
    settings.hold = seconds
  }

  /// Chooses the reorder rule; it applies from the next drag or frame on.
  public mutating func setRule(_ rule: ReorderRule) throws(EngineError) {
    guard rule.isValid else { throw .invalidSetting(.rule, .invalidParameters) }
    settings.rule = rule
  }

  /// Chooses where the snapshot sits relative to the finger (at the next lift).
  public mutating func setGrab(_ grab: GrabMode) { settings.grab = grab }

  /// Chooses whether the lifted row may change section.
  public mutating func setSections(_ policy: SectionPolicy) { settings.sections = policy }

  /// Chooses the auto-scroll profile; it applies from the next frame on.
  public mutating func setAutoscroll(_ profile: AutoScrollProfile) throws(EngineError) {
    guard profile.isValid else { throw .invalidSetting(.autoscroll, .invalidParameters) }
    settings.autoscroll = profile
  }

  /// Checks settings given whole, as the setters check them one by one.
  static func validate(_ settings: Settings) throws(EngineError) {
    let checks: [(SettingName, ParameterRange, Double)] = [
      (.viewport, .positive, settings.viewport), (.insets, .nonNegative, settings.insetTop),
      (.insets, .nonNegative, settings.insetBottom), (.fps, .positive, settings.fps),
      (.fps, .positive, 1 / settings.fps), (.hold, .nonNegative, settings.hold),
    ]
    for (name, range, value) in checks where !range.contains(value) {
      throw .invalidSetting(name, .outOfRange(range))
    }
    guard settings.rule.isValid else { throw .invalidSetting(.rule, .invalidParameters) }
    guard settings.autoscroll.isValid else {
      throw .invalidSetting(.autoscroll, .invalidParameters)
    }
  }

  /// Whether the content height and both offset bounds are finite numbers.
  var hasFiniteGeometry: Bool {
    let range = offsetRange
    return layout.contentHeight.isFinite && range.lowerBound.isFinite && range.upperBound.isFinite
      && (layout.contentHeight + settings.insetTop + settings.insetBottom).isFinite
  }
}
