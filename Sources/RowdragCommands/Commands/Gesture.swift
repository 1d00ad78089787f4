import RowdragEngine
import RowdragFormats

/// The gesture's commands: the long press, the finger's drags, the display's frames and
/// the drop (or its cancel).
public enum GestureCommand: Sendable, Equatable {
  case press(Address)
  case pressAt(y: Double)
  /// `press x=X y=Y` (board mode).
  case pressAtPoint(x: Double, y: Double)
  /// `press A,B`: lifts the range as one block.
  case pressRange(AddressRange)
  /// `press A,B y=Y` (the board: `press A,B x=X y=Y`): lifts the range with the finger
  /// at that screen point, on one of its rows.
  case pressRangeAt(AddressRange, x: Double?, y: Double)
  /// `drag x=X [y=Y]` (board mode).
  case dragToPoint(x: Double, y: Double?)
  /// `drag ±DX ±DY` (board mode).
  case dragByPair(Double, Double)
  case dragTo(y: Double)
  case dragBy(Double)
  case dragToRow(Address)
  case tick(Int)
  case wait(Double)
  case release
  case cancel
}

extension GestureCommand {
  static let pressRow = CommandSpec(
    "press", replays: true, "ADDR | A,B [x=X] y=Y | y=Y | x=X y=Y",
    "start a long press on a row or a range A,B (scrolls it into view first)",
    completes: .rowLabels
  ) { (args) throws(CommandError) in
    try args.arity(1...3)
    // `press A,B y=Y`: the range held where the pointer is (the live view's press).
    if let range = try args.range(args[0]), args.count > 1 {
      guard let point = try args.point(from: 1), let y = point.y else {
        throw args.fail("press A,B takes y=Y (and x=X on a board): press A,B y=Y")
      }
      return .gesture(.pressRangeAt(range, x: point.x, y: y))
    }
    if let point = try args.point() {
      guard let y = point.y else { throw args.fail("press x=X needs y=Y too: press x=X y=Y") }
      try args.arity(1...2)
      return .gesture(point.x.map { .pressAtPoint(x: $0, y: y) } ?? .pressAt(y: y))
    }
    try args.arity(1...1)
    if let range = try args.range(args[0]) { return .gesture(.pressRange(range)) }
    return .gesture(.press(try args.address(args[0])))
  }

  static let dragRow = CommandSpec(
    "drag", replays: true, "y=Y | x=X [y=Y] | ±D | ±DX ±DY | ADDR",
    "move the finger to a screen point, by D points, or to a row's center",
    completes: .rowLabels
  ) { (args) throws(CommandError) in
    try args.arity(1...2)
    if let point = try args.point() {
      if let x = point.x { return .gesture(.dragToPoint(x: x, y: point.y)) }
      if let y = point.y { return .gesture(.dragTo(y: y)) }
    }
    if args.count == 2 {
      guard let dx = try args.relative(args[0]), let dy = try args.relative(args[1]) else {
        throw args.fail(
          "'\(args[0].text) \(args[1].text)' mixes forms; use x=X y=Y or two signed numbers like +30 -10"
        )
      }
      return .gesture(.dragByPair(dx, dy))
    }
    if let d = try args.relative(args[0]) { return .gesture(.dragBy(d)) }
    return .gesture(.dragToRow(try args.address(args[0])))
  }

  static let tickRow = CommandSpec(
    "tick", replays: true, "[N]", "advance N display frames (default 1)"
  ) {
    (args) throws(CommandError) in
    try args.arity(0...1)
    guard args.count == 1 else { return .gesture(.tick(1)) }
    guard case .word(let w) = args[0], let n = NumberText.parseWhole(w), n <= 2_147_483_647
    else {
      throw args.fail(
        "'\(args[0].text)' is not a frame count; use a whole number from 0 to 2147483647")
    }
    return .gesture(.tick(n))
  }

  static let waitRow = CommandSpec(
    "wait", replays: true, "SECONDS", "advance ceil(SECONDS * fps) frames"
  ) {
    (args) throws(CommandError) in
    try args.arity(1...1)
    guard case .word(let w) = args[0], let s = NumberText.parse(w), s.isFinite, s >= 0 else {
      throw args.fail("'\(args[0].text)' is not a duration; use a number of seconds >= 0")
    }
    return .gesture(.wait(s))
  }

  static let releaseRow = CommandSpec(
    "release", aliases: ["drop"], replays: true, "drop the lifted row in its current slot",
    .gesture(.release))

  static let cancelRow = CommandSpec(
    "cancel", replays: true, "put the lifted row back where it was", .gesture(.cancel))
}

