// SPDX-License-Identifier: Apache-2.0

/// The generic keys of an auto-scroll setting (the behaviour catalogue §2.1–§2.6): when
/// the law is applied, where it measures from, which zone wins and how its amount is
/// rounded. Each law has its own defaults for them (`AutoScrollKind.defaults`), so
/// `linear`, `fixed` and `rate` keep SPEC §4's meaning with every key left alone.
public struct AutoScrollKeys: Sendable, Hashable {
  /// When the amount is applied.
  public var clock = ScrollClock.frame
  /// When the law is evaluated.
  public var sample = ScrollSampling.frame
  /// Which point of the snapshot or finger is measured.
  public var point = MeasuredPoint.center
  /// The screen lines the zones are measured from.
  public var edges = ZoneEdges.view
  /// The zone's length, unless the law sets it itself (`linear`, `rate`).
  public var zone = Length.points(0)
  /// Which zone is tested first.
  public var order = ZoneOrder.top
  /// Whether the zone's inner line belongs to it.
  public var test = ZoneTest.lessThan
  /// What the finger must have done for a zone to count.
  public var gate = ScrollGate.none
  /// Whether every drag restarts a running timer.
  public var restart = TimerRestart.direction
  /// How the amount is rounded.
  public var round = AmountRounding.none
  /// Time damping from the start of the gesture (`power` only).
  public var damp: Damping? = nil
  /// What bounds the offset while a row is lifted.
  public var range = ScrollRange.content
  /// What the lift does besides lifting.
  public var lift = LiftScroll.none
  /// Where the rule finds the rows: where they are, or where they were last measured.
  public var rows = RowPositions.live
  /// Milliseconds after a drag (re)starts the timer at which it is started once more
  /// (the count afresh); nil never. SortableJS's `autoScroll()` (plugins/AutoScroll/
  /// AutoScroll.js; Debian's Sortable.js 1.14 l. 2512) re-creates its 24 ms interval
  /// whenever it is called with another element than last time: the move passes the row
  /// under the pointer (l. 2450), the 10 ms pointer-element interval the scroller
  /// (l. 2465–2472), and the 30 ms throttle (`throttle()`, l. 481–496) lets that
  /// interval's first call through 30 ms after the move: firings 24, 54, 78 ms after it.
  public var rearm: Double? = nil
  /// How a timer's expiries are computed.
  public var expiry = TimerExpiry.exact
  /// Milliseconds a drag's decision holds off the next drag's; nil never. A drag within
  /// this time of the last drag that decided, or any drag once one has decided on a zone,
  /// neither evaluates the law (`sample=move`), applies it (`clock=move`) nor controls the
  /// timer: the scroll stays latched to the finger of the drag that started it until the
  /// release. SortableJS's `autoScroll()` is throttled to one call per 30 ms (`throttle()`,
  /// Debian's Sortable.js 1.14 l. 481–496, 2585); the move that starts a scroll creates the
  /// 10 ms `pointerElemChangedInterval` (l. 2459–2474), which calls `autoScroll()` with that
  /// move's event until the drop, so it takes the throttle every 30 ms, just before any
  /// later move (l. 2450) could; a move reaches `autoScroll()` again only through the
  /// interval, re-created with its event while `scrolling` (l. 2462), which the interval's
  /// own calls leave false once nothing changes (l. 2584): with a timer clock, a drag in
  /// that window steers the scroll at the interval's next call (`Engine.steer`).
  public var latch: Double? = nil

  /// The catalogue's generic defaults.
  public init() {}
}

/// When the amount is applied (§2.1).
public enum ScrollClock: Sendable, Hashable {
  /// Once per display frame, the amount in points per second (SPEC §4).
  case frame
  /// Once per display frame, the amount in points (a display-link step).
  case step
  /// At each firing of a timer with this period in milliseconds, the amount in points;
  /// `text` is the period as written (`20`, `1000/60`).
  case timer(period: Double, text: String)
  /// Once per drag that finds a zone (jQuery UI scrolls only from its drag handler).
  case move

  /// The period in seconds, for a timer.
  var periodSeconds: Double? {
    if case .timer(let period, _) = self { return period / 1000 }
    return nil
  }
}

