import RowdragCommands
import RowdragEngine
import RowdragFormats
import RowdragSystem

/// What the live view does with each key and mouse report.
extension LiveController {

  func handle(_ event: LiveEvent) -> End? {
    // Ctrl-C leaves from anywhere: a question, a search or the key list.
    if event == .key(.control("c")) { return .interrupted }
    // The terminal's answers about itself are no keys, whatever the view is doing.
    if case .report(let report) = event {
      switch report {
      case .pixelMouse(let on): pixelMouse = on
      case .cellSize(let width, let height): cellPixels = (width, height)
      }
      return nil
    }
    // Left and Right are board keys; the table reads them as it always did: not at all.
    if event == .key(.left) || event == .key(.right), !session.engine.surface.isBoard {
      return nil
    }
    switch mode {
    case .confirmQuit:
      guard case .key(.character(let c)) = event else { return nil }
      switch c {
      case "y":
        mode = .normal
        if write(quitAfter: true) { return .quit }
      case "d": return .quit
      case "n":
        mode = .normal
        renderer.message = nil
      default: break
      }
      return nil
    case .confirmAbort:
      guard case .key(.character(let c)) = event else { return nil }
      mode = .normal
      renderer.message = nil
      return c == "y" ? abortRebase() : nil
    case .confirmChanged(let quitAfter):
      return answerChanged(event, quitAfter: quitAfter)
    case .search(let text):
      search(text, event)
      return nil
    case .help, .pane:
      mode = .normal
      renderer.message = nil
      return nil
    case .normal:
      break
    }
    switch event {
    case .mouse(let mouse, let column, let row):
      guard pixelMouse, let cell = cellPixels else {
        return handle(mouse, character: column - 1, line: row - 2, within: nil)
      }
      // Pixels (SGR-Pixels): the cell, and where in it, so a drag moves by a fraction
      // of a line and every auto-scroll speed can be reached.
      let x = Double(Swift.max(0, column - 1)) / Double(cell.width)
      let y = Double(Swift.max(0, row - 1)) / Double(cell.height)
      return handle(
        mouse, character: Int(x), line: Int(y) - 1,
        within: (x - x.rounded(.down), y - y.rounded(.down)))
    case .key(let key): return handle(key)
    case .report: return nil
    }
  }

  private func handle(
    _ mouse: LiveEvent.Mouse, character: Int, line: Int, within cell: (x: Double, y: Double)?
  ) -> End? {
    let point = pointer(character: character, line: line, within: cell)
    let engine = session.engine
    switch mouse {
    case .shiftPress(.left):
      guard engine.phase == .idle, line >= 0, line < renderer.tableLines,
        let position = position(atCharacter: character, line: line)
      else { return nil }
      renderer.message = nil
      extendSelection(to: position)
    case .press(.left):
      guard engine.phase == .idle, line >= 0, line < renderer.tableLines else { return nil }
      renderer.message = nil
      let selected = selection
      // A click ends a selection; a press on one of its rows lifts it first.
      selectionAnchor = nil
      let clicked = position(atCharacter: character, line: line)
      // A click puts the cursor there, whatever the press turns into.
      if let clicked { renderer.cursor = clicked }
      var press = "press \(point)"
      if let selected, let clicked, selected.contains(clicked) {
        // The block held where the pointer pressed it (SPEC §2.1 and §10, turn 4): the
        // finger is the pointer, not the block's centre (off screen for a block taller
        // than the view), and the grab offset keeps the block from jumping.
        press = "press \(selected.lowerBound + 1),\(selected.upperBound + 1) \(point)"
      }
      if run(press) {
        mouseDown = true
        keyboardGesture = false
        lastPointer = point
        clock = (System.monotonicSeconds(), 0)
        if let position = session.engine.lift?.position { renderer.cursor = position }
      }
    case .motion(.left):
      guard mouseDown, engine.phase != .idle, lastPointer != point else { return nil }
      advanceClock()
      lastPointer = point
      deliverPanStart(toward: pointerY(line: line, within: cell))
      run("drag \(point)")
    case .release(.left):
      guard mouseDown else { return nil }
      mouseDown = false
      advanceClock()
      drop()
    case .press(.right):
      if engine.phase != .idle { run("cancel") }
    case .wheelUp, .wheelDown:
      if engine.phase == .idle {
        run(
          "scroll \(mouse == .wheelUp ? "-" : "+")\(NumberText.short(3 * LiveRenderer.pointsPerLine))"
        )
      }
    default:
      break
    }
    return nil
  }

