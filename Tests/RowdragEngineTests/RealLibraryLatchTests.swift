import Testing

@testable import RowdragEngine

/// `latch`, the auto-scroll key that reproduces SortableJS's 30 ms throttle of
/// `autoScroll()` and its pointer-element interval, which keeps the event of the move that
/// started the scroll (issue 24): computed by hand at 60 fps (frame k ends at k·16.667 ms)
/// on 44-point rows in a 600-point viewport (o_max 720), `fixed speed=10 clock=timer:24
/// sample=move point=finger zone=30 test=le`: the bottom zone is Y ≥ 570, the top Y ≤ 30.
@Suite("real library latch")
struct RealLibraryLatchTests {
  /// The engine, `latch` ms (and `rearm` ms), the row at 300 lifted by the press, after
  /// `scroll` points.
  func engine(latch: Double?, rearm: Double? = nil, scroll: Double = 0) throws -> Engine {
    var profile = AutoScrollProfile.fixed(speed: 10)
    profile.keys.clock = .timer(period: 24, text: "24")
    profile.keys.sample = .move
    profile.keys.point = .finger
    profile.keys.zone = .points(30)
    profile.keys.test = .lessOrEqual
    profile.keys.latch = latch
    profile.keys.rearm = rearm
    var e = plainEngine(30) { $0.autoscroll = profile }
    try e.scroll(to: scroll)
    try e.press(screenY: 300)
    #expect(e.lift != nil)
    return e
  }

  @Test("latch=30: a drag that starts a scroll latches it; later drags do not steer it")
  func latched() throws {
    // Started at 0: firings at 24 (frame 2), 48 (3), 72 (5), 96 (6).
    var e = try engine(latch: 30)
    try e.drag(toScreenY: 590)
    #expect(try offsets(&e, frames: 3) == [0, 10, 20])
    try e.drag(toScreenY: 10)  // the top zone, at 50 ms: ignored
    #expect(try offsets(&e, frames: 3) == [20, 30, 40])
    try e.drag(toScreenY: 300)  // out of both zones, at 100 ms: ignored too; 120 (frame 8)
    #expect(try offsets(&e, frames: 2) == [40, 50])
    #expect(e.brokenInvariant() == nil)
    // Without the latch the drag at 50 ms turns the timer up: firings at 74 (frame 5),
    // 98 (6).
    var free = try engine(latch: nil)
    try free.drag(toScreenY: 590)
    #expect(try offsets(&free, frames: 3) == [0, 10, 20])
    try free.drag(toScreenY: 10)
    #expect(try offsets(&free, frames: 3) == [20, 10, 0])
  }

  @Test("latch=30: a drag within 30 ms of the last drag that decided does not decide")
  func throttled() throws {
    var e = try engine(latch: 30)
    try e.drag(toScreenY: 300)  // decides at 0: no zone
    try e.drag(toScreenY: 590)  // 0 ms later: ignored
    try e.tick(1)
    try e.drag(toScreenY: 591)  // 16.7 ms: ignored
    #expect(try offsets(&e, frames: 1) == [0])
    try e.drag(toScreenY: 590)  // 33.3 ms: decides; firings at 57.3 (frame 4), 81.3 (5)
    #expect(try offsets(&e, frames: 3) == [0, 10, 20])
    // Without the latch the second drag starts the timer at 0: 24 (frame 2), 48 (3), 72 (5).
    var free = try engine(latch: nil)
    try free.drag(toScreenY: 300)
    try free.drag(toScreenY: 590)
    #expect(try offsets(&free, frames: 5) == [0, 10, 20, 20, 30])
  }

  @Test("latch=30: no latch where the offset cannot move, nor with the finger off screen")
  func notLatched() throws {
    // At offset 0 the top zone cannot scroll: the next decision steers again.
    var top = try engine(latch: 30)
    try top.drag(toScreenY: 10)
    #expect(try offsets(&top, frames: 2) == [0, 0])
    try top.drag(toScreenY: 590)  // 33.3 ms: firings at 57.3 (frame 4), 81.3 (5)
    #expect(try offsets(&top, frames: 3) == [0, 10, 20])
    // Past the bottom edge the finger is off screen: it scrolls, but does not latch.
    var off = try engine(latch: 30)
    try off.drag(toScreenY: 620)
    #expect(try offsets(&off, frames: 2) == [0, 10])
    try off.drag(toScreenY: 300)  // 33.3 ms: no zone, the timer stops
    #expect(try offsets(&off, frames: 2) == [10, 10])
    #expect(off.brokenInvariant() == nil)
  }