/// When the law is evaluated (§2.2).
public enum ScrollSampling: String, Sendable, Hashable, CaseIterable {
  /// Whenever the clock applies it.
  case frame
  /// Only at each drag; applications reuse the stored result (UIKit's `.changed`).
  case move
}

/// The point whose distance from the edge is measured (§2.3).
public enum MeasuredPoint: String, Sendable, Hashable, CaseIterable {
  /// The snapshot's center.
  case center
  /// The finger.
  case finger
  /// The snapshot's leading edge: its top for the top zone, its bottom for the bottom one.
  case edge
}

/// The screen lines the zones are measured from (§2.3).
public enum ZoneEdges: String, Sendable, Hashable, CaseIterable {
  /// The viewport: 0 and V.
  case view
  /// Inside the insets: T and V − B.
  case inset
  /// The top inset only: T and V (the display-link tutorials' geometry).
  case topInset = "top-inset"
  /// The view's first and last pixel lines, 0 and V − 1 (Qt's `QRect::bottom()`:
  /// `area.bottom() − pos.y() < margin` puts the bottom zone at `Y > V − 1 − zone`,
  /// qabstractitemview.cpp `shouldAutoScroll()`); lengths in `v` stay the view's height.
  case pixel
}

/// Which zone is tested first (§2.4).
public enum ZoneOrder: String, Sendable, Hashable, CaseIterable {
  /// The top zone, then the bottom one.
  case top
  /// The bottom zone, then the top one.
  case bottom
  /// Only the zone of the closer edge (react-beautiful-dnd).
  case closer
}

/// Whether the inner line of a zone belongs to it (§2.4).
public enum ZoneTest: String, Sendable, Hashable, CaseIterable {
  /// Strictly inside: `<` and `>`.
  case lessThan = "lt"
  /// Inside or on the line: `≤` and `≥`.
  case lessOrEqual = "le"
}

/// What the finger must have done for a zone to count (§2.4).
public enum ScrollGate: String, Sendable, Hashable, CaseIterable {
  /// Nothing.
  case none
  /// The finger's net movement since lift points at that edge (ItemTouchHelper).
  case net
  /// Some drag since lift moved the finger towards that edge (dnd-kit's scroll intent).
  case intent
  /// The finger is on screen, in `[0, V)`: Qt's view gets no `DragMove` with the pointer
  /// outside it, and `dragLeaveEvent()` stops the auto-scroll (qsimpledrag.cpp
  /// `QSimpleDrag::move()`, qabstractitemview.cpp `dragLeaveEvent()`). SortableJS's
  /// AutoScroll takes its scroller from `document.elementFromPoint` (Debian's Sortable.js
  /// 1.14 l. 2450): outside the list that is the page, and `autoScroll()` clears the
  /// list's interval (l. 2512–2514); this also hides its zone's outer limit
  /// (`Math.abs(bottom - y) <= sens`, l. 2547), which only a pointer past the edge meets.
  case inside
}

/// Whether a drag restarts a running timer (§2.1).
public enum TimerRestart: String, Sendable, Hashable, CaseIterable {
  /// Only a change of direction does.
  case direction = "dir"
  /// Every drag that finds a zone does (dnd-kit, Qt).
  case drag
}

/// How a timer's expiries are computed (§2.1).
public enum TimerExpiry: String, Sendable, Hashable, CaseIterable {
  /// At `start + k·period`.
  case exact
  /// Qt's `Qt::CoarseTimer` (what `QBasicTimer` uses): each expiry, in whole milliseconds,
  /// is the last one plus the period (or now plus the period, when that is later), moved by
  /// up to 5 % of the period towards a multiple of 500 ms (periods that are multiples of
  /// 500) or 50 ms (others), or to the whole second when that is within reach
  /// (qtimerinfo_unix.cpp `calculateNextTimeout()`, `calculateCoarseTimerTimeout()`).
  case coarse
}

