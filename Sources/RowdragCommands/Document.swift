import RowdragEngine
import RowdragFormats

/// The loaded list in its own format. The engine only sees identities and geometry;
/// the document keeps the bytes, labels and how to write them back.
public enum Document {
  case text(TextList)
  /// A JSON list and the member names its labels come from, in priority order.
  case json(JSONList, labelKeys: [String])

  /// The format's name, as `--json`/`--text` and messages say it.
  public var formatName: String {
    switch self {
    case .text: "text"
    case .json: "json"
    }
  }

  /// Sections for the engine's layout.
  public var sectionSpecs: [SectionSpec] {
    switch self {
    case .text(let list):
      zip(list.headerLines, list.sectionRowCounts).map {
        SectionSpec(titled: $0 != nil, rowCount: $1)
      }
    case .json(let list, _):
      zip(list.titles, list.sectionRowCounts).map { SectionSpec(titled: $0 != nil, rowCount: $1) }
    }
  }

  /// Calls `body` with the UTF-8 (or raw) bytes of row `id`'s label.
  public func withLabel<R>(ofRow id: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    switch self {
    case .text(let list): list.withLabel(ofRow: id, body)
    case .json(let list, let keys): list.label(ofRow: id, keys: keys).withUnsafeBufferPointer(body)
    }
  }

  /// Calls `body` with each position of `order` and the label there, front to back,
  /// until `body` returns false: the way to visit many rows (one switch, and text
  /// lists read straight through their bytes).
  public func forEachLabel(
    in order: RowOrder, _ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Bool
  ) rethrows {
    switch self {
    case .text(let list): try list.forEachLabel(in: order, body)
    case .json(let list, let keys):
      for (position, id) in order.enumerated() {
        let label = list.label(ofRow: Int(id), keys: keys)
        guard try label.withUnsafeBufferPointer({ try body(position, $0) }) else { return }
      }
    }
  }

  /// The label of row `id` as text (invalid UTF-8 repaired), for display.
  public func label(ofRow id: Int) -> String {
    withLabel(ofRow: id) { String(decoding: $0, as: UTF8.self) }
  }

  /// Section `s`'s title, nil for an untitled section.
  public func title(ofSection s: Int) -> String? {
    switch self {
    case .text(let list): list.withTitle(ofSection: s) { String(decoding: $0, as: UTF8.self) }
    case .json(let list, _): s < list.titles.count ? list.titles[s] : nil
    }
  }

  /// Writes the whole list in the given order.
  public func write(order: RowOrder, sectionStarts: [Int], to out: OutputSink) throws {
    switch self {
    case .text(let list): try list.write(order: order, sectionStarts: sectionStarts, to: out)
    case .json(let list, _): try list.write(order: order, sectionStarts: sectionStarts, to: out)
    }
  }

  /// Reorders row storage after a write so identities match positions again.
  public mutating func rebase(_ previous: RowOrder) {
    switch self {
    case .text(var list):
      list.rebase(previous)
      self = .text(list)
    case .json(var list, let keys):
      list.rebase(previous)
      self = .json(list, labelKeys: keys)
    }
  }
}
