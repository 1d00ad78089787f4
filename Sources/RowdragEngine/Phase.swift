// SPDX-License-Identifier: Apache-2.0

/// Where the gesture stands (SPEC §2).
public enum Phase: Sendable, Equatable {
  case idle
  /// Finger down, waiting for the hold time; a drag past the slop turns it into a pan.
  case holding(Touch)
  /// A row is lifted: hidden in its slot, with a snapshot floating at `center`.
  case lifted(Lift)
  /// The touch became a scroll; drags move the content, release reorders nothing.
  case panning(finger: Double)

  /// The name `state` prints.
  public var name: String {
    switch self {
    case .idle: "idle"
    case .holding: "holding"
    case .lifted: "lifted"
    case .panning: "panning"
    }
  }
}

/// A press that has not lifted yet.
public struct Touch: Sendable, Equatable {
  /// Global position and section of the pressed row.
  public var position: Int
  /// Section of the pressed row.
  public var section: Int
  /// Screen y of the press, for the slop and the drag distance.
  public var pressY: Double
  /// Current finger screen y.
  public var finger: Double
  /// Seconds held so far.
  public var held: Double
  /// Rows pressed: a range of `count` consecutive rows from `position` (SPEC §10).
  public var count = 1
  /// Under `start armed`, whether a drag has armed the drag start.
  public var armed = false
  /// When the press's reveal fires (`PressReveal`), in nanoseconds; nil when none waits.
  public var revealAt: Int64? = nil
}

/// A lifted row, or a range of rows lifted as one block, and its floating snapshot.
public struct Lift: Sendable, Equatable {
  /// Current global position of the lifted row `L`.
  public var position: Int
  /// Current section of `L`.
  public var section: Int
  /// Where `L` was when lifted, for `cancel` and the undo record.
  public var sourcePosition: Int
  /// The section `L` was lifted from.
  public var sourceSection: Int
  /// `L`'s row within that section at lift (0-based), for board mode's `from`.
  public var sourceRow: Int
  /// Finger screen y.
  public var finger: Double
  /// Snapshot center, content y.
  public var center: Double
  /// Grab offset measured at lift: row center − finger (content y).
  public var grab: Double
  /// Snapshot height `h_L`.
  public var height: Double
  /// The auto-scroll's memory for this gesture.
  public var scroll: ScrollRun
  /// Rows lifted: a block of `count` consecutive rows whose first is at `position`,
  /// moving as one item of height `height` (SPEC §10); 1 for a single row.
  public var count = 1
  /// The rule's own interval (`under every=MS`), started at the lift: nil when the rule
  /// runs after every drag and scroll step.
  public var ruleTimer: RuleTimer? = nil
  /// What the rule remembers between its runs in this gesture (`under shadow=1`).
  public var ruleMemory = RuleMemory()
  // An optional last, where its tag byte needs no padding: the lift is copied several
  // times a frame, and under 256 bytes a copy costs half what it does above.
  /// The finger's content y at the last drag (or the lift), nil when it was off screen:
  /// where Qt's last drag-move event was, which decides whether its drop is accepted
  /// (`itemview`).
  public var lastDragPointer: Double? = nil
}

/// The interval a rule with a `period` runs on: it fires at `start + k·period`, and
/// runs the rule once a drag has given it a pointer.
public struct RuleTimer: Sendable, Equatable {
  /// When it started (seconds).
  public var start: Double
  /// Firings so far.
  public var fired = 0
  /// Whether a drag has come since it started: SortableJS's interval reads the pointer
  /// of the last move after the drag's start (`touchEvt`, set in `_onTouchMove` once the
  /// ghost exists, Sortable.js l. 1486) and sorts nothing before one.
  public var pointed = false
}