  private func handle(_ key: LiveEvent.Key) -> End? {
    let engine = session.engine
    let rows = engine.layout.rowCount
    // A message stays until the next key (which may say something of its own).
    renderer.message = nil
    // Any other key ends a selection: a plain cursor move, Esc, a search, an undo.
    let keepsSelection: [LiveEvent.Key] = [
      .shiftUp, .shiftDown, .character(" "), .character("?"), .character("w"), .character("q"),
      .control("z"),
    ]
    // A mark key marks the selection and keeps it, as girt does.
    let marked = selection ?? renderer.cursor.map { $0...$0 }
    var markKey: String?
    if case .character(let letter) = key, let rows = marked { markKey = markWord(letter, rows) }
    if !keepsSelection.contains(key) && markKey == nil { selectionAnchor = nil }
    switch key {
    case .shiftUp, .shiftDown:
      // With a row lifted they are the plain arrows.
      guard engine.phase == .idle else {
        return handle(key == .shiftUp ? .up : .down)
      }
      extendSelection(key == .shiftUp ? -1 : 1)
    case .left, .right, .character("h"), .character("l"):
      moveAcrossColumns(key == .left || key == .character("h") ? -1 : 1)
    case .up, .down, .character("k"), .character("j"):
      let direction = key == .up || key == .character("k") ? -1 : 1
      if engine.lift != nil {
        if !moveLifted(direction) { renderer.message = cannotMoveFurther }
      } else if engine.phase == .idle {
        moveCursor(to: (renderer.cursor ?? 0) + direction)
      }
    case .pageUp, .pageDown:
      let direction = key == .pageUp ? -1 : 1
      if engine.lift != nil {
        moveLiftedAScreen(direction)
      } else if engine.phase == .idle {
        moveCursor(to: (renderer.cursor ?? 0) + direction * renderer.tableLines)
      }
    case .home, .end, .character("g"), .character("G"):
      let direction = key == .home || key == .character("g") ? -1 : 1
      if engine.lift != nil {
        moveLiftedToSectionEnd(direction)
      } else if engine.phase == .idle {
        moveCursor(to: direction < 0 ? 0 : rows - 1)
      }
    case .character("n"), .character("N"):
      guard engine.phase == .idle else { return nil }
      searchAgain(forward: key == .character("n"))
    case .character(" "):
      if engine.phase == .idle {
        if let selected = selection {
          lift("press \(selected.lowerBound + 1),\(selected.upperBound + 1)")
        } else if let cursor = renderer.cursor {
          lift("press \(cursor + 1)")
        }
      } else if keyboardGesture {
        drop()
      }
    case .escape:
      if engine.phase != .idle {
        run("cancel")
      } else {
        renderer.message = nil
      }
    case .character("u"): undoOrRedo(undo: true)
    case .control("r"): undoOrRedo(undo: false)
    case .character("w"):
      guard !writesToStandardOutput else { return engine.phase == .idle ? .quit : nil }
      write(quitAfter: false)
    case .character("q"):
      guard engine.phase == .idle else { return nil }
      guard engine.isDirty && asksBeforeQuit else { return .quit }
      mode = .confirmQuit
      renderer.message = "unsaved changes: y write and quit, n go back, d discard them and quit"
    case .character("Q") where abortsRebase:
      guard engine.phase == .idle else { return nil }
      mode = .confirmAbort
      renderer.message = "abort the rebase? y empties the todo (git then stops), n goes back"
    case .character("c") where abortsRebase:
      guard engine.phase == .idle, let cursor = renderer.cursor else { return nil }
      showCommit(atRow: cursor)
    case .character("?"):
      mode = .help
      renderer.message = "any key returns"
    case .character("/"):
      guard engine.phase == .idle else { return nil }
      mode = .search("")
      renderer.message = "/"
    case .control("c"):
      return .interrupted
    case .control("z"):
      FullScreen.suspend()
      restartClock()
      draw(full: true)
    case .character where markKey != nil:
      guard engine.phase == .idle, let rows = marked, let word = markKey else { return nil }
      run("mark \(rows.lowerBound + 1),\(rows.upperBound + 1) \(word)")
    default:
      renderer.message = "\(Self.name(of: key)) does nothing here; ? lists the keys"
    }
    return nil
  }

