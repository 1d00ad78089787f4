import RowdragEngine

/// The `autoscroll +900/s` field of `show` and the live view's status line: the signed
/// amount the next application would use, with its clock's unit, and only when it
/// would move the list (not when pressed against a bound).
enum AutoScrollLabel {
  static func text(_ engine: Engine, number: (Double) -> String) -> String? {
    let amount = engine.autoscrollAmount
    let o = engine.offset
    let bounds = engine.offsetRange
    guard (amount < 0 && o > bounds.lowerBound) || (amount > 0 && o < bounds.upperBound) else {
      return nil
    }
    let unit =
      switch engine.settings.autoscroll.keys.clock {
      case .frame: "/s"
      case .step: "/frame"
      case .timer(_, let text): "/\(text)ms"
      case .move: "/drag"
      }
    return "autoscroll \(amount > 0 ? "+" : "")\(number(amount))\(unit)"
  }
}
