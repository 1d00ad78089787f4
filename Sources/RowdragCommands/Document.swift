import RowdragEngine
import RowdragFormats

/// The loaded list in its own format. The engine only sees identities and geometry;
/// the document keeps the bytes, labels and how to write them back.
public enum Document: Sendable {
  case text(TextList)

  /// The format's name, as `--json`/`--text` and messages say it.
  public var formatName: String {
    switch self {
    case .text: "text"
    }
  }

  /// Sections for the engine's layout.
  public var sectionSpecs: [SectionSpec] {
    switch self {
    case .text(let list):
      zip(list.headers, list.sectionRowCounts).map { SectionSpec(titled: $0 != nil, rowCount: $1) }
    }
  }

  /// Per-row heights from the input (`.nan` = default), nil when none has its own.
  public var ownHeights: [Double]? {
    switch self {
    case .text: nil
    }
  }

  /// Flags the input itself sets (JSON `locked`/`pinned`), nil when none.
  public var inputFlags: [RowFlags]? {
    switch self {
    case .text: nil
    }
  }

  /// Calls `body` with the UTF-8 (or raw) bytes of row `id`'s label.
  public func withLabel<R>(ofRow id: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    switch self {
    case .text(let list): list.withLabel(ofRow: id, body)
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
    }
  }

  /// Writes the whole list in the given order.
  public func write(order: [Int32], sectionStarts: [Int], to out: OutputSink) throws {
    switch self {
    case .text(let list): try list.write(order: order, sectionStarts: sectionStarts, to: out)
    }
  }

  /// Reorders row storage after a write so identities match positions again.
  public mutating func rebase(_ previous: [Int32]) {
    switch self {
    case .text(var list):
      list.rebase(previous)
      self = .text(list)
    }
  }
}
