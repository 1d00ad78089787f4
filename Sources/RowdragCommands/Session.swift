import RowdragBase
import RowdragEngine
import RowdragFormats
import RowdragSystem

/// A loaded list, its engine and where it came from: what every command runs against.
///
/// Both the script runner and the REPL drive one `Session`; output goes to the sink
/// they pass in and every other effect (the trace, the drop hook, notifications,
/// Ctrl-C) comes with each command as an `Effects` value, so tests run commands without
/// a process and a simulation runs them with none.
public final class Session {
  public var engine: Engine { didSet { arrangeDocument() } }
  public var document: Document
  /// Where `write` without a name goes; nil when the list came from standard input.
  public var filePath: String?
  /// Width of the `show` picture in columns.
  public var width = 80
  /// Whether `show` may use colour.
  public var color = false
  private var matchers: [String: LabelMatcher] = [:]
  /// How many times the list was read: 1, and one more for each `reload`. A
  /// `CommandRecorder` keeps the commands of one read.
  public internal(set) var readCount = 1
  /// The order and sections when `--on-drop` last accepted a drop (the hook's side, a
  /// server say, holds it): what `-i` writes when a later command fails. Nil when no
  /// hook accepted a drop since the list was read or written with that order.
  public internal(set) var acceptedByHook: (order: RowOrder, sectionStarts: [Int])?
  /// The list file as named on the command line, `-` for standard input (the drop
  /// hook's `ROWDRAG_FILE`).
  public var listName = "-"
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

  /// A session over `document` with `engine` as it stands: a comparison's replay,
  /// which runs on its own session and leaves this one as it was.
  init(document: Document, engine: Engine, filePath: String?) {
    self.document = document
    self.engine = engine
    self.filePath = filePath
    arrangeDocument()
  }

  /// What the caller should do after a command.
  public enum Outcome: Equatable {
    case proceed
    case quit(force: Bool)
  }