  /// The mark a key sets on the cursor's row or the selection (FORMATS.md §5.1), as
  /// git-interactive-rebase-tool's keys: a todo verb's letter (`p r e s f d`), or on
  /// Markdown task items `x`, which ticks them, or unticks them when the first is done.
  private func markWord(_ letter: Character, _ rows: ClosedRange<Int>) -> String? {
    let document = session.document
    if letter == "x" && document.markNames.contains("done") {
      let first = Address.number(rows.lowerBound + 1)
      let done = (try? session.markName(of: first, isInterrupted: { false })) == "done"
      return done ? "todo" : "done"
    }
    guard letter != "x", let mark = document.mark(named: String(letter)) else { return nil }
    return document.markNames[mark]
  }

  /// Whether `Q` aborts: on a git rebase todo read from its file, as
  /// git-interactive-rebase-tool's `Q`.
  private var abortsRebase: Bool {
    session.document.markNames.contains("pick") && session.filePath != nil
      && !writesToStandardOutput
  }

  /// `Q`, confirmed: the todo written empty, which git reads as "nothing to do" and
  /// stops the rebase, the branch as it was.
  private func abortRebase() -> End? {
    guard let path = session.filePath else { return nil }
    do {
      try AtomicFile.write(path: path) { _ in }
      return .quit
    } catch {
      renderer.message = "\(error)"
      return nil
    }
  }

