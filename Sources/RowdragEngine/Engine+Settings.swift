// SPDX-License-Identifier: Apache-2.0

/// `set`: validated setters (SPEC §9.13, §9.16). Geometry keys need an idle engine and
/// clamp the offset into the new bounds afterwards.
extension Engine {
  /// Sets the viewport height `V`.
  public mutating func setViewport(_ v: Double) throws(EngineError) {
    try requireIdle()
    try Engine.check(v, .positive, .viewport)
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
    clampContainers()
  }

  /// Sets the top and bottom content insets `T` and `B`.
  public mutating func setInsets(top: Double, bottom: Double) throws(EngineError) {
    try requireIdle()
    try Engine.check(top, .nonNegative, .insets)
    try Engine.check(bottom, .nonNegative, .insets)
    var next = self
    next.settings.insetTop = top
    next.settings.insetBottom = bottom
    try commitGeometry(next, setting: .insets)
  }

  /// Sets the height of rows that have no height of their own.
  public mutating func setRowHeight(_ h: Double) throws(EngineError) {
    try requireIdle()
    try Engine.check(h, .positive, .rowHeight)
    var next = self
    next.layout.setRowHeight(h)
    try commitGeometry(next, setting: .rowHeight)
  }

  /// Sets the display frame rate; `tick` advances `1 / fps` seconds a frame.
  public mutating func setFPS(_ fps: Double) throws(EngineError) {
    try Engine.check(fps, .positive, .fps)
    try Engine.check(1 / fps, .positive, .fps)  // a frame must last a finite time
    settings.fps = fps
  }

  /// Sets how long a press must be held before the row lifts.
  public mutating func setHold(_ seconds: Double) throws(EngineError) {
    try Engine.check(seconds, .nonNegative, .hold)
    settings.hold = seconds
  }

  /// Chooses the reorder rule; it applies from the next drag or frame on.
  public mutating func setRule(_ rule: ReorderRule) throws(EngineError) {
    guard rule.isValid else { throw .invalidSetting(.rule, .invalidParameters) }
    try checkRuleFits(rule, culprit: .setRule)
    settings.rule = rule
    // A rule with an interval of its own, set during a gesture, starts it now, and
    // remembers nothing of the rule before it.
    if case .lifted(var lift) = phase {
      lift.ruleTimer = freshRuleTimer
      lift.ruleMemory = RuleMemory()
      phase = .lifted(lift)
    }
  }

  /// Chooses where the snapshot sits relative to the finger (at the next lift).
  public mutating func setGrab(_ grab: GrabMode) { settings.grab = grab }

  /// Chooses whether the lifted row may change section.
  public mutating func setSections(_ policy: SectionPolicy) { settings.sections = policy }

  /// Chooses the auto-scroll profile; it applies from the next frame on. Mid-gesture
  /// the timer, count, run and stored value start afresh (the catalogue §2.7).
  public mutating func setAutoscroll(_ profile: AutoScrollProfile) throws(EngineError) {
    guard profile.isValid else { throw .invalidSetting(.autoscroll, .invalidParameters) }
    settings.autoscroll = profile
    let moved = profile.keys.range != .helper && removeHelper()
    if case .lifted(var lift) = phase {
      lift.scroll.restartLaw()
      // `rows=cached` measures the rows now (or keeps the measure it had); `live` drops it.
      var caches = false
      if profile.keys.rows == .cached, case .table = surface { caches = true }
      measuredOffset = caches ? (measuredOffset ?? offset) : nil
      if moved { lift.center = snapshotCenter(lift, finger: lift.finger) }
      phase = .lifted(lift)
    }
  }

  /// Sets how far a held finger may move before the touch becomes a scroll.
  public mutating func setSlop(_ points: Double) throws(EngineError) {
    try Engine.check(points, .nonNegative, .slop)
    settings.slop = points
  }

  /// Sets the drag distance that lifts a row (0: the hold lifts it).
  public mutating func setDistance(_ points: Double) throws(EngineError) {
    try Engine.check(points, .nonNegative, .distance)
    settings.distance = points
  }

  /// Records the name of the preset just chosen (a label; see `Settings.presetName`).
  public mutating func setPresetName(_ name: String) { settings.presetName = name }

  /// Chooses which drag beyond the distance lifts the row (from the next press on).
  public mutating func setStart(_ start: StartMode) { settings.start = start }

  /// Chooses whether a pressed row cut by an edge scrolls into view while the press
  /// waits (from the next press on).
  public mutating func setReveal(_ reveal: PressReveal) throws(EngineError) {
    try Engine.check(reveal.delay, .nonNegative, .reveal)
    guard reveal.delay <= PressReveal.longest else {
      throw .invalidSetting(.reveal, .outOfRange(.nonNegative))
    }
    settings.reveal = reveal
  }

  /// Chooses whether the snapshot's center is kept on screen (from the next drag on).
  public mutating func setClamp(_ clamp: SnapshotClamp) { settings.clamp = clamp }

  /// Throws unless `value` lies in `range`, naming `setting`.
  private static func check(_ value: Double, _ range: ParameterRange, _ setting: SettingName)
    throws(EngineError)
  {
    guard range.contains(value) else { throw .invalidSetting(setting, .outOfRange(range)) }
  }

  /// Checks settings given whole, with the checks the setters make one by one.
  static func validate(_ settings: Settings) throws(EngineError) {
    try check(settings.viewport, .positive, .viewport)
    try check(settings.insetTop, .nonNegative, .insets)
    try check(settings.insetBottom, .nonNegative, .insets)
    try check(settings.fps, .positive, .fps)
    try check(1 / settings.fps, .positive, .fps)
    try check(settings.hold, .nonNegative, .hold)
    try check(settings.slop, .nonNegative, .slop)
    try check(settings.distance, .nonNegative, .distance)
    try check(settings.reveal.delay, .nonNegative, .reveal)
    guard settings.reveal.delay <= PressReveal.longest else {
      throw .invalidSetting(.reveal, .outOfRange(.nonNegative))
    }
    guard settings.rule.isValid else { throw .invalidSetting(.rule, .invalidParameters) }
    guard settings.autoscroll.isValid else {
      throw .invalidSetting(.autoscroll, .invalidParameters)
    }
    try validateBoard(settings)
  }

  /// Whether the content height and both offset bounds are finite numbers.
  var hasFiniteGeometry: Bool {
    let range = offsetRange
    return layout.contentHeight.isFinite && range.lowerBound.isFinite && range.upperBound.isFinite
      && (layout.contentHeight + settings.insetTop + settings.insetBottom).isFinite
  }
}
