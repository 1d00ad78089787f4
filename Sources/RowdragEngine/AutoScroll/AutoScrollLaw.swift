// SPDX-License-Identifier: Apache-2.0

/// An edge auto-scroll law: how fast the list scrolls for one frame, given where the
/// lifted row's snapshot and the finger are.
///
/// Velocities are points per second, positive scrolling down (content moving up), so a
/// law does not depend on the frame rate. A law is a pure function of its input and its
/// parameters: the engine may call it any number of times for the same frame.
public protocol AutoScrollLaw: Sendable {
  /// The velocity for one frame, in points per second.
  func velocity(_ input: AutoScrollInput) -> Double

  /// Whether, with the finger, viewport, insets and snapshot height fixed, the velocity
  /// is a non-decreasing function of `input.screenCenter` alone (computed in floating
  /// point, each operation rounding monotonically) and never reads the time. Then a
  /// steady scroll can be skipped ahead exactly (see `Engine.tick`). False unless a law
  /// says so.
  var isMonotoneInScreenPosition: Bool { get }
}

extension AutoScrollLaw {
  /// Laws make no promise unless they say so.
  public var isMonotoneInScreenPosition: Bool { false }
}

/// Everything an auto-scroll law may look at for one frame.
public struct AutoScrollInput: Sendable, Equatable {
  /// The snapshot's center, in content coordinates.
  public var center: Double
  /// The snapshot's height `h_L`.
  public var snapshotHeight: Double
  /// The finger's screen y.
  public var finger: Double
  /// The scroll offset `o`.
  public var offset: Double
  /// The viewport height `V`.
  public var viewport: Double
  /// The top content inset `T`.
  public var insetTop: Double
  /// The bottom content inset `B`.
  public var insetBottom: Double
  /// Seconds of simulated time `t`.
  public var time: Double

  /// Gathers one frame's input.
  public init(
    center: Double, snapshotHeight: Double, finger: Double, offset: Double, viewport: Double,
    insetTop: Double = 0, insetBottom: Double = 0, time: Double = 0
  ) {
    self.center = center
    self.snapshotHeight = snapshotHeight
    self.finger = finger
    self.offset = offset
    self.viewport = viewport
    self.insetTop = insetTop
    self.insetBottom = insetBottom
    self.time = time
  }

  /// The snapshot's center on screen, `c − o`.
  public var screenCenter: Double { center - offset }
  /// The snapshot's top edge on screen.
  public var screenTop: Double { screenCenter - snapshotHeight / 2 }
  /// The snapshot's bottom edge on screen.
  public var screenBottom: Double { screenCenter + snapshotHeight / 2 }
}

/// The configured auto-scroll profile the engine's settings hold: a registered law
/// with its parameter values.
public typealias AutoScrollProfile = Behaviour<any AutoScrollLaw>

/// The description of one auto-scroll law: its name, parameters and constructor.
public typealias AutoScrollKind = BehaviourKind<any AutoScrollLaw>

extension Behaviour where Function == any AutoScrollLaw {
  /// The velocity this profile gives for one frame, in points per second.
  public func velocity(_ input: AutoScrollInput) -> Double { function.velocity(input) }
}
