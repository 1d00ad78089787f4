// SPDX-License-Identifier: Apache-2.0

/// Per-row gesture flags, one byte a row.
///
/// Flags are session state: they are not undoable, never make the list dirty and are
/// never written into the file (SPEC §9.4). `pinned` wins over `locked` wherever both
/// are set.
public struct RowFlags: OptionSet, Sendable, Hashable {
  /// The flag bits.
  public let rawValue: UInt8
  /// Wraps flag bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Cannot be lifted or moved, but other rows may pass it (UIKit `canMoveRow… = NO`).
  public static let locked = RowFlags(rawValue: 1)
  /// Cannot be lifted, moved or passed: a barrier whose global position never changes.
  public static let pinned = RowFlags(rawValue: 2)
}
