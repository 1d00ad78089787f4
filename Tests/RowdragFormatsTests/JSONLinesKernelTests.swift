import CByteMasks
import Foundation
import RowdragBase
import RowdragTestSupport
import Testing

@testable import RowdragFormats

/// The stretch kernel (`rowdrag_jsonl_compact`, both its builds) against a line parser
/// of what it must accept (compact flat objects: string keys, string or integer values,
/// no blank, strings of plain ASCII) and against the line-by-line scanner: valid lines
/// mutated with a byte of every class at every place, each placed after random lines so
/// that it starts at every offset of a step, decided alike by the baseline build, the
/// build this processor runs, and the parser; and every line the kernel accepts is one
/// the scanner reads.
@Suite("JSON Lines: the stretch kernel, line by line")
struct JSONLinesKernelTests {
  static let valid = [
    #"{"title":"item 5","n":5}"#, #"{"a":-10,"height":"x:y,{z}"}"#, #"{"":"","k":0,"z":-0}"#,
    #"{"height":120,"locked":"pinned"}"#, "{\"x\":\"\u{7F} ~'\",\"y\":1234567890}",
    #"{"pinned":"1","heights":0,"xlocked":-7}"#, #"{"n":-5,"m":"x","o":"","p":9}"#,
  ]
  /// A byte of every class the rules tell apart, and some they do not.
  static let bytes: [UInt8] =
    Array(#"{}:,"0019-a \[]t.+eE/"#.utf8) + [
      10, 13, 9, 0, 1, 0x1F, 0x7F, 0x80, 0xC3, 0xFF,
    ]
  static let names = ["height", "locked", "pinned"].map { Array($0.utf8) }

  /// The keys of `line` when it is a compact flat object, else nil.
  static func compactKeys(_ line: ArraySlice<UInt8>) -> [[UInt8]]? {
    var i = line.startIndex
    func byte() -> UInt8? { i < line.endIndex ? line[i] : nil }
    func string() -> [UInt8]? {
      guard byte() == 34 else { return nil }
      i += 1
      let from = i
      while let b = byte(), b != 34 {
        guard b >= 0x20, b < 0x80, b != 92 else { return nil }
        i += 1
      }
      guard byte() == 34 else { return nil }
      i += 1
      return Array(line[from..<i - 1])
    }
    func integer() -> Bool {
      if byte() == 45 { i += 1 }
      guard let d = byte(), (48...57).contains(d) else { return false }
      i += 1
      if d == 48 { return true }
      while let d = byte(), (48...57).contains(d) { i += 1 }
      return true
    }
    guard byte() == 123 else { return nil }
    i += 1
    var keys: [[UInt8]] = []
    while true {
      guard let key = string() else { return nil }
      keys.append(key)
      guard byte() == 58 else { return nil }
      i += 1
      if byte() == 34 {
        guard string() != nil else { return nil }
      } else {
        guard integer() else { return nil }
      }
      if byte() == 44 {
        i += 1
        continue
      }
      guard byte() == 125 else { return nil }
      i += 1
      return i == line.endIndex ? keys : nil
    }
  }

  /// What a kernel decided for `lines` (each without its line feed) after `before`: the
  /// lines it counted, and the rows among them with a key named by `names`.
  static func run(
    _ lines: [[UInt8]], after before: [[UInt8]], baseline: Bool, names: [[UInt8]] = names
  ) -> (Int, [Int]) {
    // A line before the stretch, and valid lines after: at least two steps.
    let after = Array(repeating: Array(valid[0].utf8), count: 8)
    // The stretch starts 30 to 69 bytes into the file (the kernel looks up to 32 back).
    let all =
      [padded(valid[1], by: (lines.count * 7 + before.count * 13 + lines[0].count) % 40)]
      + before + lines + after
    let file = Array(all.joined(separator: [10])) + [10]
    var checker = LineChecker(
      store: ByteStore(file), names: names, lines: 0..<file.count, baselineKernel: baseline)
    let run = checker.compactLines(from: all[0].count + 1, until: file.count, firstRow: 0)
    return (run.count, checker.attributeRows)
  }

