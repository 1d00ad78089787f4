import RowdragEngine

/// The picture of the live view (`--live`): a status line, the table view, and a line
/// for messages and key hints, each exactly `columns` wide.
///
/// One terminal line is 44 points, the default row height, so the table area of `n`
/// lines is a viewport of `44·n` points and a row of 88 points takes two lines. Each
/// line shows what the table has at its middle: a row (number, flag, label; the lines
/// after the first of a row whose block spans lines, FORMATS.md §5), a section
/// header, the lifted row's empty slot (`· · ·`), or the floating snapshot (`>>`),
/// drawn over the rows it covers as `show` draws it. The last column is a scroll
/// indicator. Colour is only a help: without it every mark is still there.
public struct LiveRenderer {
  /// Points per terminal line.
  public static let pointsPerLine = 44.0

  public let session: Session
  public var rows: Int
  public var columns: Int
  /// The keyboard cursor's position, drawn with `›`.
  public var cursor: Int?
  /// The rows selected for a range (SPEC §10), drawn with a `+` before the number so
  /// that the selection reads without colour; nil, or one row, is no selection.
  public var selection: ClosedRange<Int>?
  /// The bottom line: a message, or nil for the key hints.
  public var message: String?
  public var color: Bool
  /// Whether the list scrolled under a held row at the last frame: the status names
  /// the auto-scroll only then, not while a row merely rests in the edge zone.
  public var isScrolling = false

  public init(session: Session, rows: Int, columns: Int) {
    self.session = session
    self.rows = rows
    self.columns = columns
    cursor = nil
    message = nil
    color = false
  }

  /// Lines of the table area: all but the status and message lines.
  public var tableLines: Int { Swift.max(1, rows - 2) }

  /// The viewport height the table area stands for.
  public var viewport: Double { Double(tableLines) * LiveRenderer.pointsPerLine }

  /// The screen y (points) of the middle of table line `line` (0-based).
  public static func screenY(ofLine line: Int) -> Double {
    (Double(line) + 0.5) * pointsPerLine
  }

  /// Every line of the screen, top to bottom: `rows` of them (a terminal of fewer
  /// than three rows shows the top ones).
  public func lines() -> [String] {
    var out = [statusLine()]
    switch session.engine.surface {
    case .table: out += tableArea()
    case .board: out += boardPicture.tableArea()
    }
    out.append(bottomLine())
    let lines = Array(out.prefix(Swift.max(1, rows)))
    return session.asciiOnly ? lines.map(ASCIIText.transliterate) : lines
  }

  private func statusLine() -> String {
    let engine = session.engine
    let n = NumberText.fixed3
    let name = session.filePath.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
    let count = engine.layout.rowCount
    let position =
      cursor.map { cursor in
        // On a board a card is named as addresses name it: its column and its row.
        guard engine.surface.isBoard, cursor < count else {
          return "row \(Self.grouped(cursor + 1)) of \(Self.grouped(count))"
        }
        let k = engine.layout.section(of: cursor)
        let row = cursor - engine.layout.sectionStarts[k] + 1
        return "card \(k + 1):\(Self.grouped(row)) of \(Self.grouped(count))"
      } ?? "\(Self.grouped(count)) \(engine.surface.isBoard ? "cards" : "rows")"
    var phase = engine.phase.name
    if let lift = engine.lift, lift.count > 1 { phase += " \(Self.grouped(lift.count)) rows" }
    var fields = [
      TerminalText.escape(name ?? "<stdin>"), position + (engine.isDirty ? " *" : ""), phase,
    ]
    if engine.phase == .idle, let selected = shownSelection {
      fields.append("\(Self.grouped(selected.count)) rows selected")
    }
    if case .board(let board) = engine.surface {
      // Where the board stands, as `show`'s first line says it (BOARD.md §8).
      var page = "page \(engine.pageColumn + 1)/\(engine.columnCount)"
      if engine.pagePositions.contains(where: { $0 < board.x }) { page += " ◀" }
      if engine.pagePositions.contains(where: { $0 > board.x }) { page += " ▶" }
      if board.turn != nil || board.dwell.zone != 0 {
        page +=
          board.dwell.zone < 0 || (board.turn.map { $0.to < $0.from } ?? false) ? " ◀◀" : " ▶▶"
      }
      fields.insert(page, at: 2)
    }
    if isScrolling, let label = AutoScrollLabel.text(engine, number: n) { fields.append(label) }
    return styled(fit(" " + fields.joined(separator: "  ")), "7")
  }

