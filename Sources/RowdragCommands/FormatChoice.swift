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
  /// those with a default always, the others when given; a tab as `\t`.
  public var description: String {
    var words = [name]
    for parameter in spec?.parameters ?? [] {
      guard let value = value(parameter.name) else { continue }
      words.append("\(parameter.name)=\(value == "\t" ? "\\t" : value)")
    }
    return words.joined(separator: " ")
  }

  /// Reads `--format`'s argument: a name, then `KEY=VALUE` words, separated by spaces or
  /// commas. The byte after `delimiter=` is the delimiter whatever it is (`\t` a tab).
  public static func parse(_ text: String) throws(UsageText) -> FormatChoice {
    var words: [String] = []
    var current = ""
    var bytes = Array(text.utf8)[...]
    while let b = bytes.first {
      bytes = bytes.dropFirst()
      if b == 32 || b == 44 || b == 9 {
        if !current.isEmpty { words.append(current) }
        current = ""
        continue
      }
      current += String(decoding: [b], as: UTF8.self)
      if current == "delimiter=", let next = bytes.first {
        bytes = bytes.dropFirst()
        if next == 92, bytes.first == 116 {  // \t
          bytes = bytes.dropFirst()
          current += "\t"
        } else {
          current += String(decoding: [next], as: UTF8.self)
        }
      }
    }
    if !current.isEmpty { words.append(current) }
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
      let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let key = String(parts[0])
      guard parts.count == 2, let parameter = spec.parameters.first(where: { $0.name == key })
      else {
        let valid = spec.parameters.map { "\($0.name)=\($0.synopsis)" }
        throw UsageText(
          "--format: \(name) takes "
            + (valid.isEmpty ? "no parameters" : valid.joined(separator: ", "))
            + ", not '\(word)'")
      }
      let value = String(parts[1])
      if let problem = parameter.check(value) {
        throw UsageText("--format: \(name) \(key)=\(value): \(problem)")
      }
      choice.values[key] = value
    }
    return choice
  }
}

/// A usage error's text (exit status 2), for the command-line front to print.
public struct UsageText: Error, Sendable, Equatable {
  public var message: String
  public init(_ message: String) { self.message = message }
}
