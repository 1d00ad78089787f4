/// The longest run of plain characters that every match of an extended regular
/// expression contains, as UTF-8: `9999` in `9999.99 `, `pick ` in `^pick [0-9a-f]+`.
///
/// A search looks for it with `memmem` first and runs the regular expression only on
/// lines that have it, which is how `grep` gets its speed. The reading is deliberately
/// cautious — a top-level `|`, a group, a bracket expression, an escaped letter or an
/// optional atom ends a run or yields nothing — since a literal that is not truly
/// required would lose matches.
enum PatternLiteral {
  static func required(in pattern: String) -> [UInt8]? {
    let s = Array(pattern.unicodeScalars)
    var best: [UInt8] = []
    var run: [UInt8] = []
    var lastAtom = 0  // bytes the last atom added to `run`
    func endRun() {
      if run.count > best.count { best = run }
      run = []
      lastAtom = 0
    }
    func append(_ c: Unicode.Scalar) {
      let bytes = Array(String(c).utf8)
      run += bytes
      lastAtom = bytes.count
    }
    func dropLastAtom() { run.removeLast(Swift.min(lastAtom, run.count)) }
    var i = 0
    while i < s.count {
      let c = s[i]
      switch c {
      case "\\":
        guard i + 1 < s.count else { return nil }
        let next = s[i + 1]
        if next.properties.isAlphabetic || next.properties.numericType != nil
          || "<>`'".unicodeScalars.contains(next)
        {
          endRun()  // \w, \b, \<, \d, … are not plain characters
        } else {
          append(next)
        }
        i += 2
        continue
      case "[":
        guard let end = bracketEnd(s, i) else { return nil }
        endRun()
        i = end + 1
        continue
      case "(":
        guard let end = groupEnd(s, i) else { return nil }
        endRun()
        i = end + 1
        continue
      case "*", "?":
        dropLastAtom()
        endRun()
      case "+":
        endRun()
      case "{":
        guard let (minimum, end) = interval(s, i) else { return nil }
        if minimum == 0 { dropLastAtom() }
        endRun()
        i = end + 1
        continue
      case "|", ")":
        return nil
      case ".", "^", "$":
        endRun()
      default:
        append(c)
      }
      i += 1
    }
    endRun()
    return best.isEmpty || best.contains(10) || best.contains(13) ? nil : best
  }

  /// The index of the `]` closing the bracket expression opened at `start`.
  private static func bracketEnd(_ s: [Unicode.Scalar], _ start: Int) -> Int? {
    let end = PatternScan.bracketEnd(s, start)
    return end < s.count ? end : nil
  }

  /// The index of the `)` closing the group opened at `start`.
  private static func groupEnd(_ s: [Unicode.Scalar], _ start: Int) -> Int? {
    var depth = 0
    var j = start
    while j < s.count {
      switch s[j] {
      case "\\": j += 1
      case "[":
        guard let end = bracketEnd(s, j) else { return nil }
        j = end
      case "(": depth += 1
      case ")":
        depth -= 1
        if depth == 0 { return j }
      default: break
      }
      j += 1
    }
    return nil
  }

  /// The lower bound and closing index of the interval `{m}`, `{m,}`, `{m,n}` or
  /// `{,n}` at `start`; nil for anything else.
  private static func interval(_ s: [Unicode.Scalar], _ start: Int) -> (Int, Int)? {
    var j = start + 1
    var minimum = 0
    while j < s.count, let digit = Int(String(s[j])), s[j].isASCII {
      minimum = Swift.min(1_000_000, minimum * 10 + digit)
      j += 1
    }
    while j < s.count && (s[j] == "," || (s[j].isASCII && s[j].properties.numericType != nil)) {
      j += 1
    }
    return j < s.count && s[j] == "}" ? (minimum, j) : nil
  }
}