  @Test("latch: set autoscroll mid-gesture lets the next drag decide")
  func reset() throws {
    var e = try engine(latch: 30)
    try e.drag(toScreenY: 590)
    try e.tick(3)
    var profile = e.settings.autoscroll
    profile.keys.latch = 30
    try e.setAutoscroll(profile)
    try e.drag(toScreenY: 10)  // decides: the top zone, timer from 50 ms
    #expect(try offsets(&e, frames: 3) == [20, 10, 0])
  }

  @Test("latch=30: a drag before the pointer interval's first call steers the scroll")
  func steered() throws {
    // Started at 0; the drag at 16.7 ms gives the 10 ms interval its finger; its first
    // call the throttle lets through is at 36.7 ms: off screen (with `gate=inside`) there
    // is no zone, so the firing at 24 (frame 2) is the last.
    var off = try engine(latch: 30)
    off.settings.autoscroll.keys.gate = .inside
    try off.drag(toScreenY: 590)
    #expect(try offsets(&off, frames: 1) == [0])
    try off.drag(toScreenY: -95)
    #expect(try offsets(&off, frames: 6) == [10, 10, 10, 10, 10, 10])
    #expect(off.lift?.scroll.timer == nil)
    // Into the top zone: the timer turns up at 36.7: firings at 60.7 (frame 4), 84.7 (6).
    var up = try engine(latch: 30, scroll: 100)
    try up.drag(toScreenY: 590)
    try up.tick(1)
    try up.drag(toScreenY: 10)
    #expect(try offsets(&up, frames: 5) == [110, 110, 100, 100, 90])
    // The same drag a frame later (33.3 ms) comes after that call: the scroll stays.
    var late = try engine(latch: 30, scroll: 100)
    try late.drag(toScreenY: 590)
    try late.tick(2)
    try late.drag(toScreenY: 10)
    #expect(try offsets(&late, frames: 4) == [120, 120, 130, 140])
    #expect(up.brokenInvariant() == nil && late.brokenInvariant() == nil)
  }

  @Test("latch=30 rearm=30: the restart at 30 ms keeps the scroll steerable until 60 ms")
  func steeredAfterRearm() throws {
    // Started at 0, restarted at 30: firings at 24 (frame 2), 54 (4), 78 (5), 102 (7).
    var kept = try engine(latch: 30, rearm: 30)
    try kept.drag(toScreenY: 590)
    #expect(try offsets(&kept, frames: 7) == [0, 10, 10, 20, 30, 30, 40])
    // A drag out of the zones at 50 ms: the interval's call at 60 stops the scroll.
    var stopped = try engine(latch: 30, rearm: 30)
    try stopped.drag(toScreenY: 590)
    try stopped.tick(3)
    try stopped.drag(toScreenY: 300)
    #expect(try offsets(&stopped, frames: 4) == [20, 20, 20, 20])
    // At 66.7 ms that call has been: the drag does nothing.
    var late = try engine(latch: 30, rearm: 30)
    try late.drag(toScreenY: 590)
    try late.tick(4)
    try late.drag(toScreenY: 300)
    #expect(try offsets(&late, frames: 3) == [30, 30, 40])
    // A drag at 16.7 ms in the same zone replaces the interval that would restart the
    // timer at 30: its call at 36.7 restarts it instead: firings at 24, 60.7 (frame 4),
    // 84.7 (6).
    var moved = try engine(latch: 30, rearm: 30)
    try moved.drag(toScreenY: 590)
    try moved.tick(1)
    try moved.drag(toScreenY: 591)
    #expect(try offsets(&moved, frames: 5) == [10, 10, 20, 20, 30])
  }

  @Test("latch: one long tick ends where single frames do while a steer is waiting")
  func longTick() throws {
    for frames in [1, 2, 3, 10] {
      func steered() throws -> Engine {
        var e = try engine(latch: 30, rearm: 30)
        e.settings.autoscroll.keys.gate = .inside
        try e.drag(toScreenY: 590)
        try e.tick(1)
        try e.drag(toScreenY: -95)
        return e
      }
      var one = try steered()
      try one.tick(frames)
      var single = try steered()
      for _ in 0..<frames { try single.tick(1) }
      #expect(one.offset == single.offset, "\(frames)")
      #expect(one.lift == single.lift, "\(frames)")
    }
  }
}
