// SPDX-License-Identifier: Apache-2.0

/// What one display frame left behind, for `tick(_:observe:)`.
public struct FrameReport: Sendable, Equatable {
  /// 1-based number of the frame within the `tick` or `wait`.
  public var index: Int
  /// Simulated seconds `t` after the frame.
  public var time: Double
  /// The gesture after the frame: the lifted row's slot, finger and snapshot center.
  public var phase: Phase
  /// The scroll offset after the frame.
  public var offset: Double
  /// The auto-scroll velocity the frame used, in points per second (0 unless a row was
  /// lifted). The offset moved by `velocity / fps`, clamped to its range.
  public var velocity: Double
}
