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
  /// The offset after the frame minus the offset before it.
  public var delta: Double
  /// The signed amount `d·A` the frame applied: points per second under the `frame`
  /// clock, points under `step`, the last firing's under `timer`; 0 when nothing was
  /// applied (the behaviour catalogue §5.1).
  public var amount: Double
  /// Timer firings in this frame.
  public var fired: Int
  /// The measured point's distance from the nearer edge after the frame, while a row
  /// is lifted (`Engine.measuredEdgeDistance`).
  public var measuredDistance: Double?
}
