/// Gives meaning to a `RawCommand`: checks arity, numbers and address forms.
public enum CommandParser {
  public static func parse(_ raw: RawCommand) throws(CommandError) -> Command {
    let name = raw.name
    let args = raw.arguments
    func fail(_ message: String) -> CommandError { CommandError(command: name, message: message) }
    func arity(_ allowed: ClosedRange<Int>, _ usage: @autoclosure () -> String) throws(CommandError)
    {
      guard allowed.contains(args.count) else {
        throw fail(
          args.count > allowed.upperBound
            ? "unexpected argument '\(display(args[allowed.upperBound]))'; usage: \(usage())"
            : "missing argument; usage: \(usage())")
      }
    }
    var usage: String { CommandTable.spec(named: name).map(CommandTable.usage(of:)) ?? name }
    switch name {
    case "press":
      try arity(1...1, usage)
      if let y = try keyed("y", args[0], name) { return .pressAt(y: y) }
      return .press(try address(args[0], name))
    case "drag":
      try arity(1...1, usage)
      if let y = try keyed("y", args[0], name) { return .dragTo(y: y) }
      if let d = try relative(args[0], name) { return .dragBy(d) }
      return .dragToRow(try address(args[0], name))
    case "tick":
      try arity(0...1, usage)
      guard let arg = args.first else { return .tick(1) }
      guard case .word(let w) = arg, let n = NumberText.parseWhole(w), n <= 2_147_483_647 else {
        throw fail(
          "'\(display(arg))' is not a frame count; use a whole number from 0 to 2147483647")
      }
      return .tick(n)
    case "wait":
      try arity(1...1, usage)
      guard case .word(let w) = args[0], let s = NumberText.parse(w), s.isFinite, s >= 0 else {
        throw fail("'\(display(args[0]))' is not a duration; use a number of seconds >= 0")
      }
      return .wait(s)
    case "release", "drop":
      try arity(0...0, usage)
      return .release
    case "cancel":
      try arity(0...0, usage)
      return .cancel
    case "move":
      try arity(2...2, usage)
      let target = try address(args[1], name)
      if case .pattern = target {
        throw fail("TO must be a row number, $ or S:R, not a /REGEX/")
      }
      return .move(try address(args[0], name), to: target)
    case "scroll":
      try arity(1...1, usage)
      if case .word("top") = args[0] { return .scrollTop }
      if case .word("bottom") = args[0] { return .scrollBottom }
      if let y = try keyed("y", args[0], name) { return .scrollTo(y) }
      if let d = try relative(args[0], name) { return .scrollBy(d) }
      return .scrollToRow(try address(args[0], name))
    case "lock", "pin", "unlock":
      try arity(1...1, usage)
      let a = try address(args[0], name)
      return name == "lock" ? .lock(a) : name == "pin" ? .pin(a) : .unlock(a)
    case "undo", "redo", "print", "list", "show", "state", "quit", "q", "quit!", "Q":
      try arity(0...0, usage)
      switch name {
      case "undo": return .undo
      case "redo": return .redo
      case "print": return .print
      case "list": return .list
      case "show": return .show
      case "state": return .state
      case "quit", "q": return .quit(force: false)
      default: return .quit(force: true)
      }
    case "set":
      guard args.count >= 2, case .word(let key) = args[0] else {
        throw fail("missing value; usage: set KEY VALUE...")
      }
      return .set(key: key, values: args.dropFirst().map(display))
    case "get":
      try arity(1...1, "get KEY")
      return .get(key: display(args[0]))
    case "write", "w":
      try arity(0...1, usage)
      return .write(args.first.map(display))
    case "help":
      try arity(0...1, usage)
      return .help(args.first.map(display))
    default:
      throw CommandError(
        command: name,
        message: "unknown command"
          + Suggestion.hint(for: name, in: CommandTable.allNames) + " ('help' lists commands)")
    }
  }

  /// `key=NUMBER`, or nil when the word has another form.
  private static func keyed(_ key: String, _ token: Token, _ name: String) throws(CommandError)
    -> Double?
  {
    guard case .word(let w) = token, w.hasPrefix(key + "=") else { return nil }
    return try number(String(w.dropFirst(key.count + 1)), name, what: "\(key)=")
  }

  /// `+D` / `-D`, or nil when the word has no sign.
  private static func relative(_ token: Token, _ name: String) throws(CommandError) -> Double? {
    guard case .word(let w) = token, w.hasPrefix("+") || w.hasPrefix("-") else { return nil }
    return try number(w, name, what: "a distance")
  }

  private static func number(_ text: String, _ name: String, what: String) throws(CommandError)
    -> Double
  {
    guard let value = NumberText.parse(text) else {
      throw CommandError(
        command: name,
        message: "'\(text)' is not a number for \(what); use decimal digits like 420 or -12.5")
    }
    guard value.isFinite else {
      throw CommandError(command: name, message: "'\(text)' is too large; use a finite number")
    }
    return value
  }

  /// `N`, `$`, `S:R` or `/REGEX/`.
  static func address(_ token: Token, _ name: String) throws(CommandError) -> Address {
    let bad = CommandError(
      command: name,
      message: "'\(display(token))' is not a row address; use N, $, S:R or /REGEX/")
    switch token {
    case .pattern(let p):
      return .pattern(p)
    case .word("$"):
      return .last
    case .word(let w):
      if let n = NumberText.parseWhole(w) { return .number(n) }
      let parts = w.split(separator: ":", omittingEmptySubsequences: false)
      if parts.count == 2, let s = NumberText.parseWhole(parts[0]),
        let r = NumberText.parseWhole(parts[1])
      {
        return .sectionRow(s, r)
      }
      if w.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
        throw CommandError(command: name, message: "row number \(w) is too large")
      }
      throw bad
    }
  }

  static func display(_ token: Token) -> String {
    switch token {
    case .word(let w): w
    case .pattern(let p): "/\(p)/"
    }
  }
}
