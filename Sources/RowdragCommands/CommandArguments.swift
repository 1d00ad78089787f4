/// The arguments of one command as its table row reads them: arity, numbers, `key=N`,
/// `±D` and addresses, each failure worded with the command's name and usage.
public struct CommandArguments: Sendable {
  /// The name the command was typed as (an alias stays an alias in messages).
  public let name: String
  /// The arguments after the name.
  public let tokens: [Token]
  /// The command's row, for its usage in messages.
  let spec: CommandSpec
  /// `press ADDR | y=Y`, as `help` shows it: made only for a message, not for each of
  /// a million commands that parse.
  var usage: String { CommandTable.usage(of: spec) }

  /// The number of arguments.
  public var count: Int { tokens.count }

  /// Argument `k`.
  public subscript(k: Int) -> Token { tokens[k] }

  func fail(_ message: String) -> CommandError { CommandError(command: name, message: message) }

  /// Checks the number of arguments.
  func arity(_ allowed: ClosedRange<Int>) throws(CommandError) {
    guard allowed.contains(tokens.count) else {
      throw fail(
        tokens.count > allowed.upperBound
          ? "unexpected argument '\(tokens[allowed.upperBound].text)'; usage: \(usage)"
          : "missing argument; usage: \(usage)")
    }
  }

  /// `key=NUMBER`, or nil when the word has another form.
  func keyed(_ key: String, _ token: Token) throws(CommandError) -> Double? {
    guard case .word(let w) = token, w.hasPrefix(key + "=") else { return nil }
    return try number(String(w.dropFirst(key.count + 1)), what: "\(key)=")
  }

  /// `+D` / `-D`, or nil when the word has no sign.
  func relative(_ token: Token) throws(CommandError) -> Double? {
    guard case .word(let w) = token, w.hasPrefix("+") || w.hasPrefix("-") else { return nil }
    return try number(w, what: "a distance")
  }

  private func number(_ text: String, what: String) throws(CommandError) -> Double {
    guard let value = NumberText.parse(text) else {
      throw fail("'\(text)' is not a number for \(what); use decimal digits like 420 or -12.5")
    }
    guard value.isFinite else { throw fail("'\(text)' is too large; use a finite number") }
    return value
  }

  /// `N`, `$`, `S:R` or `/REGEX/`.
  func address(_ token: Token) throws(CommandError) -> Address {
    switch token {
    case .range:
      throw fail(
        "'\(token.text)' is a range, and one row is needed here; "
          + "ranges are taken as the rows of \(CommandTable.rangeCommands)")
    case .pattern(let p):
      return .pattern(p)
    case .sectioned(let p, let row):
      if let address = Self.inSection(.titled(p), row) { return address }
      throw fail(
        "'\(token.text)' is not a row address; after /REGEX/: give a row number or $ "
          + "(/REGEX/:R, /REGEX/:$)")
    case .word("$"):
      return .last
    case .word(let w):
      if let n = NumberText.parseWhole(w) { return .number(n) }
      let parts = w.split(separator: ":", omittingEmptySubsequences: false)
      if parts.count == 2, let s = NumberText.parseWhole(parts[0]),
        let address = Self.inSection(.number(s), parts[1])
      {
        return address
      }
      if w.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
        throw fail("row number \(w) is too large")
      }
      // `2..4` or `2-4`, as other tools write a range: say how rowdrag writes it.
      let dots = w.split(separator: ".", omittingEmptySubsequences: false)
      let dashed = w.split(separator: "-", omittingEmptySubsequences: false)
      let ranges: [[Substring]] = [
        dots.count == 3 && dots[1].isEmpty ? [dots[0], dots[2]] : [], dashed,
      ]
      for ends in ranges {
        if ends.count == 2, ends.allSatisfy({ NumberText.parseWhole(String($0)) != nil }) {
          throw fail(
            "'\(token.text)' is not a row address; a range is written A,B as in sed: "
              + "\(ends[0]),\(ends[1])")
        }
      }
      throw fail(
        "'\(token.text)' is not a row address; use N, $, S:R, S:$ or /REGEX/ "
          + "(S: a section number or /HEADER/)")
    }
  }

  /// `S:R` or `S:$` from the row part `row`; nil when it is neither a number nor `$`.
  private static func inSection(_ s: SectionAddress, _ row: some StringProtocol) -> Address? {
    if row == "$" { return .sectionLast(s) }
    return NumberText.parseWhole(String(row)).map { .sectionRow(s, $0) }
  }

  /// `x=X`, `y=Y`, or both in either order, each once, among the arguments from `first`
  /// on; nil when there is neither. Anything else alongside is an error.
  func point(from first: Int = 0) throws(CommandError) -> (x: Double?, y: Double?)? {
    var x: Double?
    var y: Double?
    var others: [Token] = []
    for token in tokens[first...] {
      if let value = try keyed("x", token) {
        guard x == nil else { throw fail("x= is given twice; usage: \(usage)") }
        x = value
      } else if let value = try keyed("y", token) {
        guard y == nil else { throw fail("y= is given twice; usage: \(usage)") }
        y = value
      } else {
        others.append(token)
      }
    }
    if x == nil && y == nil { return nil }
    if let other = others.first { throw fail("'\(other.text)' mixes forms; usage: \(usage)") }
    return (x, y)
  }

  /// `A,B` (SPEC §10): each end an address; nil when the token is not a range.
  func range(_ token: Token) throws(CommandError) -> AddressRange? {
    guard case .range(let a, let b) = token else { return nil }
    if case .word(let w) = b, w.contains(",") {
      throw fail("'\(token.text)' has more than one comma; a range is A,B")
    }
    if case .sectioned(_, let w) = b, w.contains(",") {
      throw fail("'\(token.text)' has more than one comma; a range is A,B")
    }
    let first = try address(a)
    let last = try address(b)
    return AddressRange(first: first, last: last)
  }

  /// A range `A,B` or one address: the rows a command of rows acts on.
  func rows(_ token: Token) throws(CommandError) -> AddressRange {
    if let range = try range(token) { return range }
    let a = try address(token)
    return AddressRange(first: a, last: a)
  }

  /// A command of one address argument.
  func oneAddress() throws(CommandError) -> Address {
    try arity(1...1)
    return try address(tokens[0])
  }
}

extension Token {
  /// The token as typed: a pattern with its slashes.
  public var text: String {
    switch self {
    case .word(let w): w
    case .pattern(let p): "/\(p)/"
    case .sectioned(let p, let row): "/\(p)/:\(row)"
    case .range(let a, let b): a.text + "," + b.text
    }
  }
}
