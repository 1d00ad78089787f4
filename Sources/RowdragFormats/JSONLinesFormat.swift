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
    // A UTF-8 byte-order mark is trivia that stays first (FORMATS.md §1.4), unlike
    // in a JSON document, which RFC 8259 keeps free of one.
    if !buf.starts(with: [0xEF, 0xBB, 0xBF]), let encoding = JSONList.foreignEncoding(buf) {
      throw encoding
    }
    let names = [attributeKeys.height, attributeKeys.locked, attributeKeys.pinned].map {
      Array($0.utf8)
    }
    // Every line is a value of its own, so any line start is a safe place to split:
    // the second half's lines are checked and sorted into rows on another thread, and
    // its rows join the first half's (`BlockList.Builder.append`).
    let split = buf.count >= splitAbove ? secondHalfStart(buf) : buf.count
    var first = LineChecker(store: store, names: names, lines: 0..<split)
    var secondRows: [Int] = []
    if split < buf.count {
      let second = SecondHalf(store: store, names: names, lines: split..<buf.count)
      BackgroundThread.overlap({ second.run() }) { first.checkAll() }
      // The first half's error comes first in the file, as in one pass.
      if let error = first.error ?? second.checker?.error { throw error }
      if let checker = second.checker {
        let rowsBeforeSplit = first.builder.rowCount
        first.builder.append(checker.builder)
        secondRows = checker.attributeRows.map { $0 + rowsBeforeSplit }
      }
    } else {
      first.checkAll()
      if let error = first.error { throw error }
    }
    var list = first.builder.build(format: "jsonl", labels: .json(labelKeys))
    list.attributeRows = first.attributeRows + secondRows
    return list
  }

  /// The start of the first line at or after the middle of `buf`.
  static func secondHalfStart(_ buf: UnsafeBufferPointer<UInt8>) -> Int {
    let newline = NewlineScanner.next(from: buf.count / 2, in: buf)
    return Swift.min(buf.count, newline + 1)
  }
}

/// Checks the lines of one part of a JSON Lines file and sorts them into rows and
/// trivia: each non-blank line must hold one JSON value and is a row, blank lines are
/// trivia; it notes the rows (counted from the part's start) whose objects may have
/// an attribute member, and stops at the first error. A struct, used from a local
/// variable: a class's stored scanner would pay a dynamic exclusivity check on every
/// line.
///
/// Checking and sorting are one pass: a stretch of compact lines is checked 63 or 64
/// bytes a step (`compactLines`) and added as that many rows, so no second pass visits the lines to
/// sort them.
struct LineChecker {
  let buf: UnsafeBufferPointer<UInt8>
  let lines: Range<Int>
  let names: KeyNames
  /// The part's rows and trivia; a part after the first has its own, for the first's
  /// to append.
  var builder: BlockList.Builder
  /// One scanner for the whole part, run over one line at a time.
  var scanner: JSONScanner
  /// The state machine's state, reused from line to line.
  var state = JSONScanner.State()
  var attributeRows: [Int] = []
  var error: JSONSyntaxError?
  /// `LineChecker.stretches` where the read began (a task-local value is not seen on
  /// the second half's thread).
  let stretches: Bool
  /// `LineChecker.baselineKernel` where the read began.
  let baselineKernel: Bool

  init(
    store: ByteStore, names: [[UInt8]], lines: Range<Int>, stretches: Bool = LineChecker.stretches,
    baselineKernel: Bool = LineChecker.baselineKernel
  ) {
    buf = store.buffer
    self.stretches = stretches
    self.baselineKernel = baselineKernel
    self.lines = lines
    self.names = KeyNames(names)
    scanner = JSONScanner(store, splitAbove: Int.max)
    // A first half maps nothing in bulk when a second is read at once (`Builder`).
    builder = BlockList.Builder(
      store: store,
      size: lines.lowerBound > 0
        ? lines.count : lines.upperBound < store.count ? store.count : nil)
  }

  /// Whether stretches of compact lines are checked as such (`compactLines`); false
  /// while tests compare them with checking every line.
  @TaskLocal static var stretches = true

  /// Whether stretches are checked by the kernel's baseline build even where the
  /// processor runs a faster one (`rowdrag_jsonl_compact`); true while tests compare
  /// the builds.
  @TaskLocal static var baselineKernel = false

  /// Checks and sorts every line of the part: stretches of compact flat objects 64
  /// bytes at a time (63 in the kernel's baseline build), every other line with the
  /// scanner. After a stretch of under 8 lines, the next 32 lines are checked one by one.
  mutating func checkAll() {
    var cursor = LineCursor(buf, from: lines.lowerBound)
    if let mark = cursor.byteOrderMark() { builder.trivia(mark) }
    var quiet = 0
    while cursor.offset < lines.upperBound {
      let at = cursor.offset
      if quiet > 0 {
        quiet -= 1
      } else if stretches && at > 0 && buf[at] == 123 {
        let run = compactLines(from: at, until: lines.upperBound, firstRow: builder.rowCount)
        if run.count < 8 { quiet = 32 }
        if run.count > 0 {
          addRows(run.count, from: at, endingAt: run.end)
          cursor.skip(to: run.end, lines: run.count)
          continue
        }
      }
      guard let line = cursor.next() else { break }
      guard !LineCursor.isBlank(buf, line) else {
        builder.trivia(line.span)
        continue
      }
      guard check(line, row: builder.rowCount) else { return }
      builder.item(line.span, lines: 1)
    }
  }

  /// Adds `count` rows of one line each, from `start` to `end`: counted, once the
  /// builder has a row that ends at their start to extend (else the first is added as
  /// its own, as after trivia; and all are, while tests read rows one by one).
  private mutating func addRows(_ count: Int, from start: Int, endingAt end: Int) {
    var at = start
    var left = count
    while left > 0 && !builder.extendsLines(at: at) {
      let lineEnd = NewlineScanner.next(from: at, in: buf) + 1
      builder.item(Span(start: at, end: lineEnd), lines: 1)
      at = lineEnd
      left -= 1
    }
    if left > 0 { builder.items(lines: left, endingAt: end) }
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

/// The second half's checker, made and run on another thread (a copy handed in would
/// lose its builder's reserved room), and read by the first only after
/// `BackgroundThread.overlap` has joined it.
private final class SecondHalf: @unchecked Sendable {
  let store: ByteStore
  let names: [[UInt8]]
  let lines: Range<Int>
  let stretches = LineChecker.stretches
  let baselineKernel = LineChecker.baselineKernel
  var checker: LineChecker?

  init(store: ByteStore, names: [[UInt8]], lines: Range<Int>) {
    self.store = store
    self.names = names
    self.lines = lines
  }

  func run() {
    var local = LineChecker(
      store: store, names: names, lines: lines, stretches: stretches,
      baselineKernel: baselineKernel)
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
