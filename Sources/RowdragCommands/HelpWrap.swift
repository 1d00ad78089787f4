/// Wrapping `help` to a terminal's width between words, each continuation indented under
/// the text it continues (the summary column, or the line's own indent).
enum HelpWrap {
  static func wrap(_ text: String, width: Int?) -> String {
    guard let width, width >= 20 else { return text }
    var out = ""
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
      out += wrapLine(String(line), width: width)
    }
    return out
  }

  private static func wrapLine(_ line: String, width: Int) -> String {
    let chars = Array(line)
    guard TextWidth.count(line) > width else { return line + "\n" }
    // Continuations start where the summary does: after the last run of two or more
    // blanks (the padded column) when that is in the left half; else two past the
    // line's own indent.
    let lead = chars.prefix { $0 == " " }.count
    var gap: Range<Int>?  // the padding between a command and its summary
    var k = chars.count - 1
    while k > lead {
      if chars[k] == " " && chars[k - 1] == " " {
        var start = k - 1
        while start > lead && chars[start - 1] == " " { start -= 1 }
        gap = start..<(k + 1)
        break
      }
      k -= 1
    }
    var out = ""
    var current: String
    var pad: String
    var rest: [Character]
    if let gap, gap.upperBound <= width / 2 {
      // Summaries wrap under their column.
      current = String(chars[..<gap.upperBound])
      pad = String(repeating: " ", count: gap.upperBound)
      rest = Array(chars[gap.upperBound...])
    } else if let gap, gap.lowerBound + 2 < width {
      // A long command: its summary follows after two blanks, wrapping further in.
      current = String(chars[..<gap.lowerBound]) + "  "
      pad = String(repeating: " ", count: lead + 4)
      rest = Array(chars[gap.upperBound...])
    } else {
      current = String(chars[..<lead])
      pad = String(repeating: " ", count: lead + 2)
      rest = Array(chars[lead...])
    }
    var fresh = true  // no word after the head yet
    for word in String(rest).split(separator: " ") {
      let joined = TextWidth.count(current) + (fresh ? 0 : 1) + TextWidth.count(String(word))
      if joined > width && current.contains(where: { $0 != " " }) {
        // The word goes to a new line (after the head, too, when the head is long).
        out += String(current.reversed().drop { $0 == " " }.reversed()) + "\n"
        current = pad + word
      } else {
        current += (fresh ? "" : " ") + word
      }
      fresh = false
    }
    return out + current + "\n"
  }
}
