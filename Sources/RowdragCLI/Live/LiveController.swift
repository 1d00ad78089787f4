import RowdragCommands
import RowdragEngine
import RowdragFormats
import RowdragSystem

/// The live view's loop: terminal events become the commands a script would give —
/// `press y=…`, `drag y=…`, `tick N` from a real clock, `release` — run through the
/// same session and recorded as they run, so the recording replays to the same bytes.
final class LiveController {
  /// How a live session ended.
  enum End {
    case quit
    /// Ctrl-C, or the terminal went away: nothing was written.
    case interrupted
  }

  enum Mode {
    case normal
    case confirmQuit
    /// `Q` on a todo: abort the rebase (an empty todo), or go back.
    case confirmAbort
    /// `w` found the file changed by another program: overwrite, reload or cancel (and
    /// then quit, when `w` came from the quit question).
    case confirmChanged(quitAfter: Bool)
    case search(String)
    case help
    /// `c` on a todo: `git show --stat` of the cursor's commit, until a key.
    case pane([String])
  }

  let session: Session
  /// Runs the view's commands (the shell's runner, from the shell).
  let runner: LineRunner
  /// What the view's commands may do besides changing the session.
  let effects: Effects
  let recorder: LiveRecorder?
  var renderer: LiveRenderer
  var input = LiveInput()
  var mode = Mode.normal
  private var previousFrame: [String] = []
  /// The real clock's start and the frames ticked since, while a gesture runs.
  var clock: (start: Double, frames: Int)?
  /// A gesture started with Space runs without the clock: one slot per arrow key.
  var keyboardGesture = false
  var mouseDown = false
  /// Whether the terminal reports the mouse in pixels (it said so when asked), and the
  /// size of its cells in pixels (from the kernel, or the terminal's answer).
  var pixelMouse = false
  var cellPixels: (width: Int, height: Int)? = FullScreen.cellPixels()
  /// Where a selection (Shift+Up/Down) started; it runs from here to the cursor.
  var selectionAnchor: Int?
  /// Where the pointer last pressed or dragged, as the command says it (`y=…`, or
  /// `x=… y=…` on the board): a report that moved it no further runs nothing.
  var lastPointer: String?
  /// The pattern of the last search that found a row, for `n` and `N`.
  var lastSearch: String?
  /// Everything the drop hook said during the view, for standard error once the
  /// terminal is given back.
  var hookOutput: [UInt8] = []

  /// Whether `q` asks about unsaved changes: in `--live`, where leaving ends the
  /// program; not in the shell's `live`, which returns to a prompt that still has them.
  let asksBeforeQuit: Bool
  /// The list came from standard input and goes to standard output when the view
  /// ends (`… | rowdrag --live - > out`): `w` ends the view as `q` does, for standard
  /// output takes the list once.
  let writesToStandardOutput: Bool
  /// On a board whose column width nobody chose: as many columns as the terminal's
  /// width holds at a readable width (`fitColumns`).
  let fitsColumns: Bool

  init(
    runner: LineRunner, effects: Effects, recorder: LiveRecorder?, color: Bool,
    asksBeforeQuit: Bool, writesToStandardOutput: Bool = false, columnsChosen: Bool = false
  ) {
    self.session = runner.session
    self.runner = runner
    self.effects = effects
    self.recorder = recorder
    self.asksBeforeQuit = asksBeforeQuit
    self.writesToStandardOutput = writesToStandardOutput
    let board = runner.session.engine.settings.board
    fitsColumns = !columnsChosen && board.column == nil && board.spacing == 0
    let size = FullScreen.size()
    renderer = LiveRenderer(session: session, rows: size.rows, columns: size.columns)
    renderer.color = color
    renderer.cursor = 0
  }

  func run() -> End {
    recorder?.begin(session, rows: renderer.rows, columns: renderer.columns)
    if let message = recorder?.failureMessage { renderer.message = message }
    fitViewport()
    fitColumns()
    draw(full: true)
    while true {
      if FullScreen.takeResume() {
        FullScreen.resume()
        restartClock()
        draw(full: true)
      }
      if FullScreen.takeResize() {
        let size = FullScreen.size()
        (renderer.rows, renderer.columns) = (size.rows, size.columns)
        fitViewport()
        fitColumns()
        draw(full: true)
      }
      if FullScreen.waitForInput(milliseconds: timeout()) {
        guard let bytes = FullScreen.read() else { return finish(.interrupted) }
        for event in input.feed(bytes) {
          if let end = handle(event) { return finish(end) }
        }
      }
      advanceClock()
      draw(full: false)
    }
  }

  func finish(_ end: End) -> End {
    recorder?.finish(discarded: session.engine.isDirty)
    return end
  }

  // MARK: Commands

