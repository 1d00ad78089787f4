/// The gesture's commands: the long press, the finger's drags, the display's frames and
/// the drop (or its cancel).
public enum GestureCommand {}

extension GestureCommand {
  static let pressRow = CommandSpec(
    "press", replays: true, "ADDR | y=Y | x=X y=Y",
    "start a long press on a row or a range A,B (scrolls it into view first)",
    completes: .rowLabels
  ) { (args) throws(CommandError) in
    try args.arity(1...2)
    if let point = try args.point() {
      guard let y = point.y else { throw args.fail("press x=X needs y=Y too: press x=X y=Y") }
      return point.x.map { .pressAtPoint(x: $0, y: y) } ?? .pressAt(y: y)
    }
    try args.arity(1...1)
    if let range = try args.range(args[0]) { return .pressRange(range) }
    return .press(try args.address(args[0]))
  }

  static let dragRow = CommandSpec(
    "drag", replays: true, "y=Y | x=X [y=Y] | ±D | ±DX ±DY | ADDR",
    "move the finger to a screen point, by D points, or to a row's center",
    completes: .rowLabels
  ) { (args) throws(CommandError) in
    try args.arity(1...2)
    if let point = try args.point() {
      if let x = point.x { return .dragToPoint(x: x, y: point.y) }
      if let y = point.y { return .dragTo(y: y) }
    }
    if args.count == 2 {
      guard let dx = try args.relative(args[0]), let dy = try args.relative(args[1]) else {
        throw args.fail(
          "'\(args[0].text) \(args[1].text)' mixes forms; use x=X y=Y or two signed numbers like +30 -10"
        )
      }
      return .dragByPair(dx, dy)
    }
    if let d = try args.relative(args[0]) { return .dragBy(d) }
    return .dragToRow(try args.address(args[0]))
  }

  static let tickRow = CommandSpec(
    "tick", replays: true, "[N]", "advance N display frames (default 1)"
  ) {
    (args) throws(CommandError) in
    try args.arity(0...1)
    guard args.count == 1 else { return .tick(1) }
    guard case .word(let w) = args[0], let n = NumberText.parseWhole(w), n <= 2_147_483_647
    else {
      throw args.fail(
        "'\(args[0].text)' is not a frame count; use a whole number from 0 to 2147483647")
    }
    return .tick(n)
  }

  static let waitRow = CommandSpec(
    "wait", replays: true, "SECONDS", "advance ceil(SECONDS * fps) frames"
  ) {
    (args) throws(CommandError) in
    try args.arity(1...1)
    guard case .word(let w) = args[0], let s = NumberText.parse(w), s.isFinite, s >= 0 else {
      throw args.fail("'\(args[0].text)' is not a duration; use a number of seconds >= 0")
    }
    return .wait(s)
  }

  static let releaseRow = CommandSpec(
    "release", aliases: ["drop"], replays: true, "drop the lifted row in its current slot",
    .release)

  static let cancelRow = CommandSpec(
    "cancel", replays: true, "put the lifted row back where it was", .cancel)
}
