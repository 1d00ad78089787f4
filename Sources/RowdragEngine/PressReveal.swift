// SPDX-License-Identifier: Apache-2.0

/// What happens to a pressed row that is cut by an edge while the press waits: Qt's
/// `QAbstractItemView::mousePressEvent()` starts `delayedAutoScroll` (the double-click
/// interval + 100 ms = 500 ms), and its `timerEvent()` calls `scrollTo(pressedIndex)`,
/// the smallest scroll that shows the whole row, unless the drag has started.
public struct PressReveal: Sendable, Equatable {
  /// Seconds after the press; 0 never.
  public var delay: Double
  /// Whether the delay runs on a coarse timer (Qt's `Qt::CoarseTimer`, what
  /// `QBasicTimer` uses): the expiry, in whole milliseconds, moves by up to 5 % of the
  /// interval towards a multiple of 500 ms (50 ms for intervals that are not multiples
  /// of 500), or to the whole second when that is within reach
  /// (qtimerinfo_unix.cpp `calculateCoarseTimerTimeout()`).
  public var coarse: Bool

  /// Never.
  public static let off = PressReveal(delay: 0, coarse: false)
  /// The longest delay `set reveal` takes (a day); the timer arithmetic stays in range.
  public static let longest = 86_400.0

  /// A reveal `delay` seconds after the press.
  public init(delay: Double, coarse: Bool) {
    self.delay = delay
    self.coarse = coarse
  }

  /// The time in whole nanoseconds at which a reveal armed at `now` (nanoseconds) fires.
  func expiry(armedAt now: Int64) -> Int64 {
    let delay = Swift.min(Swift.max(self.delay, 0), Self.longest)
    let interval = Int64((delay * 1000).rounded())
    let due = now + Int64((delay * 1e9).rounded())
    guard coarse, interval > 0 else { return due }
    return Self.coarseExpiry(due: due, now: now, interval: interval)
  }

  /// Qt's coarse timer (qtimerinfo_unix.cpp `calculateCoarseTimerTimeout()`) for an
  /// interval of `interval` ms due at `due` (nanoseconds): whole milliseconds, moved by up
  /// to `interval / 20` ms towards a multiple of 500 ms (intervals that are multiples of
  /// 500) or 50 ms (others), or to the whole second when that is within reach; never
  /// before `now`.
  static func coarseExpiry(due: Int64, now: Int64, interval: Int64) -> Int64 {
    let second: Int64 = 1_000_000_000
    let (seconds, nanoseconds) = due.quotientAndRemainder(dividingBy: second)
    var milliseconds = nanoseconds / 1_000_000
    let rounding = interval / 20
    let low = Swift.max(0, milliseconds - rounding)
    let high = Swift.min(1000, milliseconds + rounding)
    if low == 0 {
      milliseconds = 0
    } else if high == 1000 {
      milliseconds = 1000
    } else {
      let multiple: Int64 = interval % 500 == 0 ? 500 : 50
      let base = milliseconds / multiple * multiple
      milliseconds =
        milliseconds < base + multiple / 2
        ? Swift.max(base, low) : Swift.min(base + multiple, high)
    }
    return Swift.max(seconds * second + milliseconds * 1_000_000, now)
  }
}

extension Engine {
  /// The engine's time in whole nanoseconds, as a timer reads it (held below a day of
  /// the largest `Int64`, so an armed expiry never overflows).
  var nanoseconds: Int64 { Self.wholeNanoseconds(time) }

  /// Arms the reveal for a row pressed at `position`, unless it is fully visible.
  func revealTime(for position: Int) -> Int64? {
    guard settings.reveal.delay > 0, case .table = surface, !isFullyVisible(position) else {
      return nil
    }
    return settings.reveal.expiry(armedAt: nanoseconds)
  }

  /// A frame while holding: the reveal, when due, scrolls the row fully into view; the
  /// press point moves with the content (Qt keeps `pressedPosition` in content
  /// coordinates, so the drag distance is measured from where it has gone).
  mutating func revealIfDue(_ touch: inout Touch) {
    guard let due = touch.revealAt, nanoseconds >= due else { return }
    touch.revealAt = nil
    let before = offset
    offset = revealOffset(touch.position)
    touch.pressY -= offset - before
  }
}
