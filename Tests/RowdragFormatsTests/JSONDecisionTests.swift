import Foundation
import RowdragBase
import RowdragTestSupport
import Testing

@testable import RowdragFormats

/// Every decision the JSON reader makes, pinned before its scanner was rewritten for
/// speed (issue 14) so the new one provably decides alike: for each JSONTestSuite file
/// and 10,000 seeded mutations of five documents, whether it is accepted, the error's
/// line, column and message, the shape and section sizes, the labels, the metadata
/// (or its error), and the bytes written after moving the first row to the end.
///
/// `ROWDRAG_RECORD=1 swift test --filter JSONDecisionTests` rewrites the golden file
/// (and fails that run, so the diff is reviewed before a run that passes).
@Suite("JSON decisions")
struct JSONDecisionTests {
  static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden/json-decisions.txt")

  /// Documents the mutations start from: every shape, escapes, non-ASCII, CRLF,
  /// indentation, empty sections, and the metadata members with good and bad values.
  static let bases: [[UInt8]] = [
    JSONFuzzTests.seed,
    Array(
      """
      [
        {"title": "one", "height": 88, "locked": true},
        {"name": "two", "pinned": true, "height": 1e2},
        {"id": 3, "tags": ["a", "b"], "locked": false},
        "four",
        5.5e-1,
        [6, 7]
      ]

      """.utf8),
    Array("[[\"a\",\"b\"],[],[\"c\"],[{\"title\":\"d\\u0041\\n\"}]]".utf8),
    Array(
      "{\r\n\t\"Todo\": [\r\n\t\t\"milk\",\r\n\t\t\"eggs \u{5375}\"\r\n\t],\r\n\t\"Done\": [],\r\n\t\"Later\": [null, false, {\"height\": -1}]\r\n}\r\n"
        .utf8),
    Array(
      #"[{"title":"\u00e9t\u00e9","height":"44"},{"locked":1},{"pinned":null},{"t\u0069tle":"esc key"},{"title":"tab\there","x":{"y":[{}]}}]"#
        .utf8),
  ]

  @Test("JSONTestSuite and 10,000 mutated documents decide as the golden file says")
  func decisions() throws {
    var lines: [String] = []
    for prefix in ["y_", "n_", "i_"] {
      for name in Corpus.files(prefix) {
        lines.append(name + "\t" + Self.decide(try Corpus.bytes(name)))
      }
    }
    var rng = SplitMix64(seed: 14)
    let alphabet =
      Array(#"[]{}",:\ 0123456789eE.-+truefalsn/uhigtlockdp"#.utf8) + [
        0x00, 0x09, 0x0A, 0x0D, 0xC3, 0xA9, 0xFF,
      ]
    for k in 0..<10_000 {
      var bytes = Self.bases[k % Self.bases.count]
      for _ in 0..<(1 + rng.next(3)) {
        let at = rng.next(bytes.count)
        switch rng.next(4) {
        case 0: bytes.remove(at: at)
        case 1: bytes.insert(alphabet[rng.next(alphabet.count)], at: at)
        case 2: bytes[at] = alphabet[rng.next(alphabet.count)]
        default:
          let length = min(1 + rng.next(12), bytes.count - at)
          bytes.insert(contentsOf: bytes[at..<(at + length)], at: rng.next(bytes.count))
        }
      }
      lines.append("m\(k)\t" + Self.decide(bytes))
    }
    let actual = lines.joined(separator: "\n") + "\n"
    if ProcessInfo.processInfo.environment["ROWDRAG_RECORD"] == "1" {
      try FileManager.default.createDirectory(
        at: Self.golden.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: Self.golden)
      Issue.record("recorded \(Self.golden.lastPathComponent); review the diff, then run again")
      return
    }
    let expected = String(decoding: try Data(contentsOf: Self.golden), as: UTF8.self)
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(expectedLines.count == actualLines.count)
    var shown = 0
    for (e, a) in zip(expectedLines, actualLines) where e != a && shown < 10 {
      Issue.record("expected: \(e)\n  actual: \(a)")
      shown += 1
    }
  }

  /// One line saying what the reader made of `bytes`.
  static func decide(_ bytes: [UInt8], splitAbove: Int = JSONScanner.halvesThreshold) -> String {
    let list: JSONList
    do {
      list = try JSONList(
        store: ByteStore(bytes), attributeKeys: AttributeKeys(), splitAbove: splitAbove)
    } catch let error as JSONSyntaxError {
      return "refused \(error.line):\(error.column) \(error.message)"
    } catch {
      return error is JSONShapeError ? "refused shape" : "refused \(error)"
    }
    var out =
      "ok \(list.shape) rows=\(list.sectionRowCounts.map(String.init).joined(separator: ","))"
    var labels = FNV()
    for id in list.elements.indices {
      labels.add(list.label(ofRow: id, keys: JSONList.labelKeys) + [0])
    }
    out += " labels=\(labels.hex)"
    do {
      let meta = try list.attributes(AttributeKeys())
      let heights = meta.heights.map { $0.map { $0.isNaN ? "-" : "\($0)" }.joined(separator: ",") }
      let flags = { (f: [Bool]?) in f.map { $0.map { $0 ? "1" : "0" }.joined() } ?? "none" }
      out +=
        " heights=\(heights ?? "none") locked=\(flags(meta.locked)) pinned=\(flags(meta.pinned))"
    } catch let error as JSONSyntaxError {
      out += " meta-refused \(error.line):\(error.column) \(error.message)"
    } catch {
      out += " meta-refused \(error)"
    }
    var moved = FNV()
    moved.add((try? Self.writtenAfterMovingFirstRowLast(list)) ?? Array("write failed".utf8))
    return out + " moved=\(moved.hex)"
  }

  /// The document written with its first row moved to the end of the last section.
  static func writtenAfterMovingFirstRowLast(_ list: JSONList) throws -> [UInt8] {
    let n = list.elements.count
    var starts: [Int] = []
    var total = 0
    for count in list.sectionRowCounts {
      starts.append(max(0, total - (starts.isEmpty ? 0 : 1)))
      total += count
    }
    let identities = n == 0 ? [] : Array(1..<Int32(n)) + [0]
    let out = OutputSink(memoryNamed: "t")
    try list.write(
      order: RowOrder(identities), sectionStarts: starts.isEmpty ? [0] : starts, to: out)
    return out.captured
  }
}

/// 64-bit FNV-1a, to pin bytes in a golden file without storing them.
struct FNV {
  var value: UInt64 = 0xcbf2_9ce4_8422_2325
  mutating func add(_ bytes: [UInt8]) {
    for b in bytes { value = (value ^ UInt64(b)) &* 0x100_0000_01b3 }
  }
  var hex: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
