import RowdragBase
import RowdragTestSupport
import Testing

@testable import RowdragFormats

/// CSV's stretches of one-line quoted records (`DelimitedFormat.quotedLines`) decide
/// alike in the Swift loop and in the AVX2 build this processor may run: random files
/// of records with quoted fields, `""`, quotes inside fields, CR, line feeds inside
/// quotes, control bytes and other delimiters, counted from every line start and up to
/// random limits, give the same count and end both ways.
@Suite("CSV: quoted-record stretches, both builds")
struct QuotedLinesTests {
  static let pieces = [
    "item1,1,\"note 1\"", "a,b,c", "\"q\",\"r\",s", "x,\"he said \"\"hi\"\"\",5", "\"\",,",
    "p,q\"r,s", "\"two\nlines\",3", "\"cr\"\r", "plain,record,here", "\u{1}", "\r", "",
    "\"open,", "a;\"b\";c", "t\t\"u\"\tv", "\"x\"y,1",
    "long,\"" + String(repeating: "w", count: 70)
      + "\",z",
  ]

  @Test("4,000 random files, every line start, both builds")
  func sameEitherWay() {
    var rng = SplitMix64(seed: 64)
    var counted = 0
    var compared = 0
    for trial in 0..<4000 {
      var text = ""
      for _ in 0..<(4 + rng.next(40)) {
        let clean = rng.next(5) != 0
        let piece = clean ? Self.pieces[rng.next(3)] : Self.pieces[rng.next(Self.pieces.count)]
        text += piece + "\n"
      }
      let bytes = Array(text.utf8)
      let delimiter: UInt8 = [44, 44, 59, 9][rng.next(4)]
      let store = ByteStore(bytes)
      let buf = store.buffer
      for start in 1..<bytes.count where bytes[start - 1] == 10 && bytes[start] > 13 {
        let limit = rng.next(2) == 0 ? bytes.count : start + rng.next(bytes.count - start + 1)
        let swift = DelimitedFormat.quotedLines(
          from: start, until: limit, in: buf, delimiter: delimiter, baseline: true)
        let best = DelimitedFormat.quotedLines(
          from: start, until: limit, in: buf, delimiter: delimiter)
        #expect(
          swift.count == best.count && swift.end == best.end,
          "trial \(trial) from \(start) to \(limit): \(swift) against \(best)")
        compared += 1
        if swift.count > 0 { counted += 1 }
      }
    }
    #expect(compared > 50_000 && counted > 8_000, "\(compared) compared, \(counted) counted")
  }
}
