import RowdragEngine
import RowdragFormats

/// The loaded list in its own format. The engine only sees identities and geometry;
/// the document keeps the bytes, labels and how to write them back.
public typealias Document = any ListDocument

extension ListDocument {
  /// Sections for the engine's layout.
  public var sectionSpecs: [SectionSpec] {
    zip(sectionTitled, sectionRowCounts).map { SectionSpec(titled: $0, rowCount: $1) }
  }
}