extension GestureCommand {
  func run(in context: CommandContext) throws -> Session.Outcome {
    let session = context.session
    let stop = context.effects.isInterrupted
    switch self {
    case .press(let a):
      try session.engine.press(position: try session.resolve(a, isInterrupted: stop))
    case .pressAt(let y): try session.engine.press(screenY: y)
    case .pressAtPoint(let x, let y): try session.engine.press(screenX: x, screenY: y)
    case .pressRange(let range):
      let (position, count) = try session.resolve(range, isInterrupted: stop)
      try session.engine.press(position: position, count: count)
    case .pressRangeAt(let range, let x, let y):
      let (position, count) = try session.resolve(range, isInterrupted: stop)
      try session.engine.press(position: position, count: count, screenX: x, screenY: y)
    case .dragToPoint(let x, let y): try session.engine.drag(toScreenX: x, y: y)
    case .dragByPair(let dx, let dy): try session.engine.drag(byX: dx, y: dy)
    case .dragTo(let y): try session.engine.drag(toScreenY: y)
    case .dragBy(let d): try session.engine.drag(by: d)
    case .dragToRow(let a):
      guard session.engine.finger != nil else { throw EngineError.noGesture }
      try session.engine.drag(toRow: try session.resolve(a, isInterrupted: stop))
    case .tick(let n):
      try session.advance(context) { (e, stop, observe) throws(EngineError) in
        switch observe {
        case .everyFrame(let observe): try e.tick(n, isInterrupted: stop, observe: observe)
        case .skips(let report): try e.tickReportingSkips(n, isInterrupted: stop, report: report)
        case nil: try e.tick(n, isInterrupted: stop)
        }
      }
    case .wait(let s):
      try session.advance(context) { (e, stop, observe) throws(EngineError) in
        switch observe {
        case .everyFrame(let observe): try e.wait(s, isInterrupted: stop, observe: observe)
        case .skips(let report): try e.waitReportingSkips(s, isInterrupted: stop, report: report)
        case nil: try e.wait(s, isInterrupted: stop)
        }
      }
    case .release:
      let edits = session.engine.undoCount
      try session.withDropHook(context.effects.dropHook) { try $0.engine.release() }
      if session.engine.undoCount > edits { session.notifyMove(context.effects.notify) }
    case .cancel: try session.engine.cancel()
    }
    return .proceed
  }
}

/// How a `tick` or `wait` is watched: every frame (the trace), or the frames it runs
/// and the runs it skips (a comparison's recorder alone).
private enum FrameWatch {
  case everyFrame((FrameReport) -> Void)
  case skips((TickEvent) -> Void)
}

extension Session {
  /// Runs a `tick` or `wait`, with each frame reported to the trace when it is on, and
  /// to the frame sink (a comparison's recorder); with the sink alone the engine skips
  /// the frames `tick` skips and reports the runs; with neither it skips them unwatched.
  /// A failed trace write stops the frames, fails the command and turns the trace off,
  /// so the failure is reported once (not again when the trace is closed at the end).
  fileprivate func advance(
    _ context: CommandContext,
    _ run: (inout Engine, () -> Bool, FrameWatch?) throws(EngineError) -> Void
  ) throws {
    // No command changes the rate within a tick or wait.
    let fps = engine.settings.fps
    let sink = context.effects.frames
    let isInterrupted = context.effects.isInterrupted
    let out = context.out
    guard let traceSink = context.effects.trace, let trace = traceSink.writer else {
      guard let sink else {
        try run(&engine, isInterrupted, nil)
        return
      }
      if sink.needsEveryFrame {
        try withoutActuallyEscaping({ sink.observe(.frame($0), fps) }) { watch in
          try run(&engine, isInterrupted, .everyFrame(watch))
        }
        return
      }
      try withoutActuallyEscaping({ sink.observe($0, fps) }) { report in
        try run(&engine, isInterrupted, .skips(report))
      }
      return
    }
    var failure: (any Error)?
    let watch = { (report: FrameReport) in
      sink?.observe(.frame(report), fps)
      guard failure == nil else { return }
      do { try trace.write(report, out: out) } catch { failure = error }
    }
    do {
      try withoutActuallyEscaping(watch) { watch in
        try run(&engine, { failure != nil || isInterrupted() }, .everyFrame(watch))
      }
    } catch {
      if let failure { throw stopTrace(traceSink, after: failure) }
      throw error
    }
    if let failure { throw stopTrace(traceSink, after: failure) }
  }

  /// Turns the trace off after a failed write, without a second report of it.
  private func stopTrace(_ sink: TraceSink, after failure: any Error) -> any Error {
    try? sink.close()
    return failure
  }
}