  private func bottomLine() -> String {
    let hints =
      session.engine.surface.isBoard
      ? "mouse: hold and drag · ←↑↓→ · Space lift/drop · u undo · w write · q quit · ? keys"
      : "mouse: hold and drag · ↑↓ cursor · Space lift/drop · u undo · w write · q quit · ? keys"
    return styled(fit(" " + (message ?? hints)), message == nil ? "2" : "1")
  }

  /// The board's picture on this terminal (`LiveBoardPicture`).
  var boardPicture: LiveBoardPicture {
    LiveBoardPicture(
      session: session, columns: columns, lines: tableLines, cursor: cursor,
      selection: shownSelection, color: color)
  }

  /// The screen x (points) that character `character` (0-based) stands for on the
  /// board: the terminal's width is the board's screen.
  /// The board's screen points one character stands for.
  public var pointsPerCharacter: Double {
    session.engine.settings.board.screen / Double(Swift.max(1, columns))
  }

  public func screenX(ofCharacter character: Int) -> Double {
    LiveBoardPicture.screenX(
      ofCharacter: character, columns: columns, screen: session.engine.settings.board.screen)
  }

  /// The card drawn at character `character` of table line `line` on the board.
  public func position(atCharacter character: Int, line: Int) -> Int? {
    boardPicture.position(atCharacter: character, line: line)
  }

  /// The position of the row drawn on table line `line`, if a row is.
  public func position(atLine line: Int) -> Int? {
    let y = session.engine.offset + LiveRenderer.screenY(ofLine: line)
    if case .row(let p, _) = item(at: y, layout: session.engine.layout) { return p }
    return nil
  }

  /// What stands at each line's middle.
  private enum Item {
    case row(position: Int, top: Double)
    case header(section: Int)
    case nothing
  }

