import RowdragSystem

/// A command as typed: its name and argument tokens, before meaning is given to them.
public struct RawCommand: Sendable, Equatable {
  public var name: String
  public var arguments: [Token]

  /// The command as typed, give or take spaces: what a comparison's chart quotes.
  public var text: String {
    ([name] + arguments.map(\.text)).joined(separator: " ")
  }
}

/// One argument word.
public enum Token: Sendable, Equatable {
  case word(String)
  /// The pattern between slashes, `\/` already turned into `/`.
  case pattern(String)
  /// `/REGEX/:R`: a pattern and, after the colon right behind its closing slash, the
  /// rest of the word (a section named by its title, FORMATS.md §5: `/Done/:1`,
  /// `/Done/:$`).
  case sectioned(String, String)
  /// `A,B`: two ends joined by a comma, each a word or a pattern (a range of rows, SPEC
  /// §10). Only the first comma outside a pattern joins; the second end is taken whole.
  indirect case range(Token, Token)
}

/// A syntax error found while splitting a line into commands.
public struct LexError: Error, Sendable, Equatable {
  public var command: String
  public var message: String
}

/// Splits one script line into commands, one at a time, so that commands before a
/// malformed one run (SPEC §9.19).
///
/// `;` separates commands and `#` starts a comment, except inside `/REGEX/` (a word
/// that starts with `/`), where both are literal and `\/` is a slash (a `:` right after
/// the closing slash makes it a section address, `/REGEX/:R`); the file name of
/// a command that takes one (`write`, `trace`: `CommandSpec.takesPath`) is taken as it
/// stands up to `;` or `#`, so `write /tmp/x` needs no quoting.
public struct CommandLexer {
  private let bytes: [UInt8]
  private var index = 0

  public init<S: StringProtocol>(line: S) { bytes = Array(line.utf8) }

  /// A line as raw bytes (bytes that are not UTF-8 are kept as `RawText` escapes).
  public init(bytes: [UInt8]) { self.bytes = bytes }

  /// The next command, nil at the end of the line, or a `LexError` (after which the
  /// rest of the line is dropped).
  public mutating func next() -> Result<RawCommand, LexError>? {
    while true {
      skipSpaces()
      guard index < bytes.count, bytes[index] != Self.hash else { return nil }
      if bytes[index] == Self.semicolon {
        index += 1
        continue
      }
      break
    }
    let name = word()
    var arguments: [Token] = []
    if CommandTable.pathCommands.contains(name) {
      let argStart = index
      while index < bytes.count, bytes[index] != Self.semicolon, bytes[index] != Self.hash {
        index += 1
      }
      let raw = RawText.string(bytes[argStart..<index])
      let trimmed = raw.trimmingSpaces
      if !trimmed.isEmpty { arguments.append(.word(trimmed)) }
      return .success(RawCommand(name: name, arguments: arguments))
    }
    while true {
      skipSpaces()
      guard index < bytes.count, bytes[index] != Self.semicolon, bytes[index] != Self.hash else {
        break
      }
      guard let first = end(stoppingAtComma: true) else {
        return .failure(LexError(command: name, message: "unterminated /REGEX/; end it with '/'"))
      }
      guard index < bytes.count, bytes[index] == Self.comma else {
        arguments.append(first)
        continue
      }
      index += 1
      guard let second = end(stoppingAtComma: false) else {
        return .failure(LexError(command: name, message: "unterminated /REGEX/; end it with '/'"))
      }
      arguments.append(.range(first, second))
    }
    return .success(RawCommand(name: name, arguments: arguments))
  }

  /// One word or `/REGEX/` — a whole argument, or one end of `A,B` when a comma
  /// follows (a word stops at its first comma when `stoppingAtComma`). Nil for an
  /// unterminated pattern, after which the rest of the line is dropped.
  private mutating func end(stoppingAtComma: Bool) -> Token? {
    guard index < bytes.count, bytes[index] == Self.slash else {
      return .word(word(stoppingAtComma: stoppingAtComma))
    }
    index += 1
    var pattern: [UInt8] = []
    while index < bytes.count {
      let b = bytes[index]
      if b == Self.backslash, index + 1 < bytes.count, bytes[index + 1] == Self.slash {
        pattern.append(Self.slash)
        index += 2
      } else if b == Self.slash {
        index += 1
        guard index < bytes.count, bytes[index] == Self.colon else {
          return .pattern(RawText.string(pattern))
        }
        index += 1
        return .sectioned(RawText.string(pattern), word(stoppingAtComma: stoppingAtComma))
      } else {
        pattern.append(b)
        index += 1
      }
    }
    index = bytes.count
    return nil
  }

  private mutating func skipSpaces() {
    while index < bytes.count, bytes[index] == 32 || bytes[index] == 9 || bytes[index] == 13 {
      index += 1
    }
  }

  private mutating func word(stoppingAtComma: Bool = false) -> String {
    let start = index
    while index < bytes.count {
      let b = bytes[index]
      if b == 32 || b == 9 || b == 13 || b == Self.semicolon || b == Self.hash { break }
      if stoppingAtComma && b == Self.comma { break }
      index += 1
    }
    return RawText.string(bytes[start..<index])
  }

  private static let semicolon: UInt8 = 59
  private static let comma: UInt8 = 44
  private static let colon: UInt8 = 58
  private static let hash: UInt8 = 35
  private static let slash: UInt8 = 47
  private static let backslash: UInt8 = 92
}

extension String {
  var trimmingSpaces: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" && $0 != "\r" }),
      let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" && $0 != "\r" })
    else { return "" }
    return String(scalars[first...last])
  }
}
