import RowdragBase
import RowdragCommands
import RowdragFormats

/// Arbitrary bytes under every structured format (FORMATS.md): the first byte picks the
/// format and its parameters. An input loads or fails with an error, never a trap; a
/// loaded one prints back byte for byte, and after reordering within and across
/// sections every input line is still in the output exactly once (Markdown's renumbered
/// lines but for their digits and blanks; sections numbered consecutively keep their
/// numbers, FORMATS.md §3.3: `keepsCounting`), and a byte-order mark that starts the
/// input still starts it, once (§1.4). Todo, Markdown, M3U, CSV and TSV files read in
/// two halves (forced) give the one pass's error, or its rows, sections and output, and
/// a CSV file the one pass's delimiter (§3.4).
enum FormatsTarget {
  static let choices = [
    "todo", "markdown", "csv", "csv header=no label=2", "tsv label=b", "csv delimiter=;",
    "m3u", "jsonl", "text skip=^#", "json path=/a", "json path=/0/x~1y", "text",
    "csv header=no",
  ]

  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let first = bytes.first else { return }
    let input = Array(bytes.dropFirst())
    var options = LoadOptions()
    guard var choice = try? FormatChoice.parse(choices[Int(first) % choices.count]) else {
      preconditionFailure("a fuzz format choice does not parse")
    }
    if choice.name == "markdown" && first & 0x40 != 0 { choice.values["renumber"] = "no" }
    let renumbers = choice.name == "markdown" && first & 0x40 == 0
    options.format = choice
    if first & 0x80 != 0 && (choice.name == "markdown" || choice.name == "text") {
      options.headerPattern = "^#"
    }
    if options.headerPattern == nil { halvesAgree(choice, input) }
    guard
      let (document, _) = try? ListLoader.load(
        store: ByteStore(input), name: "<fuzz>", options: options)
    else { return }
    let counts = document.sectionRowCounts
    let total = counts.reduce(0, +)
    let starts = Sections.starts(counts)
    for id in 0..<total {
      let lines = document.lineCount(ofRow: id)
      precondition(lines >= 1)
      _ = document.withLine(lines - 1, ofRow: id) { $0.count }
      _ = document.label(ofRow: id)
    }
    precondition(Sections.printed(document, RowOrder(identityOfCount: total), starts) == input)
    if !document.markNames.isEmpty {
      marksChangeOnlyTheirWords(document, options, input, seed: first)
    }
    guard choice.name != "json" else { return }
    let reversed = Sections.printed(document, Sections.reversed(counts), starts)
    precondition(sameLines(reversed, input, renumbered: renumbers))
    precondition(markStaysFirst(reversed, input))
    if renumbers { keepsCounting(document, counts) }
    // The first row to the end of the last section: its section shrinks, another grows.
    guard total > 1, let from = counts.firstIndex(where: { $0 > 0 }) else { return }
    var order = (0..<Int32(total)).map { $0 }
    let row = order.remove(at: starts[from])
    order.append(row)
    var moved = starts
    for s in (from + 1)..<moved.count { moved[s] -= 1 }
    let across = Sections.printed(document, RowOrder(order), moved)
    precondition(sameLines(across, input, renumbered: renumbers))
    precondition(markStaysFirst(across, input))
  }

  /// Random marks (FORMATS.md §5.1) on every row that has them: written, each row's
  /// first line differs from its input only between a common head and tail no longer
  /// than a mark (blanks aside: `fixup  -C` is one mark), every other line is kept,
  /// and the output read again has exactly the marks set.
  static func marksChangeOnlyTheirWords(
    _ loaded: Document, _ options: LoadOptions, _ input: [UInt8], seed: UInt8
  ) {
    var document = loaded
    let counts = document.sectionRowCounts
    let total = counts.reduce(0, +)
    let names = document.markNames
    var codes = [UInt8](repeating: 0, count: total)
    var wanted: [Int?] = []
    var state = UInt32(seed) &* 2_654_435_761 | 1
    let identity = RowOrder(identityOfCount: total)
    for id in 0..<total {
      state = state &* 1_103_515_245 &+ 12345
      guard let own = document.ownMark(ofRow: id) else {
        wanted.append(nil)
        continue
      }
      var code = Int(state >> 16) % (names.count + 1)
      // A mark the row would read as another cannot be set (`mark` refuses it).
      if code > 0, case .misreads = document.markCodes(code - 1, at: id..<(id + 1), of: identity) {
        code = 0
      }
      codes[id] = UInt8(code)
      wanted.append(code == 0 ? own : code - 1)
    }
    document.showMarks(codes)
    let starts = Sections.starts(counts)
    let output = Sections.printed(document, RowOrder(identityOfCount: total), starts)
    let before = input.split(separator: 10, omittingEmptySubsequences: false)
    let after = output.split(separator: 10, omittingEmptySubsequences: false)
    precondition(before.count == after.count, "marks changed the lines")
    let longest = names.map(\.utf8.count).max() ?? 0
    for (a, b) in zip(before, after) where a != b {
      let head = zip(a, b).prefix { $0 == $1 }.count
      let tail = Swift.min(
        zip(a.reversed(), b.reversed()).prefix { $0 == $1 }.count, a.count - head, b.count - head)
      // What changed, but for the blanks a fixup's `-C` may stand after (`fixup  -C`).
      let changed = { (line: ArraySlice<UInt8>) in
        line.dropFirst(head).dropLast(tail).filter { $0 != 32 && $0 != 9 }.count
      }
      precondition(
        changed(a) <= longest && changed(b) <= longest, "a mark changed more than a word")
    }
    guard
      let (again, _) = try? ListLoader.load(
        store: ByteStore(output), name: "<fuzz>", options: options)
    else { preconditionFailure("a marked list does not load") }
    precondition(again.sectionRowCounts == counts, "marks changed the rows")
    for id in 0..<total {
      precondition(again.ownMark(ofRow: id) == wanted[id], "row \(id) reads another mark")
    }
  }

  /// After every section's rows are reversed, a section whose rows were all items of
  /// one ordered list numbered n, n+1, … is still labelled n, n+1, … (FORMATS.md §3.3).
  /// Items with another delimiter (`1.` then `2)`) are lists of their own in CommonMark,
  /// each keeping its own start, so such a section is not checked.
  static func keepsCounting(_ loaded: Document, _ counts: [Int]) {
    var document = loaded
    let starts = Sections.starts(counts)
    let before = (0..<counts.reduce(0, +)).map { marker(document.labelBytes(ofRow: $0)) }
    document.arrange(Sections.reversed(counts), sectionStarts: starts)
    for (start, count) in zip(starts, counts) where count > 1 {
      let markers = before[start..<(start + count)]
      guard let first = markers.first ?? nil,
        markers.enumerated().allSatisfy({
          $0.element?.value == first.value + $0.offset
            && $0.element?.delimiter == first.delimiter
        })
      else { continue }
      for id in start..<(start + count) {
        // The row at position `start + k` is identity `start + count - 1 - k`.
        let k = start + count - 1 - id
        precondition(marker(document.labelBytes(ofRow: id))?.value == first.value + k)
      }
    }
  }

  /// The number and delimiter of an ordered list item's marker at the start of
  /// `label`, else nil.
  static func marker(_ label: [UInt8]) -> (value: Int, delimiter: UInt8)? {
    let text = label.drop { $0 == 32 || $0 == 9 }
    let digits = text.prefix { $0 >= 48 && $0 <= 57 }
    guard (1...9).contains(digits.count), digits.count < text.count else { return nil }
    let delimiter = text[text.startIndex + digits.count]
    guard delimiter == 46 || delimiter == 41 else { return nil }
    return (digits.reduce(0) { $0 * 10 + Int($1 - 48) }, delimiter)
  }

  /// Whether a byte-order mark that starts `input` starts `output` too, as trivia that
  /// no move carries (FORMATS.md §1.4): the output starts with it and holds as many
  /// marks as the input.
  static func markStaysFirst(_ output: [UInt8], _ input: [UInt8]) -> Bool {
    guard input.starts(with: byteOrderMark) else { return true }
    let marks = { (bytes: [UInt8]) in
      (0..<Swift.max(0, bytes.count - 2)).count { bytes[$0...].starts(with: byteOrderMark) }
    }
    return output.starts(with: byteOrderMark) && marks(output) == marks(input)
  }

  /// For the formats read in two halves on a large file, checks that a read forced
  /// into halves decides as one pass: the same error, or the same rows, sections, and
  /// output reversed.
  static func halvesAgree(_ choice: FormatChoice, _ input: [UInt8]) {
    let read: ((Int) throws -> BlockList)? =
      switch choice.name {
      case "todo": { TodoFormat.read(ByteStore(input), splitAbove: $0) }
      case "markdown": { MarkdownFormat.read(ByteStore(input), isHeader: nil, splitAbove: $0) }
      case "m3u": { M3UFormat.read(ByteStore(input), splitAbove: $0) }
      case "csv", "tsv":
        { try DelimitedFormat.read(ByteStore(input), .init(choice), splitAbove: $0) }
      default: nil
      }
    guard let read else { return }
    let one = Result { try read(.max) }
    let two = Result { try read(0) }
    switch (one, two) {
    case (.success(let one), .success(let two)):
      let counts = one.sectionRowCounts
      precondition(two.sectionRowCounts == counts && two.blocks.count == one.blocks.count)
      precondition(one.delimiter == two.delimiter, "the halves read with another delimiter")
      let starts = Sections.starts(counts)
      let reversed = Sections.reversed(counts)
      precondition(
        Sections.printed(one, reversed, starts) == Sections.printed(two, reversed, starts))
    case (.failure(let one), .failure(let two)):
      precondition("\(one)" == "\(two)")
    default:
      preconditionFailure("one pass and two halves disagree on an error")
    }
  }

  /// Whether `output` holds `input`'s lines, each once. A byte-order mark that starts
  /// both stayed first, as trivia ahead of the first line (FORMATS.md §1.4), so it is
  /// no part of either first line.
  static func sameLines(_ output: [UInt8], _ input: [UInt8], renumbered: Bool = false) -> Bool {
    if renumbered {
      // Renumbering changes digits and blanks only.
      let kept = { (bytes: [UInt8]) in
        bytes.filter { !($0 >= 48 && $0 <= 57) && $0 != 32 && $0 != 9 }
      }
      return sameLines(kept(output), kept(input))
    }
    if lines(output) == lines(input) { return true }
    let mark = byteOrderMark
    guard output.starts(with: mark) && input.starts(with: mark) else { return false }
    return lines(Array(output.dropFirst(3))) == lines(Array(input.dropFirst(3)))
  }

  /// The input's lines without terminators and trailing CRs, sorted: the same exactly
  /// when every line is there once. (The last line gains or loses its terminator as it
  /// moves, SPEC §9.21, and a CR before a newline reads as part of a CR LF.)
  static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    bytes.split(separator: 10, omittingEmptySubsequences: false).map { line in
      var line = line
      while line.last == 13 { line = line.dropLast() }
      return line
    }.filter { !$0.isEmpty }.sorted { $0.lexicographicallyPrecedes($1) }
  }
}
