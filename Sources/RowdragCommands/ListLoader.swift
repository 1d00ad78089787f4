import RowdragBase
import RowdragEngine
import RowdragFormats

/// How to read a list: format, header/flag patterns and JSON keys (SPEC §5, §8,
/// FORMATS.md §2).
public struct LoadOptions: Sendable {
  /// The format `--format`, `--json` or `--text` chose; nil to detect it.
  public var format: FormatChoice?
  /// `--skip`: lines matching are trivia (the text format's `skip=`).
  public var skipPattern: String?
  /// Lines matching become titled section headers (text and Markdown only).
  public var headerPattern: String?
  public var lockPattern: String?
  public var pinPattern: String?
  /// Member names of JSON row attributes.
  public var attributeKeys = AttributeKeys()
  /// The one member a JSON label is taken from, instead of the default list.
  public var labelKey: String?

  public init() {}
}

/// The input could not be parsed (exit status 3), or the options do not fit the
/// format it turned out to have (a usage error, exit status 2).
public struct LoadError: Error, Sendable, Equatable {
  /// `FILE`, `FILE:LINE:COLUMN` or `<stdin>:…`.
  public var location: String
  public var message: String
  /// Whether the options, not the input, are at fault.
  public var isUsage = false

  public init(location: String, message: String, isUsage: Bool = false) {
    self.location = location
    self.message = message
    self.isUsage = isUsage
  }
}

/// Turns bytes into a document and an engine.
public enum ListLoader {
  /// Loads bytes read from `name` (a path, or `<stdin>`).
  public static func load(store: ByteStore, name: String, options: LoadOptions) throws(LoadError)
    -> (Document, Layout)
  {
    let (document, meta, parsedFlags) = try parse(store: store, name: name, options: options)
    var flags = parsedFlags
    let lock = try options.lockPattern.map { (p) throws(LoadError) in try matcher(p, "--lock") }
    let pin = try options.pinPattern.map { (p) throws(LoadError) in try matcher(p, "--pin") }
    let sections = document.sectionSpecs
    let rowCount = sections.reduce(0) { $0 + $1.rowCount }
    guard rowCount < Int(Int32.max) else {
      throw LoadError(location: name, message: "too many rows; at most 2147483646 are supported")
    }
    if lock != nil || pin != nil {
      var all = flags ?? [RowFlags](repeating: [], count: rowCount)
      let identity = RowOrder(identityOfCount: rowCount)
      for (matcher, flag) in [(lock, RowFlags.locked), (pin, .pinned)] {
        guard let matcher else { continue }
        _ = document.forEachMatch(of: matcher, in: identity, isInterrupted: { false }) { id in
          all[id].insert(flag)
          return true
        }
      }
      flags = all
    }
    let layout = Layout(
      sections: sections, ownHeights: meta.heights, uniformLines: meta.uniformLines, flags: flags)
    guard layout.contentHeight.isFinite else {
      // Only a list's own heights can overflow: say which member they came from and how
      // to read the file without them (a text file shaped like JSON is read as JSON).
      let fromJSON = document.formatName == "json" || document.formatName == "jsonl"
      throw LoadError(
        location: name,
        message: "the row heights add up to more than a double can hold"
          + (fromJSON
            ? " (--height-key NAME reads another member, --height-key '' none; --text reads"
              + " the file as lines)" : ""))
    }
    return (document, layout)
  }

  /// The format to read `store` in: the one chosen, else the one the file name
  /// selects, else (standard input, other names) JSON when the text is shaped like a
  /// JSON list — its first and last non-blank bytes are `[` and `]`, or `{` and `}` —
  /// and text otherwise (SPEC §5.2). The decision never depends on whether the JSON is
  /// valid, so two files that differ in one number are read the same way, and an
  /// invalid one is an error at its place, with a hint to give `--text`.
  /// `--skip` means `text skip=REGEX`.
  public static func format(of store: ByteStore, name: String, options: LoadOptions)
    -> FormatChoice
  {
    if let skip = options.skipPattern {
      var text = options.format ?? FormatChoice("text")
      if text.name == "text" { text.values["skip"] = skip }
      return text
    }
    if let chosen = options.format { return chosen }
    if name != "<stdin>", let detected = FormatTable.detect(name) { return detected }
    return shapedLikeJSON(store.buffer) ? FormatChoice("json") : FormatChoice("text")
  }

  private static func parse(store: ByteStore, name: String, options: LoadOptions) throws(LoadError)
    -> (Document, RowAttributes, [RowFlags]?)
  {
    let choice = format(of: store, name: name, options: options)
    guard let spec = choice.spec else {
      throw LoadError(location: name, message: "unknown format '\(choice.name)'", isUsage: true)
    }
    if options.skipPattern != nil && spec.name != "text" {
      throw LoadError(
        location: "--skip",
        message: "--skip applies to the text format, not \(spec.name)", isUsage: true)
    }
    if options.headerPattern != nil && !spec.takesHeader {
      throw LoadError(
        location: "--header",
        message: "the \(spec.name) format has no header lines; --header applies to text and "
          + "markdown", isUsage: true)
    }
    let header = try options.headerPattern.map { (p) throws(LoadError) in try matcher(p, "--header")
    }
    let input = FormatInput(
      isHeader: header.map { m in { m.matches($0) } }, attributeKeys: options.attributeKeys,
      labelKeys: options.labelKey.map { [$0] } ?? JSONList.labelKeys)
    let byShape = options.format == nil && choice.name == "json" && FormatTable.detect(name) == nil
    do {
      let document = try spec.read(store, choice, input)
      let meta = try document.attributes(options.attributeKeys)
      var flags: [RowFlags]?
      if meta.locked != nil || meta.pinned != nil {
        flags = (0..<document.sectionRowCounts.reduce(0, +)).map { id in
          var f: RowFlags = []
          if meta.locked?[id] == true { f.insert(.locked) }
          if meta.pinned?[id] == true { f.insert(.pinned) }
          return f
        }
      }
      return (document, meta, flags)
    } catch let error as JSONSyntaxError {
      let hint = byShape ? shapeHint : ""
      // JSON's messages stay as they were; the other formats say whose rule it is.
      let format = spec.name == "json" ? "" : "\(spec.name): "
      throw LoadError(
        location: "\(name):\(error.line):\(error.column)", message: format + error.message + hint)
    } catch is JSONShapeError {
      throw LoadError(
        location: name,
        message: JSONList.shapeMessage + JSONList.pointerHint(store.buffer)
          + (byShape ? shapeHint : ""))
    } catch let error as CommandError {
      throw LoadError(location: "--format", message: error.message, isUsage: true)
    } catch {
      throw LoadError(location: name, message: "\(error)")
    }
  }

  /// Why a list without a JSON name was read as JSON, and how to read it as lines.
  private static let shapeHint =
    " (read as JSON, as it starts with [ or { and ends with ] or }; give --text to read it "
    + "as lines)"

  private static func shapedLikeJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    func blank(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 10 || b == 13 }
    guard let first = bytes.first(where: { !blank($0) }),
      let last = bytes.last(where: { !blank($0) })
    else { return false }
    return (first == 91 && last == 93) || (first == 123 && last == 125)  // [ ] { }
  }

  private static func matcher(_ pattern: String, _ option: String) throws(LoadError) -> LabelMatcher
  {
    do {
      return try LabelMatcher(pattern)
    } catch {
      throw LoadError(location: option, message: error.message)
    }
  }
}
