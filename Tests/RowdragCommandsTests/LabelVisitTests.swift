import RowdragBase
import RowdragCommands
import RowdragEngine
import RowdragFormats
import RowdragTestSupport
import Testing

/// The fast ways of reading many labels agree with the plain ones.
@Suite("visiting labels")
struct LabelVisitTests {
  @Test("forEachLabel gives each position's label, in order, and stops when asked")
  func visitsAgree() throws {
    var rng = SplitMix64(seed: 7)
    let sources = [
      "a\nb\r\nc\nd", "# H\nx\n# I\n# J\ny\nz\n", "\n\n\n", "only",
      #"{"A": [{"title": "one"}, "b"], "B": [], "C": [1, [2], {"name": "n"}]}"#,
    ]
    for source in sources {
      let bytes = Array(source.utf8)
      let document: Document =
        source.hasPrefix("{")
        ? try JSONList(bytes: bytes)
        : TextList(bytes: bytes, isHeader: { $0.first == UInt8(ascii: "#") })
      let n = document.sectionSpecs.reduce(0) { $0 + $1.rowCount }
      for _ in 0..<20 {
        var ids = (0..<Int32(n)).map { $0 }
        ids.shuffle(using: &rng)
        let order = RowOrder(ids)
        var visited: [(Int, String)] = []
        document.forEachLabel(in: order) { position, label in
          visited.append((position, String(decoding: label, as: UTF8.self)))
          return true
        }
        #expect(visited.map(\.0) == Array(0..<n), "\(source)")
        #expect(visited.map(\.1) == ids.map { document.label(ofRow: Int($0)) }, "\(source)")
        let stop = n == 0 ? 0 : Int.random(in: 0..<n, using: &rng)
        var seen = 0
        document.forEachLabel(in: order) { position, _ in
          seen += 1
          return position < stop
        }
        #expect(seen == Swift.min(n, stop + 1), "\(source): stops after position \(stop)")
      }
    }
  }

  @Test("literal and ^literal patterns match exactly where the POSIX matcher does")
  func fastPathsAgreeWithPOSIX() throws {
    var rng = SplitMix64(seed: 11)
    let alphabet = Array("ab ^-")
    for pattern in ["^", "^a", "^ab", "^a b", "^-", "^b a b", "a", "ab", "b a", ""] {
      let matcher = try LabelMatcher(pattern)
      // The same pattern with a group around it takes the regcomp path.
      let anchored = pattern.hasPrefix("^")
      let posix = try LabelMatcher(
        anchored ? "^(\(pattern.dropFirst()))" : "(\(pattern))")
      for _ in 0..<300 {
        let label = String(
          (0..<Int.random(in: 0...6, using: &rng)).map { _ in
            alphabet.randomElement(using: &rng)!
          })
        let fast = Array(label.utf8).withUnsafeBufferPointer { matcher.matches($0) }
        let slow = Array(label.utf8).withUnsafeBufferPointer { posix.matches($0) }
        #expect(fast == slow, "/\(pattern)/ on '\(label)'")
      }
    }
  }
}
