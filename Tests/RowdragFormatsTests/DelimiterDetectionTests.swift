import RowdragBase
import RowdragTestSupport
import Testing

@testable import RowdragFormats

/// A CSV file's delimiter (FORMATS.md §3.4, revision 2): Excel's `sep=` line, else the
/// candidate (`,` `;` tab `|`) that reads the sample — the first 20 records, or those
/// that start in the first 64 KiB — with no error, at least two fields in the first
/// record and the most records of that many fields; ties to the earlier; else `,`.
/// Each expected record split is what Python's `csv.reader(f, delimiter=d)` gives.
@Suite("CSV delimiter detection")
struct DelimiterDetectionTests {
  static func detect(_ text: String) -> Character {
    let bytes = Array(text.utf8)
    let d = bytes.withUnsafeBufferPointer { DelimitedFormat.detectedDelimiter($0, from: 0) }
    return Character(Unicode.Scalar(d))
  }

  static func read(_ text: String, header: Bool = true, delimiter: UInt8? = nil, tsv: Bool = false)
    throws -> BlockList
  {
    try DelimitedFormat.read(
      ByteStore(Array(text.utf8)),
      .init(name: tsv ? "tsv" : "csv", delimiter: tsv ? 9 : delimiter, header: header))
  }

  static func labels(_ list: BlockList) -> [String] {
    list.blocks.indices.map { id in
      list.withLabel(ofRow: id) { String(decoding: $0, as: UTF8.self) }
    }
  }

  static func written(_ list: BlockList, _ order: [Int]) throws -> String {
    let out = OutputSink(memoryNamed: "t")
    try list.write(order: RowOrder(order.map { Int32($0) }), sectionStarts: [0], to: out)
    try out.flush()
    return String(decoding: out.captured, as: UTF8.self)
  }

  /// Input and the delimiter expected.
  static let cases: [(String, Character)] = [
    // Excel's European file: `;` with a quoted `;` and a quoted two-line field.
    ("Name;City;Note\r\nAnna;Berlin;\"a;b\"\r\nBen;Wien;x\r\nCleo;Zürich;\"l1\r\nl2\"\r\n", ";"),
    // a quoted delimiter: under `,` the quote is followed by `;`, an error.
    ("Name;Note\n\"Smith; J.\";x\n", ";"),
    // a comma file with `;` inside quoted fields: `;` reads one field first.
    ("name,desc\nx,\"a;b\"\ny,\"c;d;e\"\n", ","),
    // a ragged comma file (records with fewer fields) stays `,`.
    ("a,b,c\n1,2\n3\n4,5,6\n", ","),
    // one column: no candidate gives two fields, so `,`.
    ("name\nx\ny\n", ","),
    ("", ","),
    ("\n\r\n\n", ","),
    // ties go to the earlier candidate: `,` before `;` before tab before `|`.
    ("a,b;c\n", ","),
    ("a;b|c\n1;2|3\n", ";"),
    ("a\tb|c\n", "\t"),
    // the higher score wins over the order.
    ("a,b;c\n1;2\n3;4\n", ";"),
    ("h|i\n1|2\n3,4\n", "|"),
    // a tab file read as csv.
    ("a\tb\tc\n1\t2\t3\n", "\t"),
    // blank lines are not records: the first record is after them.
    ("\n\r\na;b\n1;2\n", ";"),
    // a quote still open at the end rules a candidate out.
    ("a;\"b\nc,d\n", ","),
    // a quote inside an unquoted field is text under every candidate.
    ("x\"y;z\n1;2\n", ";"),
  ]

  @Test("which delimiter each file reads with", arguments: cases.indices)
  func detection(_ k: Int) {
    let (text, expected) = Self.cases[k]
    #expect(Self.detect(text) == expected, "\(text.debugDescription)")
  }

  @Test("the sample is the first 20 records, the header included, blank lines not counted")
  func twentyRecords() throws {
    // 20 records favour `;` (the header reads 2 fields under `,` and `;`); 100 more
    // would favour `,` if they were counted.
    var text = "h1;h2,x\n\n"
    for k in 0..<19 { text += "p\(k);q\n\n" }
    for k in 0..<100 { text += "p\(k),q\n" }
    #expect(Self.detect(text) == ";")
    // The 20th record counts and the 21st does not: 19 records tie (`,` wins), 20
    // give `;` 11 to `,` 10, 21 tie again.
    var edge = "h,h;h\n"
    for k in 0..<9 { edge += "p\(k),q\n" }
    for k in 0..<10 { edge += "p\(k);q\n" }
    for k in 0..<5 { edge += "r\(k),s\n" }
    #expect(Self.detect(edge) == ";")
    let list = try Self.read(text)
    #expect(list.delimiter == 59 && list.blocks.count == 119)
  }

  @Test("with fewer than 20 records in the first 64 KiB, those that start there")
  func sixtyFourKiB() {
    let long = String(repeating: "A", count: 10_000)
    var text = "h,h;h\n"  // two fields under `,` and under `;`
    for _ in 0..<7 { text += long + ";z\n" }  // the 7th starts before 65,536
    for k in 0..<12 { text += "p\(k),q\n" }  // the 12 after start past it
    #expect(Array(text.utf8).count > 65_536 + 12)
    // 20 records would be `,` 13 to `;` 8; the sample is the first 8 records.
    #expect(Self.detect(text) == ";")
    // The same records, short enough that all 20 are the sample.
    let short = text.replacingOccurrences(of: long, with: "A")
    #expect(Self.detect(short) == ",")
  }

