/// "Did you mean …?" for misspelt command names and setting keys.
public enum Suggestion {
  /// The candidate closest to `word` by edit distance, if close enough to be a typo.
  public static func nearest(to word: String, in candidates: [String]) -> String? {
    let a = Array(word.utf8)
    var best: (String, Int)?
    for candidate in candidates {
      let limit = Swift.max(1, Swift.min(a.count, candidate.utf8.count) / 2)
      // The distance is at least the difference in length: a word far longer than every
      // name (a 10 MB line) is no typo and costs no alignment.
      guard abs(a.count - candidate.utf8.count) <= limit else { continue }
      let d = distance(a, Array(candidate.utf8))
      if d <= limit, d < (best?.1 ?? .max) {
        best = (candidate, d)
      }
    }
    return best?.0
  }

  /// " (did you mean 'x'?)" or "".
  public static func hint(for word: String, in candidates: [String]) -> String {
    nearest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }

  /// Optimal string alignment distance (transpositions count as one edit).
  static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = Swift.min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
