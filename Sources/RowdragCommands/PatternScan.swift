/// One pass over an extended regular expression before glibc compiles it: finds
/// back-references, estimates how many copies of its atoms repetition makes glibc
/// build (`{m,n}` makes n, `{m,}` m + 1, `+` two, as `x+` compiles to `x x*`), and
/// spells `\d`/`\D` as bracket expressions.
///
/// It follows the grammar only as far as these questions need — groups, bracket
/// expressions, escapes and `{m,n}` — and leaves every syntax error to `regcomp`. It
/// reads Unicode scalars, as glibc reads code points: a combining mark after `(` or `[`
/// is a character of its own, never part of the metacharacter (a Swift `Character`
/// would join them and hide the group or the bracket).
struct PatternScan {
  /// The pattern as glibc gets it.
  private(set) var translated = ""
  /// Whether `\1` … `\9` appear outside bracket expressions.
  private(set) var hasBackReference = false
  /// Whether a `\N{NAME}` character name appears (a Swift `Regex` form glibc lacks).
  private(set) var hasCharacterName = false
  /// Copies of atoms after counted repetition, nested counts multiplied.
  private(set) var expansion = 0

  init(_ pattern: String) {
    let chars = Array(pattern.unicodeScalars)
    // Each open group keeps the expansion of what it holds so far; the top level is
    // the first entry. `last` is the expansion of the most recent atom, for a count.
    var totals = [0]
    var last = 0
    var i = 0
    // Whether the text so far ends with something a `*`, `+` or `?` repeats, and the
    // operator ending it when that is one of them (a run of them being merged).
    var afterAtom = false
    var runOperator: Unicode.Scalar?
    func add(_ atom: Int) {
      totals[totals.count - 1] += atom
      last = atom
      afterAtom = true
      runOperator = nil
    }
    while i < chars.count {
      let c = chars[i]
      switch c {
      case "\\" where i + 1 < chars.count:
        let next = chars[i + 1]
        if ("1"..."9").contains(next) { hasBackReference = true }
        if next == "N" && i + 2 < chars.count && chars[i + 2] == "{" { hasCharacterName = true }
        translated += next == "d" ? "[0-9]" : next == "D" ? "[^0-9]" : "\\\(next)"
        add(1)
        i += 2
        continue
      case "[":
        let end = Swift.min(PatternScan.bracketEnd(chars, i), chars.count - 1)
        translated.unicodeScalars.append(contentsOf: chars[i...end])
        add(1)
        i = end + 1
        continue
      case "(":
        totals.append(0)
        afterAtom = false
        runOperator = nil
      case ")" where totals.count > 1:
        let group = totals.removeLast()
        translated.unicodeScalars.append(c)
        add(Swift.max(1, group))
        i += 1
        continue
      case "{":
        var j = i + 1
        var bounds = [0]
        var sawComma = false
        while j < chars.count, chars[j] != "}" {
          if ("0"..."9").contains(chars[j]) {
            let digit = Int(chars[j].value) - 48
            bounds[bounds.count - 1] = Swift.min(1_000_000, bounds[bounds.count - 1] * 10 + digit)
          } else if chars[j] == "," {
            sawComma = true
            bounds.append(0)
          }
          j += 1
        }
        let upper =
          sawComma
          ? (j > i + 1 && chars[j - 1] == "," ? bounds[0] + 1 : bounds.last ?? 0)
          : bounds[0]
        let copies = Swift.max(1, upper)
        totals[totals.count - 1] += Swift.min(1 << 40, last * (copies - 1))
        last = Swift.min(1 << 40, last * copies)
        let end = Swift.min(j, chars.count - 1)
        translated.unicodeScalars.append(contentsOf: chars[i...end])
        runOperator = nil
        i = end + 1
        continue
      case "*" where runOperator != nil, "+" where runOperator != nil,
        "?" where runOperator != nil:
        // Stacked operators repeat a repetition: `x++` is `x+`, `x??` is `x?`, and any
        // other mix (`x*?`, `x?+`, `x+*`) is `x*`. glibc builds each as a nested copy,
        // whose closure takes exponential time (a fuzzer's `9+++`, 66 `?` and `+++++`
        // ran for minutes), so the run is given to it as the one operator it means.
        // Matching keeps no submatches, so only the language counts, and it is the same.
        let merged: Unicode.Scalar = runOperator == c && c != "*" ? c : "*"
        translated.unicodeScalars.removeLast()
        translated.unicodeScalars.append(merged)
        runOperator = merged
        i += 1
        continue
      case "+":
        // glibc compiles `x+` as `x x*`: two copies of x.
        totals[totals.count - 1] += last
        last = Swift.min(1 << 40, last * 2)
        if afterAtom { runOperator = c }
      case "*", "?":
        if afterAtom { runOperator = c }
      case "|", "^", "$":
        afterAtom = false
        runOperator = nil
      default:
        add(1)
      }
      translated.unicodeScalars.append(c)
      i += 1
    }
    expansion = totals.reduce(0, +)
  }
}

extension PatternScan {
  /// The index of the `]` that closes the bracket expression opened at `start`
  /// (`[]a]`, `[^]a]` and `[[:alpha:]]` included), or past the end when it is unclosed.
  static func bracketEnd<C: Equatable & ExpressibleByUnicodeScalarLiteral>(
    _ s: [C], _ start: Int
  ) -> Int {
    var j = start + 1
    if j < s.count && s[j] == "^" { j += 1 }
    if j < s.count && s[j] == "]" { j += 1 }
    while j < s.count && s[j] != "]" {
      if s[j] == "[", j + 1 < s.count, [":", ".", "="].contains(s[j + 1]) {
        let close = s[j + 1]
        j += 2
        while j + 1 < s.count && !(s[j] == close && s[j + 1] == "]") { j += 1 }
        j += 2
      } else {
        j += 1
      }
    }
    return j
  }
}