  /// Runs `command` as a script line would; records it when it succeeds, shows the
  /// error on the message line when it does not.
  @discardableResult
  func run(_ command: String) -> Bool {
    let output = OutputSink(memoryNamed: "live")
    let inGesture = session.engine.phase != .idle
    let run = {
      self.runner.run(Array(command.utf8), out: output, effects: self.effects, keepGoing: false)
    }
    // The drop hook writes to standard error: captured, never over the picture.
    let (result, hookSaid) =
      effects.dropHook == nil ? (run(), []) : FullScreen.capturingStandardError(run)
    hookOutput += hookSaid
    let hookLine = Self.lastLine(hookSaid)
    if let failure = result.failures.first {
      // What the hook said first: the reason a server gives matters most.
      renderer.message = (hookLine.map { "\($0) · " } ?? "") + failure.description
      // A drop the hook refused put the row back, as `cancel` does: recorded so, the
      // replay reproduces the session to the same bytes, with the hook or without.
      if inGesture && session.engine.phase == .idle, let recorder, recorder.failure == nil {
        recorder.note("\(failure.description) (so: cancel)")
        recorder.record("cancel")
        if let message = recorder.failureMessage { renderer.message = message }
      }
      return false
    }
    if let recorder, recorder.failure == nil {
      recorder.record(command)
      if let message = recorder.failureMessage { renderer.message = message }
    }
    let said = output.text.split(separator: "\n").last.map(String.init)
    if let said { renderer.message = said }
    if let hookLine { renderer.message = hookLine }
    return true
  }

  /// The last line with something on it of what the drop hook said, safe to draw.
  static func lastLine(_ bytes: [UInt8]) -> String? {
    let lines = bytes.split(separator: UInt8(ascii: "\n")).filter {
      $0.contains {
        $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\t")
      }
    }
    return lines.last.map { TerminalText.escape(String(decoding: $0, as: UTF8.self)) }
  }

  /// The viewport the table area stands for; set when idle (a gesture keeps its own).
  func fitViewport() {
    let wanted = renderer.viewport
    guard session.engine.settings.viewport != wanted, session.engine.phase == .idle else { return }
    run("set viewport \(NumberText.short(wanted))")
  }

  /// The rows selected, two or more: from the anchor to the cursor.
  var selection: ClosedRange<Int>? {
    let rows = session.engine.layout.rowCount
    guard let anchor = selectionAnchor, let cursor = renderer.cursor, anchor != cursor,
      anchor < rows, cursor < rows
    else { return nil }
    return Swift.min(anchor, cursor)...Swift.max(anchor, cursor)
  }

  // MARK: The clock

  /// Milliseconds until the next frame while a gesture runs on the clock; without
  /// one, no timeout: the loop sleeps until a key, a mouse report or a signal.
  private func timeout() -> Int32 {
    guard let clock, session.engine.phase != .idle, !keyboardGesture else { return -1 }
    let fps = session.engine.settings.fps
    let next = clock.start + Double(clock.frames + 1) / fps
    return Int32(
      Swift.max(1, Swift.min(1000, ((next - System.monotonicSeconds()) * 1000).rounded(.up))))
  }

  /// Ticks the frames the real clock has run since the last tick.
  func advanceClock() {
    guard session.engine.phase != .idle else {
      clock = nil
      keyboardGesture = false
      renderer.isScrolling = false
      fitViewport()
      return
    }
    guard !keyboardGesture else {
      renderer.isScrolling = false
      return
    }
    let now = System.monotonicSeconds()
    guard let started = clock else {
      clock = (now, 0)
      return
    }
    let due = Int(((now - started.start) * session.engine.settings.fps).rounded(.down))
    if due > started.frames {
      let offset = session.engine.offset
      run("tick \(due - started.frames)")
      renderer.isScrolling = session.engine.offset != offset
      clock = (started.start, due)
    }
  }

  /// After a stop (Ctrl-Z): the stopped time does not count.
  func restartClock() {
    guard let clock else { return }
    let fps = session.engine.settings.fps
    self.clock = (System.monotonicSeconds() - Double(clock.frames) / fps, clock.frames)
  }

  // MARK: Drawing

  /// Draws what changed since the last frame in one write (everything when `full`).
  func draw(full: Bool) {
    // The cursor follows a lifted row, wherever the gesture takes it.
    if let lift = session.engine.lift { renderer.cursor = lift.position }
    renderer.selection = session.engine.phase == .idle ? selection : nil
    var lines = renderer.lines()
    if case .help = mode { lines = helpScreen(lines) }
    if case .pane(let pane) = mode { lines = overlay(pane.map { "  " + $0 }, on: lines) }
    var text = full ? "\u{1B}[H\u{1B}[2J" : ""
    for (i, line) in lines.enumerated()
    where full || i >= previousFrame.count || previousFrame[i] != line {
      text += "\u{1B}[\(i + 1);1H" + line
    }
    previousFrame = lines
    if !text.isEmpty { FullScreen.write(Array(text.utf8)) }
  }

  private func helpScreen(_ lines: [String]) -> [String] {
    let help = LiveKeys.lines(
      board: session.engine.surface.isBoard, writesToStandardOutput: writesToStandardOutput,
      marks: session.document.markNames)
    return overlay(help, on: lines)
  }

  /// `text` drawn over the table's lines, from the second (the status and message lines
  /// stay), each fitted to the terminal's width.
  private func overlay(_ text: [String], on lines: [String]) -> [String] {
    let help = [""] + text
    var out = lines
    for k in 1..<Swift.max(1, out.count - 1) {
      let text = k - 1 < help.count ? help[k - 1] : ""
      let shown = renderer.session.asciiOnly ? ASCIIText.transliterate(text) : text
      let fitted = String(shown.prefix(renderer.columns))
      out[k] = fitted + String(repeating: " ", count: Swift.max(0, renderer.columns - fitted.count))
    }
    return out
  }
}
