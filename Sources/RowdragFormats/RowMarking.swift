/// The marks a list's rows may have (FORMATS.md §5.1): words that rewrite a fixed part
/// of a row's first line and nothing else — a `git rebase -i` todo line's command, a
/// Markdown task item's check box.
///
/// A mark is found in the row's input bytes as a span of its first line; setting
/// another replaces that span, so a row's bytes as written are its input with at most
/// one span replaced. The engine keeps which mark each row has (`RowMarks`, as codes:
/// 0 for the row's own, `k` for `names[k - 1]`); the list shows and writes them.
public enum RowMarking: Sendable, Equatable {
  /// `git rebase -i` verbs on `pick`, `reword`, `edit`, `squash`, `fixup` and `drop`
  /// lines (full or one-letter).
  case todoVerbs
  /// `done` and `todo` on Markdown task items (`- [ ] …`, `- [x] …`).
  case markdownTasks

  /// The marks by full name, in the order codes count them.
  public var names: [String] {
    switch self {
    case .todoVerbs: ["pick", "reword", "edit", "squash", "fixup", "fixup -C", "fixup -c", "drop"]
    case .markdownTasks: ["done", "todo"]
    }
  }

  /// The mark a word names, as `mark` takes it: a full name, or a todo verb's one-letter
  /// form (`f`, `f -C`); nil for any other word.
  public func mark(named word: String) -> Int? {
    if let k = names.firstIndex(of: word) { return k }
    guard self == .todoVerbs else { return nil }
    return names.indices.first { shortForm($0) == word }
  }

  /// A todo verb's one-letter form (`p`, `f -C`).
  func shortForm(_ mark: Int) -> String {
    let name = names[mark]
    return String(name.prefix(1)) + name.dropFirst(name.hasPrefix("fixup -") ? 5 : name.count)
  }

  /// Where the mark of the line `line` is (offsets into it) and which it is; nil for a
  /// line without marks.
  @inline(__always)
  func find(in line: UnsafeBufferPointer<UInt8>) -> (span: Range<Int>, mark: Int, short: Bool)? {
    var i = 0
    while i < line.count && (line[i] == 32 || line[i] == 9) { i += 1 }
    switch self {
    case .todoVerbs: return Self.findVerb(in: line, from: i)
    case .markdownTasks: return Self.findCheckBox(in: line, from: i)
    }
  }

  /// The replacement bytes of `mark` for a line written with the `short` form.
  func bytes(of mark: Int, short: Bool) -> [UInt8] {
    switch self {
    case .todoVerbs: Array((short ? shortForm(mark) : names[mark]).utf8)
    case .markdownTasks: [mark == 0 ? UInt8(ascii: "x") : 32]
    }
  }

  /// Whether `mark` written before `rest` (what follows the mark on its line) reads
  /// back as another mark: a plain `fixup` before blanks and `-C` or `-c` reads as
  /// `fixup -C` or `fixup -c`, as git reads it (a found verb is always followed by a
  /// blank or the end of its line).
  func misreads(_ mark: Int, before rest: UnsafeBufferPointer<UInt8>) -> Bool {
    guard self == .todoVerbs, mark == 4 else { return false }
    var i = 0
    while i < rest.count && (rest[i] == 32 || rest[i] == 9) { i += 1 }
    return i > 0 && Self.isOption(rest, at: i)
  }

  /// `-C` or `-c` at `i`, followed by a blank or the end of the line.
  private static func isOption(_ line: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
    i + 1 < line.count && line[i] == UInt8(ascii: "-")
      && (line[i + 1] == UInt8(ascii: "C") || line[i + 1] == UInt8(ascii: "c"))
      && isBlank(line, i + 2)
  }

  @inline(__always)
  private static func isBlank(_ line: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
    i == line.count || line[i] == 32 || line[i] == 9 || line[i] == 13
  }

  /// The mark a command word (full or one letter) is, read without making a string: a
  /// million-line todo is marked in one pass.
  @inline(__always)
  private static func verb(_ word: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let first = word.first else { return nil }
    let mark: Int
    let full: StaticString
    switch first {
    case UInt8(ascii: "p"): (mark, full) = (0, "pick")
    case UInt8(ascii: "r"): (mark, full) = (1, "reword")
    case UInt8(ascii: "e"): (mark, full) = (2, "edit")
    case UInt8(ascii: "s"): (mark, full) = (3, "squash")
    case UInt8(ascii: "f"): (mark, full) = (4, "fixup")
    case UInt8(ascii: "d"): (mark, full) = (7, "drop")
    default: return nil
    }
    if word.count == 1 { return mark }
    guard word.count == full.utf8CodeUnitCount else { return nil }
    let name = full.utf8Start
    for k in 1..<word.count where word[k] != name[k] { return nil }
    return mark
  }

  /// git's command word at `start`, and a fixup's `-C`/`-c` after it.
  @inline(__always)
  private static func findVerb(in line: UnsafeBufferPointer<UInt8>, from start: Int)
    -> (span: Range<Int>, mark: Int, short: Bool)?
  {
    var end = start
    while !isBlank(line, end) { end += 1 }
    guard var mark = verb(UnsafeBufferPointer(rebasing: line[start..<end])) else { return nil }
    let short = end - start == 1
    var spanEnd = end
    if mark == 4 {
      // `fixup -C` / `fixup -c`: the option belongs to the verb.
      var i = end
      while i < line.count && (line[i] == 32 || line[i] == 9) { i += 1 }
      if isOption(line, at: i) {
        mark = line[i + 1] == UInt8(ascii: "C") ? 5 : 6
        spanEnd = i + 2
      }
    }
    return (start..<spanEnd, mark, short)
  }

  /// A list item's marker, spaces, then `[ ]`, `[x]` or `[X]` followed by a blank or
  /// the end of the line: the byte inside the brackets.
  private static func findCheckBox(in line: UnsafeBufferPointer<UInt8>, from start: Int)
    -> (span: Range<Int>, mark: Int, short: Bool)?
  {
    var i = start
    guard i < line.count else { return nil }
    if line[i] == UInt8(ascii: "-") || line[i] == UInt8(ascii: "*") || line[i] == UInt8(ascii: "+")
    {
      i += 1
    } else {
      let digits = i
      while i < line.count && line[i] &- 48 < 10 && i - digits < 9 { i += 1 }
      guard i > digits, i < line.count, line[i] == UInt8(ascii: ".") || line[i] == UInt8(ascii: ")")
      else { return nil }
      i += 1
    }
    let marker = i
    while i < line.count && (line[i] == 32 || line[i] == 9) { i += 1 }
    guard i > marker, i + 2 < line.count, line[i] == UInt8(ascii: "["),
      line[i + 2] == UInt8(ascii: "]"), isBlank(line, i + 3)
    else { return nil }
    switch line[i + 1] {
    case 32: return (i + 1..<i + 2, 1, false)
    case UInt8(ascii: "x"), UInt8(ascii: "X"): return (i + 1..<i + 2, 0, false)
    default: return nil
    }
  }
}
