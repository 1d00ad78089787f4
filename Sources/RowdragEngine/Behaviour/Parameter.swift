// SPDX-License-Identifier: Apache-2.0

/// One numeric parameter of an auto-scroll profile or a reorder rule.
///
/// A behaviour lists its parameters once, here, so that defaults, validation, `get`,
/// completion and help all read the same description instead of repeating it.
public struct Parameter: Sendable, Equatable {
  /// The name as `KEY=VALUE` spells it (`zone`, `max`).
  public let name: String
  /// The value used when a caller does not give one.
  public let defaultValue: Double
  /// The values the parameter accepts.
  public let range: ParameterRange
  /// One line for help: what the parameter changes, with its unit.
  public let summary: String

  /// Describes a parameter.
  public init(
    _ name: String, default defaultValue: Double, _ range: ParameterRange, _ summary: String
  ) {
    self.name = name
    self.defaultValue = defaultValue
    self.range = range
    self.summary = summary
  }
}

/// The values a parameter or a setting accepts. Every range excludes NaN and the
/// infinities, so the geometry the engine computes with them stays finite.
public enum ParameterRange: Sendable, Equatable {
  /// Strictly above zero: sizes and rates that divide.
  case positive
  /// Zero or above: speeds and durations.
  case nonNegative

  /// Whether `value` lies in the range.
  public func contains(_ value: Double) -> Bool {
    guard value.isFinite else { return false }
    switch self {
    case .positive: return value > 0
    case .nonNegative: return value >= 0
    }
  }
}
