import RowdragFormats

/// One load option of `require`: `--pin /^b$/`. Values are written between slashes, as
/// `/REGEX/` addresses are (`\/` for a slash), since a format's parameters hold spaces
/// and a pattern may hold `;`, `#` or `,`.
public struct LoadOptionWord: Sendable, Hashable {
  public var option: String
  public var value: String

  public init(_ option: String, _ value: String) {
    self.option = option
    self.value = value
  }

  /// The options that change how a list is read, in the order they are written.
  public static let names = [
    "--format", "--header", "--lock", "--pin", "--label-key", "--height-key", "--lock-key",
    "--pin-key",
  ]

  /// `--OPTION VALUE` pairs from the command's tokens.
  static func parse(_ tokens: [Token]) throws(CommandError) -> [LoadOptionWord] {
    var words: [LoadOptionWord] = []
    var k = 0
    while k < tokens.count {
      guard case .word(let option) = tokens[k], names.contains(option) else {
        throw CommandError(
          command: "require",
          message: "expected a load option (\(names.joined(separator: " "))), not \(tokens[k].text)"
        )
      }
      guard k + 1 < tokens.count else {
        throw CommandError(
          command: "require", message: "\(option) needs a value, as \(option) /VALUE/")
      }
      switch tokens[k + 1] {
      case .word(let value), .pattern(let value): words.append(LoadOptionWord(option, value))
      case .range, .sectioned:
        throw CommandError(
          command: "require",
          message: "write \(option)'s value between slashes, as \(option) /\(tokens[k + 1].text)/")
      }
      k += 2
    }
    return words
  }

  /// The option as a command writes it: `--pin /^b\/c$/`.
  public var commandText: String {
    "\(option) /\(value.split(separator: "/", omittingEmptySubsequences: false).joined(separator: "\\/"))/"
  }

  /// The option as a POSIX shell takes it: `--pin '^b$'`.
  public var shellText: String {
    "\(option) '\(value.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''"))'"
  }
}

extension LoadOptions {
  /// These options as `require` words: the format in use (`get format`'s form), then
  /// every other option that was given, in `LoadOptionWord.names` order.
  public func words(format: FormatChoice) -> [LoadOptionWord] {
    var words = [LoadOptionWord("--format", format.description)]
    if let headerPattern { words.append(LoadOptionWord("--header", headerPattern)) }
    if let lockPattern { words.append(LoadOptionWord("--lock", lockPattern)) }
    if let pinPattern { words.append(LoadOptionWord("--pin", pinPattern)) }
    if let labelKey { words.append(LoadOptionWord("--label-key", labelKey)) }
    let keys = AttributeKeys()
    if attributeKeys.height != keys.height {
      words.append(LoadOptionWord("--height-key", attributeKeys.height))
    }
    if attributeKeys.locked != keys.locked {
      words.append(LoadOptionWord("--lock-key", attributeKeys.locked))
    }
    if attributeKeys.pinned != keys.pinned {
      words.append(LoadOptionWord("--pin-key", attributeKeys.pinned))
    }
    return words
  }
}

extension Session {
  /// `require`: the list must have been read with exactly `words` (in any order); a
  /// script recorded on a list read otherwise would replay to other bytes.
  func require(_ words: [LoadOptionWord]) throws {
    let loaded = loadOptions.words(format: format)
    // Each option once, in any order: the same count and the same set.
    if words.count == loaded.count && Set(words) == Set(loaded) { return }
    let wanted = LoadOptionWord.names.flatMap { name in words.filter { $0.option == name } }
    throw CommandError(
      command: "",
      message: "the list was read with \(loaded.map(\.shellText).joined(separator: " ")); "
        + "this script needs \(wanted.map(\.shellText).joined(separator: " ")): run rowdrag "
        + "\(wanted.map(\.shellText).joined(separator: " ")) -f SCRIPT LIST")
  }
}