  @Test("Excel's sep= line: trivia that stays first, naming the delimiter; header= counts after it")
  func excelLine() throws {
    // `|` though the records would score `,`.
    let text = "sep=|\r\na,b|c\r\n1,2|3\r\n4,5|6\r\n"
    let list = try Self.read(text)
    #expect(list.delimiter == 124)
    #expect(Self.labels(list) == ["1,2|3", "4,5|6"])
    #expect(try Self.written(list, [1, 0]) == "sep=|\r\na,b|c\r\n4,5|6\r\n1,2|3\r\n")
    // header=no: every record after the line is a row, and the line stays first.
    let rows = try Self.read("sep=;\na;b\n1;2", header: false)
    #expect(Self.labels(rows) == ["a;b", "1;2"])
    #expect(try Self.written(rows, [1, 0]) == "sep=;\n1;2\na;b")
    // After a byte-order mark too; the line is exactly sep= and one byte.
    let marked = try Self.read("\u{FEFF}sep=;\nh;i\n1;2\n", header: false)
    #expect(marked.delimiter == 59 && Self.labels(marked) == ["h;i", "1;2"])
    #expect(try Self.written(marked, [1, 0]) == "\u{FEFF}sep=;\n1;2\nh;i\n")
    for notExcel in ["sep=;;\na;b\n", "sep=\na;b\n", " sep=;\na;b\n", "SEP=;\na;b\n", "sep=\"\n"] {
      let list = try Self.read(notExcel, header: false)
      #expect(list.blocks.count == 2 || notExcel == "sep=\"\n", "\(notExcel.debugDescription)")
      #expect(Self.labels(list).first == String(notExcel.split(separator: "\n")[0]))
    }
    // The line alone is the whole file; a lone CR after it is no terminator.
    let alone = try Self.read("sep=|", header: false)
    #expect(alone.delimiter == 124 && alone.blocks.count == 0)
    #expect(try Self.written(alone, []) == "sep=|")
    #expect(try Self.labels(Self.read("sep=;\rx\n", header: false)) == ["sep=;\rx"])
    // A sep= line not first is a record.
    #expect(try Self.read("a;b\nsep=,\n").blocks.count == 1)
  }

  @Test("delimiter= given wins over the sep= line, which stays first as trivia; tsv has none")
  func givenDelimiter() throws {
    let list = try Self.read("sep=;\na,b\n1,2\n", delimiter: 44)
    #expect(list.delimiter == 44 && Self.labels(list) == ["1,2"])
    #expect(try Self.written(list, [0]) == "sep=;\na,b\n1,2\n")
    // Given, `,` reads Excel's `;` file as one field a record, its quoted `;` an error.
    #expect(throws: JSONSyntaxError.self) {
      try Self.read("Name;Note\n\"Smith; J.\";x\n", delimiter: 44)
    }
    // tsv: `sep=;` is the header record, a tab the delimiter.
    let tsv = try Self.read("sep=;\na\tb\n", header: false, tsv: true)
    #expect(tsv.delimiter == 9 && Self.labels(tsv) == ["sep=;", "a\tb"])
  }

  @Test("the issue's Excel file: the two-line record moves whole; the mark stays first")
  func excelFile() throws {
    let text =
      "\u{FEFF}Name;City;Note\r\nAnna;Berlin;\"a;b\"\r\nBen;Wien;x\r\n"
      + "Cleo;Zürich;\"line1\r\nline2\"\r\n"
    let list = try Self.read(text)
    #expect(Self.labels(list) == ["Anna;Berlin;\"a;b\"", "Ben;Wien;x", "Cleo;Zürich;\"line1"])
    #expect(list.lineCount(ofRow: 2) == 2)
    #expect(
      try Self.written(list, [2, 0, 1])
        == "\u{FEFF}Name;City;Note\r\nCleo;Zürich;\"line1\r\nline2\"\r\nAnna;Berlin;\"a;b\"\r\n"
        + "Ben;Wien;x\r\n")
    // header=no: the mark is no part of the first record, which moves without it.
    let rows = try Self.read(text, header: false)
    #expect(Self.labels(rows).first == "Name;City;Note")
    #expect(try Self.written(rows, [1, 2, 3, 0]).hasPrefix("\u{FEFF}Anna;"))
  }

  @Test("2,000 random files of every delimiter: two halves detect and read as one pass")
  func halves() {
    var rng = SplitMix64(seed: 40)
    let fields = ["a", "\"q;,|\"", "\"two\nlines\"", "", "x\"y", "\"\"\"\""]
    var seen: Set<UInt8> = []
    for trial in 0..<2000 {
      let d = [",", ";", "\t", "|"][rng.next(4)]
      var text = rng.next(6) == 0 ? "\u{FEFF}" : ""
      if rng.next(5) == 0 { text += "sep=\(d)\n" }
      for _ in 0..<rng.next(30) {
        let width = 1 + rng.next(3)
        text += (0..<width).map { _ in fields[rng.next(fields.count)] }.joined(separator: d)
        text += rng.next(8) == 0 ? "\r\n" : rng.next(10) == 0 ? "\n\n" : "\n"
      }
      let bytes = Array(text.utf8)
      let parameters = DelimitedFormat.Parameters(
        name: "csv", delimiter: nil, header: rng.next(3) != 0)
      let one = LineHalvesTests.outcome {
        try DelimitedFormat.read(ByteStore(bytes), parameters, splitAbove: .max)
      }
      let two = LineHalvesTests.outcome {
        try DelimitedFormat.read(ByteStore(bytes), parameters, splitAbove: 0)
      }
      if let list = try? DelimitedFormat.read(ByteStore(bytes), parameters), let d = list.delimiter
      {
        seen.insert(d)
      }
      #expect(one == two, "trial \(trial): \(text.debugDescription)")
    }
    #expect(seen == Set(DelimitedFormat.candidates))
  }
}
