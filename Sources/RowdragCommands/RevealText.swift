import RowdragEngine

/// `set reveal off|SECONDS [coarse]` and `get reveal` (`PressReveal`).
enum RevealText {
  /// Reads the words of `set reveal`.
  static func parse(_ values: [String]) throws -> PressReveal {
    let usage = "reveal takes off, or SECONDS (0 to 86400) and maybe coarse"
    guard let first = values.first, values.count <= 2 else {
      throw CommandError(command: "", message: usage)
    }
    if first == "off" {
      guard values.count == 1 else { throw CommandError(command: "", message: usage) }
      return .off
    }
    guard let delay = NumberText.parse(first), delay.isFinite, delay >= 0,
      delay <= PressReveal.longest
    else {
      throw CommandError(command: "", message: "\(usage), not '\(first)'")
    }
    if values.count == 2 && values[1] != "coarse" {
      throw CommandError(command: "", message: "\(usage), not '\(values[1])'")
    }
    return PressReveal(delay: delay, coarse: values.count == 2)
  }

  /// `get reveal`: `off`, or the delay and `coarse` when the timer is.
  static func format(_ reveal: PressReveal) -> String {
    guard reveal.delay > 0 else { return "off" }
    return NumberText.short(reveal.delay) + (reveal.coarse ? " coarse" : "")
  }
}