  /// Runs one command, with `effects` its only way out besides `out`; `compare`
  /// replays the commands `recorder` kept. A refused command changes nothing and
  /// throws.
  @discardableResult
  public func run(
    _ command: Command, named name: String, out: OutputSink, effects: Effects,
    recorder: CommandRecorder
  ) throws(CommandError) -> Outcome {
    let phase = TouchCount.kind(engine.phase)
    defer { touches.count(before: phase, after: TouchCount.kind(engine.phase)) }
    do {
      return try perform(command, out: out, effects: effects, recorder: recorder)
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

  func perform(
    _ command: Command, out: OutputSink, effects: Effects, recorder: CommandRecorder
  ) throws -> Outcome {
    if try performRange(command, out: out, effects: effects) { return .proceed }
    let stop = effects.isInterrupted
    switch command {
    case .press(let a): try engine.press(position: try resolve(a, isInterrupted: stop))
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
      try engine.drag(toRow: try resolve(a, isInterrupted: stop))
    case .tick(let n):
      try advance(out, effects) { (e, stop, observe) throws(EngineError) in
        switch observe {
        case .everyFrame(let observe): try e.tick(n, isInterrupted: stop, observe: observe)
        case .skips(let report): try e.tickReportingSkips(n, isInterrupted: stop, report: report)
        case nil: try e.tick(n, isInterrupted: stop)
        }
      }
    case .wait(let s):
      try advance(out, effects) { (e, stop, observe) throws(EngineError) in
        switch observe {
        case .everyFrame(let observe): try e.wait(s, isInterrupted: stop, observe: observe)
        case .skips(let report): try e.waitReportingSkips(s, isInterrupted: stop, report: report)
        case nil: try e.wait(s, isInterrupted: stop)
        }
      }
    case .release:
      let edits = engine.undoCount
      try withDropHook(effects.dropHook) { try $0.engine.release() }
      if engine.undoCount > edits { notifyMove(effects.notify) }
    case .cancel: try engine.cancel()
    case .move(let a, let target):
      let edits = engine.undoCount
      try withDropHook(effects.dropHook) { try $0.move(a, to: target, isInterrupted: stop) }
      if engine.undoCount > edits { notifyMove(effects.notify) }
    case .scrollTo(let o): try engine.scroll(to: o)
    case .scrollBy(let d): try engine.scroll(by: d)
    case .scrollToRow(let a): try engine.scroll(reveal: try resolve(a, isInterrupted: stop))
    case .scrollTop: try engine.scrollToTop()
    case .scrollBottom: try engine.scrollToBottom()
    case .lock(let a): try engine.lock(try resolve(a, isInterrupted: stop))
    case .pin(let a): try engine.pin(try resolve(a, isInterrupted: stop))
    case .unlock(let a): try engine.unlock(try resolve(a, isInterrupted: stop))
    case .undo: try engine.undo()
    case .redo: try engine.redo()
    case .print: try printList(to: out)
    case .list: try writeListing(to: out, isInterrupted: stop)
    case .show:
      let picture: String
      switch engine.surface {
      case .table: picture = ShowRenderer(session: self).render()
      case .board: picture = BoardShowRenderer(session: self).render()
      }
      try out.write(asciiOnly ? ASCIIText.transliterate(picture) : picture)
    case .live:
      guard let openLive = effects.openLive else {
        throw CommandError(
          command: "", message: "the live view needs the interactive shell; use rowdrag --live FILE"
        )
      }
      try openLive()
    case .state: try out.write(stateLine() + "\n")
    case .set(let key, let values):
      if let fixed = SettingTable.readOnly(key) {
        throw CommandError(command: "", message: "\(key): \(fixed.refusal)")
      }
      try SettingTable.apply(key: key, values: values, to: &engine)
    case .get(let key):
      let value =
        try SettingTable.readOnly(key)?.read(self) ?? SettingTable.value(of: key, in: engine)
      try out.write(value + "\n")
    case .write(let path, let force): try write(to: path, force: force, notify: effects.notify)
    case .reload: try reload()
    case .quit(let force): return .quit(force: force)
    case .help(let name): try out.write(HelpWrap.wrap(try help(name), width: helpWidth))
    case .presets: try out.write(PresetTable.listing)
    case .trace(let path): try setTrace(path, in: effects.trace)
    case .compare(let words):
      try out.write(try compare(words, effects: effects, recorder: recorder))
    case .require(let words): try require(words)
    case .moveRange(let range, let target):
      let edits = engine.undoCount
      try withDropHook(effects.dropHook) { try $0.move(range, to: target, isInterrupted: stop) }
      if engine.undoCount > edits { notifyMove(effects.notify) }
    case .pressRange, .lockRange, .pinRange, .unlockRange, .listRows:
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
  /// to the frame sink (a comparison's recorder); with the sink alone the engine skips
  /// the frames `tick` skips and reports the runs; with neither it skips them unwatched.
  /// A failed trace write stops the frames, fails the command and turns the trace off,
  /// so the failure is reported once (not again when the trace is closed at the end).
  private func advance(
    _ out: OutputSink, _ effects: Effects,
    _ run: (inout Engine, () -> Bool, FrameWatch?) throws(EngineError) -> Void
  ) throws {
    // No command changes the rate within a tick or wait.
    let fps = engine.settings.fps
    let sink = effects.frames
    let isInterrupted = effects.isInterrupted
    guard let traceSink = effects.trace, let trace = traceSink.writer else {
      guard let sink else {
        try run(&engine, isInterrupted, nil)
        return
      }
      if sink.needsEveryFrame {
        try withoutActuallyEscaping({ sink.observe(.frame($0), fps) }) { watch in
          try run(&engine, isInterrupted, .everyFrame(watch))
        }
        return
      }
      try withoutActuallyEscaping({ sink.observe($0, fps) }) { report in
        try run(&engine, isInterrupted, .skips(report))
      }
      return
    }
    var failure: (any Error)?
    let watch = { (report: FrameReport) in
      sink?.observe(.frame(report), fps)
      guard failure == nil else { return }
      do { try trace.write(report, out: out) } catch { failure = error }
    }
    do {
      try withoutActuallyEscaping(watch) { watch in
        try run(&engine, { failure != nil || isInterrupted() }, .everyFrame(watch))
      }
    } catch {
      if let failure { throw stopTrace(traceSink, after: failure) }
      throw error
    }
    if let failure { throw stopTrace(traceSink, after: failure) }
  }

  /// Turns the trace off after a failed write, without a second report of it.
  private func stopTrace(_ sink: TraceSink, after failure: any Error) -> any Error {
    try? sink.close()
    return failure
  }

  /// `trace -|FILE|off`, into the front's trace; a simulation has none.
  private func setTrace(_ path: String, in sink: TraceSink?) throws {
    guard let sink else {
      throw CommandError(command: "", message: "no trace can be written here")
    }
    try sink.set(path, listPath: filePath)
  }

  /// Turns an address into a 0-based position in the current order; a `/REGEX/` over
  /// many rows asks `isInterrupted` now and then.
  public func resolve(_ address: Address, isInterrupted: () -> Bool) throws -> Int {
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

  private func move(
    _ address: Address, to target: MoveTarget, isInterrupted stop: () -> Bool
  ) throws {
    let from = try resolve(address, isInterrupted: stop)
    switch target {
    case .row(.sectionRow(let s, let r)):
      try engine.move(from, toSection: try sectionNumber(s) &- 1, row: r &- 1)
    case .row(.sectionLast(let s)):
      let (section, row) = try endOfSection(s, from: from, count: 1)
      try engine.move(from, toSection: section, row: row)
    case .row(let row):
      try engine.move(from, toPosition: try resolve(row, isInterrupted: stop))
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
      let anchor = try resolve(other, isInterrupted: stop)
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
  private func notifyMove(_ notify: ((String) -> Void)?) {
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
