import RowdragFormats
import RowdragSystem

/// One parameter of a format (`label=N|NAME`): what `--format` accepts, help shows and
/// the shells complete.
public struct FormatParameter: Sendable {
  public let name: String
  /// The value's synopsis (`yes|no`).
  public let synopsis: String
  /// Words completion offers for the value.
  public let words: [String]
  /// The value when none is given; `get format` always prints a parameter that has one.
  public let defaultValue: String?
  /// Why a value is refused, or nil.
  let check: @Sendable (String) -> String?
}

/// One list format: its name, the file names it is chosen for, its parameters, and how
/// it reads bytes into a document. The format exists here and nowhere else: `--format`,
/// detection, `get format`, help and completion all read this row.
public struct FormatSpec: Sendable {
  public let name: String
  /// What a row is, for help.
  public let summary: String
  /// File name extensions (lower case, without the dot) that select it.
  public let extensions: [String]
  /// Whole base names that select it.
  public let baseNames: [String]
  public let parameters: [FormatParameter]
  /// Whether `--header` applies (FORMATS.md §2).
  public let takesHeader: Bool
  /// Reads the list.
  let read: @Sendable (ByteStore, FormatChoice, FormatInput) throws -> Document
}

/// What every format may need besides its bytes and parameters.
struct FormatInput {
  /// `--header`'s test, nil without it.
  var isHeader: ((UnsafeBufferPointer<UInt8>) -> Bool)?
  var attributeKeys: AttributeKeys
  var labelKeys: [String]
}

/// The formats, in the order help lists them (FORMATS.md §2). A new format is one file
/// in RowdragFormats and one row here.
public enum FormatTable {
  public static let formats: [FormatSpec] = [
    FormatSpec(
      name: "text", summary: "one line a row; skip=REGEX lines are trivia", extensions: [],
      baseNames: [], parameters: [.pattern("skip")], takesHeader: true
    ) { store, choice, input in
      guard let skip = choice.values["skip"] else {
        return TextList(store: store, isHeader: input.isHeader)
      }
      let matcher = try LabelMatcher(skip)
      return SkipTextFormat.read(
        store, isSkipped: { matcher.matches($0) }, isHeader: input.isHeader)
    },
    FormatSpec(
      name: "json", summary: "one array element a row; path=POINTER selects the list",
      extensions: ["json"], baseNames: [], parameters: [.pointer], takesHeader: false
    ) { store, choice, input in
      if let path = choice.values["path"] {
        var list = try JSONPointerList(
          store: store, pointer: path, attributeKeys: input.attributeKeys)
        list.labelKeys = input.labelKeys
        return list
      }
      var list = try JSONList(store: store, attributeKeys: input.attributeKeys)
      list.labelKeys = input.labelKeys
      return list
    },
    FormatSpec(
      name: "jsonl", summary: "one JSON value a line, a row each", extensions: ["jsonl", "ndjson"],
      baseNames: [], parameters: [], takesHeader: false
    ) { store, _, input in
      try JSONLinesFormat.read(
        store, labelKeys: input.labelKeys, attributeKeys: input.attributeKeys)
    },
    FormatSpec(
      name: "markdown", summary: "one list item with its nested lines a row",
      extensions: ["md", "markdown"], baseNames: [], parameters: [.yesNo("renumber")],
      takesHeader: true
    ) { store, choice, input in
      MarkdownFormat.read(store, isHeader: input.isHeader)
        .markdownNumbering(renumber: choice.value("renumber") != "no")
    },
    FormatSpec(
      name: "todo", summary: "git rebase -i: one command a row; comments are trivia",
      extensions: [], baseNames: ["git-rebase-todo"], parameters: [], takesHeader: false
    ) { store, _, _ in TodoFormat.read(store) },
    .delimited("csv", delimiter: ",", extensions: ["csv"]),
    .delimited("tsv", delimiter: "\t", extensions: ["tsv", "tab"]),
    FormatSpec(
      name: "m3u", summary: "a playlist entry (#EXTINF lines and its path) a row",
      extensions: ["m3u", "m3u8"], baseNames: [], parameters: [], takesHeader: false
    ) { store, _, _ in M3UFormat.read(store) },
  ]

