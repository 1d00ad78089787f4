import RowdragBase
import RowdragTestSupport
import Testing

@testable import RowdragFormats

/// Checking a JSON Lines file in two halves decides exactly as one pass does: random
/// files of valid and invalid lines, blank lines, CRLF and attribute members, read
/// with the split forced (`splitAbove: 0`) and without, agree on the error (line,
/// column, message) or on every row, label, attribute row and the bytes written back.
@Suite("JSON Lines in two halves")
struct JSONLinesHalvesTests {
  static let values = [
    #"{"title":"a","n":1}"#, #"{"name":"b","height":88}"#, #"{"pinned":true}"#,
    #"{"l\u006fcked":true,"title":"esc"}"#, #"[1,2,{"x":[3]}]"#, #""just a string""#, "42",
    "null", #"{"title":"é \" ,"}"#, "  {\"title\" : \"spaced\" }  ",
  ]
  static let broken = [
    #"{"title":"a""#, "[1,2", #"{"a":1}{"b":2}"#, "nul", #"{"a" 1}"#, "\"open", "1 2", "{,}",
  ]

  static func file(_ rng: inout SplitMix64) -> [UInt8] {
    var text = ""
    let lines = rng.next(40)
    let errors = rng.next(3) == 0 ? 0 : rng.next(3)
    var errorAt = Set((0..<errors).map { _ in rng.next(Swift.max(1, lines)) })
    for k in 0..<lines {
      switch rng.next(8) {
      case 0: text += ["", " ", "\t", "\r"][rng.next(4)]
      default:
        text +=
          errorAt.remove(k) != nil
          ? broken[rng.next(broken.count)] : values[rng.next(values.count)]
      }
      text += rng.next(6) == 0 ? "\r\n" : "\n"
    }
    if rng.next(4) == 0, !text.isEmpty { text.removeLast() }
    return Array(text.utf8)
  }

  /// Everything a read decides, as text: the error, or the rows' labels, line counts,
  /// attribute rows, sections and the bytes written back after a move.
  static func outcome(_ bytes: [UInt8], splitAbove: Int) -> String {
    do {
      let list = try JSONLinesFormat.read(
        ByteStore(bytes), labelKeys: JSONList.labelKeys, attributeKeys: AttributeKeys(),
        splitAbove: splitAbove)
      let labels = list.blocks.indices.map { id in list.withLabel(ofRow: id) { Array($0) } }
      let meta = try list.attributes(AttributeKeys())
      let rows = list.blocks.count
      var order = Array(0..<rows)
      if rows > 2 { order.append(order.remove(at: 2)) }
      let out = OutputSink(memoryNamed: "t")
      try list.write(order: RowOrder(order.map { Int32($0) }), sectionStarts: [0], to: out)
      try out.flush()
      return "rows \(rows) labels \(labels) attributes \(String(describing: list.attributeRows)) "
        + "heights \(String(describing: meta.heights)) pinned \(String(describing: meta.pinned)) "
        + "sections \(list.sectionRowCounts) out \(out.captured)"
    } catch let error as JSONSyntaxError {
      return "error \(error.line):\(error.column): \(error.message)"
    } catch {
      return "error \(error)"
    }
  }

  @Test("3,000 random files: checked in two halves, they read as in one pass")
  func agreesWithOnePass() {
    var rng = SplitMix64(seed: 21)
    var errors = 0
    for trial in 0..<3000 {
      let bytes = Self.file(&rng)
      let one = Self.outcome(bytes, splitAbove: .max)
      let two = Self.outcome(bytes, splitAbove: 0)
      if one.hasPrefix("error") { errors += 1 }
      #expect(one == two, "trial \(trial): \(String(decoding: bytes, as: UTF8.self))")
    }
    // Both kinds of file were tried.
    #expect(errors > 300 && errors < 2700)
  }

  @Test("the second half starts at the first line start at or after the middle")
  func splitPoint() {
    let bytes = Array("{}\n{}\n[1]\n\n".utf8)
    bytes.withUnsafeBufferPointer { buf in
      #expect(JSONLinesFormat.secondHalfStart(buf) == 6)  // the newline at 5 is the middle
    }
    let none = Array("{\"a\":1}".utf8)
    none.withUnsafeBufferPointer { buf in
      #expect(JSONLinesFormat.secondHalfStart(buf) == none.count)
    }
  }
}
