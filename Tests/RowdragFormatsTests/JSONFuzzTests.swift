import RowdragTestSupport
import Testing

@testable import RowdragFormats

@Suite("JSON mutations")
struct JSONFuzzTests {
  static let seed = Array(
    #"""
    {"Side A": [{"title": "So \"What\"", "height": 60, "x": [1, {"y": null}]}, "\u00e9\ud83d\ude00",
      -0.5e+3, true], "Side B": [], "C": [[], {}, 123456789012345678901234567890, {"name": "n", "locked": false}]}
    """#.utf8)

  /// Random byte edits of a rich document: whatever parses must label, read metadata
  /// and write without trapping, and print unchanged; whatever does not must say where.
  @Test("10,000 mutated documents: no trap, and an unedited print is the input")
  func mutations() throws {
    var rng = SplitMix64(seed: 7)
    func next(_ bound: Int) -> Int { rng.next(bound) }
    let alphabet = Array(#"[]{}",:\ 0123456789eE.-+truefalsn/u"#.utf8) + [0x00, 0x0A, 0xC3, 0xFF]
    var parsed = 0
    for _ in 0..<10_000 {
      var bytes = Self.seed
      for _ in 0..<(1 + next(3)) {
        let at = next(bytes.count)
        switch next(3) {
        case 0: bytes.remove(at: at)
        case 1: bytes.insert(alphabet[next(alphabet.count)], at: at)
        default: bytes[at] = alphabet[next(alphabet.count)]
        }
      }
      do {
        let list = try JSONList(bytes: bytes)
        parsed += 1
        for id in list.elements.indices { _ = list.label(ofRow: id, keys: JSONList.labelKeys) }
        _ = try? list.metadata(heightKey: "height", lockKey: "locked", pinKey: "pinned")
        #expect(try printed(list) == bytes)
      } catch let error as JSONSyntaxError {
        #expect(error.line >= 1 && error.column >= 1)
      } catch {
        #expect(error is JSONShapeError)
      }
    }
    #expect(parsed > 100)
  }
}
