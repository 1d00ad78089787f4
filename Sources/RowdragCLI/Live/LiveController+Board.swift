import RowdragCommands
import RowdragEngine

/// The live view's board (issue 20, stage 5): the pointer in two dimensions, the
/// cursor and the lifted card across columns. Everything still runs as the commands a
/// script would give (`press x=… y=…`, `drag x=… y=…`, `tick N`, `scroll N`), so the
/// recording replays it to the same bytes.
extension LiveController {
  /// Characters a column is given at least when the board is fitted to the terminal:
  /// a card's address, its mark and about twenty characters of its label.
  static let readableColumn = 30

  /// On a board whose column width nobody chose (`fitsColumns`), as many columns side
  /// by side as the terminal's width holds at `readableColumn` characters or more (no
  /// more than the board has), splitting the screen's width between them; run as
  /// `set column W`, so the recording replays it. Again after a resize, while idle.
  func fitColumns() {
    let engine = session.engine
    guard fitsColumns, engine.surface.isBoard, engine.phase == .idle else { return }
    let screen = engine.settings.board.screen
    let count = Swift.max(
      1, Swift.min(engine.columnCount, renderer.columns / Self.readableColumn))
    // Rounded down to a thousandth, as numbers are written: the columns never add up
    // to more than the screen.
    let width = (screen / Double(count) * 1000).rounded(.down) / 1000
    guard engine.settings.board.columnWidth != width else { return }
    run("set column \(NumberText.short(width))")
  }

  /// The pointer at `character`, `line` of the table area, as `press` and `drag` take
  /// it: `y=Y` on the table; `x=X y=Y` on the board, whose screen the terminal's width
  /// stands for (`LiveBoardPicture`).
  ///
  /// `cell` is where in the character the pointer is, when the terminal reports pixels
  /// (fractions from its top left corner, to a tenth of a point); nil is its middle.
  func pointer(character: Int, line: Int, within cell: (x: Double, y: Double)? = nil) -> String {
    func tenth(_ value: Double) -> String { NumberText.short((value * 10).rounded() / 10) }
    let y = "y=" + NumberText.short(pointerY(line: line, within: cell))
    guard session.engine.surface.isBoard else { return y }
    let x =
      cell.map {
        tenth(renderer.screenX(ofCharacter: character) + ($0.x - 0.5) * renderer.pointsPerCharacter)
      }
      ?? NumberText.short(renderer.screenX(ofCharacter: character))
    return "x=" + x + " " + y
  }

  /// The pointer's screen y on `line`: its middle, or the point within it to a tenth.
  func pointerY(line: Int, within cell: (x: Double, y: Double)?) -> Double {
    guard let cell else { return LiveRenderer.screenY(ofLine: line) }
    return ((Double(line) + cell.y) * LiveRenderer.pointsPerLine * 10).rounded() / 10
  }

  /// A drag during the hold that goes past the slop turns the press into a pan (SPEC
  /// §2.1), which scrolls by the finger's motion from then on: the motion that crossed
  /// the slop would be lost, and with a line 44 points high the first line a pointer
  /// moves is most of it. So the pan starts where the finger crossed the slop (a drag
  /// there, recorded as any other), and the drag to the pointer then scrolls by the rest
  /// of the motion, less the slop, as Android's ScrollView does. The table only.
  func deliverPanStart(toward y: Double) {
    guard case .holding(let touch) = session.engine.phase, !session.engine.surface.isBoard
    else { return }
    let slop = session.engine.settings.slop
    guard abs(y - touch.pressY) > slop + 0.002 else { return }
    // A thousandth past the slop, as a recording writes numbers.
    let crossing = touch.pressY + (y > touch.pressY ? 1 : -1) * (slop + 0.001)
    run("drag y=\(NumberText.short((crossing * 1000).rounded() / 1000))")
  }

  /// The row drawn under the pointer, for the cursor a click leaves.
  func position(atCharacter character: Int, line: Int) -> Int? {
    session.engine.surface.isBoard
      ? renderer.position(atCharacter: character, line: line) : renderer.position(atLine: line)
  }

  /// On a board, the carried card drawn on its slot after a key moved it
  /// (`KeyboardColumnMove.settled`).
  func settleOnSlot() {
    guard let step = KeyboardColumnMove.settled(session.engine) else { return }
    for command in step.commands where !run(command) { return }
  }

  /// Whether the card at `position` shows whole: its column fully on screen and the
  /// card within the column's viewport.
  func cardInView(_ position: Int) -> Bool {
    let engine = session.engine
    let layout = engine.layout
    let k = layout.section(of: position)
    let left = engine.columnLeft(k) - engine.board.x
    let settings = engine.settings
    guard left >= -1e-9, left + settings.board.columnWidth <= settings.board.screen + 1e-9 else {
      return false
    }
    let top = layout.top(of: position, section: k) - layout.headerTop(k) - engine.columnOffsets[k]
    return top >= 0 && top + layout.height(at: position) <= renderer.viewport
  }

  /// Left/Right (h/l): with a card lifted, it goes to the neighbouring column
  /// (`KeyboardColumnMove`); otherwise the cursor does, to the card at the same row
  /// number or the column's last (empty columns are skipped). Nothing on the table.
  func moveAcrossColumns(_ direction: Int) {
    let engine = session.engine
    guard engine.surface.isBoard else { return }
    if engine.lift != nil {
      guard let step = KeyboardColumnMove.step(direction, in: engine) else {
        renderer.message = "the card cannot move to a column further that way"
        return
      }
      for command in step.commands where !run(command) { return }
      settleOnSlot()
      if let position = session.engine.lift?.position { renderer.cursor = position }
      return
    }
    guard engine.phase == .idle, engine.layout.rowCount > 0 else { return }
    let layout = engine.layout
    let cursor = Swift.min(renderer.cursor ?? 0, layout.rowCount - 1)
    let k = layout.section(of: cursor)
    let row = cursor - layout.sectionStarts[k]
    var target = k + direction
    while target >= 0 && target < layout.sectionCount
      && layout.sectionEnd(target) == layout.sectionStarts[target]
    {
      target += direction
    }
    guard target >= 0 && target < layout.sectionCount else {
      renderer.message = direction < 0 ? "the first column" : "the last column"
      return
    }
    moveCursor(
      to: Swift.min(layout.sectionStarts[target] + row, layout.sectionEnd(target) - 1))
  }
}
