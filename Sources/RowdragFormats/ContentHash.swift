/// FNV-1a, 64 bits, over a file's bytes: enough to tell a changed file from the same
/// one when its size and modification time cannot (not a defence against an attacker).
public struct ContentHash: Sendable, Equatable {
  public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  public init() {}

  /// The hash of `bytes`.
  public init(_ bytes: UnsafeRawBufferPointer) { add(bytes) }

  /// Adds `bytes` to what is hashed.
  /// - Complexity: O(n).
  public mutating func add(_ bytes: UnsafeRawBufferPointer) {
    var h = value
    for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
    value = h
  }
}
