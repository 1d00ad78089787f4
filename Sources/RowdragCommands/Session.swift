import RowdragBase
import RowdragEngine
import RowdragFormats
import RowdragSystem

/// A loaded list, its engine and where it came from: what every command runs against.
///
/// Both the script runner and the REPL drive one `Session`; output goes to the sink
/// they pass in, so tests run commands without a process.
public final class Session {
  public var engine: Engine { didSet { arrangeDocument() } }
  public var document: Document
  /// Where `write` without a name goes; nil when the list came from standard input.
  public var filePath: String?
  /// Width of the `show` picture in columns.
  public var width = 80
  /// Whether `show` may use colour.
  public var color = false
  /// Asked now and then by long commands (`tick`, `wait`, a `/REGEX/` over many rows,
  /// `list`); when it says yes they stop with "interrupted". The REPL wires Ctrl-C here.
  public var isInterrupted: () -> Bool = { false }
  /// Runs the live view; set by the interactive shell, the only place it can run.
  public var openLive: (() throws -> Void)?
  private var matchers: [String: LabelMatcher] = [:]
  /// The per-frame trace, when on.
  var trace: TraceWriter?
  /// Told of every frame of a `tick` or `wait`, or of the runs of frames it skipped,
  /// with the frames per second in force (a comparison's recorder).
  var frameObserver: ((TickEvent, Double) -> Void)?
  /// Whether `frameObserver` is told of every frame, none skipped: the animated report
  /// draws each frame, as `--trace` writes each.
  var frameObserverNeedsEveryFrame = false
  /// The commands that changed the engine, in order, for `compare` to replay.
  var history: [Command] = []
  /// Each of `history` as typed, for the comparison chart's caption (empty strings for
  /// commands run by options rather than typed).
  var historyText: [String] = []
  /// The engine before the first of `history`.
  var historyStart: Engine?
  /// Whether `history` holds a command other than `set`: the compared gesture has
  /// begun (kept, so checking a `set` under `--compare` does not scan the history).
  var historyHasGesture = false
  /// Whether commands are kept for `compare`: on in the interactive shell, for scripts
  /// that compare and for command streams (up to `historyLimit`), off otherwise, so a
  /// script of millions of commands does not keep them all. Off while a comparison
  /// replays the history.
  public var isRecording = false
  /// The most commands kept for `compare`, or nil for all: set for a command stream,
  /// which may never end. Past it the history is dropped and recording stops.
  public var historyLimit: Int?
  /// `--compare`: a behaviour `set` inside the gesture is refused where it stands (its
  /// script line), not only when the comparison runs.
  public var refusesBehaviourSetsInGesture = false
  /// Whether `historyLimit` dropped the history.
  var historyOverflowed = false
  /// The commands a stream keeps for `compare`: about 28 minutes of a `tick` a frame
  /// at 60 fps, a few megabytes.
  public static let streamHistoryLimit = 100_000
  /// `--on-drop CMD`: run after each drop or move that changed the order; a failure
  /// refuses the edit (BOARD.md §7).
  public var onDrop: String?
  /// How long the drop hook may run (`--on-drop-timeout`) and how it is stopped.
  public var onDropLimits = HookLimits()
  /// Asked while the drop hook runs: true stops it as Ctrl-C does (the live view reads
  /// its raw terminal's Ctrl-C here).
  public var hookInterrupted: (() -> Bool)?
  /// The order and sections when `--on-drop` last accepted a drop (the hook's side, a
  /// server say, holds it): what `-i` writes when a later command fails. Nil when no
  /// hook accepted a drop since the list was read or written with that order.
  public internal(set) var acceptedByHook: (order: RowOrder, sectionStarts: [Int])?
  /// The list file as named on the command line, `-` for standard input.
  public var listName = "-"
  /// Where a line for a person goes after a command that changed something out of
  /// sight (`moved 3 → 1`, `wrote 12 rows to todo.txt`): the interactive shell on a
  /// terminal sets it; scripts say nothing.
  public var notify: ((String) -> Void)?
  /// Whether pictures (`show`, the live view, the prompt) use ASCII only, for a
  /// terminal whose locale is not UTF-8.
  public var asciiOnly = false
  /// On a terminal: the width `help` wraps its lines to, between words (nil: no wrap,
  /// so piped help stays one line a command).
  public var helpWidth: Int?
  /// Whether `write FILE` saved a version the list's own file does not hold.
  var copiedElsewhere = false
  /// Whether the list's own file lacks what the session holds: edits since the last
  /// write, or a version written only to another file.
  public var ownFileIsStale: Bool { engine.layoutDiffersFromFile || copiedElsewhere }
  /// The format the list was read in, for `get format`.
  public var format = FormatChoice("text")
  /// The options the list was read with, besides the format: what `require` checks and
  /// a recording writes.
  public var loadOptions = LoadOptions()
  /// The list file as the session last read or wrote it: a write to it checks that no
  /// other program changed it since.
  public var fileStamp: FileStamp?
  /// Reads the list file at a path as the session's list was loaded (`reload`); set
  /// by the front, which knows the options.
  public var reader: ((String) throws -> (Document, Layout, FileStamp?))?

