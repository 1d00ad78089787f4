/// `rowdrag --complete SHELL LINE [WORD]`, hidden: the candidates for the word at the
/// end of LINE (the command line up to the cursor, as typed), one a line, in the form
/// SHELL's script uses. It reads no standard input, writes no file, and reads the list
/// file only for `-e` (a regular file, never a FIFO).
///
/// - fish: `VALUE<TAB>DESCRIPTION` (fish quotes and prefixes the value itself).
/// - zsh: `VALUE`, ending in a blank when the script goes on after it (zsh quotes it).
/// - bash: what replaces WORD, readline's own word (bash's `$2`), quoted as LINE's word
///   is; readline closes an open quote after a single match, so that one comes twice,
///   the second time with a blank after it: the common part goes in and the quote stays
///   open.
extension ShellCompletion {
  /// The shells `--complete` answers for.
  static let shells = ["bash", "zsh", "fish"]

  /// The lines to print, or nil for a wrong call.
  static func output(_ arguments: [String], home: String?) -> String? {
    guard arguments.count == 2 || arguments.count == 3, shells.contains(arguments[0]) else {
      return nil
    }
    let words = ShellWords(arguments[1]).words
    let (context, options) = self.context(words)
    guard let context, let word = words.last else { return "" }
    // bash and zsh complete a listed word themselves, and end it as a finished word.
    if case .words = context.option.completes, arguments[0] != "fish" { return "" }
    let found = candidates(context, options: options, home: home)
      .filter { !$0.value.contains("\n") && !$0.description.contains("\n") }
    switch arguments[0] {
    case "fish":
      return found.map { c in
        let value = c.value.hasSuffix(" ") ? String(c.value.dropLast()) : c.value
        return value + "\t" + c.description.filter { $0 != "\t" } + "\n"
      }.joined()
    case "zsh":
      return found.map { $0.value + "\n" }.joined()
    default:
      // Without WORD, readline's word is the whole shell word.
      let text = arguments.count == 3 ? arguments[2] : word.raw
      let lines = bash(found, word: word, prefix: context.prefix, replacing: text)
      return lines.map { $0 + "\n" }.joined()
    }
  }

  /// What replaces readline's `text` (the end of `word` as typed) for each candidate:
  /// the whole word written the way it was begun (in its open quote, else with
  /// backslashes), less the part before `text`.
  static func bash(
    _ found: [Candidate], word: ShellWords.Word, prefix: String, replacing text: String
  )
    -> [String]
  {
    let raw = Array(word.raw.unicodeScalars)
    let drop = raw.count - text.unicodeScalars.count
    guard drop >= 0, raw.suffix(text.unicodeScalars.count).elementsEqual(text.unicodeScalars)
    else { return [] }
    var lines: [String] = []
    for candidate in found {
      let full = Array((prefix + candidate.value).unicodeScalars)
      var written: [Unicode.Scalar]
      if let quote = word.openQuote {
        let typed = Array(word.text.unicodeScalars.prefix(word.quoteAt.text))
        guard full.starts(with: typed) else { continue }
        written = Array(raw[...word.quoteAt.raw])
        written += quoted(full.dropFirst(word.quoteAt.text), in: quote)
      } else {
        // The blank that ends a finished word ends the shell word too.
        let goesOn = full.last == " "
        written = escaped(goesOn ? full.dropLast() : full[...]) + (goesOn ? [" "] : [])
      }
      guard written.starts(with: raw.prefix(drop)) else { continue }
      lines.append(String(String.UnicodeScalarView(written.dropFirst(drop))))
    }
    if word.openQuote != nil, lines.count == 1 { lines.append(lines[0] + " ") }
    return lines
  }

  /// Text inside an open `quote`: `'` as `'\''`, or `"`'s specials after a backslash.
  private static func quoted(_ text: ArraySlice<Unicode.Scalar>, in quote: Character)
    -> [Unicode.Scalar]
  {
    var out: [Unicode.Scalar] = []
    for c in text {
      if quote == "'" && c == "'" {
        out += "'\\''".unicodeScalars
        continue
      }
      if quote == "\"" && "\"\\$`".unicodeScalars.contains(c) { out.append("\\") }
      out.append(c)
    }
    return out
  }

  /// Text outside quotes, with a backslash before each character the shell reads.
  private static func escaped(_ text: ArraySlice<Unicode.Scalar>) -> [Unicode.Scalar] {
    var out: [Unicode.Scalar] = []
    for c in text {
      if " \t'\"\\$`&|;()<>*?[]!{}#~".unicodeScalars.contains(c) { out.append("\\") }
      out.append(c)
    }
    return out
  }
}
