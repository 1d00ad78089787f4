/// Terminal column widths, so labels in wide scripts truncate at the right place.
public enum TextWidth {
  /// Columns a scalar takes: 0 for combining marks, 2 for East Asian wide and emoji.
  static func columns(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    switch v {
    case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: return 0
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return 2
    default: return 1
    }
  }

  /// `text` with control characters (C0, DEL, C1, bidirectional controls; a tab that
  /// `expandingTabs` did not turn into spaces) shown as `?`, cut to at most `width`
  /// columns
  /// (ending in `…` when cut).
  public static func fit(_ text: String, width: Int) -> String {
    guard width > 0 else { return "" }
    var out = String.UnicodeScalarView()
    var used = 0
    var cut = false
    for scalar in text.unicodeScalars {
      let s: Unicode.Scalar =
        scalar.value == 9 || TerminalText.isControl(scalar.value) ? "?" : scalar
      let w = columns(s)
      if used + w > width {
        cut = true
        break
      }
      out.append(s)
      used += w
    }
    guard cut else { return String(out) }
    // Make room for the ellipsis.
    while used + 1 > width, let last = out.popLast() { used -= columns(last) }
    out.append("…")
    return String(out)
  }

  /// `text` with each tab drawn as spaces up to the next multiple of 8 columns, counted
  /// from the text's first column, as `less` does (FORMATS.md §5): what the pictures
  /// draw for a label or a block line, from the column where the row's text starts.
  /// Wide characters count two columns, combining marks none, anything else one (`fit`
  /// draws a control character as one `?`), so the columns after a tab stay right.
  static func expandingTabs(_ text: String) -> String {
    guard text.utf8.contains(9) else { return text }
    var out = String.UnicodeScalarView()
    var column = 0
    for scalar in text.unicodeScalars {
      if scalar == "\t" {
        let spaces = 8 - column % 8
        out.append(contentsOf: repeatElement(" ", count: spaces))
        column += spaces
      } else {
        out.append(scalar)
        column += columns(scalar)
      }
    }
    return String(out)
  }

  /// Columns `text` takes.
  public static func count(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { $0 + columns($1) }
  }
}
