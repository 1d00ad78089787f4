// SPDX-License-Identifier: Apache-2.0

/// The reorder rules rowdrag knows by name, in the order help and completion list them.
/// Adding a rule: one file declaring its kind, one line here.
public enum ReorderRuleRegistry {
  /// Every built-in rule.
  public static let kinds: [ReorderRuleKind] = [
    EdgeRule.kind,
    MidpointRule.kind,
    UnderRule.kind,
    NearestRule.kind,
    FarRule.kind,
    GuardedRule.kind,
    IntersectRule.kind,
    OverlapRule.kind,
    DropRule.kind,
    HalvesRule.kind,
    ItemViewRule.kind,
  ]

  /// The rule called `name`, if there is one.
  public static func kind(named name: String) -> ReorderRuleKind? {
    kinds.first { $0.name == name }
  }
}

extension BehaviourKind where Function == any ReorderStrategy {
  /// Whether the rule, with its default parameters, says how it enters a board's column.
  public var isAvailableOnBoards: Bool {
    make(ParameterValues(lengths: defaults)).columnEntry != nil
  }
}
