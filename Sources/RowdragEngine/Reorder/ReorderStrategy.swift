// SPDX-License-Identifier: Apache-2.0

/// A reorder rule: when the lifted row changes place as the snapshot moves.
///
/// The engine runs the rule once after every event it acts on (`acts(on:)`): a drag, a
/// frame or timer firing, the release. A rule reads the snapshot and finger from `input`, asks `geometry` about
/// the neighbouring items and moves the lifted item through it; it keeps no state of its
/// own between calls: what it must remember within a gesture the lift keeps for it
/// (`RuleMemory`).
public protocol ReorderStrategy: Sendable {
  /// Moves the lifted item, zero or more slots, for the snapshot's current position.
  ///
  /// The engine calls this through `any ReorderStrategy`, so a generic body would reach
  /// the geometry through witness tables at every row it asks about; each rule marks
  /// its implementation `@_specialize(where Geometry == TableGeometry)`, and the table,
  /// which runs a rule every frame or timer firing, gets a body with the geometry's
  /// arithmetic inlined.
  func reorder<Geometry: ReorderGeometry>(_ input: ReorderInput, in geometry: inout Geometry)

  /// `reorder` with what the rule remembered from its last run in this gesture, to
  /// update: the engine calls this one. Rules that remember nothing leave it to the
  /// default, which calls `reorder(_:in:)`.
  func reorder<Geometry: ReorderGeometry>(
    _ input: ReorderInput, in geometry: inout Geometry, memory: inout RuleMemory)

  /// Whether the rule runs after `event`: drags and frames unless it says otherwise
  /// (jQuery UI's `intersect` runs on drags only, Qt's `drop` only at the release).
  func acts(on event: ReorderEvent) -> Bool

  /// Where the snapshot's center and the pointer may go, with everything else as it
  /// is, without `reorder` moving the lifted item: lets the engine skip a steady
  /// scroll to the frame where the rule may act. Nil (the default) when the rule cannot
  /// say; the engine then runs it every frame.
  func quietZone<Geometry: ReorderGeometry>(_ input: ReorderInput, in geometry: Geometry)
    -> QuietZone?

  /// How the lifted item enters another section when the finger moves over it on a
  /// surface of several scroll containers (a board's columns, BOARD.md §5): nil (the
  /// default) when the rule is not available there.
  var columnEntry: ColumnEntry? { get }

  /// Seconds between the rule's runs when it runs on an interval of its own, started at
  /// the lift, instead of after every drag and scroll step (`under every=MS`); nil (the
  /// default) otherwise.
  var period: Double? { get }
}

/// Where a rule puts the lifted item in the column under the finger (BOARD.md §5 step 1).
public enum ColumnEntry: Sendable, Equatable {
  /// After the column's last row; the rule then steps it into place.
  case append
  /// Before the row under the finger (after the last row when there is none).
  case underFinger
}

extension ReorderStrategy {
  /// A rule that remembers nothing.
  public func reorder<Geometry: ReorderGeometry>(
    _ input: ReorderInput, in geometry: inout Geometry, memory: inout RuleMemory
  ) {
    reorder(input, in: &geometry)
  }

  /// Drags and frames.
  public func acts(on event: ReorderEvent) -> Bool {
    if case .release = event { return false }
    return true
  }

  /// Not available on a board unless the rule says how it enters a column.
  public var columnEntry: ColumnEntry? { nil }

  /// After every drag and scroll step unless the rule says otherwise.
  public var period: Double? { nil }

  /// Rules make no promise unless they say so.
  public func quietZone<Geometry: ReorderGeometry>(_ input: ReorderInput, in geometry: Geometry)
    -> QuietZone?
  { nil }
}

/// Positions along the axis where a rule leaves the lifted item where it is.
public struct QuietZone: Sendable, Equatable {
  /// Snapshot centers, bounds included.
  public var center: ClosedRange<Double>
  /// Pointer positions, the upper bound excluded.
  public var pointer: Range<Double>

  /// A zone; unbounded sides are infinite.
  public init(
    center: ClosedRange<Double> = -.infinity ... .infinity,
    pointer: Range<Double> = -.infinity ..< .infinity
  ) {
    self.center = center
    self.pointer = pointer
  }
}

/// Everything a reorder rule may look at besides the geometry.
public struct ReorderInput: Sendable, Equatable {
  /// The snapshot's center along the axis, in content coordinates.
  public var center: Double
  /// The snapshot's extent along the axis.
  public var snapshotLength: Double
  /// The finger along the axis, in content coordinates.
  public var pointer: Double
  /// Whether the lifted item may move into another section.
  public var crossesSections: Bool
  /// What just happened.
  public var event: ReorderEvent
  /// Where the lifted item was at lift: the rules that compare against the order at lift
  /// (`overlap`) move it back there first.
  public var source: Slot?
  /// On a board: whether this event has just moved the lifted item into another
  /// column (step 1 of BOARD.md §5), before the rule runs.
  public var enteredColumn = false
  /// On a board: whether the finger is over the column that holds the lifted item
  /// (always, in a single table).
  public var pointerInItsColumn = true
  /// The finger's content position at the last drag, nil when it was off screen
  /// (`itemview` drops only where Qt accepted the last drag-move event).
  public var lastDragPointer: Double? = nil
  /// Whether the finger is on screen now, in `[0, V)` (`under end=1` appends only then).
  public var pointerOnScreen = true

  /// Gathers a rule's input.
  public init(
    center: Double, snapshotLength: Double, pointer: Double, crossesSections: Bool,
    event: ReorderEvent = .frame, source: Slot? = nil
  ) {
    self.center = center
    self.snapshotLength = snapshotLength
    self.pointer = pointer
    self.crossesSections = crossesSections
    self.event = event
    self.source = source
  }

  /// The snapshot's leading edge towards the start of the list.
  public var snapshotStart: Double { center - snapshotLength / 2 }
  /// The snapshot's edge towards the end of the list.
  public var snapshotEnd: Double { center + snapshotLength / 2 }

  /// Whether the lifted item may pass `item`: never a pinned row, and a section
  /// boundary only when sections may be crossed.
  public func mayPass(_ item: AxisItem) -> Bool {
    if item.isPinned { return false }
    return item.kind != .sectionBoundary || crossesSections
  }
}

/// An event a rule may run after (the behaviour catalogue §3).
public enum ReorderEvent: Sendable, Equatable {
  /// A drag of the lifted row; `delta` is the new finger minus the previous one along
  /// the axis.
  case drag(delta: Double)
  /// A display frame, or a timer firing.
  case frame
  /// A display frame, or a timer firing, whose auto-scroll application left the offset
  /// where it was. Every rule but `halves` treats it as `frame` (Flutter runs its rule
  /// only when the list scrolled, the behaviour catalogue §3.9).
  case still
  /// The release, before the drop.
  case release
}

/// The configured reorder rule the engine's settings hold.
public typealias ReorderRule = Behaviour<any ReorderStrategy>

/// The description of one reorder rule: its name, parameters and constructor.
public typealias ReorderRuleKind = BehaviourKind<any ReorderStrategy>
