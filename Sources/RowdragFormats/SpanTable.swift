/// The blocks of a list's rows, eight bytes a span (two 32-bit offsets) while the
/// input is under 4 GiB and sixteen above.
///
/// Ten million rows then touch 80 MB instead of 160 MB: on a virtual machine fresh
/// memory costs more to fault in and clear than scanning the file costs, so the bytes
/// a row takes are a large part of the load time, and of the peak memory.
public struct SpanTable: RandomAccessCollection, Sendable {
  /// `start << 32 | end`, for inputs under 4 GiB.
  private var narrow: [UInt64] = []
  /// The spans as they are, for larger inputs.
  private var wide: [Span] = []
  /// Narrow spans that follow `narrow`'s: another table's array, taken whole when it
  /// is appended (the second half of a file read on two threads) rather than copied,
  /// which for ten million rows cost 40 MB of fresh memory and a pass over it on the
  /// thread everything waits for.
  private var tail: [UInt64] = []
  private let isWide: Bool

  /// An empty table for spans of an input of `inputSize` bytes.
  init(inputSize: Int) { isWide = inputSize > Int(UInt32.max) }

  /// The spans of `spans`, of an input of `inputSize` bytes.
  init(_ spans: some Sequence<Span>, inputSize: Int) {
    self.init(inputSize: inputSize)
    for span in spans { append(span) }
  }

  /// Reserves room for `count` spans as address space with huge pages (`reserveLarge`).
  mutating func reserveLarge(_ count: Int) {
    if isWide { wide.reserveLarge(count) } else { narrow.reserveLarge(count) }
  }

  @inline(__always)
  mutating func append(_ span: Span) {
    if isWide {
      wide.append(span)
    } else {
      let packed =
        UInt64(truncatingIfNeeded: span.start) << 32 | UInt64(truncatingIfNeeded: span.end)
      if tail.isEmpty { narrow.append(packed) } else { tail.append(packed) }
    }
  }

  /// Appends every span of `other` (spans of the same input): a narrow table's array
  /// becomes this one's tail without a copy when this has none yet.
  mutating func append(contentsOf other: SpanTable) {
    if isWide || other.isWide {
      for span in other { append(span) }
    } else if tail.isEmpty && other.tail.isEmpty {
      tail = other.narrow
    } else {
      for packed in [other.narrow, other.tail] where !packed.isEmpty {
        if tail.isEmpty {
          narrow.append(contentsOf: packed)
        } else {
          tail.append(contentsOf: packed)
        }
      }
    }
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { isWide ? wide.count : narrow.count + tail.count }

  @inline(__always)
  public subscript(_ i: Int) -> Span {
    if isWide { return wide[i] }
    let packed = i < narrow.count ? narrow[i] : tail[i - narrow.count]
    return Span(start: Int(packed >> 32), end: Int(packed & 0xFFFF_FFFF))
  }

  /// The last index `t` in `from..<limit` such that every span from `from` through `t`
  /// starts where the one before it ends: how far one write can reach.
  @inline(__always)
  func contiguousEnd(from: Int, limit: Int) -> Int {
    var t = from
    if isWide {
      while t + 1 < limit && wide[t].end == wide[t + 1].start { t += 1 }
      return t
    }
    let h = narrow.count
    narrow.withUnsafeBufferPointer { head in
      tail.withUnsafeBufferPointer { rest in
        // Within the head; across into the tail; on within the tail.
        let headLimit = Swift.min(limit, h)
        while t + 1 < headLimit && head[t] & 0xFFFF_FFFF == head[t + 1] >> 32 { t += 1 }
        if t + 1 == h && t + 1 < limit && head[t] & 0xFFFF_FFFF == rest[0] >> 32 { t += 1 }
        guard t >= h else { return }
        while t + 1 < limit && rest[t - h] & 0xFFFF_FFFF == rest[t + 1 - h] >> 32 { t += 1 }
      }
    }
    return t
  }
}
