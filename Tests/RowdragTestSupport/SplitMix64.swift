/// A small seeded generator (SplitMix64), so randomized tests replay the same lists
/// and commands on every run and machine. Shared by the test targets.
public struct SplitMix64: RandomNumberGenerator {
  /// The generator's whole state.
  public var state: UInt64

  /// A generator that replays the same sequence for the same seed.
  public init(seed: UInt64) { state = seed }

  /// A number in `0..<bound` (`bound` > 0).
  public mutating func next(_ bound: Int) -> Int { Int(next(upperBound: UInt64(bound))) }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
