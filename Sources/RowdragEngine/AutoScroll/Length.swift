// SPDX-License-Identifier: Apache-2.0

/// A length an auto-scroll key is given in: plain points, or relative to the span the
/// zones are measured across or to the lifted row (the behaviour catalogue §2.3).
///
/// Kept as written, not resolved, because it is resolved again at every evaluation:
/// a zone of `0.25v` follows `set viewport`, one of `0.5h+6` the lifted row's height,
/// and `get autoscroll` prints it back the way it was given.
public enum Length: Sendable, Hashable {
  /// `N`: N points.
  case points(Double)
  /// `Nv`: N times the span.
  case span(Double)
  /// `v/N`: the span divided by N (N > 0).
  case spanDivided(Double)
  /// `Nh+M`, `Nh-M`: N times the lifted row's height, plus M (M may be negative).
  case rows(Double, plus: Double)

  /// The length in points for this span and lifted-row height.
  public func resolve(span: Double, rowHeight: Double) -> Double {
    switch self {
    case .points(let n): n
    case .span(let n): n * span
    case .spanDivided(let n): span / n
    case .rows(let n, let m): n * rowHeight + m
    }
  }

  /// The plain number, when the length is one.
  public var points: Double? {
    if case .points(let n) = self { return n }
    return nil
  }

  /// Every number in it is finite, the multipliers are not negative and a divisor is
  /// above zero, so a resolved length is finite for any finite span and row.
  var isWellFormed: Bool {
    switch self {
    case .points(let n), .span(let n): n.isFinite && n >= 0
    case .spanDivided(let n): n.isFinite && n > 0
    case .rows(let n, let m): n.isFinite && n >= 0 && m.isFinite
    }
  }
}
