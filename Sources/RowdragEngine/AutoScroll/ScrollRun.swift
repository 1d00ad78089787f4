// SPDX-License-Identifier: Apache-2.0

/// What one gesture's auto-scroll remembers between events (the behaviour catalogue
/// §2.1, §2.2, §2.4–§2.7): the timer, the law's count and run start, the value stored
/// by `sample=move`, and the damping and intent flags. It lives in the `Lift`, so a new
/// lift starts it afresh and `cancel` or `release` ends it.
public struct ScrollRun: Sendable, Equatable {
  /// A running timer: its direction, start time and firings so far.
  public struct Timer: Sendable, Equatable {
    /// −1 up, +1 down.
    public var direction: Double
    /// The time it (re)started; it fires at `start + k·period`, k ≥ 1.
    public var start: Double
    /// Firings so far.
    public var fired: Int
    /// `expiry=coarse`: the next firing, in whole nanoseconds.
    public var due: Int64 = 0
    /// `rearm`: when it starts once more (seconds); nil never.
    public var rearmAt: Double? = nil
  }

  /// The timer, when running.
  public var timer: Timer?
  /// The amount of the last application (`count`).
  public var count = 0.0
  /// The value `sample=move` stored at the last drag.
  public var stored = ScrollDecision.none
  /// `latch`: until when (seconds) a drag does not decide.
  public var quietUntil = -Double.infinity
  /// `latch`: when SortableJS's 10 ms pointer interval was created (seconds): by the
  /// drag that latched, or by the last drag that steered.
  public var pointerSince = 0.0
  /// The finger's screen y at lift (`gate=net`).
  public var fingerAtLift: Double
  /// The time of the lift (damping).
  public var liftTime: Double
  // The optional and the flags last, where their odd bytes need no padding: the lift
  // that holds this run is copied several times a frame, and under 256 bytes a copy
  // costs half what it does above.
  /// When the current run of applications that found a zone began (`quintic`).
  public var runStart: Double?
  /// Whether time damping is on for this gesture (decided at lift).
  public var damped = false
  /// Whether some drag since lift moved the finger up (`gate=intent`).
  public var movedUp = false
  /// Whether some drag since lift moved the finger down (`gate=intent`).
  public var movedDown = false
  /// `latch`: whether a drag has decided on a zone, so later drags no longer decide.
  public var latched = false
  /// `latch`: SortableJS's `scrolling`, set when the last call of the law (re)started
  /// the timer: until the pointer interval's next call, a drag while latched steers.
  public var scrolling = false
  /// `latch`: a drag has steered, and the pointer interval's next call
  /// (`Engine.pointerCall`) decides with its finger.
  public var steering = false
  /// `latch`: that call also does the restart `rearm` had waiting (the drag replaced the
  /// interval that would have done it).
  public var steerRearms = false
  /// SPEC §2.1 (turn 4): the lifted item is taller than the viewport, so the finger
  /// placed at its centre is no place a person's finger could be; the law does not act
  /// until a drag has moved the finger after the lift.
  public var waitsForDrag = false

  /// A fresh run for a row lifted at `time` with the finger at `finger`.
  init(fingerAtLift: Double, liftTime: Double) {
    self.fingerAtLift = fingerAtLift
    self.liftTime = liftTime
  }

  /// What `set autoscroll` does mid-gesture (§2.7): the timer, count, run, stored value
  /// and latch go; the damping and intent flags stay.
  mutating func restartLaw() {
    timer = nil
    count = 0
    runStart = nil
    stored = .none
    latched = false
    quietUntil = -.infinity
    scrolling = false
    steering = false
    steerRearms = false
  }
}

/// One evaluation's result: which way and how much.
public struct ScrollDecision: Sendable, Equatable {
  /// −1 up (towards `o_min`), +1 down, 0 no zone.
  public var direction: Double
  /// The amount `A ≥ 0` (points per second under the `frame` clock, else points).
  public var amount: Double

  /// No zone.
  public static let none = ScrollDecision(direction: 0, amount: 0)

  /// `d·A`.
  public var signed: Double { direction * amount }
}
