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
  public var heightKey = "height"
  public var lockKey = "locked"
  public var pinKey = "pinned"
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
  /// Loads `bytes` read from `name` (a path, or `<stdin>`).
  public static func load(bytes: [UInt8], name: String, options: LoadOptions) throws(LoadError)
    -> (Document, Layout)
  {
    let document = try parse(bytes: bytes, name: name, options: options)
    var flags = document.inputFlags
    let lock = try options.lockPattern.map { (p) throws(LoadError) in try matcher(p, "--lock") }
    let pin = try options.pinPattern.map { (p) throws(LoadError) in try matcher(p, "--pin") }
    let rowCount = document.sectionSpecs.reduce(0) { $0 + $1.rowCount }
    guard rowCount < Int(Int32.max) else {
      throw LoadError(location: name, message: "too many rows; at most 2147483646 are supported")
    }
    if lock != nil || pin != nil {
      var all = flags ?? [RowFlags](repeating: [], count: rowCount)
      for id in 0..<rowCount {
        document.withLabel(ofRow: id) { label in
          if let lock, lock.matches(label) { all[id].insert(.locked) }
          if let pin, pin.matches(label) { all[id].insert(.pinned) }
        }
      }
      flags = all
    }
    let layout = Layout(
      sections: document.sectionSpecs, ownHeights: document.ownHeights, flags: flags)
    return (document, layout)
  }

  private static func parse(bytes: [UInt8], name: String, options: LoadOptions) throws(LoadError)
    -> Document
  {
    let header = try options.headerPattern.map { (p) throws(LoadError) in try matcher(p, "--header") }
    return .text(TextList(bytes: bytes, isHeader: header.map { m in { m.matches($0) } }))
  }

  private static func matcher(_ pattern: String, _ option: String) throws(LoadError) -> LabelMatcher {
    do {
      return try LabelMatcher(pattern)
    } catch {
      throw LoadError(location: option, message: error.message)
    }
  }
}
