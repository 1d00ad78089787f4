/// One terminal line built cell by cell, for pictures where things overlap: the live
/// board draws its columns at their places on screen and the floating snapshot over
/// them. A wide character takes two cells (its second an empty continuation); writing
/// over half of one blanks the other half, so the line is always exactly its width.
struct TerminalRow {
  private var cells: [(text: String, style: String?)]

  init(width: Int) { cells = Array(repeating: (" ", nil), count: Swift.max(0, width)) }

  var width: Int { cells.count }

  /// Writes `text` from cell `start` (which may be left of the line: the text is cut
  /// there), at most `limit` cells of it, in `style`; cells past the line's end are cut.
  mutating func put(_ text: String, at start: Int, limit: Int, style: String? = nil) {
    var column = start
    let end = start + Swift.max(0, limit)
    for scalar in text.unicodeScalars {
      let w = TextWidth.columns(scalar)
      if w == 0 {
        // A combining mark joins the character before it, if that one is drawn.
        if column - 1 >= 0, column - 1 < cells.count, column - 1 >= start {
          cells[column - 1].text.unicodeScalars.append(scalar)
        }
        continue
      }
      guard column + w <= end else { break }
      if column >= 0 && column + w <= cells.count {
        set(column, String(scalar), style)
        if w == 2 { set(column + 1, "", style) }
      } else if column < cells.count && column + w > 0 {
        // Half of a wide character on the line: a blank stands for it.
        for c in Swift.max(0, column)..<Swift.min(cells.count, column + w) { set(c, " ", style) }
      }
      column += w
    }
  }

  /// Blanks `count` cells from `start`, in `style`.
  mutating func fill(from start: Int, count: Int, style: String? = nil) {
    put(String(repeating: " ", count: Swift.max(0, count)), at: start, limit: count, style: style)
  }

  private mutating func set(_ c: Int, _ text: String, _ style: String?) {
    // Overwriting half of a wide character: its other half becomes a blank.
    if cells[c].text.isEmpty, c > 0 { cells[c - 1].text = " " }
    if c + 1 < cells.count, cells[c + 1].text.isEmpty, !cells[c].text.isEmpty {
      cells[c + 1].text = " "
    }
    cells[c] = (text, style)
  }

  /// The line's text, with each style's escape codes when `color`.
  func rendered(color: Bool) -> String {
    var out = ""
    var current: String? = nil
    for cell in cells {
      if color && cell.style != current {
        if current != nil { out += "\u{1B}[0m" }
        if let style = cell.style { out += "\u{1B}[\(style)m" }
        current = cell.style
      }
      out += cell.text
    }
    if color && current != nil { out += "\u{1B}[0m" }
    return out
  }
}
