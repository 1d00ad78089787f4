import RowdragTestSupport
import Testing

@testable import RowdragFormats

/// Scanning in two halves decides exactly as one pass does: random lists of every
/// shape, split wherever a newline follows a comma, and byte edits of them (many near
/// the middle, where the split is), read both ways and compared on everything the
/// golden file records.
@Suite("JSON in two halves")
struct JSONHalvesTests {
  /// A random JSON value, pretty-printed with a newline after most commas.
  static func value(_ rng: inout SplitMix64, depth: Int) -> String {
    func pad(_ level: Int) -> String {
      rng.next(4) == 0 ? " " : "\n" + String(repeating: "  ", count: level)
    }
    switch depth >= 4 ? 2 + rng.next(4) : rng.next(6) {
    case 0:
      let items = (0..<rng.next(5)).map { _ in value(&rng, depth: depth + 1) }
      return items.isEmpty
        ? "[]" : "[" + items.map { pad(depth + 1) + $0 }.joined(separator: ",") + pad(depth) + "]"
    case 1:
      let keys = ["title", "height", "locked", "pinned", "x", "name", "t\\u0069tle"]
      let members = (0..<rng.next(4)).map { _ in
        "\"\(keys[rng.next(keys.count)])\": " + value(&rng, depth: depth + 1)
      }
      return members.isEmpty
        ? "{}" : "{" + members.map { pad(depth + 1) + $0 }.joined(separator: ",") + pad(depth) + "}"
    case 2: return ["\"a\"", "\"é \\\" ,\"", "\"[{,\""][rng.next(3)]
    case 3: return ["0", "-1.5e3", "44", "88"][rng.next(4)]
    case 4: return ["true", "false", "null"][rng.next(3)]
    default: return "\"row \(rng.next(1000))\""
    }
  }

  /// A list: an array of anything, an array of arrays, or an object of arrays.
  static func list(_ rng: inout SplitMix64) -> [UInt8] {
    let sections = (0..<(1 + rng.next(4))).map { _ in
      "[" + (0..<rng.next(12)).map { _ in "\n    " + value(&rng, depth: 2) }.joined(separator: ",")
        + "\n  ]"
    }
    let text: String
    switch rng.next(3) {
    case 0:
      text =
        "["
        + (0..<(1 + rng.next(20))).map { _ in "\n  " + value(&rng, depth: 1) }
        .joined(separator: ",") + "\n]\n"
    case 1: text = "[\n  " + sections.joined(separator: ",\n  ") + "\n]\n"
    default:
      text =
        "{\n  "
        + sections.enumerated().map { "\"S\($0.offset)\": \($0.element)" }
        .joined(separator: ",\n  ") + "\n}\n"
    }
    return Array(text.utf8)
  }

  @Test("6,000 lists and edits of them: two halves decide as one pass")
  func agreesWithOnePass() {
    var rng = SplitMix64(seed: 1414)
    let alphabet = Array(#"[]{}",:\ 0aé"#.utf8) + [0x0A, 0x00]
    var split = 0
    for k in 0..<6_000 {
      var bytes = Self.list(&rng)
      if k % 2 == 1 {
        for _ in 0..<(1 + rng.next(2)) {
          // Near the middle half the time: where the second half starts.
          let at =
            rng.next(2) == 0
            ? min(bytes.count - 1, bytes.count / 2 + rng.next(40)) : rng.next(bytes.count)
          switch rng.next(3) {
          case 0: bytes.remove(at: at)
          case 1: bytes.insert(alphabet[rng.next(alphabet.count)], at: at)
          default: bytes[at] = alphabet[rng.next(alphabet.count)]
          }
        }
      }
      let onePass = JSONDecisionTests.decide(bytes, splitAbove: .max)
      let halves = JSONDecisionTests.decide(bytes, splitAbove: 0)
      #expect(halves == onePass, "\(String(decoding: bytes, as: UTF8.self))")
      if halves == onePass && Self.splits(bytes) { split += 1 }
    }
    // Most documents had a place to split, so the two-halves path ran.
    #expect(split > 3_000)
  }

  /// Whether the scanner finds a place to split `bytes`.
  static func splits(_ bytes: [UInt8]) -> Bool {
    var scanner = JSONScanner(ByteStore(bytes), splitAbove: 0)
    return (try? scanner.scanInHalves()) ?? true
  }
}
