import RowdragBase
import RowdragTestSupport
import Testing

@testable import RowdragFormats

/// Checking stretches of compact flat-object lines sixty-four bytes at a time
/// (`LineChecker.compactLines`) decides exactly as checking every line with the
/// scanner: random files of long stretches of such lines, broken by every kind of line
/// or byte the stretch check refuses (blanks, escapes, non-ASCII and invalid UTF-8,
/// literals, fractions, leading zeros, nested values, blank and CR lines, mistakes of
/// every kind) and holding attribute keys, in one pass and in two halves, agree on the
/// error (line, column, message) or on every row, label, attribute row and the bytes
/// written back.
@Suite("JSON Lines: compact lines checked in stretches")
struct JSONLinesCompactTests {
  static let plain = [
    #"{"title":"item 1","n":1}"#, #"{"a":"b","c":-12,"d":0,"e":"x:y,{z}"}"#,
    #"{"title":"","n":-0}"#, #"{"k":"\#u{7F}","":5}"#, #"{"n":1234567890123456789012}"#,
    #"{"height":2,"title":"tall"}"#, #"{"title":"height","pinned":"no"}"#,
    #"{"locked":"x"}"#, #"{"heights":1,"xheight":2,"lockedx":3}"#,
  ]
  static let special = [
    "", "\r", "   ", #"{"a":1}\#r"#, #"{"a": 1}"#, #" {"a":1}"#, #"{"a":1} "#,
    #"{"a":true}"#, #"{"a":null,"b":false}"#, #"{"a":1.5}"#, #"{"a":1e3}"#, #"{"a":01}"#,
    #"{"a":-}"#, #"{"a":--1}"#, #"{"a":1-2}"#, #"{"a":00}"#, #"{"a":-01}"#, "{}",
    #"{"a":{"b":1}}"#, #"{"a":[1,2]}"#, "[1,2]", "42", #""s""#, #"{"a\"b":1}"#,
    #"{"h\u0065ight":1}"#, #"{"é":"ü"}"#, #"{"a":"b""#, #"{"a":"b"}}"#, #"{{"a":1}"#,
    #"{"a":1,}"#, #"{"a":1,"b"}"#, #"{"a"::1}"#, #"{"a":1"b":2}"#, #"{"a""b":1}"#,
    #"{"a":"b"1}"#, #"{"a":1"x"}"#, #"{a:1}"#, #"{"a":1}{"b":2}"#, #"{"a":"x"#, "\"open",
    #"{,"a":1}"#, #"{"a",:1}"#, #"{"a":1:2}"#, #"{"a":,}"#, "{\"a\":\"tab\there\"}",
    #"{"a":1}}"#, #"}"#, #"{"#, #"{"a":1,"pinned":true}"#, #"{"a":"b":"c":1}"#,
    #"{"a":"b":"c":"d","e":1}"#,
  ]

  static func file(_ rng: inout SplitMix64) -> [UInt8] {
    var bytes: [UInt8] = []
    for _ in 0..<rng.next(5) {
      for _ in 0..<rng.next(30) {
        var line = plain[rng.next(plain.count)]
        if rng.next(3) == 0 {
          // Longer strings and numbers: lines cross the steps at every offset.
          line = line.replacingFirst("\"", with: "\"" + String(repeating: "w", count: rng.next(70)))
        }
        bytes += Array(line.utf8)
        bytes += rng.next(40) == 0 ? [13, 10] : [10]
      }
      switch rng.next(10) {
      case 0: bytes += [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D, 10]  // invalid UTF-8
      case 1: bytes += [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0x00, 0x22, 0x7D, 10]  // NUL
      case 2, 3, 4, 5, 6, 7: bytes += Array(special[rng.next(special.count)].utf8) + [10]
      default: break
      }
    }
    if rng.next(4) == 0, !bytes.isEmpty { bytes.removeLast() }
    return bytes
  }

  @Test("the same rows, attribute rows, output and errors either way")
  func sameEitherWay() {
    var rng = SplitMix64(seed: 65)
    var loaded = 0
    for trial in 0..<3000 {
      let bytes = Self.file(&rng)
      let split = trial % 2 == 0 ? Int.max : 0
      let fast = JSONLinesHalvesTests.outcome(bytes, splitAbove: split)
      // The kernel's baseline build too, where this processor runs another.
      let baseline = LineChecker.$baselineKernel.withValue(true) {
        JSONLinesHalvesTests.outcome(bytes, splitAbove: split)
      }
      #expect(fast == baseline, "trial \(trial): the kernel's builds differ")
      let slow = LineChecker.$stretches.withValue(false) {
        JSONLinesHalvesTests.outcome(bytes, splitAbove: .max)
      }
      #expect(
        fast == slow, "trial \(trial): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
      if !fast.hasPrefix("error") { loaded += 1 }
    }
    #expect(loaded > 300 && loaded < 2700)
  }

  @Test("a stretch counts the lines it checks, and stops at the first it refuses")
  func counts() {
    let line = #"{"title":"item 1","n":1}"# + "\n"
    for bad in [#"{"a": 1}"#, #"{"a":tru}"#] {
      for baseline in [false, true] {
        let text = line + String(repeating: line, count: 20) + bad + "\n" + line
        let bytes = Array(text.utf8)
        let store = ByteStore(bytes)
        var checker = LineChecker(
          store: store, names: [Array("height".utf8)], lines: 0..<bytes.count,
          baselineKernel: baseline)
        let run = checker.compactLines(from: line.utf8.count, until: bytes.count, firstRow: 1)
        // Whole steps only: the lines that end before the step that holds the refused
        // byte (the sixth of the refused line).
        let start = line.utf8.count
        let step = LineChecker.compactStep(baseline: baseline)
        let stretchEnd = start + (21 * line.utf8.count + 5 - start) / step * step
        let expected = bytes[start..<stretchEnd].filter { $0 == 10 }.count
        #expect(run.count == expected && expected > 10, "step \(step)")
        #expect(run.end == line.utf8.count * (1 + run.count))
        #expect(checker.attributeRows.isEmpty)
      }
    }
  }
}

extension String {
  fileprivate func replacingFirst(_ target: Character, with replacement: String) -> String {
    guard let i = firstIndex(of: target) else { return self }
    var s = self
    s.replaceSubrange(i...i, with: replacement)
    return s
  }
}
