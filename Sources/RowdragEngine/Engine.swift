// SPDX-License-Identifier: Apache-2.0

import RowdragBase

/// The deterministic reorder engine: layout, viewport, gesture phase, time and history.
///
/// A value type with no I/O: every command is a mutating method that either succeeds
/// or throws an `EngineError` and leaves the engine exactly as it was. Positions in the
/// API are 0-based global row positions; the command layer converts addresses.
public struct Engine: Sendable {
  /// The rows, their sections, heights and flags, in the current order.
  public internal(set) var layout: Layout
  /// Everything `set` changes except the row height.
  public internal(set) var settings = Settings()
  /// Every scroll container's offset and the active one (`ScrollContainers`).
  public internal(set) var containers: ScrollContainers
  /// Scroll offset `o` of the active container, always inside `offsetRange`.
  public internal(set) var offset: Double {
    @inline(__always) get { containers.offset }
    @inline(__always) set { containers.offset = newValue }
  }
  /// Seconds of simulated time (`t`, advanced only by ticks).
  public internal(set) var time = 0.0
  /// Where the gesture stands.
  public internal(set) var phase = Phase.idle
  /// What the gesture runs on, the table or the board, with that surface's own state
  /// (`Surface`).
  public internal(set) var surface = Surface.table
  var undoStack: [HistoryEntry] = []
  var redoStack: [HistoryEntry] = []
  /// Each row's mark (FORMATS.md §5.1), by identity.
  public internal(set) var marks = RowMarks()
  /// Whether the committed order was dirty when the current gesture began.
  var dirtyAtPress = false
  /// Frames `tick` accounted for without simulating them one by one (tests read it to
  /// know the skips were exercised).
  var framesSkipped = 0
  /// Under `range=helper`, the content y of the snapshot's bottom as the last drag placed
  /// it, which the scroll range reaches (`Engine+HelperRange`); nil otherwise.
  var helperBottom: Double?
  /// Under `rows=cached`, while a row is lifted on the table: the offset at which the
  /// rule last measured the rows (`RowPositions.cached`); nil otherwise. Kept here, not
  /// in `Lift`, so that a lift's copies stay as small as they were.
  var measuredOffset: Double?
  /// The geometry the table's reorder rule runs over (`tableReorderStep`), kept between
  /// runs with an empty layout in it: a run lends it the engine's layout and takes it
  /// back, and builds or destroys nothing (a fresh geometry's empty arrays cost 7 % of a
  /// `dndkit` frame in reference counting, measured with callgrind).
  var tableGeometry = TableGeometry(
    layout: Layout(emptyPlaceholder: ()), lifted: Slot(position: 0, section: 0))

  /// One undoable edit: a row, or a block of `count` rows (a range, SPEC §10), moved
  /// from one index path to another; positions are the first row's.
  struct Edit: Sendable {
    var from: Int
    var fromSection: Int
    var to: Int
    var toSection: Int
    var count = 1
  }

  /// What undo takes back: a move, or marks set on rows.
  enum HistoryEntry: Sendable {
    case move(Edit)
    case marks(MarkEdit)

    var move: Edit? {
      if case .move(let edit) = self { return edit }
      return nil
    }
  }

  /// An engine over `layout` with the default settings, scrolled to the top.
  public init(layout: Layout) {
    self.layout = layout
    self.containers = ScrollContainers(table: 0)
  }

  /// An engine over `layout` with `settings`, scrolled to the top.
  /// - Throws: the error the matching setter would throw for the first setting it
  ///   refuses, so an engine never holds settings `set` could not have made.
  public init(layout: Layout, settings: Settings) throws(EngineError) {
    try Engine.validate(settings)
    self.layout = layout
    self.settings = settings
    self.containers = ScrollContainers(table: -settings.insetTop)
    guard hasFiniteGeometry else { throw .invalidSetting(.insets, .contentOverflow) }
    self.offset = clampOffset(offset)
    try openSurface()
  }

