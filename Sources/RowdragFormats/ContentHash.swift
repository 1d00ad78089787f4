/// A 64-bit hash of a file's bytes, fed in pieces of any size: enough to tell a changed
/// file from the same one when its size and modification time cannot (not a defence
/// against an attacker). Eight bytes a step (a multiply and a rotate, each step a
/// bijection of the state, so two inputs that differ in one word never meet), so that
/// hashing a list costs little next to reading it.
public struct ContentHash: Sendable, Equatable {
  private var value: UInt64 = 0xcbf2_9ce4_8422_2325
  /// Bytes waiting for a whole word, little-endian, and how many.
  private var tail: UInt64 = 0
  private var tailCount = 0

  public init() {}

  /// The hash of `bytes`.
  public init(_ bytes: UnsafeRawBufferPointer) { add(bytes) }

  /// Adds `bytes` to what is hashed; the result does not depend on how the bytes were
  /// split into calls.
  /// - Complexity: O(n).
  public mutating func add(_ bytes: UnsafeRawBufferPointer) {
    let n = bytes.count
    var i = 0
    while tailCount > 0 && i < n {
      take(bytes[i])
      i += 1
    }
    var h = value
    while i + 8 <= n {
      h = Self.mix(h, bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
      i += 8
    }
    value = h
    while i < n {
      take(bytes[i])
      i += 1
    }
  }

  private mutating func take(_ byte: UInt8) {
    tail |= UInt64(byte) << (8 * UInt64(tailCount))
    tailCount += 1
    if tailCount == 8 {
      value = Self.mix(value, tail)
      (tail, tailCount) = (0, 0)
    }
  }

  private static func mix(_ h: UInt64, _ word: UInt64) -> UInt64 {
    let m = (h ^ word) &* 0x9e37_79b9_7f4a_7c15
    return (m << 29) | (m >> 35)
  }
}