/// What bounds the offset while a row is lifted.
///
/// jQuery UI's sortable moves the row itself as its helper: an absolutely placed element
/// inside the scrolled list (`appendTo: "parent"`, sortable.js l. 45), so the list's scroll
/// height is the rows' or the helper's bottom, whichever is lower down, and the browser
/// clamps `scrollTop` to it at every layout.
public enum ScrollRange: String, Sendable, Hashable, CaseIterable {
  /// The content: `[o_min, o_max]` of SPEC §1.2 throughout.
  case content
  /// The content and the snapshot as the last drag placed it (content y, not moved by
  /// the scroll after it): `o_max' = max(o_max, snapshot bottom + B − V)` while lifted.
  /// The lift itself lays the list out once without the row, before its placeholder has
  /// a height (sortable.js `_mouseStart`: l. 241 makes the helper absolute, l. 262
  /// creates the placeholder, whose `update()` reads its height, l. 966): the offset is
  /// clamped to `max(H_c − h_L, row bottom) + B − V` at lift. At the release the
  /// snapshot leaves the content and the offset is clamped to `o_max` again.
  case helper
}

/// What the lift does besides lifting.
public enum LiftScroll: String, Sendable, Hashable, CaseIterable {
  /// Nothing.
  case none
  /// With `grab press`, the lifting drag is preceded by a drag to the press point: jQuery
  /// UI's `_mouseStart` ends with `this._mouseDrag(event)` of the mousedown (sortable.js
  /// l. 352, called from mouse.js l. 180), so a press inside a zone scrolls (and the rule
  /// runs) once more at the lift, before the move that met `distance`.
  case drag
}

/// Where the rule finds the rows while a row is lifted.
///
/// jQuery UI's sortable tests the pointer against item positions it caches in page
/// coordinates (`_intersectsWithPointer`, sortable.js l. 682, called at l. 448, reads the
/// `item.top` that `_refreshItemPositions`, l. 854, stores from `offset()`): they are
/// measured at `_mouseStart` (`refreshPositions()`, l. 199), after a drag whose `_scroll`
/// found a zone (l. 426–429, also when `scrollTop` is already at its bound), and after
/// the placeholder moved (`_rearrange`'s delayed `refreshPositions`, l. 1460–1464). A
/// change of `scrollTop` in between is not seen: the lift's clamp (`range=helper`, which
/// follows that `refreshPositions`) and the clamp when the helper moves up.
public enum RowPositions: String, Sendable, Hashable, CaseIterable {
  /// Where they are: the rule reads the offset now.
  case live
  /// Where they were last measured, on the table: at the lift (before `range=helper`'s
  /// clamp), after each application of the law that found a zone (the bound may stop
  /// it), and after each move of the lifted row. The rule sees the finger and the
  /// snapshot at the offset of that measure: content y `− (o − o_measured)`.
  case cached
}

/// How the amount is rounded after the law (§2.6).
public enum AmountRounding: String, Sendable, Hashable, CaseIterable {
  /// Not at all.
  case none
  /// Upwards.
  case ceil
  /// Towards zero.
  case trunc

  /// `amount` rounded.
  func apply(_ amount: Double) -> Double {
    switch self {
    case .none: amount
    case .ceil: amount.rounded(.up)
    case .trunc: amount.rounded(.towardZero)
    }
  }
}

/// Time damping (§2.6): below `start` milliseconds after lift the amount is 1, above
/// `end` it is the law's, and in between it grows with the square of the time.
public struct Damping: Sendable, Hashable {
  /// Milliseconds after lift where the amount starts to grow.
  public var start: Double
  /// Milliseconds after lift where the law's amount is reached.
  public var end: Double

  /// A damping window, `0 ≤ start < end`.
  public init(start: Double, end: Double) {
    self.start = start
    self.end = end
  }

  /// The damped amount `milliseconds` after lift.
  func apply(_ amount: Double, milliseconds ms: Double) -> Double {
    if ms >= end - 1e-6 { return amount }
    if ms < start - 1e-6 { return 1 }
    let p = (ms - start) / (end - start)
    return Swift.max(1, (amount * (p * p)).rounded(.up))
  }

  var isWellFormed: Bool { start.isFinite && end.isFinite && start >= 0 && start < end }
}
