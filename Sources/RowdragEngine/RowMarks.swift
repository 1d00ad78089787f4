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

/// A mark set on a run of rows: what it changed, so that undo can put it back.
struct MarkEdit: Sendable {
  /// The first row's position; the rows stood together when marked, and stand so again
  /// whenever the edit is undone or redone (the history is a stack).
  var position: Int
  /// The rows' identities, their codes and flags before, and after.
  var ids: [Int32]
  var codesBefore: [UInt8]
  var codesAfter: [UInt8]
  var flagsBefore: [RowFlags]
  var flagsAfter: [RowFlags]
}
