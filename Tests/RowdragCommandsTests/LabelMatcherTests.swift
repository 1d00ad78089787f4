@testable import RowdragCommands
import Testing

/// `/REGEX/` is POSIX extended syntax with a guaranteed bound on matching time.
@Suite("label patterns")
struct LabelMatcherTests {
  func matches(_ pattern: String, _ label: [UInt8]) throws -> Bool {
    let matcher = try LabelMatcher(pattern)
    return label.withUnsafeBufferPointer { matcher.matches($0) }
  }

  func matches(_ pattern: String, _ label: String) throws -> Bool {
    try matches(pattern, Array(label.utf8))
  }

  func refusal(_ pattern: String) -> String? {
    do {
      _ = try LabelMatcher(pattern)
      return nil
    } catch {
      return error.message
    }
  }

  @Test("nested quantifiers that backtracking engines take forever on answer at once")
  func catastrophicPatterns() throws {
    // A backtracking matcher (Swift Regex, PCRE) needs about 2^n steps for each of these.
    let long = String(repeating: "a", count: 5000) + "!"
    #expect(try !matches("(a+)+$", long))
    #expect(try !matches("(a|aa)+$", long))
    #expect(try !matches("(a*)*b", long))
    #expect(try !matches("^(([a-z])+.)+[A-Z]([a-z])+$", long))
    #expect(try matches("(.*a){20}", long))
    #expect(try !matches("(x+x+)+y", String(repeating: "x", count: 5000)))
  }

  @Test("back-references and exploding repetition counts are refused with the reason")
  func refusals() {
    #expect(refusal("(a)\\1")?.contains("back-references (\\1 to \\9) are not supported") == true)
    #expect(refusal("((a{1,100}){1,100}){1,100}")?.contains("too complex") == true)
    #expect(refusal("(a{1,100}){1,100}") == nil)  // exactly the limit
    #expect(refusal("x{1,20000}")?.contains("too complex") == true)
    // Found by the commands fuzzer: glibc compiles x+ as x x*, so stacked + doubled the
    // pattern (eighty of them took over 2 GB), and stacked ? and + built closures in
    // exponential time (minutes). A run of them is the one operator it means.
    #expect(refusal("9" + String(repeating: "+", count: 80)) == nil)
    #expect(refusal("9+++" + String(repeating: "?", count: 66) + "+++++00k") == nil)
    #expect(refusal("(a+)+b+") == nil)
    #expect(refusal("[\\1]") == nil)  // inside brackets \\ and 1 are just characters
    #expect(refusal("(") == "invalid /REGEX/ '(': unmatched ( or \\(")
    #expect(refusal("a{2,1}")?.hasPrefix("invalid /REGEX/ 'a{2,1}': ") == true)
  }

  @Test(
    "stacked repetition operators match as the one they mean",
    arguments: [
      ("a++", "a+"), ("a??", "a?"), ("a*?", "a*"), ("a?+", "a*"), ("a+*", "a*"), ("a+?", "a*"),
      ("(ab)+++", "(ab)+"), ("[xy]?????", "[xy]?"), ("a{2}++", "a{2}+"),
    ])
  func stackedOperators(_ stacked: String, _ meant: String) throws {
    for label in ["", "a", "aa", "aaa", "b", "ab", "abab", "x", "xy", "aaaa"] {
      let anchored = try matches("^" + stacked + "$", label)
      #expect(anchored == (try matches("^" + meant + "$", label)), "\(stacked) on '\(label)'")
    }
    #expect(PatternScan(stacked).translated == meant)
  }

  @Test("POSIX extended syntax, GNU escapes, \\d, UTF-8 characters, NULs and bad bytes")
  func syntax() throws {
    #expect(try matches("^[0-9]+ [a-z]+$", "12 apples"))
    #expect(try matches("\\d\\d", "x42"))
    #expect(try !matches("\\d", "no digits"))
    #expect(try matches("\\D", "7a"))
    #expect(try matches("\\bcat\\b", "a cat sat"))
    #expect(try !matches("\\<cat\\>", "concatenate"))
    #expect(try matches("^caf.$", "café"))  // . is one character, é two bytes
    #expect(try matches("[[:alpha:]]{4}", "über"))
    #expect(try matches("c$", [0x61, 0x00, 0x63]))  // a NUL does not end the label
    #expect(try !matches("a.c", [0x61, 0x00, 0x63]))  // but . does not match it (POSIX)
    #expect(try matches("^x.*y$", [0x78, 0xFF, 0x79]) == false)  // . never matches a bad byte
    #expect(try matches("y$", [0x78, 0xFF, 0x79]))
    #expect(try matches("(red|green) (apple|pear)", "a green pear"))
    #expect(try !matches("^(red|green) (apple|pear)$", "a green pear"))
  }
}

/// Issue 22, item 21: the guards read the pattern by Unicode scalars, as glibc does, so
/// a combining mark after a metacharacter hides nothing from them.
@Suite("label patterns with combining marks")
struct CombiningMarkPatternTests {
  let mark = "\u{0301}"

  func refusal(_ pattern: String) -> String? { LabelMatcherTests().refusal(pattern) }

  func matches(_ pattern: String, _ label: String) throws -> Bool {
    try LabelMatcherTests().matches(pattern, label)
  }

  @Test("a mark after each ( does not hide the groups from the too-complex guard")
  func nestedCountsWithMarks() {
    // Before: 4 GB and 9 s in regcomp.
    let pattern = "((\(mark)(\(mark)a{1,40}){1,40}){1,40}"
    #expect(refusal(pattern)?.contains("too complex") == true, "\(refusal(pattern) ?? "nil")")
    let plain = "(\(mark)(\(mark)(\(mark)a{1,40}){1,40}){1,40})"
    #expect(refusal(plain)?.contains("too complex") == true)
    // After a mark a count repeats the mark (one character), not the group.
    #expect(refusal("(a{1,100})\(mark){1,100}") == nil)
  }

  @Test("a mark after [ leaves a bracket: [\u{0301}\\d] matches d, and \\1 inside it is accepted")
  func bracketsWithMarks() throws {
    #expect(try matches("[\(mark)\\d]", "d"))
    #expect(try !matches("[\(mark)\\d]", "7"))  // \d is no class inside a bracket
    #expect(refusal("[\(mark)\\1]") == nil)
    #expect(try matches("[\(mark)\\1]", "1"))
    // A mark after ( still opens a group for glibc: no literal search for "(\u{0301}a".
    #expect(try matches("(\(mark)a|b)", "\(mark)a"))
    #expect(try matches("(\(mark)a|b)", "b"))
  }
}
