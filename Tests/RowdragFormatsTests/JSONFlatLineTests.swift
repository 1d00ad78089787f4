import RowdragTestSupport
import Testing

@testable import RowdragFormats

/// The one-pass check of flat JSON Lines objects (`JSONScanner.flatLine`) only ever
/// accepts what the state machine accepts: on 2,000 random files of some 11,000 lines —
/// flat objects, nested ones, arrays, scalars, and each of them mutated byte by byte —
/// every line it accepts, the state machine accepts too, and both say alike whether a
/// key may name an attribute (as the checker said before); and it does accept the
/// plain flat lines, so the fast path is taken.
@Suite("JSON Lines: flat lines in one pass")
struct JSONFlatLineTests {
  static let pool = [
    #"{"title":"item 1","n":1}"#, #"{"a": "x", "b": -1.5e3, "c": true, "d": null}"#,
    #"  {"t":"é \u00e9 \"q\""}  "#, #"{}"#, #"{ }"#, #"{"x":{"y":1}}"#, #"[1,2]"#, #""s""#,
    #"{"height":2,"locked":false}"#, #"{"he\u0069ght":3}"#, #"{"a":0,"b":123456789012345678901}"#,
    #"{"a":01}"#, #"{"a":1,}"#, #"{"a" 1}"#, #"{"a":1}x"#, #"{"a":[1]}"#, "{\"a\":1}\r",
    #"{"a":tru}"#, #"{"a":"\x"}"#, #"{"a":1.}"#, "{\"a\":\"tab\there\"}",
  ]
  static let noise: [UInt8] = Array(#"{}[]",:\ 0123456789.eE-+abtrufnl"#.utf8) + [9, 13, 10, 0xC3]

  static let names = ["height", "locked", "pinned"].map { Array($0.utf8) }
  static let keyNames = KeyNames(names)

  /// What the state machine says of `line`: nil when it rejects it, else whether one
  /// of its keys may be an attribute's name, as the checker decided before the one-pass
  /// path (a name, or a key with an escape).
  static func stateMachine(_ store: ByteStore, _ line: Range<Int>) -> Bool? {
    var scanner = JSONScanner(store, splitAbove: Int.max)
    var state = JSONScanner.State()
    do {
      try scanner.scanValue(in: line, state: &state)
    } catch {
      return nil
    }
    let buf = store.buffer
    return scanner.outline.depth1Keys.contains { key in
      let inner = buf[(key.start + 1)..<(key.end - 1)]
      return inner.contains(92) || names.contains { inner.elementsEqual($0) }
    }
  }

  @Test("accepted lines are the state machine's, with the same attribute keys")
  func agreesWithStateMachine() {
    var rng = SplitMix64(seed: 2112)
    var accepted = 0
    var named = 0
    for _ in 0..<2000 {
      var text: [UInt8] = []
      for _ in 0..<(1 + rng.next(10)) {
        var line = Array(Self.pool[rng.next(Self.pool.count)].utf8)
        for _ in 0..<rng.next(3) where !line.isEmpty {
          let k = rng.next(line.count)
          switch rng.next(3) {
          case 0: line[k] = Self.noise[rng.next(Self.noise.count)]
          case 1: line.remove(at: k)
          default: line.insert(Self.noise[rng.next(Self.noise.count)], at: k)
          }
        }
        text += line + (rng.next(5) == 0 ? [13, 10] : [10])
      }
      if rng.next(3) == 0 { text.removeLast() }
      let store = ByteStore(text)
      var cursor = LineCursor(store.buffer)
      var scanner = JSONScanner(store, splitAbove: Int.max)
      while let line = cursor.next() {
        guard let flat = scanner.flatLine(line.content, names: Self.keyNames) else { continue }
        accepted += 1
        if flat { named += 1 }
        let expected = Self.stateMachine(store, line.content)
        let shown = String(decoding: text, as: UTF8.self)
        #expect(expected != nil, "accepted, but invalid: \(shown)")
        #expect(expected == flat, "attribute keys differ: \(shown)")
      }
    }
    // Most unmutated flat lines are accepted, some with attribute keys: the path is
    // taken, both ways.
    #expect(accepted > 2000)
    #expect(named > 100)
  }

  @Test("plain flat lines take the one-pass path; other values do not")
  func takesFlatLines() {
    let cases: [(String, Bool)] = [
      (#"{"title":"item 1","n":1}"#, true), (#" { "a" : [1] } "#, false),
      (#"{"a":1} "#, true), (#"[{"a":1}]"#, false), (#"{"a":1}{"#, false), ("", false),
      (#"{"a":1,"b":"x\ny"}"#, true),
    ]
    for (line, flat) in cases {
      let store = ByteStore(Array(line.utf8))
      var scanner = JSONScanner(store, splitAbove: Int.max)
      #expect((scanner.flatLine(0..<store.count, names: Self.keyNames) != nil) == flat, "\(line)")
    }
  }
}