  /// Every format's name.
  public static let names = formats.map(\.name)

  public static func spec(_ name: String) -> FormatSpec? { formats.first { $0.name == name } }

  /// The format a file name selects (case-insensitive extensions, whole base names),
  /// or nil for standard input and other names.
  public static func detect(_ path: String) -> FormatChoice? {
    let base = path.split(separator: "/").last.map(String.init) ?? path
    let lower = String(
      decoding: base.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
    let ext = lower.split(separator: ".", omittingEmptySubsequences: false).dropFirst().last
    for spec in formats {
      if spec.baseNames.contains(base) { return FormatChoice(spec.name) }
      if let ext, spec.extensions.contains(String(ext)) { return FormatChoice(spec.name) }
    }
    return nil
  }
}

extension FormatSpec {
  /// `csv` and `tsv`: one reader, two default delimiters.
  static func delimited(_ name: String, delimiter: String, extensions: [String]) -> FormatSpec {
    FormatSpec(
      name: name, summary: "one record a row (it may span lines); the first is the header",
      extensions: extensions, baseNames: [],
      parameters: [
        FormatParameter(
          name: "header", synopsis: "yes|no", words: ["yes", "no"], defaultValue: "yes"
        ) { ["yes", "no"].contains($0) ? nil : "give yes or no" },
        FormatParameter(
          name: "delimiter", synopsis: "C", words: [], defaultValue: delimiter,
          check: FormatChoice.delimiterProblem),
        FormatParameter(name: "label", synopsis: "N|NAME", words: [], defaultValue: nil) {
          value in
          let wrong = "give a field number from 1 or a header field's name"
          guard !value.isEmpty else { return wrong }
          // A number is a field number: from 1, without a sign or leading zeros.
          guard let number = Int(value) else { return nil }
          return number >= 1 && value.first != "0" && value.first != "+" ? nil : wrong
        },
      ], takesHeader: false
    ) { store, choice, _ in try DelimitedFormat.read(store, DelimitedFormat.Parameters(choice)) }
  }
}

extension DelimitedFormat.Parameters {
  /// What a `csv` or `tsv` choice asks for: csv without `delimiter=` detects it
  /// (FORMATS.md §3.4), tsv's is a tab.
  public init(_ choice: FormatChoice) {
    let given = choice.name == "csv" ? choice.values["delimiter"] : choice.value("delimiter")
    self.init(
      name: choice.name, delimiter: given.map { RawText.bytes($0).first ?? 44 },
      header: choice.value("header") != "no", label: choice.values["label"])
  }
}

extension FormatParameter {
  /// `yes` or `no`, `yes` when not given and then not shown by `get format`.
  static func yesNo(_ name: String) -> FormatParameter {
    FormatParameter(name: name, synopsis: "yes|no", words: ["yes", "no"], defaultValue: nil) {
      ["yes", "no"].contains($0) ? nil : "give yes or no"
    }
  }

  /// A POSIX ERE.
  static func pattern(_ name: String) -> FormatParameter {
    FormatParameter(name: name, synopsis: "REGEX", words: [], defaultValue: nil) { value in
      do throws(CommandError) {
        _ = try LabelMatcher(value)
        return nil
      } catch {
        return error.message
      }
    }
  }

  /// An RFC 6901 JSON Pointer: empty, or starting with `/`.
  static let pointer = FormatParameter(
    name: "path", synopsis: "POINTER", words: [], defaultValue: nil
  ) { value in
    guard value.isEmpty || value.first == "/" else {
      return "a JSON Pointer is empty (the whole document) or starts with '/', as /tracks"
    }
    return JSONPointerList.badEscape(in: value).map {
      "'\($0)' is no escape in a JSON Pointer: '~0' stands for '~' and '~1' for '/' (RFC 6901)"
    }
  }
}