  /// How this session's touches went: a script whose drags all became pans (a hold it
  /// did not wait for) is warned about.
  public internal(set) var touches = TouchCount()

  public init(document: Document, layout: Layout, filePath: String?) {
    self.document = document
    self.engine = Engine(layout: layout)
    self.filePath = filePath
    arrangeDocument()
  }

  /// What the caller should do after a command.
  public enum Outcome: Equatable {
    case proceed
    case quit(force: Bool)
  }

  /// Runs one command. A refused command changes nothing and throws.
  /// `text` is the command as typed, which a comparison's chart quotes.
  @discardableResult
  public func run(
    _ command: Command, named name: String, text: String = "", out: OutputSink
  ) throws(CommandError) -> Outcome {
    typedText = text
    let phase = TouchCount.kind(engine.phase)
    defer { touches.count(before: phase, after: TouchCount.kind(engine.phase)) }
    do {
      return try execute(command, out: out)
    } catch let error as EngineError {
      throw CommandError(command: name, message: error.message)
    } catch let error as CommandError {
      throw CommandError(command: name, message: error.message, isIOFailure: error.isIOFailure)
    } catch let error as IOFailure {
      throw CommandError(
        command: name, message: error.description, isIOFailure: true)
    } catch {
      throw CommandError(command: name, message: "\(error)")
    }
  }

  /// The text of the command `run` is running.
  private var typedText = ""

  private func execute(_ command: Command, out: OutputSink) throws -> Outcome {
    guard isRecording && command.isReplayed else { return try perform(command, out: out) }
    if refusesBehaviourSetsInGesture, isBehaviourSetInGesture(command),
      case .set(let key, _) = command
    {
      throw CommandError(command: "", message: Self.behaviourInGesture(key))
    }
    // The start is kept once; a copy of the engine before every command would make
    // each command copy the whole order on write.
    if history.isEmpty { historyStart = engine }
    let outcome: Outcome
    do {
      outcome = try perform(command, out: out)
    } catch {
      if history.isEmpty { historyStart = nil }
      throw error
    }
    if history.isEmpty { historyText = [] }
    history.append(command)
    historyText.append(typedText)
    if case .set = command {} else { historyHasGesture = true }
    if let historyLimit, history.count > historyLimit {
      history = []
      historyText = []
      historyHasGesture = false
      historyStart = nil
      isRecording = false
      historyOverflowed = true
    }
    return outcome
  }

