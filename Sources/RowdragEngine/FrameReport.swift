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

/// What `tickReportingSkips` reports: a frame it ran, or a run of frames it skipped.
public enum TickEvent: Sendable, Equatable {
  case frame(FrameReport)
  case skipped(SkippedFrames)
}

/// A run of frames a tick skipped because their outcome was known: a hold, frames
/// that change nothing but the clock, a steady scroll, or the rule's oscillation
/// between two states. Enough to count what each of them did without running them.
public struct SkippedFrames: Sendable, Equatable {
  /// How many frames.
  public var count: Int
  /// 1-based number of the run's last frame within the `tick` or `wait`.
  public var index: Int
  /// Simulated seconds `t` after the run.
  public var time: Double
  /// The gesture after the run.
  public var phase: Phase
  /// The scroll offset after the run.
  public var offset: Double
  /// The offset change of the run's first frame; every frame changes it by as much
  /// (0 when nothing scrolls), or, when `alternates`, by this and `lastDelta` (its
  /// negation) in turn.
  public var offsetStep: Double
  /// The offset change of the run's last frame.
  public var lastDelta: Double
  /// The state goes back and forth between two (the oscillation of a rule that swaps
  /// the row to and fro): the run then ends in the state it started from.
  public var alternates = false
  /// Slots the lifted row changes by at each frame (only when `alternates`).
  public var rowsPerFrame = 0
  /// The measured point's distance from the nearer edge after the run, while a row
  /// is lifted.
  public var measuredDistance: Double?
}
