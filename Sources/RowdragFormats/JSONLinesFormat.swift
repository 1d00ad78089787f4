import RowdragSystem

/// JSON Lines / NDJSON (FORMATS.md §3.6): every non-blank line is one JSON value and one
/// row, labelled and measured as a JSON list's elements are (SPEC §5.2); blank lines
/// are trivia.
public enum JSONLinesFormat {
  /// Files smaller than this are checked on one thread, where a thread costs more than
  /// it saves.
  public static let halvesThreshold = 4 << 20

  /// `labelKeys` are the members a label is taken from, in priority order; the lines
  /// whose objects have a member named by `attributeKeys` are noted, so that reading
  /// heights and flags later visits only those.
  ///
  /// A file of `splitAbove` bytes or more is checked in two halves at once (see
  /// `LineChecker`); the result, error included, is the one pass's.
  public static func read(
    _ store: ByteStore, labelKeys: [String], attributeKeys: AttributeKeys,
    splitAbove: Int = halvesThreshold
  ) throws(JSONSyntaxError) -> BlockList {
    let buf = store.buffer
    if let encoding = JSONList.foreignEncoding(buf) { throw encoding }
    let names = [attributeKeys.height, attributeKeys.locked, attributeKeys.pinned].map {
      Array($0.utf8)
    }
    // Every line is a value of its own, so any line start is a safe place to split:
    // the second half's lines are checked on another thread while this one sorts all
    // lines into rows and checks the first half's.
    let split = buf.count >= splitAbove ? secondHalfStart(buf) : buf.count
    let second = SecondHalf(LineChecker(store: store, names: names, lines: split..<buf.count))
    var builder = BlockList.Builder(store: store)
    var first = LineChecker(store: store, names: names, lines: 0..<split)
    var rowsBeforeSplit = 0
    if split < buf.count {
      BackgroundThread.overlap({ second.run() }) {
        rowsBeforeSplit = sortLines(buf, split: split, into: &builder, checking: &first)
      }
    } else {
      rowsBeforeSplit = sortLines(buf, split: split, into: &builder, checking: &first)
    }
    // The first half's error comes first in the file, as in one pass.
    if let error = first.error ?? second.checker.error { throw error }
    var list = builder.build(format: "jsonl", labels: .json(labelKeys))
    list.attributeRows =
      first.attributeRows + second.checker.attributeRows.map { $0 + rowsBeforeSplit }
    return list
  }

  /// Sorts every line into rows and trivia, checking those that start before `split`
  /// with `first`; returns the rows before `split`. A function of its own, with its
  /// state passed `inout`, so that no access to it is checked at run time, line by line.
  ///
  /// Sorting and checking are two passes: sorting a line needs only its first byte
  /// (`sortRows`), so most lines are counted in stretches rather than visited.
  static func sortLines(
    _ buf: UnsafeBufferPointer<UInt8>, split: Int, into builder: inout BlockList.Builder,
    checking first: inout LineChecker
  ) -> Int {
    var lines = LineCursor(buf)
    sortRows(&lines, until: split, into: &builder)
    let rowsBeforeSplit = builder.rowCount
    first.checkAll()
    // After an error nothing more is needed: the file is refused.
    if first.error == nil { sortRows(&lines, until: buf.count, into: &builder) }
    return rowsBeforeSplit
  }

  /// Sorts the lines that start before `end`: blank lines are trivia, every other line
  /// a row. A line whose first byte is above a space is not blank, so stretches of such
  /// lines are counted sixty-four bytes at a time (`NewlineScanner.plainLines`).
  static func sortRows(
    _ lines: inout LineCursor, until end: Int, into builder: inout BlockList.Builder
  ) {
    let buf = lines.buf
    let limit = Swift.min(end, buf.count)
    while lines.offset < end {
      let at = lines.offset
      if at > 0 && buf[at] > 32 && builder.extendsLines(at: at) {
        let run = NewlineScanner.plainLines(from: at, until: limit, in: buf, JSONLinesRule.self)
        if run.count > 0 {
          builder.items(lines: run.count, endingAt: run.end)
          lines.skip(to: run.end, lines: run.count)
          continue
        }
      }
      guard let line = lines.next() else { break }
      if LineCursor.isBlank(buf, line) {
        builder.trivia(line.span)
      } else {
        builder.item(line.span, lines: 1)
      }
    }
  }

  /// The start of the first line at or after the middle of `buf`.
  static func secondHalfStart(_ buf: UnsafeBufferPointer<UInt8>) -> Int {
    let newline = NewlineScanner.next(from: buf.count / 2, in: buf)
    return Swift.min(buf.count, newline + 1)
  }
}

