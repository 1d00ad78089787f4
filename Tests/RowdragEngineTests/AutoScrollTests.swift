import Testing

@testable import RowdragEngine

@Suite("auto-scroll profiles")
struct AutoScrollTests {
  /// 100 rows of 44 points: content 4400, viewport 600, offset range 0…3800.
  func liftedAt(offset: Double, fingerY: Double, _ configure: (inout Settings) -> Void) throws
    -> Engine
  {
    var engine = plainEngine(100, configure: configure)
    try engine.scroll(to: offset)
    try engine.press(screenY: fingerY)
    return engine
  }

  @Test("linear zone=100 max=1200, center 50 pt from the top, 60 fps: 10 pt up a frame")
  func linearTopZone() throws {
    var engine = try liftedAt(offset: 2000, fingerY: 50) {
      $0.grab = .center
      $0.autoscroll = .linear(zone: 100, max: 1200)
    }
    #expect(engine.lift?.center == 2050)
    try engine.tick(1)
    #expect(engine.offset == 1990)
    #expect(engine.lift?.center == 2040)
    try engine.tick(1)
    #expect(engine.offset == 1980)
  }

  @Test("linear bottom zone is proportional and capped at max")
  func linearBottomZone() throws {
    var engine = try liftedAt(offset: 1000, fingerY: 575) { $0.grab = .center }
    // S = 575 > 500: v = 1200 · 75/100 = 900 pt/s = 15 pt a frame.
    try engine.tick(1)
    #expect(engine.offset == 1015)
    try engine.drag(toScreenY: 900)  // far below: capped at max, 20 pt a frame
    let before = engine.offset
    try engine.tick(1)
    #expect(engine.offset == before + 20)
  }

  @Test("linear: outside both zones there is no scroll; the zone test is strict")
  func linearMiddle() throws {
    var engine = try liftedAt(offset: 1000, fingerY: 100) { $0.grab = .center }
    try engine.tick(5)
    #expect(engine.offset == 1000)
  }

  @Test("seed 003 parameters: zone 150, max 1200")
  func seed003() throws {
    var engine = try liftedAt(offset: 1000, fingerY: 75) {
      $0.grab = .center
      $0.autoscroll = .linear(zone: 150, max: 1200)
    }
    // S = 75: v = −1200 · 75/150 = −600 → −10 a frame.
    try engine.tick(1)
    #expect(engine.offset == 990)
  }

  @Test("fixed (seed 000): constant speed while the snapshot pokes out, top first")
  func fixedRule() throws {
    var engine = try liftedAt(offset: 1000, fingerY: 30) {
      $0.grab = .center
      $0.autoscroll = .fixed(speed: 240)
    }
    // Snapshot 44 high centred at screen 30: its top is at 8, inside: no scroll.
    try engine.tick(1)
    #expect(engine.offset == 1000)
    try engine.drag(toScreenY: 20)  // top at −2 < 0: 240 pt/s up = 4 pt a frame
    try engine.tick(1)
    #expect(engine.offset == 996)
    try engine.drag(toScreenY: 590)  // bottom at 612 > 600: down
    try engine.tick(1)
    #expect(engine.offset == 1000)
  }

  @Test("rate (seed 004): z = (V − T)/divisor, proportional, bottom tested first")
  func rateRule() throws {
    var engine = try liftedAt(offset: 1000, fingerY: 550) {
      $0.autoscroll = .rate(divisor: 6, scale: 600)
    }
    // z = 100; F = 550 ≥ 500: v = 600 · 50/100 = 300 pt/s = 5 pt a frame.
    try engine.tick(1)
    #expect(engine.offset == 1005)
    try engine.drag(toScreenY: 40)  // F ≤ 100: v = 600 · (40 − 100)/100 = −360 = −6 a frame
    try engine.tick(1)
    #expect(engine.offset == 999)
    try engine.drag(toScreenY: 100)  // F == T + z: non-strict, v = 0
    try engine.tick(1)
    #expect(engine.offset == 999)
  }

  @Test("rate looks at the top inset; the offset range starts at −T")
  func rateWithInset() throws {
    var engine = plainEngine(100) { $0.autoscroll = .rate(divisor: 6, scale: 600) }
    try engine.setInsets(top: 60, bottom: 0)
    #expect(engine.offsetRange.lowerBound == -60)
    try engine.scroll(to: 1000)
    try engine.press(screenY: 200)
    // z = (600 − 60)/6 = 90; F = 200 is outside [T+z, V−z] = [150, 510]: no scroll.
    try engine.tick(1)
    #expect(engine.offset == 1000)
    try engine.drag(toScreenY: 105)  // v = 600 · (105 − 150)/90 = −300 → −5 a frame
    try engine.tick(1)
    #expect(engine.offset == 995)
  }

  @Test("velocity is per second: 120 fps scrolls half as far a frame")
  func frameRateIndependence() throws {
    var engine = try liftedAt(offset: 2000, fingerY: 50) {
      $0.grab = .center
      $0.fps = 120
    }
    try engine.tick(1)
    #expect(engine.offset == 1995)
  }

  @Test("clamping at both ends")
  func clamping() throws {
    var top = try liftedAt(offset: 0, fingerY: 10) { $0.grab = .center }
    try top.tick(10)
    #expect(top.offset == 0)
    var bottom = try liftedAt(offset: 3795, fingerY: 590) { $0.grab = .center }
    try bottom.tick(3)
    #expect(bottom.offset == 3800)
    #expect(bottom.brokenInvariant() == nil)
  }

  @Test("off never scrolls")
  func off() throws {
    var engine = try liftedAt(offset: 1000, fingerY: 1) { $0.autoscroll = .off }
    try engine.tick(100)
    #expect(engine.offset == 1000)
  }
}
