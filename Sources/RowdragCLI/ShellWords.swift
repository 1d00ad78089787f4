/// A shell command line cut into words the way `sh` reads them (`'…'`, `"…"`,
/// backslashes, blanks), for `--complete`: the shells hand over the line as typed, so
/// one reading serves bash, zsh and fish alike, and `'move /bu` is one word whose
/// quote is still open. Nothing is expanded but a leading `~/` (a list file's path).
struct ShellWords {
  struct Word {
    /// The word as the program would receive it, quotes removed.
    var text = ""
    /// The word as typed.
    var raw = ""
    /// The quote still open at the end of the line (the word at the cursor), if any.
    var openQuote: Character?
    /// Where that quote is: its offset in `raw`, and how much of `text` comes before it.
    var quoteAt = (raw: 0, text: 0)
  }

  /// The words; the last is the one at the cursor, empty after a blank.
  private(set) var words: [Word] = []

  init(_ line: String) {
    var word = Word()
    var inWord = false
    var quote: Character?
    var escaped = false
    for scalar in line.unicodeScalars {
      let c = Character(scalar)
      if quote == nil && !escaped && (c == " " || c == "\t" || c == "\n") {
        if inWord { words.append(word) }
        word = Word()
        inWord = false
        continue
      }
      inWord = true
      word.raw.append(c)
      if escaped {
        // In double quotes a backslash escapes only `$`, `` ` ``, `"`, `\` and newline.
        if quote == "\"" && !"$`\"\\\n".contains(c) { word.text.append("\\") }
        word.text.append(c)
        escaped = false
      } else if quote == "'" {
        if c == "'" { quote = nil } else { word.text.append(c) }
      } else if c == "\\" {
        escaped = true
      } else if quote == "\"" {
        if c == "\"" { quote = nil } else { word.text.append(c) }
      } else if c == "'" || c == "\"" {
        quote = c
        word.quoteAt = (word.raw.unicodeScalars.count - 1, word.text.unicodeScalars.count)
      } else {
        word.text.append(c)
      }
    }
    word.openQuote = quote
    words.append(word)
  }

  /// `~/x` as the shell would expand it, with `home`; other words as they are.
  static func expandingTilde(_ path: String, home: String?) -> String {
    guard path.hasPrefix("~/"), let home, !home.isEmpty else { return path }
    return home + path.dropFirst()
  }
}
