import RowdragFormats
import RowdragTestSupport
import Testing

/// The hash a file's stamp keeps: fed in pieces as a write emits them, whole when a
/// file is read back, it must come out the same.
@Suite("content hash")
struct ContentHashTests {
  @Test("any split of the bytes gives the hash of the whole; one changed byte changes it")
  func splits() {
    var random = SplitMix64(seed: 22)
    for length in [0, 1, 7, 8, 9, 15, 16, 17, 100, 1000] {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
      let whole = bytes.withUnsafeBytes { ContentHash($0) }
      for _ in 0..<20 {
        var pieces = ContentHash()
        var start = 0
        while start < length {
          let end = min(length, start + Int.random(in: 0...11, using: &random))
          bytes[start..<end].withUnsafeBytes { pieces.add($0) }
          start = end
        }
        #expect(pieces == whole, "length \(length)")
      }
      for k in 0..<length {
        var changed = bytes
        changed[k] ^= 1 << UInt8(k % 8)
        #expect(changed.withUnsafeBytes { ContentHash($0) } != whole, "length \(length), byte \(k)")
      }
      // A longer input that starts the same is another input.
      #expect((bytes + [0]).withUnsafeBytes { ContentHash($0) } != whole)
    }
  }
}
