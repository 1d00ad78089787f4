// SPDX-License-Identifier: Apache-2.0

/// One numeric parameter of an auto-scroll profile or a reorder rule.
///
/// A behaviour lists its parameters once, here, so that defaults, validation, `get`,
/// completion and help all read the same description instead of repeating it.
public struct Parameter: Sendable, Equatable {
  /// The name as `KEY=VALUE` spells it (`zone`, `max`).
  public let name: String
  /// The value used when a caller does not give one.
  public let defaultValue: Length
  /// The values the parameter accepts.
  public let range: ParameterRange
  /// One line for help: what the parameter changes, with its unit.
  public let summary: String
  /// When `get` prints it.
  public let display: Display

  /// When `get` prints a parameter: most always, some only when they matter.
  public enum Display: Sendable, Equatable {
    /// Always.
    case always
    /// Only when it differs from its default (`linear`'s `min`).
    case unlessDefault
    /// Instead of the named parameter, when it differs from its default (`ramp`'s `per`
    /// replaces `max`); giving both is an error.
    case replacing(String)
  }

  /// Describes a numeric parameter.
  public init(
    _ name: String, default defaultValue: Double, _ range: ParameterRange, _ summary: String,
    display: Display = .always
  ) {
    self.init(name, length: .points(defaultValue), range, summary, display: display)
  }

  /// Describes a parameter whose default may be a length (`full=0.05v`).
  public init(
    _ name: String, length defaultValue: Length, _ range: ParameterRange, _ summary: String,
    display: Display = .always
  ) {
    self.name = name
    self.defaultValue = defaultValue
    self.range = range
    self.summary = summary
    self.display = display
  }
}

/// The values a parameter or a setting accepts. Every range excludes NaN and the
/// infinities, so the geometry the engine computes with them stays finite.
public enum ParameterRange: Sendable, Equatable {
  /// Strictly above zero: sizes and rates that divide.
  case positive
  /// Zero or above: speeds and durations.
  case nonNegative
  /// A length in any of its forms (`30`, `0.25v`, `v/6`, `0.5h+6`).
  case length
  /// 0 (off) or 1 (on): a behaviour a rule has or not.
  case flag

  /// Whether `value` lies in the range.
  public func contains(_ value: Double) -> Bool {
    guard value.isFinite else { return false }
    switch self {
    case .positive: return value > 0
    case .nonNegative, .length: return value >= 0
    case .flag: return value == 0 || value == 1
    }
  }

  /// Whether `value` lies in the range: a plain number for the numeric ranges.
  public func contains(_ value: Length) -> Bool {
    if case .length = self { return value.isWellFormed }
    guard let number = value.points else { return false }
    return contains(number)
  }
}