  /// `[o_min, o_max]` with `o_min = −T` and `o_max = max(o_min, H_c + B − V)` — of the
  /// active scroll container (a board's column while the engine works on one); under
  /// `range=helper` `H_c` reaches the snapshot's bottom while a row is lifted.
  public var offsetRange: ClosedRange<Double> {
    var content = activeContentHeight
    if let helperBottom { content = Swift.max(content, helperBottom) }
    let low = -settings.insetTop
    let high = Swift.max(low, content + settings.insetBottom - settings.viewport)
    return low...high
  }

  /// Clamps a candidate offset into bounds; a NaN candidate leaves the offset as is.
  func clampOffset(_ candidate: Double) -> Double {
    clampOffset(candidate, in: offsetRange)
  }

  /// `clampOffset` into `range`, which is `offsetRange`.
  func clampOffset(_ candidate: Double, in range: ClosedRange<Double>) -> Double {
    guard !candidate.isNaN else {
      return Swift.min(Swift.max(offset, range.lowerBound), range.upperBound)
    }
    return Swift.min(Swift.max(candidate, range.lowerBound), range.upperBound)
  }

  /// The committed order or a mark differs from the list as last loaded or written. A
  /// gesture in progress does not count; flags never do.
  public var isDirty: Bool {
    if case .idle = phase { return layoutDiffersFromFile }
    return dirtyAtPress
  }

  /// The layout order (a gesture's current slot included) or a mark differs from the
  /// file: whether printing or writing now would change the file.
  public var layoutDiffersFromFile: Bool { layout.differsFromBaseline || marks.differing > 0 }

  /// The lifted row, if any.
  public var lift: Lift? {
    if case .lifted(let lift) = phase { return lift }
    return nil
  }

  /// The finger's screen y while a touch is down.
  public var finger: Double? {
    switch phase {
    case .idle: nil
    case .holding(let touch): touch.finger
    case .lifted(let lift): lift.finger
    case .panning(let finger): finger
    }
  }

  /// Makes the current order the saved one (after a write) and returns the old row
  /// identities in current order, for the caller to reorder its own storage.
  /// - Complexity: O(rows).
  public mutating func rebase() -> RowOrder {
    let previous = layout.rebase()
    marks.rebase(previous)
    return previous
  }

  /// The last edit recorded, as 0-based global positions (what a comparison reports as
  /// the order's change).
  /// Nil when the last edit set marks.
  public var lastEdit: (from: Int, to: Int)? {
    undoStack.last?.move.map { ($0.from, $0.to) }
  }
  /// The last edit recorded, with sections: where the row was and where it went
  /// (0-based global positions), for the drop hook.
  public var lastEditSlots: (from: Slot, to: Slot)? {
    undoStack.last?.move.map {
      (
        Slot(position: $0.from, section: $0.fromSection),
        Slot(position: $0.to, section: $0.toSection)
      )
    }
  }
  /// The rows the last edit moved: more than one for a range (SPEC §10).
  public var lastEditCount: Int { undoStack.last?.move?.count ?? 1 }
  /// How many edits can be undone.
  public var undoCount: Int { undoStack.count }

  /// Whether there is a gesture or move to undo.
  public var canUndo: Bool { !undoStack.isEmpty }
  /// Whether there is an undone edit to redo.
  public var canRedo: Bool { !redoStack.isEmpty }

  /// Throws unless no gesture is in progress.
  public func requireIdle() throws(EngineError) {
    if case .idle = phase { return }
    throw .gestureInProgress(phase: phase.name)
  }

  /// Checks a 0-based position against the row count.
  public func checkPosition(_ position: Int) throws(EngineError) {
    guard position >= 0, position < layout.rowCount else {
      throw .rowOutOfRange(row: position &+ 1, count: layout.rowCount)
    }
  }

  /// Whether the row at `position` is fully visible: `top ≥ o` and `top + h ≤ o + V`.
  public func isFullyVisible(_ position: Int) -> Bool {
    let top = layout.top(of: position)
    return top >= offset && top + layout.height(at: position) <= offset + settings.viewport
  }

  /// The offset that reveals the row at `position` by the smallest scroll
  /// (top-aligned when taller than the viewport), clamped.
  func revealOffset(_ position: Int) -> Double {
    revealOffset(top: layout.top(of: position), height: layout.height(at: position))
  }
}
