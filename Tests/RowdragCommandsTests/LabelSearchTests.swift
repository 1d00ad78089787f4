import RowdragBase
import RowdragFormats
import RowdragTestSupport
import Testing

@testable import RowdragCommands

/// Searching stretches of lines at once (memmem for a required literal, REG_NEWLINE
/// over many lines) finds exactly the rows that matching each label alone finds.
@Suite("searching many lines")
struct LabelSearchTests {
  /// Every row whose label matches, found one label at a time.
  static func oneByOne(_ document: Document, _ order: RowOrder, _ matcher: LabelMatcher) -> [Int] {
    var found: [Int] = []
    document.forEachLabel(in: order) { position, label in
      if matcher.matches(label) { found.append(position) }
      return true
    }
    return found
  }

  static func searched(_ document: Document, _ order: RowOrder, _ matcher: LabelMatcher) -> [Int] {
    var found: [Int] = []
    let end = document.forEachMatch(of: matcher, in: order, isInterrupted: { false }) {
      found.append($0)
      return true
    }
    #expect(end == .finished)
    return found
  }

  /// Patterns for each way of searching: plain and prefix literals, required
  /// literals, classes that reach across a newline, anchors, word boundaries, the
  /// whole-text anchors, alternation, empty matches, and UTF-8.
  static let patterns = [
    "ab", "^ab", "^", "", "b a", "a.b", "ab+", "a?b", "(ab|ba)", "^(a|b) ", "b$", "a b$", "^$",
    "[[:space:]]a", "a\\sb", "b[^a]a", "\\<ab", "ab\\>", "\\bb", "\\Ba", "\\`a", "b\\'", "é",
    "[é]b", "a{2}", "a{0,2}b", "(a )+b", "x*", ".*é$", "[0-9]{2}", "\\.", "a*$", "$", "(b|$)",
  ]

  static func randomLines(_ rng: inout SplitMix64, count: Int) -> [UInt8] {
    let pieces: [[UInt8]] = [
      [97], [98], [32], [97, 98], [98, 32, 97], Array("é".utf8), [46], [0], [0xFF], [9], [49, 50],
    ]
    var bytes: [UInt8] = []
    for k in 0..<count {
      for _ in 0..<rng.next(5) { bytes += pieces[rng.next(pieces.count)] }
      if k + 1 < count || rng.next(2) == 0 { bytes += rng.next(6) == 0 ? [13, 10] : [10] }
    }
    return bytes
  }

  @Test("random lines, orders, headers and patterns: the same rows as label by label")
  func agreesWithOneByOne() throws {
    var rng = SplitMix64(seed: 14)
    for round in 0..<300 {
      let bytes = Self.randomLines(&rng, count: 1 + rng.next(30))
      let headers = round % 3 == 0
      let document: Document = TextList(
        bytes: bytes, isHeader: headers ? { $0.first == UInt8(ascii: "1") } : nil)
      let n = document.sectionSpecs.reduce(0) { $0 + $1.rowCount }
      var ids = (0..<Int32(n)).map { $0 }
      if round % 2 == 1 {
        // A few moves: runs of consecutive rows, as after some drags.
        for _ in 0..<rng.next(4) where n > 1 {
          let row = ids.remove(at: rng.next(n))
          ids.insert(row, at: rng.next(n))
        }
      }
      let order = RowOrder(ids)
      for pattern in Self.patterns {
        let matcher = try LabelMatcher(pattern)
        #expect(
          Self.searched(document, order, matcher) == Self.oneByOne(document, order, matcher),
          "/\(pattern)/ in \(bytes)")
      }
    }
  }

  @Test("a list of many megabytes is searched in chunks without losing a row at their seams")
  func chunks() throws {
    var text = ""
    for k in 0..<150_000 {
      text += k % 9_973 == 0 ? "row \(k) needle a b\n" : "row \(k) straw\n"
    }
    let document: Document = TextList(bytes: Array(text.utf8))
    let order = RowOrder(identityOfCount: 150_000)
    for pattern in ["needle", "^row [0-9]*0 needle", "e a[[:space:]]b", "(needle|haystack)"] {
      let matcher = try LabelMatcher(pattern)
      let found = Self.searched(document, order, matcher)
      #expect(found == Self.oneByOne(document, order, matcher), "/\(pattern)/")
      #expect(!found.isEmpty)
    }
  }

  @Test("the literal a search looks for first is one every match contains")
  func requiredLiterals() {
    let cases: [(String, String?)] = [
      ("9999.99 ", "9999"), ("^pick [0-9a-f]+ ", "pick "), ("ab+c", "ab"), ("abc?d", "ab"),
      ("abc*", "ab"), ("x{0,3}yz", "yz"), ("(foo|bar)baz", "baz"), ("foo|bar", nil),
      ("a.b", "a"), ("[abc]", nil), ("\\.txt$", ".txt"), ("\\w+ing", "ing"), ("été+", "été"),
      ("a{2}bc", "bc"), ("(a)", nil), ("x\\{y", "x{y"), ("a{,2}bb", "bb"),
    ]
    for (pattern, literal) in cases {
      #expect(
        PatternLiteral.required(in: pattern).map { String(decoding: $0, as: UTF8.self) } == literal,
        "/\(pattern)/")
    }
  }
}
