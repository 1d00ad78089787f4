// SPDX-License-Identifier: Apache-2.0

import RowdragBase

/// Each row's mark by identity (FORMATS.md §5.1: a todo line's verb, a Markdown task's
/// check box), as a small code the list gives meaning to: 0 is the mark the row's own
/// bytes say, `k` the list's `k`-th mark. The engine keeps them because a mark is an
/// edit like a move — undone, redone and made dirty in the same history — not because
/// it knows what they mean.
public struct RowMarks: Sendable, Equatable {
  /// The codes by row identity; empty while no row was ever marked.
  public private(set) var codes: [UInt8] = []
  /// The codes as last loaded or written; empty for all zero.
  private var baseline: [UInt8] = []
  /// Rows whose code differs from the baseline.
  private(set) var differing = 0
  /// Changes whenever a code does or identities are renamed, so a list that shows the
  /// marks knows when to take them again.
  public private(set) var version = 0

  /// No row marked.
  public init() {}

  /// The code of row `id`.
  public func code(ofRow id: Int) -> UInt8 { codes.isEmpty ? 0 : codes[id] }

  /// Sets row `id`'s code in a list of `count` rows.
  mutating func set(_ code: UInt8, ofRow id: Int, count: Int) {
    if codes.isEmpty {
      guard code != 0 else { return }
      codes = [UInt8](repeating: 0, count: count)
    }
    let saved = baseline.isEmpty ? 0 : baseline[id]
    if codes[id] != saved { differing -= 1 }
    if code != saved { differing += 1 }
    codes[id] = code
    version &+= 1
  }

  /// Sets the codes of `rows` to `new` (one a row; empty: all 0) in a list of `count`
  /// rows: `set` for a whole edit, in one pass over the arrays.
  mutating func set(_ new: [UInt8], ofRows rows: MarkRows, count: Int) {
    if codes.isEmpty {
      guard new.contains(where: { $0 != 0 }) else { return }
      codes = [UInt8](repeating: 0, count: count)
    }
    let saved = baseline
    var differing = self.differing
    codes.withUnsafeMutableBufferPointer { codes in
      new.withUnsafeBufferPointer { new in
        for k in 0..<rows.count {
          let id = rows[k]
          let code = new.isEmpty ? 0 : new[k]
          let old = saved.isEmpty ? 0 : saved[id]
          if codes[id] != old { differing -= 1 }
          if code != old { differing += 1 }
          codes[id] = code
        }
      }
    }
    self.differing = differing
    version &+= 1
  }

  /// After a write: identity `k` is the row at position `k` of `previous`, and the codes
  /// as they stand are what the file now says.
  mutating func rebase(_ previous: RowOrder) {
    guard !codes.isEmpty else { return }
    if !previous.isIdentity { codes = previous.map { codes[Int($0)] } }
    baseline = codes
    differing = 0
    version &+= 1
  }
}

/// A mark set on a run of rows: what it changed, so that undo can put it back. A run
/// of rows that stands in identity order (a list as loaded) keeps no identity a row,
/// and rows never marked or flagged keep no codes or flags before: a mark on a
/// million rows keeps its million new codes, a byte each.
struct MarkEdit: Sendable {
  /// The first row's position; the rows stood together when marked, and stand so again
  /// whenever the edit is undone or redone (the history is a stack).
  var position: Int
  /// The rows' identities.
  var rows: MarkRows
  /// Their codes before and after (empty: all 0).
  var codesBefore: [UInt8]
  var codesAfter: [UInt8]
  /// Their flags before and after (both empty: unchanged).
  var flagsBefore: [RowFlags]
  var flagsAfter: [RowFlags]
}

/// The identities of the rows of a mark edit, in position order.
enum MarkRows: Sendable {
  /// `count` consecutive identities from `first`.
  case run(first: Int, count: Int)
  /// Any identities.
  case ids([Int32])

  var count: Int {
    switch self {
    case .run(_, let count): count
    case .ids(let ids): ids.count
    }
  }

  @inline(__always)
  subscript(k: Int) -> Int {
    switch self {
    case .run(let first, _): first + k
    case .ids(let ids): Int(ids[k])
    }
  }
}
