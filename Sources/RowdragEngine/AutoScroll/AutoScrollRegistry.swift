// SPDX-License-Identifier: Apache-2.0

/// The auto-scroll profiles rowdrag knows by name, in the order help and completion
/// list them. Adding a profile: one file declaring its kind, one line here.
public enum AutoScrollRegistry {
  /// Every built-in profile.
  public static let kinds: [AutoScrollKind] = [
    LinearAutoScroll.kind,
    FixedAutoScroll.kind,
    RateAutoScroll.kind,
    NoAutoScroll.kind,
  ]

  /// The profile called `name`, if there is one.
  public static func kind(named name: String) -> AutoScrollKind? {
    kinds.first { $0.name == name }
  }
}
