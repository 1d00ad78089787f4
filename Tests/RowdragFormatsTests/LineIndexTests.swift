import RowdragBase
import RowdragTestSupport
import Testing

@testable import RowdragFormats

/// The lazy line index and the text writer against the plainest reading of SPEC §5.1:
/// split at every `\n`, keep each terminator, glue lines back together.
@Suite("line index and text writer")
struct LineIndexTests {
  /// Each line with its terminator, split the obvious way.
  static func naiveLines(_ bytes: [UInt8]) -> [[UInt8]] {
    var lines: [[UInt8]] = []
    var current: [UInt8] = []
    for byte in bytes {
      current.append(byte)
      if byte == 10 {
        lines.append(current)
        current = []
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }

  @Test("block counts, line starts and spans agree with a naive split, before and after the table")
  func lookups() {
    var rng = SplitMix64(seed: 11)
    // The largest inputs pass `parallelBlocks`, so both counting threads run.
    for lines in [0, 1, 2, 5, 200, 3000, 140_000] {
      let bytes = rng.text(lines: lines)
      let store = ByteStore(bytes)
      let counts = NewlineScanner.blockCounts(store.buffer)
      let size = NewlineScanner.blockSize
      #expect(counts.count == (bytes.count + size - 1) / size + 1)
      var naiveCounts = [0]
      for b in stride(from: 0, to: bytes.count, by: size) {
        naiveCounts.append(
          naiveCounts.last! + bytes[b..<Swift.min(bytes.count, b + size)].filter { $0 == 10 }.count)
      }
      #expect(counts == naiveCounts)
      let naive = Self.naiveLines(bytes)
      var starts = [0]
      for line in naive { starts.append(starts.last! + line.count) }
      let index = LineIndex(store: store)
      #expect(index.lineCount == naive.count)
      // Random lookups until well past the point where the table is built.
      for step in 0..<(200 + naive.count / 16) {
        let line = naive.isEmpty ? 0 : rng.next(naive.count)
        if naive.isEmpty {
          #expect(index.start(ofLine: 0) == 0)
          break
        }
        #expect(index.start(ofLine: line) == starts[line], "\(lines) lines, step \(step)")
        let span = index.span(ofLine: line)
        #expect(Array(bytes[span.start..<span.end]) == naive[line], "\(lines) lines, line \(line)")
      }
      #expect(index.start(ofLine: naive.count) == bytes.count)
    }
  }

  @Test("writing any order, as runs or flat, is the naive concatenation")
  func writes() throws {
    var rng = SplitMix64(seed: 5)
    for trial in 0..<200 {
      let bytes = rng.text(lines: 1 + rng.next(trial < 150 ? 12 : 600))
      let list = TextList(bytes: bytes)
      let lines = Self.naiveLines(bytes)
      var model = Array(0..<lines.count)
      for _ in 0..<(lines.isEmpty ? 0 : rng.next(trial < 150 ? 6 : 400)) {
        model.insert(model.remove(at: rng.next(lines.count)), at: rng.next(lines.count))
      }
      let order = RowOrder(model.map { Int32($0) })
      // The file's last line may lack a terminator: it gains the last terminator
      // seen when it moves up, and the last line written loses it when the file
      // ended without one (§5.1, §9.21).
      let endsWithNewline = bytes.last == 10
      var fallback: [UInt8] = [10]
      if let last = lines.last(where: { $0.last == 10 }), last.count >= 2,
        last[last.count - 2] == 13
      {
        fallback = [13, 10]
      }
      var expected: [UInt8] = []
      for (k, id) in model.enumerated() {
        var line = lines[id]
        if k == model.count - 1 && !endsWithNewline {
          if line.last == 10 {
            line.removeLast()
            if line.last == 13 { line.removeLast() }
          }
        } else if line.last != 10 {
          line += fallback
        }
        expected += line
      }
      let out = OutputSink(memoryNamed: "t")
      try list.write(order: order, sectionStarts: [0], to: out)
      try out.flush()
      #expect(out.captured == expected, "trial \(trial), \(order.isRunBased ? "runs" : "flat")")
    }
  }
}

extension SplitMix64 {
  /// Random text lines: mostly short, a few long (over a block), some CRLF, some NULs, sometimes no final
  /// newline, sometimes runs of empty lines.
  mutating func text(lines: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    for _ in 0..<lines {
      let length = next(200) == 0 ? next(9000) : next(30)
      for _ in 0..<length { bytes.append([0x61, 0x62, 0x20, 0x00, 0xC3, 0xFF, 0x0D][next(7)]) }
      bytes += next(5) == 0 ? [13, 10] : [10]
    }
    if next(3) == 0 && !bytes.isEmpty { bytes.removeLast() }
    return bytes
  }
}
