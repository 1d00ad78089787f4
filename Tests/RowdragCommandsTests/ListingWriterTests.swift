import RowdragFormats
import RowdragTestSupport
import Testing

@testable import RowdragCommands

/// `list` lines formatted into a large buffer are the `%6d<TAB>mark<TAB>label` lines of
/// SPEC, whatever the number's width, the label's size and where the buffer fills up.
@Suite("list formatting")
struct ListingWriterTests {
  @Test("numbers of every width, marks, empty and huge labels, buffer seams")
  func matchesPrintf() throws {
    var rng = SplitMix64(seed: 15)
    let out = OutputSink(memoryNamed: "t")
    let writer = ListingWriter(out: out)
    var expected: [UInt8] = []
    let numbers = [1, 9, 10, 99_999, 100_000, 999_999, 1_000_000, 12_345_678, Int.max]
    for k in 0..<20_000 {
      let number = k < numbers.count ? numbers[k] : 1 + rng.next(10_000_000)
      let mark = Array("-LP>".utf8)[rng.next(4)]
      let size = k == 5 ? 3 << 20 : rng.next(5) == 0 ? 0 : rng.next(200)
      let label = (0..<size).map { _ in UInt8(truncatingIfNeeded: 32 + rng.next(200)) }
      try label.withUnsafeBufferPointer { try writer.row(number, mark: mark, label: $0) }
      let digits = String(number)
      expected += Array((String(repeating: " ", count: max(0, 6 - digits.count)) + digits).utf8)
      expected += [9, mark, 9] + label + [10]
    }
    try writer.flush()
    #expect(out.captured.count == expected.count)
    #expect(out.captured == expected)
  }
}
