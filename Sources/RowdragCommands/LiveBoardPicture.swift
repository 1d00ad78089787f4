import RowdragEngine

/// The live view's table area with the board on (issue 20, stage 5).
///
/// The terminal stands for the board's screen: its `columns` characters are the
/// screen's `W` points, so a column of `w` points takes `w·columns/W` characters at its
/// place on screen, and a page turn slides the columns by as the engine moves the
/// board offset frame by frame, with nothing to animate here. With the default
/// geometry (a column as wide as the screen) one column fills the terminal, however
/// narrow, and the board pages as `show` does; `--column`/`--spacing` put narrower
/// columns side by side. The mouse maps back the same way (`screenX(ofCharacter:)`),
/// so what is under the pointer is what the engine hit-tests.
///
/// Each column is sampled as the table is: a terminal line is a 44-point band of the
/// column's own offset, showing its title, a card, the lifted card's slot or nothing;
/// the column's last character is its edge, with a scroll thumb (`#`) when the column
/// does not fit. The snapshot floats at its
/// center `c_x`, a column wide, over whatever it covers. Locked (finished) cards keep
/// their `L` mark and are dimmed: they cannot be lifted.
struct LiveBoardPicture {
  let session: Session
  let columns: Int
  let lines: Int
  let cursor: Int?
  /// The cards selected (Shift+Up/Down), two or more of one column: marked `+`.
  let selection: ClosedRange<Int>?
  let color: Bool

  private var engine: Engine { session.engine }
  private var screen: Double { engine.settings.board.screen }

  /// The screen x (points) of the middle of character `character` (0-based).
  static func screenX(ofCharacter character: Int, columns: Int, screen: Double) -> Double {
    (Double(character) + 0.5) * screen / Double(Swift.max(1, columns))
  }

  /// The character where screen x `x` falls (a boundary rounds to the nearer one).
  private func character(atScreenX x: Double) -> Int {
    let c = (x * Double(columns) / screen).rounded()
    return Int(Swift.max(-1e6, Swift.min(1e6, c)))
  }

  /// The content y (in column coordinates, its header's top 0) at line `line`'s middle.
  private func contentY(column k: Int, line: Int) -> Double {
    engine.columnOffsets[k] + LiveRenderer.screenY(ofLine: line)
  }

  func tableArea() -> [String] {
    var rows = (0..<lines).map { _ in TerminalRow(width: columns) }
    for k in Picture.visibleColumns(engine) { draw(column: k, into: &rows) }
    drawSnapshot(into: &rows)
    return rows.map { $0.rendered(color: color) }
  }

  /// The card drawn at character `character` of table line `line`, if one is.
  func position(atCharacter character: Int, line: Int) -> Int? {
    let x = engine.board.x + Self.screenX(ofCharacter: character, columns: columns, screen: screen)
    guard let k = engine.column(atBoardX: x) else { return nil }
    return row(column: k, at: contentY(column: k, line: line))?.position
  }

  /// The row of column `k` whose extent holds content y `y`: a binary search, as the
  /// table's hit test, so a column of millions of cards draws as fast as a short one.
  private func row(column k: Int, at y: Double) -> (position: Int, top: Double)? {
    let layout = engine.layout
    let header = layout.headerTop(k)
    // The last row of the column whose top is at or above y.
    var lo = layout.sectionStarts[k]
    var hi = layout.sectionEnd(k)
    while lo < hi {
      let mid = (lo + hi) / 2
      if layout.top(of: mid, section: k) - header <= y { lo = mid + 1 } else { hi = mid }
    }
    let p = lo - 1
    guard p >= layout.sectionStarts[k] else { return nil }
    let top = layout.top(of: p, section: k) - header
    return y < top + layout.height(at: p) ? (p, top) : nil
  }