/// Checks the lines of one part of a JSON Lines file: each non-blank line must hold
/// one JSON value; it notes the rows (counted from the part's start) whose objects
/// may have an attribute member, and stops at the first error. A struct, used from a
/// local variable: a class's stored scanner would pay a dynamic exclusivity check on
/// every line.
struct LineChecker {
  let buf: UnsafeBufferPointer<UInt8>
  let lines: Range<Int>
  let names: KeyNames
  /// One scanner for the whole part, run over one line at a time.
  var scanner: JSONScanner
  /// The state machine's state, reused from line to line.
  var state = JSONScanner.State()
  var attributeRows: [Int] = []
  var error: JSONSyntaxError?
  /// `LineChecker.stretches` where the checker was made (a task-local value is not seen
  /// on the second half's thread).
  let stretches = LineChecker.stretches

  init(store: ByteStore, names: [[UInt8]], lines: Range<Int>) {
    buf = store.buffer
    self.lines = lines
    self.names = KeyNames(names)
    scanner = JSONScanner(store, splitAbove: Int.max)
  }

  /// Whether stretches of compact lines are checked as such (`compactLines`); false
  /// while tests compare them with checking every line.
  @TaskLocal static var stretches = true

  /// Checks every line of the part: stretches of compact flat objects sixty-four bytes
  /// at a time, every other line with the scanner. After a stretch of under 8 lines,
  /// the next 32 lines are checked one by one.
  mutating func checkAll() {
    var cursor = LineCursor(buf, from: lines.lowerBound)
    var rows = 0
    var quiet = 0
    while cursor.offset < lines.upperBound {
      let at = cursor.offset
      if quiet > 0 {
        quiet -= 1
      } else if stretches && at > 0 && buf[at] == 123 {
        let run = compactLines(from: at, until: lines.upperBound, firstRow: rows)
        if run.count < 8 { quiet = 32 }
        if run.count > 0 {
          rows += run.count
          cursor.skip(to: run.end, lines: run.count)
          continue
        }
      }
      guard let line = cursor.next() else { break }
      guard !LineCursor.isBlank(buf, line) else { continue }
      guard check(line, row: rows) else { return }
      rows += 1
    }
  }

  /// Checks one non-blank line, row `row` of the part; false after an error.
  mutating func check(_ line: LineCursor.Line, row: Int) -> Bool {
    // A flat object is checked in one pass; anything else by the state machine.
    var named = false
    if let flat = scanner.flatLine(line.content, names: names) {
      named = flat
    } else {
      do {
        try scanner.scanValue(in: line.content, state: &state)
      } catch {
        self.error = JSONSyntaxError(
          line: error.line, column: error.column,
          message: error.message + " (each line of a JSON Lines file must hold one JSON value)")
        return false
      }
      if let p = buf.baseAddress {
        named = scanner.outline.depth1Keys.contains {
          JSONScanner.mayName($0, in: p, names: names)
        }
      }
    }
    if named { attributeRows.append(row) }
    return true
  }
}

/// The second half's checker, handed to another thread and read by the first only
/// after `BackgroundThread.overlap` has joined it.
private final class SecondHalf: @unchecked Sendable {
  var checker: LineChecker

  init(_ checker: LineChecker) { self.checker = checker }

  func run() {
    var local = checker
    local.checkAll()
    checker = local
  }
}

extension JSONScanner {
  /// Validates the one JSON value that `range` must hold, and nothing after it on its
  /// line, reusing the outline's storage from line to line (nothing is kept).
  ///
  /// `state` is the caller's, kept from line to line for its stack's storage.
  mutating func scanValue(in range: Range<Int>, state: inout State) throws(JSONSyntaxError) {
    // Most lines leave most of these empty: no call then.
    if !outline.depth1.isEmpty { outline.depth1.removeAll(keepingCapacity: true) }
    if !outline.depth1Keys.isEmpty { outline.depth1Keys.removeAll(keepingCapacity: true) }
    if !outline.depth2.isEmpty { outline.depth2.removeAll(keepingCapacity: true) }
    if !outline.depth2Ends.isEmpty { outline.depth2Ends.removeAll(keepingCapacity: true) }
    outline.depth1AllArrays = true
    outline.topKind = .literal
    state.reset()
    _ = try run(&state, from: range.lowerBound, until: range.upperBound, stopAtBase: false)
    guard state.depth == 0 else {
      throw JSONSyntaxError(
        "the line ends inside a value; expected \(state.expectsArrayValue ? "a value" : "more of it")",
        at: range.upperBound, in: bytes)
    }
  }
}
