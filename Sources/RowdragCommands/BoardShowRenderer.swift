import RowdragEngine

/// `show` in board mode (BOARD.md §8): the columns on screen side by side, each with
/// its title, offset and visible rows, the lifted row's slot as a gap and the snapshot
/// drawn in the column under its center at its screen y.
struct BoardShowRenderer {
  let session: Session
  /// At most this many lines per column.
  static let maxLines = 200

  func render() -> String {
    let engine = session.engine
    let board = engine.board
    let width = Swift.max(session.width, 20)
    let n = NumberText.fixed3
    var visible = Picture.visibleColumns(engine)
    // Narrow terminals show the page column alone.
    if visible.count > 1 && (width - (visible.count - 1) * 3) / visible.count < 16 {
      visible = [engine.pageColumn]
    }
    let pages = engine.pagePositions
    let page = (pages.firstIndex { $0 >= board.x - 1e-9 } ?? 0) + 1
    var fields = [
      "board x \(n(board.x)) (0..\(n(engine.maxBoardOffset)))",
      "page \(page)/\(engine.columnCount)", engine.phase.name, "t=\(n(engine.time))",
    ]
    if pages.contains(where: { $0 < board.x }) { fields.append("◀") }
    if pages.contains(where: { $0 > board.x }) { fields.append("▶") }
    if board.turn != nil || board.dwell.zone != 0 {
      fields.append(
        board.dwell.zone < 0 || (board.turn.map { $0.to < $0.from } ?? false) ? "◀◀" : "▶▶")
    }
    if let lift = engine.lift {
      fields.append("finger (\(n(board.fingerX)), \(n(lift.finger)))")
    }
    var out = ShowRenderer.wrap(fields, width: width)
    let columnWidth = Swift.max(8, (width - (visible.count - 1) * 3) / visible.count)
    let snapshot = Picture.boardSnapshot(engine)
    let columns = visible.map {
      lines(
        ofColumn: $0, width: columnWidth,
        snapshotY: snapshot?.column == $0 ? snapshot?.screenY : nil)
    }
    let height = columns.map(\.count).max() ?? 0
    for i in 0..<height {
      let cells = columns.map { i < $0.count ? $0[i] : Cell(text: "") }
      var row = cells.map { cell in
        paint(
          TextWidth.fit(cell.text, width: columnWidth).padded(toColumns: columnWidth), cell.style)
      }
      // No trailing blanks: the last cell is not padded.
      if let last = cells.last, last.style == nil {
        row[row.count - 1] = TextWidth.fit(last.text, width: columnWidth)
      }
      var line = row.joined(separator: " │ ")
      if !session.color { while line.hasSuffix(" ") { line.removeLast() } }
      out += line + "\n"
    }
    return out
  }

  /// One cell of a column: its text and, as `show` colours the table (SPEC §7), the
  /// lifted row's gap dim and the snapshot in bold reverse.
  private struct Cell {
    var text: String
    var style: String? = nil
  }

  private func paint(_ text: String, _ code: String?) -> String {
    guard let code, session.color else { return text }
    return "\u{1B}[\(code)m\(text)\u{1B}[0m"
  }

  /// One column's lines: its title, its offset and rows, then one line per visible item.
  /// `snapshotY`: the snapshot's screen y when it floats over this column.
  private func lines(ofColumn k: Int, width: Int, snapshotY: Double?) -> [Cell] {
    let engine = session.engine
    let layout = engine.layout
    let o = engine.columnOffsets[k]
    let v = engine.settings.viewport
    let title = TextWidth.expandingTabs(session.document.title(ofSection: k) ?? "column \(k + 1)")
    let start = layout.sectionStarts[k]
    let compact = width < 40
    var items: [(y: Double, cell: Cell)] = []
    var first: Int?
    var last: Int?
    Picture.forEachColumnItem(layout, column: k, offset: o, viewport: v) { item in
      guard case .row(let p, let columnTop, let h) = item else { return true }
      let top = columnTop - o
      first = first ?? p - start + 1
      last = p - start + 1
      let range = compact ? "" : "\(whole(top))..\(whole(top + h)) "
      let address = "\(k + 1):\(p - start + 1)"
      if let lift = engine.lift, p >= lift.position, p < lift.position + lift.count {
        items.append((top + h / 2, Cell(text: "\(address) \(range). . . .", style: "2")))
      } else {
        let flag = Character(Unicode.Scalar(layout.flags(at: p).markByte))
        let head = "\(address) \(range)\(flag) "
        items.append((top + h / 2, Cell(text: head + label(p))))
        // A card of several lines covers as many (FORMATS.md §5), each under the label.
        let id = Int(layout.order[p])
        let indent = String(repeating: " ", count: TextWidth.count(head))
        for k in 1..<Swift.max(1, session.document.lineCount(ofRow: id)) {
          guard items.count < Self.maxLines else { break }
          let line = session.document.withLine(k, ofRow: id) { String(decoding: $0, as: UTF8.self) }
          items.append((top + h / 2, Cell(text: indent + TextWidth.expandingTabs(line))))
        }
      }
      return items.count < Self.maxLines
    }
    if let lift = engine.lift, let screenY = snapshotY {
      let line =
        ">> \(label(lift.position))"
        + (lift.count > 1 ? " (+\(lift.count - 1) rows)" : "")
      let index = items.firstIndex { $0.y > screenY } ?? items.endIndex
      items.insert((screenY, Cell(text: line, style: "1;7")), at: index)
    }
    let rows = first.map { "rows \($0)-\(last ?? $0)" } ?? "no rows"
    return [Cell(text: title), Cell(text: "offset \(NumberText.fixed3(o))  \(rows)")]
      + items.map(\.cell)
  }

  /// The label of the row at `position` as drawn: its tabs as spaces from its first
  /// column (FORMATS.md §5).
  private func label(_ position: Int) -> String {
    TextWidth.expandingTabs(session.label(atPosition: position))
  }

  private func whole(_ value: Double) -> String {
    abs(value) < 1e15 ? String(Int(value.rounded(.down))) : NumberText.fixed3(value)
  }
}
