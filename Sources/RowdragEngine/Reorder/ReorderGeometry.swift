// SPDX-License-Identifier: Apache-2.0

/// What a reorder rule may ask about the items along the drag axis, and the one thing
/// it may do: move the lifted item to another slot.
///
/// Rules never read a layout directly. The vertical table is one geometry
/// (`TableGeometry`); a board of columns side by side can be another, and the same
/// rules run over it unchanged.
public protocol ReorderGeometry {
  /// Where the lifted item is now.
  var lifted: Slot { get }
  /// Rows lifted as one block (SPEC §10); 1 for a single row.
  var count: Int { get }
  /// The item right next to the lifted one in `direction` — a row of its section, or
  /// the boundary into the neighbouring section when it is the section's first or last
  /// row — or nil at either end of the list.
  func neighbour(_ direction: AxisDirection) -> AxisItem?
  /// The row whose extent contains `coordinate` (content coordinates along the axis),
  /// with the slot the lifted item takes by moving to that row's index path.
  func row(at coordinate: Double) -> AxisItem?
  /// Whether a row nothing may pass lies strictly between the lifted item and `item`.
  func hasBarrier(before item: AxisItem) -> Bool
  /// Where the lifted item's slot starts along the axis, in content coordinates.
  var liftedStart: Double { get }
  /// Visits, in order, the rows whose extent met `[start, end)` in the order at lift —
  /// the lifted item back in `source`, everything else as it is (only the lifted item
  /// moves during a gesture) — without moving anything, for as long as `visit` asks.
  func walkRowsAtLift(
    from start: Double, to end: Double, source: Slot, _ visit: (RowAtLift) -> AtLiftWalk)
  /// The length of every row but the lifted item when that is one value and every
  /// row's extent along the axis is whole numbers, so that every row wholly inside a
  /// span measures exactly that length there (the arithmetic is exact); nil otherwise.
  /// A rule comparing rows by how much of a long snapshot they fill can then stop at
  /// the first one that fills its length.
  var uniformRowLength: Double? { get }
  /// The slot that puts the lifted item right before (or right after) the row `item`,
  /// in that row's section.
  func slot(beside item: AxisItem, after: Bool) -> Slot
  /// Moves the lifted item to `slot`, shifting the items in between by one.
  mutating func moveLifted(to slot: Slot)
  /// The last row of the list (`itemview` drops below it at the end); nil when the
  /// geometry cannot say.
  func lastRow() -> AxisItem?
}

extension ReorderGeometry {
  /// Geometries that do not say lift single rows.
  public var count: Int { 1 }

  /// Geometries that do not say have no last row for `itemview`.
  public func lastRow() -> AxisItem? { nil }

  /// Geometries that do not say have rows of many lengths.
  public var uniformRowLength: Double? { nil }

  /// Visits every row `walkRowsAtLift` would, to the end of the span.
  public func forEachRowAtLift(
    from start: Double, to end: Double, source: Slot, _ body: (RowAtLift) -> Void
  ) {
    walkRowsAtLift(from: start, to: end, source: source) {
      body($0)
      return .next
    }
  }
}

/// What a visitor of `ReorderGeometry.walkRowsAtLift` wants next.
public enum AtLiftWalk: Sendable {
  /// The next row in order.
  case next
  /// Nothing more.
  case stop
  /// Only the lifted item, if it comes later in the span; then nothing more.
  case liftedOnly
}

/// A row as it was at lift (see `ReorderGeometry.forEachRowAtLift`).
public struct RowAtLift: Sendable, Equatable {
  /// Where the row was and how long it is; `destination` is the slot the lifted item
  /// takes by moving to this row's index path from the order at lift.
  public var item: AxisItem
  /// The lifted item itself, in its source slot.
  public var isLifted: Bool
  /// A pinned row lay strictly between this row and the lifted item's source.
  public var isBehindPin: Bool

  /// Describes a row at lift.
  public init(item: AxisItem, isLifted: Bool, isBehindPin: Bool) {
    self.item = item
    self.isLifted = isLifted
    self.isBehindPin = isBehindPin
  }
}

/// A place in the list: a global position and the section it belongs to. Both are
/// needed because an empty section shares its start position with the next one.
public struct Slot: Sendable, Hashable {
  /// 0-based global position.
  public var position: Int
  /// 0-based section.
  public var section: Int

  /// A slot at `position` in `section`.
  public init(position: Int, section: Int) {
    self.position = position
    self.section = section
  }
}

/// A direction along the drag axis.
public enum AxisDirection: Sendable {
  /// Towards the end of the list (down in a table).
  case forward
  /// Towards the start of the list (up in a table).
  case backward
}

/// One item along the drag axis, as a rule sees it.
public struct AxisItem: Sendable, Equatable {
  /// What kind of item it is.
  public enum Kind: Sendable, Equatable {
    /// A row, at this global position.
    case row(position: Int)
    /// A section boundary: one section's footer and the next one's header together.
    case sectionBoundary
  }

  /// What kind of item it is.
  public var kind: Kind
  /// Where the item starts along the axis, in content coordinates.
  public var start: Double
  /// The item's extent along the axis.
  public var length: Double
  /// A pinned row: a barrier the lifted item may not pass or take the place of.
  public var isPinned: Bool
  /// The slot the lifted item takes when it passes this item (or, for a hit row, takes
  /// its index path).
  public var destination: Slot

  /// Describes an item.
  public init(kind: Kind, start: Double, length: Double, isPinned: Bool, destination: Slot) {
    self.kind = kind
    self.start = start
    self.length = length
    self.isPinned = isPinned
    self.destination = destination
  }

  /// The middle of the item along the axis.
  public var midpoint: Double { start + length / 2 }
}