  private func draw(column k: Int, into rows: inout [TerminalRow]) {
    let layout = engine.layout
    let left = character(atScreenX: engine.columnLeft(k) - engine.board.x)
    let right = character(
      atScreenX: engine.columnLeft(k) + engine.settings.board.columnWidth - engine.board.x)
    let width = right - left
    guard width > 0 else { return }
    let thumb = scrollThumb(column: k)
    // A line the ASCII transliteration would make a `?`: `|` is its ASCII form.
    let edge = session.asciiOnly ? "|" : "│"
    let title = LiveRenderer.drawn(session.document.title(ofSection: k) ?? "column \(k + 1)")
    var lastRow = -1
    for line in 0..<lines {
      let y = contentY(column: k, line: line)
      var text = ""
      var style: String?
      if layout.sectionTitled[k], y >= 0, y < layout.headerHeight(k) {
        text = "== \(title) =="
        style = "1"
      } else if let (p, top) = row(column: k, at: y) {
        let flags = layout.flags(at: p)
        if let lift = engine.lift, (lift.position..<(lift.position + lift.count)).contains(p) {
          text = "  · · · · · ·"
          style = "2"
        } else {
          // A card's first line, then its further lines under the label (FORMATS.md §5).
          let mark = Character(Unicode.Scalar(flags.markByte))
          let address = "\(k + 1):\(p - layout.sectionStarts[k] + 1)"
          let selected = selection?.contains(p) == true
          let head = (p == cursor ? "›" : " ") + (selected ? "+" : "") + address + " \(mark) "
          if p != lastRow {
            text = head + LiveRenderer.drawn(session.label(atPosition: p))
          } else if let line = LiveRenderer.blockLine(of: p, at: y - top, in: session) {
            text = String(repeating: " ", count: TextWidth.count(head)) + line
          }
          style =
            p == cursor
            ? (selected ? "4;7" : "4") : selected ? "7" : flags.contains(.locked) ? "2" : nil
        }
        lastRow = p
      } else if layout.sectionEnd(k) == layout.sectionStarts[k],
        y >= layout.headerHeight(k), y < layout.headerHeight(k) + LiveRenderer.pointsPerLine
      {
        text = "  (no cards)"
        style = "2"
      }
      rows[line].fill(from: left, count: width - 1)
      rows[line].put(
        TextWidth.fit(text, width: Swift.max(0, width - 1)), at: left, limit: width - 1,
        style: style)
      rows[line].put(thumb.contains(line) ? "#" : edge, at: right - 1, limit: 1)
    }
  }

  /// The snapshot: a column wide, centered at `c_x` on screen, on the lines its extent
  /// covers in the lifted card's column.
  private func drawSnapshot(into rows: inout [TerminalRow]) {
    guard let lift = engine.lift else { return }
    let w = engine.settings.board.columnWidth
    let left = character(atScreenX: engine.board.centerX - w / 2 - engine.board.x)
    let right = character(atScreenX: engine.board.centerX + w / 2 - engine.board.x)
    let width = right - left - 1
    guard width > 0 else { return }
    var shown = -1
    for line in 0..<lines {
      let y = contentY(column: lift.section, line: line)
      guard abs(y - lift.center) < lift.height / 2 else { continue }
      // A block shows each of its cards' labels on the first line it has on screen, and
      // a card's further lines after it.
      let (p, depth) = engine.layout.rowOfBlock(lift, at: y - (lift.center - lift.height / 2))
      let text =
        p != shown
        ? ">> " + LiveRenderer.drawn(session.label(atPosition: p))
        : ">> " + (LiveRenderer.blockLine(of: p, at: depth, in: session) ?? "")
      shown = p
      rows[line].fill(from: left, count: width, style: "1;7")
      rows[line].put(TextWidth.fit(text, width: width), at: left, limit: width, style: "1;7")
    }
  }

  /// The lines of column `k`'s scroll indicator that stand for what is on screen.
  private func scrollThumb(column k: Int) -> Range<Int> {
    let settings = engine.settings
    let total = engine.columnContentHeight(k) + settings.insetTop + settings.insetBottom
    // A column that fits has no thumb: its edge is a plain line between columns.
    guard lines > 0, total > settings.viewport, total.isFinite else { return 0..<0 }
    let size = Swift.max(1, Int((Double(lines) * settings.viewport / total).rounded()))
    let range = total - settings.viewport
    let fraction = Swift.max(
      0, Swift.min(1, (engine.columnOffsets[k] + settings.insetTop) / Swift.max(1, range)))
    guard fraction.isFinite else { return 0..<Swift.min(lines, size) }
    let start = Int((Double(lines - size) * fraction).rounded())
    return start..<Swift.min(lines, start + size)
  }
}
