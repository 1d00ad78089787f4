/// `set`: validated setters (SPEC §9.13, §9.16). Geometry keys need an idle engine and
/// clamp the offset into the new bounds afterwards.
extension Engine {
  public mutating func setViewport(_ v: Double) throws(EngineError) {
    try requireIdle()
    guard v.isFinite, v > 0 else {
      throw .invalidSetting(key: "viewport", message: "must be a number > 0")
    }
    var next = self
    next.settings.viewport = v
    try commitGeometry(next, key: "viewport")
  }

  /// Takes `next` (this engine with new geometry) if every bound stays finite, then
  /// clamps the offset into the new range.
  private mutating func commitGeometry(_ next: Engine, key: String) throws(EngineError) {
    let range = next.offsetRange
    guard next.layout.contentHeight.isFinite, range.lowerBound.isFinite, range.upperBound.isFinite,
      (next.layout.contentHeight + next.settings.insetTop + next.settings.insetBottom).isFinite
    else {
      throw .invalidSetting(key: key, message: "too large; the content height would overflow")
    }
    self = next
    offset = clampOffset(offset)
  }

  public mutating func setInsets(top: Double, bottom: Double) throws(EngineError) {
    try requireIdle()
    guard top.isFinite, bottom.isFinite, top >= 0, bottom >= 0 else {
      throw .invalidSetting(key: "inset", message: "takes two finite numbers >= 0 (top bottom)")
    }
    var next = self
    next.settings.insetTop = top
    next.settings.insetBottom = bottom
    try commitGeometry(next, key: "inset")
  }

  public mutating func setRowHeight(_ h: Double) throws(EngineError) {
    try requireIdle()
    guard h.isFinite, h > 0 else {
      throw .invalidSetting(key: "row-height", message: "must be a number > 0")
    }
    var next = self
    next.layout.setRowHeight(h)
    try commitGeometry(next, key: "row-height")
  }

  public mutating func setFPS(_ fps: Double) throws(EngineError) {
    guard fps.isFinite, fps > 0, (1 / fps).isFinite else {
      throw .invalidSetting(key: "fps", message: "must be a number > 0")
    }
    settings.fps = fps
  }

  public mutating func setHold(_ seconds: Double) throws(EngineError) {
    guard seconds.isFinite, seconds >= 0 else {
      throw .invalidSetting(key: "hold", message: "must be a number of seconds >= 0")
    }
    settings.hold = seconds
  }

  public mutating func setRule(_ rule: ReorderRule) { settings.rule = rule }
  public mutating func setGrab(_ grab: GrabMode) { settings.grab = grab }
  public mutating func setSections(_ policy: SectionPolicy) { settings.sections = policy }
  public mutating func setAutoscroll(_ profile: AutoScrollProfile) { settings.autoscroll = profile }
}
