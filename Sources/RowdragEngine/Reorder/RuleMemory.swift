// SPDX-License-Identifier: Apache-2.0

/// What a rule remembers from one run to the next within a gesture. Only `under
/// shadow=1` keeps anything: SortableJS's memory of its last swap (`lastTarget`,
/// `lastDirection`, `targetMoveDistance` and `pastFirstInvertThresh`, Debian's
/// /usr/share/javascript/sortable/Sortable.js, SortableJS 1.14, l. 883–887). The lift
/// holds it, so a new gesture, a rule set during one and anything but the rule moving
/// the lifted item start it empty.
public struct RuleMemory: Sendable, Hashable {
  /// The global position of the row the last swap passed, kept current as the rule
  /// moves the lifted item; nil when there is none to remember.
  public var lastTarget: Int?
  /// Which side of that row the swap put the lifted item: 1 after it, −1 before it.
  public var lastDirection = 0
  /// How far that row moved in the swap (the lifted item's length).
  public var targetMoved = 0.0
  /// Whether the finger has since crossed that row's middle away from the side the
  /// lifted item went to: from then on the row's middle decides, not the shadow.
  public var pastMiddle = false
  /// Where the rule left the lifted item: when it is found elsewhere at the next run,
  /// something else moved it and the memory no longer describes the table.
  public var liftedAt: Slot?

  /// Nothing remembered.
  public init() {}

  /// Follows the row `lastTarget` names as the lifted item (`count` rows) moves from
  /// global position `from` to `to`: the rows between shift by `count`.
  mutating func follow(from: Int, to: Int, count: Int) {
    guard let t = lastTarget, from != to else { return }
    if from < to, t >= from + count, t < to + count {
      lastTarget = t - count
    } else if to < from, t >= to, t < from {
      lastTarget = t + count
    }
  }
}