  private func tableArea() -> [String] {
    let engine = session.engine
    let layout = engine.layout
    let o = engine.offset
    let lift = engine.lift
    let count = tableLines
    let thumb = engine.scrollThumb(lines: count)
    var picture: [Picture.Item] = []
    Picture.forEachTableItem(layout, offset: o, viewport: viewport) {
      picture.append($0)
      return true
    }
    var result: [String] = []
    var lastRow = -1
    for line in 0..<count {
      let y = o + LiveRenderer.screenY(ofLine: line)
      let bar = thumb.contains(line) ? "#" : "|"
      var text: String
      var style: String?
      // A todo line's command, in its column: where it starts and its colour.
      var command: (start: Int, length: Int, color: String)?
      if let lift, abs(y - lift.center) < lift.height / 2 {
        // A block shows each of its rows: the one this line's middle is in.
        let (p, depth) = layout.rowOfBlock(lift, at: y - (lift.center - lift.height / 2))
        let first =
          p == lift.position
          ? abs(y - LiveRenderer.pointsPerLine - lift.center) >= lift.height / 2
          : depth < LiveRenderer.pointsPerLine
        text = first ? ">>" + number(p) + "  " + label(p) : ">>" + blockLine(of: p, at: depth)
        style = "1;7"
      } else {
        switch item(at: y, in: picture) {
        case .row(let p, _)
        where lift.map({ ($0.position..<($0.position + $0.count)).contains(p) }) == true:
          text = String(repeating: " ", count: numberWidth + 1) + "· · · · · · · ·"
          style = "2"
        case .row(let p, let top):
          let mark = Character(Unicode.Scalar(layout.flags(at: p).markByte))
          let pointer = p == cursor ? "›" : " "
          let selected = shownSelection?.contains(p) == true
          var rest = number(p) + " \(mark) "
          if p == lastRow {
            rest = blockLine(of: p, at: y - top)
          } else if let (verb, after, color) = commandColumn(p) {
            command = (1 + rest.unicodeScalars.count, verb.unicodeScalars.count, color)
            rest += verb + " " + after
          } else {
            rest += label(p)
          }
          // The number column always starts with a space: the selection's mark goes there.
          text = pointer + (selected ? "+" + rest.dropFirst() : rest)
          if p == cursor { style = selected ? "4;7" : "4" } else if selected { style = "7" }
          lastRow = p
        case .header(let s):
          text = "  == " + Self.drawn(session.document.title(ofSection: s) ?? "") + " =="
          style = "1"
        case .nothing:
          text = ""
        }
        // A header shorter than a line may share it with a row: it is named on the
        // right of its section's first row rather than left out.
        if case .row = item(at: y, in: picture),
          let s = header(within: y - LiveRenderer.pointsPerLine / 2, in: picture)
        {
          let title = Self.drawn(session.document.title(ofSection: s) ?? "")
          text =
            fit(text, width: Swift.max(0, columns - 5 - TextWidth.count(title)))
            + " ── " + title
        }
      }
      let fitted = fit(text, width: columns - 1)
      guard color, let command else {
        result.append(styled(fitted, style) + bar)
        continue
      }
      // The command in its colour, over the line's own style (the cursor's underline).
      let scalars = Array(fitted.unicodeScalars)
      let start = Swift.min(command.start, scalars.count)
      let end = Swift.min(command.start + command.length, scalars.count)
      func part(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
      let verb =
        "\u{1B}[" + (style.map { $0 + ";" } ?? "") + command.color + "m" + part(start..<end)
      result.append(
        styled(part(0..<start), style) + verb + "\u{1B}[0m"
          + styled(part(end..<scalars.count), style)
          + bar)
    }
    return result
  }

  /// girt's colours for a todo line's commands (git-interactive-rebase-tool's defaults:
  /// bright green, yellow, blue, cyan, magenta for every fixup, red).
  private static let commandColors = ["92", "93", "94", "96", "95", "95", "95", "91"]

  /// A todo line's command in a column of its own, as girt draws it: its mark by full
  /// name (a one-letter line too) padded to six columns, the rest of the line after it,
  /// and the command's colour; nil for any other row.
  private func commandColumn(_ position: Int) -> (String, String, String)? {
    let document = session.document
    guard document.formatName == "todo" else { return nil }
    let id = Int(session.engine.layout.order[position])
    guard let own = document.ownMark(ofRow: id) else { return nil }
    let code = Int(session.engine.marks.code(ofRow: id))
    let mark = code == 0 ? own : code - 1
    let name = document.markNames[mark]
    // The label starts with the command word, and a fixup's option after it.
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    var rest = Substring(label(position))
    for _ in 0..<(name.contains(" ") ? 2 : 1) {
      rest = rest.drop(while: blank).drop { !blank($0) }
    }
    let padded = name + String(repeating: " ", count: Swift.max(0, 6 - name.count))
    return (padded, String(rest.drop(while: blank)), Self.commandColors[mark])
  }

  /// The selection as drawn: two rows or more.
  private var shownSelection: ClosedRange<Int>? {
    guard let selection, selection.count > 1 else { return nil }
    return selection
  }

  /// The row or header whose extent holds content y `y` anywhere in the list (the
  /// mouse's hit test, which may point past the picture).
  private func item(at y: Double, layout: Layout) -> Item {
    guard layout.rowCount > 0 || layout.sectionCount > 0 else { return .nothing }
    // The last row whose top is at or above y.
    var lo = 0
    var hi = layout.rowCount
    while lo < hi {
      let mid = (lo + hi) / 2
      if layout.top(of: mid) <= y { lo = mid + 1 } else { hi = mid }
    }
    let p = lo - 1
    if p >= 0 {
      let top = layout.top(of: p)
      if y < top + layout.height(at: p) { return .row(position: p, top: top) }
    }
    for s in 0..<layout.sectionCount where layout.sectionTitled[s] {
      let top = layout.headerTop(s)
      if y >= top && y < top + layout.headerHeight(s) { return .header(section: s) }
      if top > y { break }
    }
    return .nothing
  }

  /// The picture's row or header whose extent holds content y `y` (a line's middle;
  /// rows and headers do not overlap).
  private func item(at y: Double, in picture: [Picture.Item]) -> Item {
    for case .row(let p, let top, let h) in picture where top <= y && y < top + h {
      return .row(position: p, top: top)
    }
    for case .header(let s, let top, let h) in picture where y >= top && y < top + h {
      return .header(section: s)
    }
    return .nothing
  }

  /// A titled section header of the picture that ends inside the line whose band
  /// starts at `top`: that line shows the section's first row, which starts where the
  /// header ends.
  private func header(within top: Double, in picture: [Picture.Item]) -> Int? {
    for case .header(let s, let start, let height) in picture {
      let end = start + height
      if end > top && end <= top + LiveRenderer.pointsPerLine && end > start { return s }
      if start >= top + LiveRenderer.pointsPerLine { break }
    }
    return nil
  }

  /// The block line of the row at `position` that stands `depth` points below its top,
  /// indented under the label, for a row whose block spans lines (FORMATS.md §5); ""
  /// for a line past the block or the first one.
  private func blockLine(of position: Int, at depth: Double) -> String {
    guard let text = Self.blockLine(of: position, at: depth, in: session) else { return "" }
    return String(repeating: " ", count: numberWidth + 3) + text
  }

  /// Line `k` ≥ 1 of the block of the row at `position`, as drawn (`drawn`), on the
  /// terminal line whose middle stands `depth` points below the row's top: line `k` has
  /// the band `[k·h, (k+1)·h)` of a row of `h` points a line, and is drawn on the first
  /// terminal line whose middle falls in it (taller bands leave the others blank rather
  /// than draw a line twice). Nil for the first line, past the block, or a line the
  /// band's first terminal line already drew.
  static func blockLine(of position: Int, at depth: Double, in session: Session) -> String? {
    let layout = session.engine.layout
    let id = Int(layout.order[position])
    let h = layout.rowHeight
    let k = Int((depth / h).rounded(.down))
    guard k >= 1, k < session.document.lineCount(ofRow: id),
      depth - pointsPerLine < Double(k) * h
    else { return nil }
    return drawn(session.document.withLine(k, ofRow: id) { String(decoding: $0, as: UTF8.self) })
  }

  /// A label, title or block line as a live picture draws it: control characters
  /// escaped (`TerminalText`), then tabs as spaces from its first column (FORMATS.md §5).
  public static func drawn(_ text: String) -> String {
    TextWidth.expandingTabs(TerminalText.escape(text))
  }

  /// `1234567` as `1,234,567`: the status line's row numbers.
  static func grouped(_ n: Int) -> String {
    var digits = Array(String(n.magnitude))
    var k = digits.count - 3
    while k > 0 {
      digits.insert(",", at: k)
      k -= 3
    }
    return (n < 0 ? "-" : "") + String(digits)
  }

  /// The number column's width: seven, or one more than the last row's number has
  /// digits, so that a number never touches the cursor or the snapshot's mark.
  private var numberWidth: Int { Swift.max(7, String(session.engine.layout.rowCount).count + 1) }

  private func number(_ position: Int) -> String {
    let s = String(position + 1)
    return String(repeating: " ", count: Swift.max(0, numberWidth - s.count)) + s
  }

  private func label(_ position: Int) -> String {
    Self.drawn(session.label(atPosition: position))
  }

  private func fit(_ text: String, width: Int? = nil) -> String {
    let width = width ?? columns
    return TextWidth.fit(text, width: width).padded(toColumns: width)
  }

  private func styled(_ text: String, _ code: String?) -> String {
    guard let code, color else { return text }
    return "\u{1B}[\(code)m\(text)\u{1B}[0m"
  }
}
