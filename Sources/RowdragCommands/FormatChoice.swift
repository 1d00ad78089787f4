import RowdragFormats
import RowdragSystem

/// A list format and its parameters, as `--format 'csv label=name'` gives it and
/// `get format` prints it (FORMATS.md §2).
public struct FormatChoice: Sendable, Equatable {
  /// The format's name (`csv`).
  public var name: String
  /// Parameters given, by name (`label` → `name`).
  public var values: [String: String]

  public init(_ name: String, _ values: [String: String] = [:]) {
    self.name = name
    self.values = values
  }

  /// The format's row in the table.
  public var spec: FormatSpec? { FormatTable.spec(name) }

  /// A parameter's value, or its default.
  public func value(_ parameter: String) -> String? {
    values[parameter] ?? spec?.parameters.first { $0.name == parameter }?.defaultValue
  }

  /// `csv header=yes delimiter=,`: the name, then the parameters in the table's order,
  /// those with a default always, the others when given; a one-byte value that is a
  /// tab as `\t`, another control byte or one above 0x7E as `\xHH` (as `--format`
  /// reads them).
  public var description: String {
    var words = [name]
    for parameter in spec?.parameters ?? [] {
      guard let value = value(parameter.name) else { continue }
      words.append("\(parameter.name)=\(Self.shown(value))")
    }
    return words.joined(separator: " ")
  }

  /// A value as `description` says it.
  private static func shown(_ value: String) -> String {
    let bytes = RawText.bytes(value)
    guard bytes.count == 1, let b = bytes.first, b < 0x20 || b > 0x7E else { return value }
    if b == 9 { return "\\t" }
    let hex = String(b, radix: 16)
    return "\\x" + (hex.count == 1 ? "0" : "") + hex
  }

  /// The choice as the list read it: a csv file's delimiter, when none was given, is
  /// the one detected (FORMATS.md §3.4), for `get format` and the banner.
  public func resolved(by document: Document) -> FormatChoice {
    guard values["delimiter"] == nil,
      spec?.parameters.contains(where: { $0.name == "delimiter" }) == true,
      let delimiter = (document as? BlockList)?.delimiter
    else { return self }
    var choice = self
    choice.values["delimiter"] = RawText.string([delimiter])
    return choice
  }

  /// Whether the delimiter differs from the format's default (a csv file's `;`), so
  /// that the banner says it.
  public var hasOwnDelimiter: Bool {
    guard let given = values["delimiter"],
      let standard = spec?.parameters.first(where: { $0.name == "delimiter" })?.defaultValue
    else { return false }
    return RawText.bytes(given) != RawText.bytes(standard)
  }

  /// Why a `delimiter=` value is refused: it must be one byte. A character of more
  /// bytes in UTF-8 (`§` typed in a UTF-8 terminal) is most likely meant as its
  /// Latin-1 byte, which the message shows how to give.
  static let delimiterProblem: @Sendable (String) -> String? = { value in
    let bytes = RawText.bytes(value)
    guard bytes.count != 1 else { return nil }
    let scalars = value.unicodeScalars
    guard scalars.count == 1, let scalar = scalars.first, scalar.value > 0x7F else {
      return "the delimiter is one byte (\\t for a tab, \\xHH for any byte)"
    }
    let utf8 = "'\(value)' is \(bytes.count) bytes in UTF-8"
    guard scalar.value <= 0xFF else {
      return "the delimiter is one byte, and \(utf8); give the byte the file uses as "
        + "\\xHH (delimiter=\\xa6) or as itself ($'csv delimiter=\\xa6' in bash)"
    }
    let hex = String(scalar.value, radix: 16)
    return "the delimiter is one byte, and \(utf8); for a Latin-1 file give its byte, "
      + "delimiter=\\x\(hex) (or $'csv delimiter=\\x\(hex)' in bash)"
  }

  /// Reads `--format`'s argument, as bytes (`RawText`, as file names are): a name, then
  /// `KEY=VALUE` words, separated by spaces or commas. The byte after `delimiter=` is
  /// the delimiter whatever it is; `\t` is a tab and `\xHH` the byte HH.
  public static func parse(_ text: String) throws(UsageText) -> FormatChoice {
    var words: [String] = []
    var current: [UInt8] = []
    var bytes = RawText.bytes(text)[...]
    let delimiterKey = Array("delimiter=".utf8)
    while let b = bytes.popFirst() {
      if b == 32 || b == 44 || b == 9 {
        if !current.isEmpty { words.append(RawText.string(current)) }
        current = []
        continue
      }
      current.append(b)
      if current == delimiterKey, let next = bytes.popFirst() {
        current.append(escapedByte(after: next, in: &bytes) ?? next)
      }
    }
    if !current.isEmpty { words.append(RawText.string(current)) }
    guard let name = words.first else {
      throw UsageText("--format: give a format name: \(FormatTable.names.joined(separator: ", "))")
    }
    guard let spec = FormatTable.spec(name) else {
      throw UsageText(
        "--format: unknown format '\(name)'\(Suggestion.hint(for: name, in: FormatTable.names)); "
          + "the formats are \(FormatTable.names.joined(separator: ", "))")
    }
    var choice = FormatChoice(name)
    for word in words.dropFirst() {
      // Split at the first `=` byte: a value's first byte may combine with it.
      let equals = word.utf8.firstIndex(of: 61)
      let key = String(decoding: word.utf8[..<(equals ?? word.utf8.endIndex)], as: UTF8.self)
      guard let equals, let parameter = spec.parameters.first(where: { $0.name == key })
      else {
        let valid = spec.parameters.map { "\($0.name)=\($0.synopsis)" }
        throw UsageText(
          "--format: \(name) takes "
            + (valid.isEmpty ? "no parameters" : valid.joined(separator: ", "))
            + ", not '\(word)'")
      }
      let value = String(word.utf8[word.utf8.index(after: equals)...]) ?? ""
      if let problem = parameter.check(value) {
        throw UsageText("--format: \(name) \(key)=\(value): \(problem)")
      }
      choice.values[key] = value
    }
    return choice
  }
}

extension FormatChoice {
  /// The byte `\t` or `\xHH` stands for when `first` is the backslash that starts it,
  /// taking the rest of it from `rest`; nil otherwise (the byte is itself).
  fileprivate static func escapedByte(after first: UInt8, in rest: inout ArraySlice<UInt8>)
    -> UInt8?
  {
    guard first == 92, let letter = rest.first else { return nil }
    if letter == 116 {  // \t
      rest = rest.dropFirst()
      return 9
    }
    let digits = rest.dropFirst().prefix(2)
    let hex = { (b: UInt8) in (48...57).contains(b) || (97...102).contains(b | 0x20) }
    guard letter == 120, digits.count == 2, digits.allSatisfy(hex),  // \xHH
      let byte = UInt8(String(decoding: digits, as: UTF8.self), radix: 16)
    else { return nil }
    rest = rest.dropFirst(3)
    return byte
  }
}

/// A usage error's text (exit status 2), for the command-line front to print.
public struct UsageText: Error, Sendable, Equatable {
  public var message: String
  public init(_ message: String) { self.message = message }
}
