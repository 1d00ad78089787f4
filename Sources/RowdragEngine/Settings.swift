/// Which reorder rule runs on each drag and frame (SPEC §3).
public enum ReorderRule: String, Sendable, CaseIterable {
  /// Step past a neighbour when the snapshot center crosses its midpoint. Stable.
  case midpoint
  /// The seeds' rule: jump to the row under the finger. May oscillate; kept on purpose.
  case under
}

/// Where the snapshot sits relative to the finger.
public enum GrabMode: String, Sendable, CaseIterable {
  /// Keep the offset between finger and row center measured at lift.
  case keep
  /// Snap the snapshot's center under the finger (the seeds' behaviour).
  case center
}

/// Whether a lifted row may change section.
public enum SectionPolicy: String, Sendable, CaseIterable {
  case cross
  case keep
}

/// Everything `set` can change except the row height, which lives in the layout.
public struct Settings: Sendable, Equatable {
  public var viewport = 600.0
  public var insetTop = 0.0
  public var insetBottom = 0.0
  public var fps = 60.0
  /// Seconds a press must be held before the row lifts; 0 lifts at once.
  public var hold = 0.0
  public var rule = ReorderRule.midpoint
  public var grab = GrabMode.keep
  public var sections = SectionPolicy.cross
  public var autoscroll = AutoScrollProfile.defaultLinear

  public init() {}

  /// Seconds per frame.
  public var dt: Double { 1.0 / fps }
}
