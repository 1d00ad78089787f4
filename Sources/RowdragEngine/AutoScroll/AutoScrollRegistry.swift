// SPDX-License-Identifier: Apache-2.0

/// The auto-scroll laws rowdrag knows by name, in the order help and completion list
/// them (the behaviour catalogue §2.5). Adding a law: one file declaring its kind, one
/// line here.
public enum AutoScrollRegistry {
  /// Every built-in law.
  public static let kinds: [AutoScrollKind] = [
    LinearAutoScroll.kind,
    FixedAutoScroll.kind,
    RateAutoScroll.kind,
    RampAutoScroll.kind,
    PowerAutoScroll.kind,
    QuinticAutoScroll.kind,
    OverflowAutoScroll.kind,
    CountAutoScroll.kind,
    NoAutoScroll.kind,
  ]

  /// The law called `name`, if there is one.
  public static func kind(named name: String) -> AutoScrollKind? {
    kinds.first { $0.name == name }
  }
}