  func perform(_ command: Command, out: OutputSink) throws -> Outcome {
    if try performRange(command, out: out) { return .proceed }
    switch command {
    case .press(let a): try engine.press(position: try resolve(a))
    case .pressAt(let y): try engine.press(screenY: y)
    case .pressAtPoint(let x, let y): try engine.press(screenX: x, screenY: y)
    case .dragToPoint(let x, let y): try engine.drag(toScreenX: x, y: y)
    case .dragByPair(let dx, let dy): try engine.drag(byX: dx, y: dy)
    case .reject: try engine.reject()
    case .page(let target):
      switch target {
      case .column(let k): try engine.page(k &- 1)
      case .last: try engine.page(engine.columnCount - 1)
      case .titled(let pattern):
        let matcher = try LabelMatcher(pattern)
        let k = (0..<engine.columnCount).first { k in
          Array((document.title(ofSection: k) ?? "").utf8).withUnsafeBufferPointer(matcher.matches)
        }
        guard let k else {
          throw CommandError(command: "", message: "no column title matches /\(pattern)/")
        }
        try engine.page(k)
      case .next: try engine.page(forward: true)
      case .previous: try engine.page(forward: false)
      }
    case .dragTo(let y): try engine.drag(toScreenY: y)
    case .dragBy(let d): try engine.drag(by: d)
    case .dragToRow(let a):
      guard engine.finger != nil else { throw EngineError.noGesture }
      try engine.drag(toRow: try resolve(a))
    case .tick(let n):
      try advance(out) { (e, stop, observe) throws(EngineError) in
        switch observe {
        case .everyFrame(let observe): try e.tick(n, isInterrupted: stop, observe: observe)
        case .skips(let report): try e.tickReportingSkips(n, isInterrupted: stop, report: report)
        case nil: try e.tick(n, isInterrupted: stop)
        }
      }
    case .wait(let s):
      try advance(out) { (e, stop, observe) throws(EngineError) in
        switch observe {
        case .everyFrame(let observe): try e.wait(s, isInterrupted: stop, observe: observe)
        case .skips(let report): try e.waitReportingSkips(s, isInterrupted: stop, report: report)
        case nil: try e.wait(s, isInterrupted: stop)
        }
      }
    case .release:
      let edits = engine.undoCount
      try withDropHook { try $0.engine.release() }
      if engine.undoCount > edits { notifyMove() }
    case .cancel: try engine.cancel()
    case .move(let a, let target):
      let edits = engine.undoCount
      try withDropHook { try $0.move(a, to: target) }
      if engine.undoCount > edits { notifyMove() }
    case .scrollTo(let o): try engine.scroll(to: o)
    case .scrollBy(let d): try engine.scroll(by: d)
    case .scrollToRow(let a): try engine.scroll(reveal: try resolve(a))
    case .scrollTop: try engine.scrollToTop()
    case .scrollBottom: try engine.scrollToBottom()
    case .lock(let a): try engine.lock(try resolve(a))
    case .pin(let a): try engine.pin(try resolve(a))
    case .unlock(let a): try engine.unlock(try resolve(a))
    case .undo: try engine.undo()
    case .redo: try engine.redo()
    case .print: try printList(to: out)
    case .list: try writeListing(to: out)
    case .show:
      let picture: String
      switch engine.surface {
      case .table: picture = ShowRenderer(session: self).render()
      case .board: picture = BoardShowRenderer(session: self).render()
      }
      try out.write(asciiOnly ? ASCIIText.transliterate(picture) : picture)
    case .live:
      guard let openLive else {
        throw CommandError(
          command: "", message: "the live view needs the interactive shell; use rowdrag --live FILE"
        )
      }
      try openLive()
    case .state: try out.write(stateLine() + "\n")
    case .set("format", _):
      throw CommandError(
        command: "set",
        message: "format: the format is chosen when the list is loaded; give --format when "
          + "starting rowdrag ('get format' shows it)")
    case .set(let key, let values): try SettingTable.apply(key: key, values: values, to: &engine)
    case .get("format"): try out.write(format.resolved(by: document).description + "\n")
    case .get(let key): try out.write(try SettingTable.value(of: key, in: engine) + "\n")
    case .write(let path, let force): try write(to: path, force: force)
    case .reload: try reload()
    case .quit(let force): return .quit(force: force)
    case .help(let name): try out.write(HelpWrap.wrap(try help(name), width: helpWidth))
    case .presets: try out.write(PresetTable.listing)
    case .trace(let path): try setTrace(path)
    case .compare(let words): try out.write(try compare(words))
    case .require(let words): try require(words)
    case .moveRange(let range, let target):
      let edits = engine.undoCount
      try withDropHook { try $0.move(range, to: target) }
      if engine.undoCount > edits { notifyMove() }
    case .pressRange, .pressRangeAt, .lockRange, .pinRange, .unlockRange, .listRows:
      break  // performRange ran it
    }
    return .proceed
  }

  /// How a `tick` or `wait` is watched: every frame (the trace), or the frames it runs
  /// and the runs it skips (a comparison's recorder alone).
  private enum FrameWatch {
    case everyFrame((FrameReport) -> Void)
    case skips((TickEvent) -> Void)
  }

  /// Runs a `tick` or `wait`, with each frame reported to the trace when it is on, and
  /// to a comparison's recorder; with the recorder alone the engine skips the frames
  /// `tick` skips and reports the runs; with neither it skips them unwatched. A failed
  /// trace write stops the frames, fails the command and turns the trace off, so the
  /// failure is reported once (not again when the trace is closed at the end).
  private func advance(
    _ out: OutputSink,
    _ run: (inout Engine, () -> Bool, FrameWatch?) throws(EngineError) -> Void
  ) throws {
    // No command changes the rate within a tick or wait.
    let fps = engine.settings.fps
    let recorder = frameObserver
    guard let trace else {
      guard let recorder else {
        try run(&engine, isInterrupted, nil)
        return
      }
      if frameObserverNeedsEveryFrame {
        try withoutActuallyEscaping({ recorder(.frame($0), fps) }) { watch in
          try run(&engine, isInterrupted, .everyFrame(watch))
        }
        return
      }
      try withoutActuallyEscaping({ recorder($0, fps) }) { report in
        try run(&engine, isInterrupted, .skips(report))
      }
      return
    }
    var failure: (any Error)?
    let stop = isInterrupted
    let watch = { (report: FrameReport) in
      recorder?(.frame(report), fps)
      guard failure == nil else { return }
      do { try trace.write(report, out: out) } catch { failure = error }
    }
    do {
      try withoutActuallyEscaping(watch) { watch in
        try run(&engine, { failure != nil || stop() }, .everyFrame(watch))
      }
    } catch {
      if let failure { throw stopTrace(after: failure) }
      throw error
    }
    if let failure { throw stopTrace(after: failure) }
  }

