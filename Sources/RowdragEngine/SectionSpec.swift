// SPDX-License-Identifier: Apache-2.0

/// How a list format describes one section to the engine.
public struct SectionSpec: Sendable, Equatable {
  /// Titled sections have a 28-point header; untitled ones a 0-point header.
  public var titled: Bool
  /// Number of rows in the section.
  public var rowCount: Int

  /// Describes a section.
  public init(titled: Bool, rowCount: Int) {
    self.titled = titled
    self.rowCount = rowCount
  }

  /// Header height of a titled section (SPEC §1.1).
  public static let titledHeaderHeight = 28.0
}
