// SPDX-License-Identifier: Apache-2.0

import RowdragBase
/// The vertical layout of the table: rows in global order, grouped into sections.
///
/// Storage is position-indexed and compact so that ten million rows fit in a few bytes
/// each: the row identity (the row's index in the list as last loaded or written,
/// kept as runs while few rows have moved, see `RowOrder`), a flag byte once some row
/// has a flag, and — only when some row has a height of its own — the row's own
/// height and a prefix sum of heights. Sections are a sorted array of start
/// positions, so section bookkeeping costs per section, not per row.
///
/// Footers are 0 points high (SPEC §1.1), so the top of row `i` in section `s` is
/// `rowsBefore(i) + headerPrefix[s + 1]`.
public struct Layout: Sendable {
  /// Row identity at each global position.
  public internal(set) var order: RowOrder
  /// Flags at each global position, travelling with their row; empty while no row
  /// has a flag, so unflagged lists pay nothing for them.
  var flagStore: [RowFlags]
  /// Own height at each position (`.nan` = the default row height, `-n` = `n` times
  /// it); empty when uniform.
  var ownHeights: [Double]
  /// `prefix[k]` = sum of the heights of positions `0..<k`; empty when uniform.
  var prefix: [Double]
  /// Height of rows without a height of their own (`set row-height`).
  public internal(set) var rowHeight: Double
  /// Lines of every row while `ownHeights` is empty: 1, or the lines of each entry of a
  /// file whose entries all have as many (an M3U playlist of `#EXTINF` and path pairs),
  /// which then needs no per-row heights (16 bytes a row) and no prefix sums to
  /// rebuild after a move.
  var uniformLines: Double
  /// The height of every row while `ownHeights` is empty: `uniformLines × rowHeight`,
  /// kept rather than computed because `height(at:)` and `rowsBefore` read it on every
  /// geometry query.
  /// Tops are then `position × uniformHeight`, which equals the running sum of the
  /// per-row representation only while every sum is a whole number a `Double` holds
  /// exactly, so rows of several lines keep this form only then (`keepUniformExact`).
  var uniformHeight: Double
  /// Start position of each section; non-decreasing, `sectionStarts[0] == 0`.
  public internal(set) var sectionStarts: [Int]
  /// Whether each section has a title (a 28-point header).
  public let sectionTitled: [Bool]
  /// `headerPrefix[s]` = total height of the headers of sections `0..<s`.
  let headerPrefix: [Double]
  /// Section starts as last loaded or written, for the dirty test.
  var baselineStarts: [Int]
  /// Positions whose identity differs from the baseline plus sections whose start
  /// does: zero exactly when the layout equals the list as last loaded or written.
  var mismatches: Int = 0

  /// Builds the layout of a freshly loaded list.
  ///
  /// - Parameters:
  ///   - sections: sections in layout order; at least one (an empty list is one
  ///     empty untitled section).
  ///   - rowHeight: height of rows without their own.
  ///   - ownHeights: per-row heights in load order (`.nan` for "default", `-n` for
  ///     `n` times the default: a row of `n` lines), or `nil` when no row has its own
  ///     height.
  ///   - uniformLines: when `ownHeights` is `nil`, the lines of every row: the same
  ///     layout as `ownHeights` of `-uniformLines` for every row, without the arrays.
  ///   - flags: per-row flags in load order, or `nil` for none.
  /// - Complexity: O(rows + sections).
  public init(
    sections: [SectionSpec], rowHeight: Double = 44, ownHeights: [Double]? = nil,
    uniformLines: Int = 1, flags: [RowFlags]? = nil
  ) {
    let specs = sections.isEmpty ? [SectionSpec(titled: false, rowCount: 0)] : sections
    var starts: [Int] = []
    starts.reserveCapacity(specs.count)
    var headers: [Double] = [0]
    headers.reserveCapacity(specs.count + 1)
    var total = 0
    var headerTotal = 0.0
    for spec in specs {
      starts.append(total)
      total += spec.rowCount
      headerTotal += spec.titled ? SectionSpec.titledHeaderHeight : 0
      headers.append(headerTotal)
    }
    self.order = RowOrder(identityOfCount: total)
    self.flagStore = flags.map { $0.contains { !$0.isEmpty } ? $0 : [] } ?? []
    self.rowHeight = rowHeight
    self.sectionStarts = starts
    self.baselineStarts = starts
    self.sectionTitled = specs.map(\.titled)
    self.headerPrefix = headers
    let lines = ownHeights == nil ? Double(Swift.max(1, uniformLines)) : 1
    self.uniformLines = lines
    self.uniformHeight = lines * rowHeight
    if let own = ownHeights, own.contains(where: { !$0.isNaN }) {
      self.ownHeights = own
      self.prefix = []
      rebuildPrefix(from: 0)
    } else {
      self.ownHeights = []
      self.prefix = []
      keepUniformExact()
      rebuildPrefix(from: 0)
    }
  }

  /// An empty layout to stand in while the real one is lent out (see `TableGeometry`,
  /// `Engine.tableGeometry`). Every array in it is the shared empty one.
  init(emptyPlaceholder: Void) {
    order = RowOrder(identityOfCount: 0)
    flagStore = []
    ownHeights = []
    prefix = []
    rowHeight = 44
    uniformLines = 1
    uniformHeight = 44
    sectionStarts = []
    sectionTitled = []
    headerPrefix = []
    baselineStarts = []
  }

  /// The flags of the row at `position`.
  @inline(__always)
  public func flags(at position: Int) -> RowFlags { flagStore.isEmpty ? [] : flagStore[position] }

  /// Whether any row has (or had) a flag.
  public var hasFlags: Bool { !flagStore.isEmpty }

  /// Every row's flags in layout order.
  public var allFlags: [RowFlags] {
    flagStore.isEmpty ? [RowFlags](repeating: [], count: order.count) : flagStore
  }

  /// Number of rows.
  public var rowCount: Int { order.count }
  /// Number of sections (at least one).
  public var sectionCount: Int { sectionStarts.count }
  /// Whether every row has the same height, `uniformHeight` (no per-row bookkeeping).
  public var isUniform: Bool { ownHeights.isEmpty }
  /// True when the layout differs from the list as last loaded or written.
  public var differsFromBaseline: Bool { mismatches > 0 }
}