  /// Turns the trace off after a failed write, without a second report of it.
  private func stopTrace(after failure: any Error) -> any Error {
    try? closeTrace()
    return failure
  }

  /// `trace -|FILE|off`.
  private func setTrace(_ path: String) throws {
    let next = path == "off" ? nil : try TraceWriter.open(path, listPath: filePath)
    try closeTrace()
    trace = next
  }

  /// Flushes and closes the trace file, if one is open.
  public func closeTrace() throws {
    let current = trace
    trace = nil
    try current?.close()
  }

  /// Turns an address into a 0-based position in the current order.
  public func resolve(_ address: Address) throws -> Int {
    let layout = engine.layout
    switch address {
    case .number(let n):
      try engine.checkPosition(n &- 1)
      return n - 1
    case .last:
      guard layout.rowCount > 0 else { throw EngineError.emptyList }
      return layout.rowCount - 1
    case .sectionRow(let section, let r):
      let s = try sectionNumber(section)
      guard s >= 1, s <= layout.sectionCount else {
        throw EngineError.sectionOutOfRange(section: s, count: layout.sectionCount)
      }
      let k = layout.rowCount(inSection: s - 1)
      guard r >= 1, r <= k else {
        throw EngineError.sectionRowOutOfRange(section: s, row: r, limit: k)
      }
      return layout.position(section: s - 1, row: r - 1)
    case .sectionLast(let section):
      let s = try sectionNumber(section)
      guard s >= 1, s <= layout.sectionCount else {
        throw EngineError.sectionOutOfRange(section: s, count: layout.sectionCount)
      }
      let k = layout.rowCount(inSection: s - 1)
      guard k > 0 else {
        throw CommandError(command: "", message: "section \(s) is empty; \(s):$ names no row")
      }
      return layout.position(section: s - 1, row: k - 1)
    case .pattern(let p):
      let matcher = try cachedMatcher(p)
      var found: Int?
      let end = document.forEachMatch(of: matcher, in: layout.order, isInterrupted: isInterrupted) {
        found = $0
        return false
      }
      if end == .interrupted { throw CommandError.interrupted }
      if let found { return found }
      throw CommandError(command: "", message: "no row matches /\(p)/")
    }
  }

  func cachedMatcher(_ pattern: String) throws -> LabelMatcher {
    if let m = matchers[pattern] { return m }
    let m = try LabelMatcher(pattern)
    matchers[pattern] = m
    return m
  }

  private func move(_ address: Address, to target: MoveTarget) throws {
    let from = try resolve(address)
    switch target {
    case .row(.sectionRow(let s, let r)):
      try engine.move(from, toSection: try sectionNumber(s) &- 1, row: r &- 1)
    case .row(.sectionLast(let s)):
      let (section, row) = try endOfSection(s, from: from, count: 1)
      try engine.move(from, toSection: section, row: row)
    case .row(let row):
      try engine.move(from, toPosition: try resolve(row))
    case .by(let n):
      let to = from.addingReportingOverflow(n)
      guard !to.overflow, to.partialValue >= 0, to.partialValue < engine.layout.rowCount else {
        throw CommandError(
          command: "",
          message: "row \(from + 1) \(n < 0 ? "-" : "+")\(n.magnitude) is outside the list "
            + "(rows 1 to \(engine.layout.rowCount))")
      }
      try engine.move(from, toPosition: to.partialValue)
    case .before(let other), .after(let other):
      // The row ends next to the other in the other's section, counted once the
      // moving row has left its place.
      let anchor = try resolve(other)
      guard anchor != from else { return }
      let layout = engine.layout
      let section = layout.section(of: anchor)
      var row = anchor - layout.sectionStarts[section]
      if layout.section(of: from) == section && from < anchor { row -= 1 }
      if case .after = target { row += 1 }
      try engine.move(from, toSection: section, row: row)
    }
  }

  /// `moved 3 → 1` (global row numbers) for the last edit.
  private func notifyMove() {
    guard let notify, let edit = engine.lastEdit else { return }
    let k = engine.lastEditCount
    guard k > 1 else { return notify("moved \(edit.from + 1) → \(edit.to + 1)") }
    notify("moved \(edit.from + 1),\(edit.from + k) → \(edit.to + 1),\(edit.to + k)")
  }

  /// The label of the row at `position`.
  public func label(atPosition position: Int) -> String {
    document.label(ofRow: Int(engine.layout.order[position]))
  }
}