  /// Whether the line-by-line scanner reads `line` as one JSON Lines row.
  static func scannerReads(_ line: [UInt8]) -> Bool {
    LineChecker.$stretches.withValue(false) {
      (try? JSONLinesFormat.read(
        ByteStore(line + [10]), labelKeys: JSONList.labelKeys, attributeKeys: AttributeKeys()))
        != nil
    }
  }

  /// Checks one mutated line (it may hold line feeds: then it is several).
  static func check(_ mutated: [UInt8], _ rng: inout SplitMix64, counts: inout (Int, Int)) {
    // Lines before it, so that it starts at any offset of a step.
    var before: [[UInt8]] = []
    for _ in 0..<rng.next(4) {
      before.append(padded(valid[rng.next(valid.count)], by: rng.next(40)))
    }
    check(mutated, after: before, counts: &counts)
  }

  /// A valid line with `count` more bytes in its first key.
  static func padded(_ line: String, by count: Int) -> [UInt8] {
    var line = Array(line.utf8)
    line.insert(contentsOf: Array(repeating: UInt8(ascii: "w"), count: count), at: 2)
    return line
  }

  /// Checks one mutated line after the lines `before`.
  static func check(_ mutated: [UInt8], after before: [[UInt8]], counts: inout (Int, Int)) {
    let lines = mutated.split(separator: 10, omittingEmptySubsequences: false).map { Array($0) }
    let keys = lines.map { compactKeys($0[...]) }
    let compact = keys.allSatisfy { $0 != nil }
    let fast = run(lines, after: before, baseline: false)
    let slow = run(lines, after: before, baseline: true)
    let text = String(decoding: mutated, as: UTF8.self).debugDescription
    // Counted past the mutated line exactly when each of its lines is compact. (The
    // builds' steps may differ in length, and so the lines counted after it.)
    let rows = before.count + lines.count
    #expect((fast.0 >= rows) == compact, "\(text): \(fast.0) lines")
    #expect((slow.0 >= rows) == compact, "\(text): \(slow.0) lines, baseline")
    // The rows with a named key, among those both counted.
    let both = min(fast.0, slow.0)
    #expect(
      fast.1.filter { $0 < both } == slow.1.filter { $0 < both }, "the builds differ on \(text)")
    if compact {
      #expect(lines.allSatisfy(scannerReads), "accepted, but the scanner refuses \(text)")
      // The rows with a named key, among those counted.
      let rowKeys = (before.map { compactKeys($0[...]) } + keys).map { $0 ?? [] }
      let named = rowKeys.indices.filter { row in rowKeys[row].contains { names.contains($0) } }
      #expect(
        fast.1.filter { $0 < rows } == named, "\(text): attribute rows \(fast.1), expected \(named)"
      )
      counts.0 += 1
    } else {
      counts.1 += 1
    }
  }

  @Test("every byte class replacing, inserted before and in place of every byte")
  func singleMutations() {
    var rng = SplitMix64(seed: 2612)
    var counts = (0, 0)
    for line in Self.valid.map({ Array($0.utf8) }) {
      for at in 0...line.count {
        for byte in Self.bytes {
          var inserted = line
          inserted.insert(byte, at: at)
          Self.check(inserted, &rng, counts: &counts)
          guard at < line.count else { continue }
          var replaced = line
          replaced[at] = byte
          Self.check(replaced, &rng, counts: &counts)
        }
        if at < line.count {
          var removed = line
          removed.remove(at: at)
          Self.check(removed, &rng, counts: &counts)
        }
      }
    }
    // Both verdicts, many times each.
    #expect(counts.0 > 500 && counts.1 > 5000, "\(counts)")
  }

  @Test("mutated lines at every offset of a step")
  func everyOffset() {
    var rng = SplitMix64(seed: 64)
    var counts = (0, 0)
    for line in Self.valid.map({ Array($0.utf8) }) {
      for _ in 0..<12 {
        var mutated = line
        let at = rng.next(line.count)
        let byte = Self.bytes[rng.next(Self.bytes.count)]
        switch rng.next(3) {
        case 0: mutated.insert(byte, at: at)
        case 1: mutated[at] = byte
        default: mutated.remove(at: at)
        }
        // One line of 25 to 88 bytes before it: every offset of steps of 63 and 64.
        for pad in 0..<64 {
          Self.check(mutated, after: [Self.padded(Self.valid[0], by: pad)], counts: &counts)
        }
      }
    }
    #expect(counts.0 > 400 && counts.1 > 2000, "\(counts)")
  }

  @Test("keys of 0 to 62 bytes named, in one step or across two")
  func nameLengths() {
    let long = String(repeating: "k", count: 62)
    let names = ["", "n", "heights", long].map { Array($0.utf8) }
    let keys = ["", "n", "m", "heights", "height", long, long + "k", String(long.dropLast())]
    var rng = SplitMix64(seed: 4)
    var named = 0
    for _ in 0..<300 {
      var lines: [[UInt8]] = []
      var expected: [Int] = []
      for row in 0..<(1 + rng.next(12)) {
        let chosen = (0...rng.next(2)).map { _ in keys[rng.next(keys.count)] }
        let members = chosen.enumerated().map { #""\#($1)":\#($0)"# }
        lines.append(Array(("{" + members.joined(separator: ",") + "}").utf8))
        if chosen.contains(where: { names.contains(Array($0.utf8)) }) { expected.append(row) }
      }
      let before = [Self.padded(Self.valid[0], by: rng.next(40))]
      for baseline in [false, true] {
        let run = Self.run(lines, after: before, baseline: baseline, names: names)
        #expect(run.0 >= lines.count + 1)
        let rows = run.1.filter { $0 >= 1 && $0 <= lines.count }.map { $0 - 1 }
        #expect(
          rows == expected,
          "baseline \(baseline): \(lines.map { String(decoding: $0, as: UTF8.self) })")
      }
      named += expected.count
    }
    #expect(named > 500)
  }

  @Test("the AVX2 build runs where the processor has AVX2, BMI1/2, POPCNT and PCLMUL")
  func buildChosen() throws {
    #if arch(x86_64) && os(Linux)
      let info = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
      let flags = Set(
        info.split(separator: "\n").first { $0.hasPrefix("flags") }?.split(separator: " ")
          .map(String.init) ?? [])
      let capable = ["avx2", "bmi1", "bmi2", "popcnt", "pclmulqdq"].allSatisfy(flags.contains)
      #expect(rowdrag_avx2_dispatched() == (capable ? 1 : 0), "flags: \(flags.sorted())")
      #expect(LineChecker.compactStep(baseline: false) == (capable ? 64 : 63))
    #else
      #expect(rowdrag_avx2_dispatched() == 0)
    #endif
  }

  @Test("3,000 lines with two to four random mutations")
  func severalMutations() {
    var rng = SplitMix64(seed: 1203)
    var counts = (0, 0)
    for _ in 0..<3000 {
      var line = Array(Self.valid[rng.next(Self.valid.count)].utf8)
      for _ in 0..<2 + rng.next(3) {
        let byte = Self.bytes[rng.next(Self.bytes.count)]
        switch rng.next(3) {
        case 0: line.insert(byte, at: rng.next(line.count + 1))
        case 1 where !line.isEmpty: line[rng.next(line.count)] = byte
        default: if !line.isEmpty { line.remove(at: rng.next(line.count)) }
        }
      }
      Self.check(line, &rng, counts: &counts)
    }
    #expect(counts.0 > 50 && counts.1 > 1500, "\(counts)")
  }
}