  /// `c`: the commit of the cursor's todo line at a glance, `git show --stat` run in
  /// the repository the todo belongs to (git's own `GIT_DIR`, else the folder above
  /// `rebase-merge/` or `rebase-apply/`, else the todo's folder), in a pane any key
  /// closes. The hash and the folder reach git through the environment, never the
  /// command line's text.
  private func showCommit(atRow row: Int) {
    let words = session.label(atPosition: row).split(whereSeparator: { $0 == " " || $0 == "\t" })
    guard words.count > 1, words[1].allSatisfy(\.isHexDigit), let path = session.filePath else {
      renderer.message = "no commit on this line"
      return
    }
    let folder = AtomicFile.directoryOf(path)
    let inGitDir = ["rebase-merge", "rebase-apply"].contains(
      String(folder.split(separator: "/").last ?? ""))
    let gitDir =
      System.environmentVariables()["GIT_DIR"]
      ?? (inGitDir ? AtomicFile.directoryOf(folder) : nil)
    let command =
      (gitDir == nil ? "git -C \"$ROWDRAG_FOLDER\"" : "git --git-dir=\"$ROWDRAG_FOLDER\"")
      + " show --stat --no-color --format='%h %s%n%an, %ad%n' --date=short \"$ROWDRAG_COMMIT\""
    let (outcome, said) = FullScreen.capturingStandardError {
      System.runShell(
        command,
        extra: [
          (name: "ROWDRAG_FOLDER", value: Array((gitDir ?? folder).utf8)),
          (name: "ROWDRAG_COMMIT", value: Array(words[1].utf8)),
        ], limits: HookLimits(timeout: 10))
    }
    let lines = String(decoding: said, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .map { LiveRenderer.drawn(String($0)) }
    guard outcome == .exited(0) else {
      renderer.message = "git show \(words[1]) failed: " + (lines.first { !$0.isEmpty } ?? "")
      return
    }
    mode = .pane(lines)
    renderer.message = "commit \(words[1]) · any key returns"
  }

  /// A key as the message line names it.
  private static func name(of key: LiveEvent.Key) -> String {
    switch key {
    case .character(let c): "'\(c)'"
    case .control(let c): "Ctrl-\(c.uppercased())"
    case .enter: "Enter"
    case .backspace: "Backspace"
    case .tab: "Tab"
    default: "that key"
    }
  }

  /// `w`: writes, unless another program changed the file since it was read; then
  /// asks (`confirmChanged`). True when the list was written.
  @discardableResult
  private func write(quitAfter: Bool) -> Bool {
    // During a gesture `write` says why it cannot; there is nothing to ask yet.
    if session.engine.phase == .idle && session.listFileChanged {
      mode = .confirmChanged(quitAfter: quitAfter)
      renderer.message = changedQuestion
      return false
    }
    guard run("write") else { return false }
    renderer.message = "wrote \(session.filePath ?? "the list")"
    return true
  }

  /// "changed since it was read" and the three answers, in as many words as the
  /// message line holds: the answers always show, the file's name is cut first.
  private var changedQuestion: String {
    let name = session.filePath.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
    let file = TerminalText.escape(name ?? "the file")
    let width = renderer.columns - 1
    let long = "\(file) changed since it was read: o overwrite, r reload, c cancel"
    if TextWidth.count(long) <= width { return long }
    let answers = " changed: o overwrite, r reload, c cancel"
    return TextWidth.fit(file, width: Swift.max(1, width - answers.count)) + answers
  }

  /// The answer to "changed since it was read".
  private func answerChanged(_ event: LiveEvent, quitAfter: Bool) -> End? {
    let answer: Character
    switch event {
    case .key(.character(let c)): answer = c
    case .key(.escape): answer = "c"
    default: return nil
    }
    switch answer {
    case "o":
      mode = .normal
      guard run("write!") else { return nil }
      if quitAfter { return .quit }
      renderer.message = "wrote \(session.filePath ?? "the list")"
    case "r":
      mode = .normal
      guard run("reload") else { return nil }
      selectionAnchor = nil
      let rows = session.engine.layout.rowCount
      renderer.cursor = rows == 0 ? nil : Swift.min(renderer.cursor ?? 0, rows - 1)
      renderer.message = "reloaded \(session.filePath ?? "the list"): your changes are dropped"
    case "c":
      mode = .normal
      renderer.message = nil
    default: break
    }
    return nil
  }

  /// Ends a gesture: `release` (a drop, or the end of a hold or pan).
  func drop() {
    let lift = session.engine.lift
    if session.engine.phase != .idle, let lift {
      // A refused drop puts the row back where it was lifted from: the cursor follows
      // it there, into view.
      if run("release") {
        renderer.cursor = lift.position
      } else if session.engine.phase == .idle {
        moveCursor(to: lift.sourcePosition)
      }
    } else if session.engine.phase != .idle {
      run("release")
    }
    keyboardGesture = false
  }

  // MARK: The keyboard

  func moveCursor(to position: Int) {
    let rows = session.engine.layout.rowCount
    guard rows > 0 else { return }
    let target = Swift.min(rows - 1, Swift.max(0, position))
    renderer.cursor = target
    if session.engine.surface.isBoard {
      if !cardInView(target) { run("scroll \(target + 1)") }
      return
    }
    let layout = session.engine.layout
    let top = layout.top(of: target) - session.engine.offset
    if top < 0 || top + layout.height(at: target) > renderer.viewport {
      run("scroll \(target + 1)")
    }
  }

  /// Shift+Up/Down: the cursor moves and the selection runs from where the first of
  /// them left it to the cursor, within one section (a range never spans two).
  private func extendSelection(_ direction: Int) {
    guard let cursor = renderer.cursor else { return }
    extendSelection(to: cursor + direction)
  }

  /// The selection runs from its anchor (the cursor, when there is none yet) to
  /// `target`, where the cursor goes: Shift+Up/Down and Shift+click.
  private func extendSelection(to target: Int) {
    let layout = session.engine.layout
    guard let cursor = renderer.cursor, target >= 0, target < layout.rowCount else { return }
    let anchor = selectionAnchor ?? cursor
    guard layout.section(of: target) == layout.section(of: anchor) else {
      selectionAnchor = anchor
      renderer.message =
        "a selection stays within one \(session.engine.surface.isBoard ? "column" : "section")"
      return
    }
    selectionAnchor = anchor
    moveCursor(to: target)
  }

  /// Space: a long press on the cursor row, or on the selection (`press A,B`), held as
  /// long as the hold asks. The selection becomes the lifted block.
  private func lift(_ press: String) {
    guard run(press) else { return }
    selectionAnchor = nil
    keyboardGesture = true
    let engine = session.engine
    if case .holding = engine.phase {
      let frames = Int((engine.settings.hold * engine.settings.fps - 1e-9).rounded(.up))
      run("tick \(Swift.max(1, frames))")
    }
  }

  /// An arrow while lifted: exactly one slot (`KeyboardDrag`), the row kept in view.
  /// False when it cannot move that way.
  @discardableResult
  func moveLifted(_ direction: Int) -> Bool {
    guard let step = KeyboardDrag.oneSlot(direction, in: session.engine) else { return false }
    for command in step.commands where !run(command) { return false }
    settleOnSlot()
    if let position = session.engine.lift?.position { renderer.cursor = position }
    return true
  }

  /// PgUp/PgDn while lifted: one slot at a time until the row has travelled a screen
  /// less a line (as `less` pages), or cannot go on.
  private func moveLiftedAScreen(_ direction: Int) {
    guard let start = session.engine.lift else { return }
    let from = session.engine.layout.top(of: start.position)
    let page = renderer.viewport - LiveRenderer.pointsPerLine
    moveLiftedRepeatedly(direction) { next in
      guard let lift = next.lift else { return false }
      return abs(next.layout.top(of: lift.position) - from) <= page
    }
  }

  /// Home/End (g/G) while lifted: one slot at a time to the first or last slot of the
  /// row's section that it may take.
  private func moveLiftedToSectionEnd(_ direction: Int) {
    guard let start = session.engine.lift else { return }
    moveLiftedRepeatedly(direction) { $0.lift?.section == start.section }
  }

  /// What a step that the lifted row, or block of rows, cannot take says.
  private var cannotMoveFurther: String {
    (session.engine.lift?.count ?? 1) > 1
      ? "the rows cannot move further" : "the row cannot move further"
  }

  /// One-slot steps while `accepts` takes the engine the next step leads to. Each step
  /// runs as the keys would, so the recording stays a plain script; the list is
  /// drawn once, at the end. A very long way (a list of millions) stops after two
  /// seconds and says so: the key again goes on.
  private func moveLiftedRepeatedly(_ direction: Int, accepts: (Engine) -> Bool) {
    let deadline = System.monotonicSeconds() + 2
    var moved = 0
    while let step = KeyboardDrag.oneSlot(direction, in: session.engine), accepts(step.engine) {
      for command in step.commands where !run(command) { return }
      moved += 1
      if System.monotonicSeconds() > deadline {
        renderer.message = "moved \(moved) slots; the key again goes on"
        break
      }
    }
    if moved == 0 { renderer.message = cannotMoveFurther }
    settleOnSlot()
    if let position = session.engine.lift?.position { renderer.cursor = position }
  }

  /// `u` and Ctrl-R: the edit they take back or make again ends with the cursor on the
  /// row it moved, scrolled into view.
  private func undoOrRedo(undo: Bool) {
    let command = undo ? "undo" : "redo"
    guard session.engine.phase == .idle else {
      run(command)  // says why not
      return
    }
    // Undo puts the last edit's row back where it came from; redo moves it again.
    let undone = session.engine.lastEdit?.from
    guard run(command) else { return }
    if let position = undo ? undone : session.engine.lastEdit?.to {
      moveCursor(to: position)
    }
  }

  /// `n`/`N`: the next (previous) row after (before) the cursor whose label matches the
  /// last search, wrapping round the list as vim does.
  private func searchAgain(forward: Bool) {
    guard let pattern = lastSearch else {
      renderer.message = "no previous search: / first"
      return
    }
    let cursor = renderer.cursor ?? 0
    var first: Int?
    var last: Int?
    var after: Int?
    var before: Int?
    let matcher: LabelMatcher
    do {
      matcher = try LabelMatcher(pattern)
    } catch {
      renderer.message = error.message
      return
    }
    _ = session.document.forEachMatch(
      of: matcher, in: session.engine.layout.order, isInterrupted: { false }
    ) { position in
      if first == nil { first = position }
      last = position
      if position > cursor && after == nil { after = position }
      if position < cursor { before = position }
      return forward ? after == nil : true
    }
    guard let target = forward ? after ?? first : before ?? last else {
      renderer.message = "no row matches /\(pattern)/"
      return
    }
    if forward ? after == nil : before == nil {
      renderer.message =
        forward ? "search hit BOTTOM, continuing at TOP" : "search hit TOP, continuing at BOTTOM"
    }
    moveCursor(to: target)
  }

  /// `/`: typing a pattern; Enter moves the cursor to the first row below it that
  /// matches.
  private func search(_ text: String, _ event: LiveEvent) {
    guard case .key(let key) = event else { return }
    switch key {
    case .character(let c):
      mode = .search(text + String(c))
      renderer.message = "/" + text + String(c)
    case .backspace:
      let shorter = String(text.dropLast())
      mode = .search(shorter)
      renderer.message = "/" + shorter
    case .enter:
      mode = .normal
      renderer.message = nil
      guard !text.isEmpty else { return }
      do {
        let position = try session.resolve(.pattern(text), isInterrupted: effects.isInterrupted)
        lastSearch = text
        moveCursor(to: position)
      } catch let error as CommandError {
        // What `press /REGEX/` says: an invalid or too complex pattern, or no match.
        renderer.message = error.message
      } catch let error as EngineError {
        renderer.message = error.message
      } catch {
        renderer.message = "\(error)"
      }
    case .escape:
      mode = .normal
      renderer.message = nil
    case .tab:
      completeSearch(text)
    default:
      break
    }
  }

  /// Tab in `/`: the label completes to a pattern that finds it (escaped; anchored when
  /// the search begins with `^`), as Tab does after `/` in the shell; with several
  /// labels left, the message line says how many.
  private func completeSearch(_ text: String) {
    let line = "press /" + text
    let wordStart =
      (line.unicodeScalars.lastIndex(of: " ").map {
        line.unicodeScalars.distance(from: line.unicodeScalars.startIndex, to: $0) + 1
      }) ?? 0
    // The line with the candidate in place of the word (or from `from`), as the search's
    // text: "press /" and the closing slash left out.
    func search(_ scalars: Int, _ candidate: String) -> String {
      let text = String(String.UnicodeScalarView(line.unicodeScalars.prefix(scalars))) + candidate
      let kept = text.unicodeScalars.dropFirst(7).dropLast(candidate.hasSuffix("/") ? 1 : 0)
      return String(String.UnicodeScalarView(kept))
    }
    var completed: String?
    switch Completion.complete(line: line, wordStart: wordStart, session: session) {
    case .patterns(let words, _) where words.count == 1:
      completed = words.first.map { search(wordStart, $0) }
    case .patterns(let words, _) where words.count > 1:
      renderer.message = "/" + text + "  (\(words.count) labels; type more)"
      return
    case .replace(let from, let with):
      completed = search(from, with)
    default:
      break
    }
    guard let completed else { return }
    mode = .search(completed)
    renderer.message = "/" + completed
  }
}
