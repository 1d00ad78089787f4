// SPDX-License-Identifier: Apache-2.0

/// Every scroll container's vertical offset, and the one the gesture machinery acts on
/// (`Engine.offset`): a table is one container; a board adds one per column before the
/// table's own, which the board keeps aside while it is on. The auto-scroll, the hold,
/// the drag and the reorder rules serve a column as they serve the table, through
/// `offset`, because the active container is data rather than a value swapped in and
/// out.
public struct ScrollContainers: Sendable, Equatable {
  /// The offsets: the columns' (a board), then the table's (always last).
  public internal(set) var offsets: [Double]
  /// The container `offset` reads and writes.
  public internal(set) var active: Int

  /// A table scrolled to `offset`.
  init(table offset: Double) {
    offsets = [offset]
    active = 0
  }

  /// The table's own container.
  var table: Int { offsets.count - 1 }

  /// The active container's offset.
  var offset: Double {
    @inline(__always) get { offsets[active] }
    @inline(__always) set { offsets[active] = newValue }
  }

  /// `count` columns at `offset` each, before the table's container, which stays active.
  mutating func addColumns(_ count: Int, at offset: Double) {
    offsets = [Double](repeating: offset, count: count) + [offsets[table]]
    active = table
  }

  /// The table alone, scrolled to `offset`.
  mutating func removeColumns(table offset: Double) {
    self = ScrollContainers(table: offset)
  }

  /// The columns' offsets (empty for a table).
  var columns: ArraySlice<Double> { offsets[..<table] }
}
