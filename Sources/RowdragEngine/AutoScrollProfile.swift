/// Edge auto-scroll profiles (SPEC §4). Velocities are in points per second, positive
/// scrolling down (content moving up), so speed does not depend on the frame rate.
public enum AutoScrollProfile: Sendable, Equatable {
  /// Speed grows linearly across an edge zone up to `max` (seed 003: zone 150).
  case linear(zone: Double, max: Double)
  /// Constant speed while the snapshot pokes out of the viewport (seed 000).
  case fixed(speed: Double)
  /// Seed 004: a zone of `(V − T) / divisor` at each edge, speed proportional to how
  /// deep the finger is in it, unclamped.
  case rate(divisor: Double, scale: Double)
  /// No auto-scroll.
  case off

  public static let defaultLinear = AutoScrollProfile.linear(zone: 100, max: 1200)
  public static let defaultFixed = AutoScrollProfile.fixed(speed: 240)
  public static let defaultRate = AutoScrollProfile.rate(divisor: 6, scale: 600)

  /// The profile names, in the order `help` and completion list them.
  public static let names = ["linear", "fixed", "rate", "off"]

  /// The profile's name as `set autoscroll` takes it.
  public var name: String {
    switch self {
    case .linear: "linear"
    case .fixed: "fixed"
    case .rate: "rate"
    case .off: "off"
    }
  }

  /// The parameters in the order `get autoscroll` prints them.
  public var parameters: [(key: String, value: Double)] {
    switch self {
    case .linear(let zone, let max): [("zone", zone), ("max", max)]
    case .fixed(let speed): [("speed", speed)]
    case .rate(let divisor, let scale): [("divisor", divisor), ("scale", scale)]
    case .off: []
    }
  }

  /// Parameter names and defaults of the named profile, or nil for an unknown name.
  public static func defaults(for name: String) -> [(key: String, value: Double)]? {
    switch name {
    case "linear": defaultLinear.parameters
    case "fixed": defaultFixed.parameters
    case "rate": defaultRate.parameters
    case "off": []
    default: nil
    }
  }

  /// Builds a profile from a name and a full set of parameters, checking ranges
  /// (SPEC §9.13).
  public static func make(name: String, values: [String: Double]) throws(EngineError)
    -> AutoScrollProfile
  {
    func value(_ key: String, _ valid: (Double) -> Bool, _ rule: String) throws(EngineError)
      -> Double
    {
      let v = values[key] ?? 0
      guard v.isFinite, valid(v) else {
        throw .invalidSetting(key: "autoscroll", message: "\(key) must be \(rule)")
      }
      return v
    }
    switch name {
    case "linear":
      return .linear(
        zone: try value("zone", { $0 > 0 }, "> 0"), max: try value("max", { $0 >= 0 }, ">= 0"))
    case "fixed":
      return .fixed(speed: try value("speed", { $0 >= 0 }, ">= 0"))
    case "rate":
      return .rate(
        divisor: try value("divisor", { $0 > 0 }, "> 0"),
        scale: try value("scale", { $0 >= 0 }, ">= 0"))
    case "off":
      return .off
    default:
      throw .invalidSetting(key: "autoscroll", message: "unknown profile '\(name)'")
    }
  }

  /// The velocity for one frame.
  ///
  /// - Parameters:
  ///   - c: the snapshot center, content y.
  ///   - o: the scroll offset.
  ///   - f: the finger on screen, `F = Y`.
  ///   - h: the snapshot height `h_L`.
  ///   - v: the viewport height `V`.
  ///   - t: the top inset `T` (only `rate` looks at it).
  /// - Returns: points per second, positive scrolling down.
  public func velocity(
    center c: Double, offset o: Double, finger f: Double, snapshotHeight h: Double,
    viewport v: Double,
    insetTop t: Double
  ) -> Double {
    switch self {
    case .linear(let zone, let max):
      let s = c - o
      if s < zone { return -max * Swift.min(1, (zone - s) / zone) }
      if s > v - zone { return max * Swift.min(1, (s - (v - zone)) / zone) }
      return 0
    case .fixed(let speed):
      if c - h / 2 < o { return -speed }
      if c + h / 2 > o + v { return speed }
      return 0
    case .rate(let divisor, let scale):
      let z = (v - t) / divisor
      guard z > 0 else { return 0 }
      if f >= v - z { return scale * (f - (v - z)) / z }
      if f <= t + z { return scale * (f - (t + z)) / z }
      return 0
    case .off:
      return 0
    }
  }
}
