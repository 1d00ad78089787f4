/// Text for a terminal whose locale is not UTF-8 (`LANG=C`): every mark the pictures
/// use becomes one ASCII character of the same width, and anything else outside ASCII
/// a `?` per column, so the pictures keep their shape.
public enum ASCIIText {
  /// The marks and their stand-ins.
  static let marks: [Unicode.Scalar: String] = [
    "›": ">", "·": ".", "↑": "^", "↓": "v", "◀": "<", "▶": ">", "─": "-", "…": ">",
    "→": ">", "←": "<", "\u{FFFD}": "?",
  ]

  /// `text` in ASCII, column for column.
  public static func transliterate(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { !$0.isASCII }) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar.isASCII {
        out.unicodeScalars.append(scalar)
      } else if let mark = marks[scalar] {
        out += mark
      } else {
        out += String(repeating: "?", count: TextWidth.columns(scalar))
      }
    }
    return out
  }

  /// Whether a locale's variables ask for something other than UTF-8: the first set
  /// of `LC_ALL`, `LC_CTYPE`, `LANG` names no UTF-8 charset (`C`, `POSIX`,
  /// `en_US.ISO-8859-1`). With none set, UTF-8 is assumed, as terminals today are.
  public static func isWanted(_ variables: [String: String]) -> Bool {
    let name = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { variables[$0] }.first {
      !$0.isEmpty
    }
    guard let name else { return false }
    let lower = name.lowercased()
    return !(lower.contains("utf-8") || lower.contains("utf8"))
  }
}
