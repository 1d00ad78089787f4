import RowdragBase
import RowdragEngine
import RowdragFormats

/// How to read a list: format, header/flag patterns and JSON keys (SPEC §5, §8).
public struct LoadOptions: Sendable {
  public enum Format: Sendable, Equatable {
    case automatic
    case text
    case json
  }

  public var format = Format.automatic
  /// Lines matching become titled section headers (text only).
  public var headerPattern: String?
  public var lockPattern: String?
  public var pinPattern: String?
  /// Member names of JSON row attributes.
  public var attributeKeys = AttributeKeys()
  /// The one member a JSON label is taken from, instead of the default list.
  public var labelKey: String?

  public init() {}
}

/// The input could not be parsed (exit status 3).
public struct LoadError: Error, Sendable, Equatable {
  /// `FILE`, `FILE:LINE:COLUMN` or `<stdin>:…`.
  public var location: String
  public var message: String

  public init(location: String, message: String) {
    self.location = location
    self.message = message
  }
}

/// Turns bytes into a document and an engine.
public enum ListLoader {
  /// Loads bytes read from `name` (a path, or `<stdin>`).
  public static func load(store: ByteStore, name: String, options: LoadOptions) throws(LoadError)
    -> (Document, Layout)
  {
    let (document, heights, parsedFlags) = try parse(store: store, name: name, options: options)
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
    let layout = Layout(sections: sections, ownHeights: heights, flags: flags)
    guard layout.contentHeight.isFinite else {
      throw LoadError(
        location: name, message: "the row heights add up to more than a double can hold")
    }
    return (document, layout)
  }

  /// Whether to read `bytes` as JSON (SPEC §5.2): forced, by a `.json` name, or
  /// (automatic) when the text is shaped like a JSON list — its first and last non-blank
  /// bytes are `[` and `]`, or `{` and `}`. The decision never depends on whether the
  /// JSON is valid, so two files that differ in one number are read the same way, and
  /// an invalid one is an error at its place, with a hint to give `--text`.
  private static func parse(store: ByteStore, name: String, options: LoadOptions) throws(LoadError)
    -> (Document, [Double]?, [RowFlags]?)
  {
    let named = options.format == .json || (options.format == .automatic && name.hasSuffix(".json"))
    if named { return try parseJSON(store: store, name: name, options: options) }
    if options.format == .automatic && shapedLikeJSON(store.buffer) {
      do {
        return try parseJSON(store: store, name: name, options: options)
      } catch {
        throw LoadError(
          location: error.location,
          message: error.message + " (read as JSON, as it starts with [ or { and ends with "
            + "] or }; give --text to read it as lines)")
      }
    }
    let header = try options.headerPattern.map { (p) throws(LoadError) in try matcher(p, "--header")
    }
    return (TextList(store: store, isHeader: header.map { m in { m.matches($0) } }), nil, nil)
  }

  private static func parseJSON(store: ByteStore, name: String, options: LoadOptions)
    throws(LoadError)
    -> (Document, [Double]?, [RowFlags]?)
  {
    do {
      var list = try JSONList(store: store, attributeKeys: options.attributeKeys)
      list.labelKeys = options.labelKey.map { [$0] } ?? JSONList.labelKeys
      let meta = try list.attributes(options.attributeKeys)
      var flags: [RowFlags]?
      if meta.locked != nil || meta.pinned != nil {
        flags = (0..<list.elements.count).map { id in
          var f: RowFlags = []
          if meta.locked?[id] == true { f.insert(.locked) }
          if meta.pinned?[id] == true { f.insert(.pinned) }
          return f
        }
      }
      return (list, meta.heights, flags)
    } catch let error as JSONSyntaxError {
      throw LoadError(location: "\(name):\(error.line):\(error.column)", message: error.message)
    } catch {
      throw LoadError(location: name, message: JSONList.shapeMessage)
    }
  }

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
