// SPDX-License-Identifier: Apache-2.0

/// Where the snapshot sits relative to the finger.
public enum GrabMode: String, Sendable, CaseIterable {
  /// Keep the offset between finger and row center measured at lift.
  case keep
  /// Snap the snapshot's center under the finger (the iOS tutorials' behaviour).
  case center
  /// Keep the offset between finger and row center measured at the press, and treat
  /// the drag that meets `distance` as a drag of the lifted row (jQuery UI's
  /// `_mouseStart` with the mousedown event, the behaviour catalogue §4.4).
  case press
}

/// When a drag from the press starts the drag of the row, with a drag distance (the
/// behaviour catalogue §4.2).
public enum StartMode: String, Sendable, CaseIterable {
  /// The first drag at least `distance` from the press lifts the row.
  case first
  /// The first drag after the press only arms the drag; a later drag more than
  /// `distance` from the press lifts the row (Qt's `QAbstractItemView::mouseMoveEvent()`:
  /// a move in `PressedState` sets `DraggingState`, and only a move in `DraggingState`
  /// with `(pos − pressedPosition).manhattanLength() > startDragDistance()` starts it).
  case armed
}

/// Whether a lifted row may change section.
public enum SectionPolicy: String, Sendable, CaseIterable {
  /// Rows may move into other sections.
  case cross
  /// Rows stay in their own section.
  case keep
}

/// Whether the snapshot's center is kept on screen (the behaviour catalogue §4.3).
public enum SnapshotClamp: String, Sendable, CaseIterable {
  /// Free: `c = o + Y + g`.
  case none
  /// Between the insets, as SwiftReorder's `updateSnapshotViewPosition()` keeps it.
  case inset
}

/// Everything `set` can change except the row height, which lives in the layout.
///
/// The engine checks settings it is given whole (``Engine/init(layout:settings:)``) the
/// way its setters check one value, so a `Settings` value is a plain record.
public struct Settings: Sendable, Equatable {
  /// Viewport height `V` in points.
  public var viewport = 600.0
  /// Top content inset `T` in points.
  public var insetTop = 0.0
  /// Bottom content inset `B` in points.
  public var insetBottom = 0.0
  /// Display frames per second.
  public var fps = 60.0
  /// Seconds a press must be held before the row lifts; 0 lifts at once.
  public var hold = 0.0
  /// When the lifted row changes place.
  public var rule = ReorderRule.edge {
    didSet { ruleActsOnFrames = FrameEvents(rule.function) }
  }
  /// Which of the frame loop's events the rule acts on, asked of it once, when it is
  /// set: the loop asks at every frame or timer firing, and through the rule's
  /// existential each question is a call.
  private(set) var ruleActsOnFrames = FrameEvents(ReorderRule.edge.function)
  /// Where the snapshot sits relative to the finger.
  public var grab = GrabMode.keep
  /// Whether the lifted row may change section.
  public var sections = SectionPolicy.cross
  /// How the list scrolls while the snapshot is near an edge.
  public var autoscroll = AutoScrollProfile.linear()
  /// How far a held finger may move before the touch becomes a scroll (§4.1).
  public var slop = 10.0
  /// When above 0, the row lifts at the first drag this far from the press instead of
  /// after the hold (§4.2).
  public var distance = 0.0
  /// Which drag beyond `distance` lifts the row.
  public var start = StartMode.first
  /// Whether, and when, a pressed row cut by an edge scrolls into view while the press
  /// waits.
  public var reveal = PressReveal.off
  /// Whether the snapshot's center is kept on screen (§4.3).
  public var clamp = SnapshotClamp.none
  /// Board mode: columns side by side (BOARD.md).
  public var board = BoardSettings()
  /// The name of the last preset chosen (the catalogue §5): a label the command layer
  /// keeps with the settings it set; the engine never reads it.
  public var presetName = "rowdrag"

  /// The defaults of SPEC §1 and §4.
  public init() {}

  /// Seconds per frame.
  public var dt: Double { 1.0 / fps }
}
