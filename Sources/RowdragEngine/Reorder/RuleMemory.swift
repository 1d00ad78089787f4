// SPDX-License-Identifier: Apache-2.0

/// What a rule remembers from one run to the next within a gesture. Only `under
/// shadow=1` keeps anything: SortableJS's memory of its last swap (`lastTarget`,
/// `lastDirection`, `targetMoveDistance` and `pastFirstInvertThresh`, Debian's
/// /usr/share/javascript/sortable/Sortable.js, SortableJS 1.14, l. 883–887). The lift
/// holds it, so a new gesture, a rule set during one and a board's change of column
/// (the only move of the lifted item that is not the rule's) start it empty.
public struct RuleMemory: Sendable, Hashable {
  // Longest first, so that the lift, copied at every frame, stays small.
  /// How far the row last passed moved in the swap (the lifted item's length).
  public var targetMoved = 0.0
  /// The global position of the row the last swap passed, kept current as the rule
  /// moves the lifted item; nil when there is none to remember. (Rows are numbered in
  /// 32 bits, as `RowOrder` holds them.)
  public var lastTarget: Int32?
  /// Which side of that row the swap put the lifted item: 1 after it, −1 before it.
  public var lastDirection: Int8 = 0
  /// Whether the finger has since crossed that row's middle away from the side the
  /// lifted item went to: from then on the row's middle decides, not the shadow.
  public var pastMiddle = false

  /// Nothing remembered.
  public init() {}

  /// Follows the row `lastTarget` names as the lifted item (`count` rows) moves from
  /// global position `from` to `to`: the rows between shift by `count`.
  mutating func follow(from: Int, to: Int, count: Int) {
    guard let t = lastTarget.map(Int.init), from != to else { return }
    if from < to, t >= from + count, t < to + count {
      lastTarget = Int32(t - count)
    } else if to < from, t >= to, t < from {
      lastTarget = Int32(t + count)
    }
  }
}
