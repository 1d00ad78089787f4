import RowdragBase
import Testing

@testable import RowdragFormats

@Suite("JSON lists")
struct JSONListTests {
  func list(_ text: String) throws -> JSONList { try JSONList(bytes: Array(text.utf8)) }

  /// Writes `list` with rows in `order` and section sizes `sizes`.
  func write(_ list: JSONList, _ order: [Int], sizes: [Int]) throws -> String {
    var starts: [Int] = []
    var total = 0
    for size in sizes {
      starts.append(total)
      total += size
    }
    let out = OutputSink(memoryNamed: "t")
    try list.write(order: RowOrder(order.map { Int32($0) }), sectionStarts: starts, to: out)
    return out.text
  }

  @Test(
    "pretty documents indented by 2, 4 spaces and tabs print unchanged",
    arguments: ["  ", "    ", "\t"])
  func prettyRoundTrip(_ indent: String) throws {
    let text = "[\n\(indent){\n\(indent)\(indent)\"a\": 1\n\(indent)},\n\(indent)\"b\"\n]\n"
    #expect(try write(list(text), [0, 1], sizes: [2]) == text)
    #expect(
      try write(list(text), [1, 0], sizes: [2])
        == "[\n\(indent)\"b\",\n\(indent){\n\(indent)\(indent)\"a\": 1\n\(indent)}\n]\n")
  }

  @Test("CRLF documents keep CRLF; a missing final newline stays missing")
  func newlines() throws {
    let text = "{\r\n  \"A\": [\r\n    1,\r\n    2\r\n  ],\r\n  \"B\": []\r\n}"
    let l = try list(text)
    #expect(try write(l, [0, 1], sizes: [2, 0]) == text)
    #expect(
      try write(l, [0, 1], sizes: [1, 1])
        == "{\r\n  \"A\": [\r\n    1\r\n  ],\r\n  \"B\": [\r\n    2\r\n  ]\r\n}")
  }

  @Test("compact stays compact; an emptied section prints as []")
  func compact() throws {
    let l = try list(#"{"x":[1,2],"y":[3]}"#)
    #expect(l.shape == .objectOfArrays)
    #expect(l.titles == ["x", "y"])
    #expect(try write(l, [0, 1, 2], sizes: [1, 2]) == #"{"x":[1],"y":[2,3]}"#)
    #expect(try write(l, [0, 1, 2], sizes: [3, 0]) == #"{"x":[1,2,3],"y":[]}"#)
  }

  @Test("nested arrays are untitled sections; a mixed array is one section")
  func shapes() throws {
    let nested = try list("[[1,2],[],[3]]")
    #expect(nested.shape == .arrayOfArrays)
    #expect(nested.sectionRowCounts == [2, 0, 1])
    #expect(try write(nested, [1, 0, 2], sizes: [1, 1, 1]) == "[[2],[1],[3]]")
    let mixed = try list("[[1],2]")
    #expect(mixed.shape == .array)
    #expect(mixed.sectionRowCounts == [2])
    #expect(try list("[]").sectionRowCounts == [0])
    #expect(try list("{}").sectionRowCounts == [])
    #expect(throws: JSONShapeError.self) { try list("3") }
    #expect(throws: JSONShapeError.self) { try list(#"{"a": 1}"#) }
    #expect(throws: JSONShapeError.self) { try list(#"{"a": [1], "b": {}}"#) }
  }

  @Test("elements are kept verbatim: big numbers, escapes, unicode, duplicate keys")
  func verbatim() throws {
    let text =
      #"{"k": [1e400, 123456789012345678901234567890, "\u00e9\ud83d\ude00", {"z":1,"a":2}], "k": ["é"]}"#
    let l = try list(text)
    #expect(l.titles == ["k", "k"])
    #expect(
      try write(l, [1, 0, 2, 3, 4], sizes: [4, 1]).contains(
        #"[123456789012345678901234567890, 1e400, "#))
    #expect(String(decoding: l.label(ofRow: 2, keys: JSONList.labelKeys), as: UTF8.self) == "é😀")
  }

  @Test("labels: title before name regardless of order, else compact JSON")
  func labels() throws {
    let l = try list(#"[{"name": "n", "title": "t"}, {"id": 5}, {"x": [1, 2]}, "s"]"#)
    func label(_ id: Int) -> String {
      String(decoding: l.label(ofRow: id, keys: JSONList.labelKeys), as: UTF8.self)
    }
    #expect(label(0) == "t")
    #expect(label(1) == #"{"id":5}"#)
    #expect(label(2) == #"{"x":[1,2]}"#)
    #expect(label(3) == "s")
  }

  @Test("metadata: heights and flags; wrong types are located errors")
  func metadata() throws {
    let l = try list(
      "[{\"height\": 60, \"locked\": true}, {\"pinned\": true}, {\"locked\": false}]")
    let meta = try l.metadata(heightKey: "height", lockKey: "locked", pinKey: "pinned")
    #expect(meta.heights?[0] == 60)
    #expect(meta.heights?[1].isNaN == true)
    #expect(meta.locked == [true, false, false])
    #expect(meta.pinned == [false, true, false])
    let bad = try list("[\n  {\"height\": \"tall\"}\n]")
    #expect(
      throws: JSONSyntaxError(
        line: 2, column: 3,
        message:
          "row 1: \"height\" must be a finite number > 0, not \"tall\" (--height-key NAME reads another member; --height-key '' reads none)"
      )
    ) {
      try bad.metadata(heightKey: "height", lockKey: "locked", pinKey: "pinned")
    }
    let zero = try list("[{\"h\": 0}]")
    #expect(throws: JSONSyntaxError.self) {
      try zero.metadata(heightKey: "h", lockKey: "locked", pinKey: "pinned")
    }
    let huge = try list("[{\"height\": 1e400}]")
    #expect(throws: JSONSyntaxError.self) {
      try huge.metadata(heightKey: "height", lockKey: "l", pinKey: "p")
    }
    // SPEC §9.23: only a literal `true` counts; any other value is no flag, no error.
    let flags = try list(#"[{"locked": 1}, {"locked": "true", "p": null}, {"p": true}]"#)
    let read = try flags.metadata(heightKey: "height", lockKey: "locked", pinKey: "p")
    #expect(read.locked == nil)
    #expect(read.pinned == [false, false, true])
  }

  @Test("metadata is read where the scan saw the names, and everywhere for other names")
  func metadataCandidates() throws {
    let text = #"""
      [{"note": "height", "x": {"height": 5}}, {"height": 30}, "height",
       {"h": 40, "lk": true}, {"pinned": true}]
      """#
    // The scan watched the default names; "height" as a value or a nested key is no
    // member of its element.
    let watched = try list(text)
    let meta = try watched.metadata(heightKey: "height", lockKey: "locked", pinKey: "pinned")
    #expect(meta.heights.map { $0.map { $0.isNaN ? 0 : $0 } } == [0, 30, 0, 0, 0])
    #expect(meta.pinned == [false, false, false, false, true])
    // Names the scan did not watch are read from every element.
    let other = try watched.metadata(heightKey: "h", lockKey: "lk", pinKey: "pinned")
    #expect(other.heights?[3] == 40)
    #expect(other.locked == [false, false, false, true, false])
    // A key with an escape may spell a name in other bytes: every element is read.
    let escaped = try list(#"[{"a": 1}, {"heig\u0068t": 50}]"#)
    let spelled = try escaped.metadata(heightKey: "height", lockKey: "locked", pinKey: "pinned")
    #expect(spelled.heights?[1] == 50)
    let custom = try JSONList(
      bytes: Array(#"[{"h": 40}, {"lk": true}]"#.utf8),
      attributeKeys: {
        var k = AttributeKeys(); k.height = "h"; k.locked = "lk"; return k
      }())
    let read = try custom.metadata(heightKey: "h", lockKey: "lk", pinKey: "pinned")
    #expect(read.heights?[0] == 40)
    #expect(read.locked == [false, true])
  }

  @Test("syntax errors say where and what was expected")
  func errors() throws {
    #expect(
      throws: JSONSyntaxError(
        line: 1, column: 4, message: "expected ',' or ']' after array element")
    ) {
      try list("[1 2]")
    }
    #expect(
      throws: JSONSyntaxError(line: 2, column: 3, message: "trailing comma before ']'; remove it")
    ) {
      try list("[1,\n  ]")
    }
    #expect(throws: JSONSyntaxError(line: 1, column: 4, message: "expected a value, found '/'")) {
      try list("[1,/* c */2]")
    }
    #expect(
      throws: JSONSyntaxError(
        line: 1, column: 2, message: "leading zeros are not allowed in numbers")
    ) {
      try list("[01]")
    }
    // Columns count characters: é is one column though it is two bytes.
    #expect(throws: JSONSyntaxError(line: 1, column: 6, message: "expected a value, found 'N'")) {
      try list("[\"é\",NaN]")
    }
    #expect(throws: JSONSyntaxError.self) { try list("[\"\\ud800\"]") }
    #expect(throws: JSONSyntaxError.self) { try list("[\"\u{01}\"]") }
    #expect(throws: JSONSyntaxError.self) { try JSONList(bytes: [91, 34, 0xFF, 34, 93]) }
    #expect(
      throws: JSONSyntaxError(line: 1, column: 3, message: "empty document; expected a JSON value")
    ) {
      try list("  ")
    }
  }

  @Test("deep nesting is handled without recursion")
  func deep() throws {
    let depth = 200_000
    let text =
      "[" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "]"
    let l = try list(text)
    #expect(l.sectionRowCounts.reduce(0, +) == 1)
    #expect(throws: JSONSyntaxError.self) { try list(String(repeating: "[", count: depth)) }
  }
}
