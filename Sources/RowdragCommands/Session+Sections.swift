import RowdragEngine
import RowdragFormats

/// Sections named in addresses (FORMATS.md §5): `S` of `S:R` and `S:$` as a number or
/// as a `/REGEX/` of its header, and `S:$` as a `move` target.
extension Session {
  /// The 1-based number of section `s`: a number as given (checked where it is used,
  /// as before), or the first titled section whose header label matches the pattern.
  func sectionNumber(_ s: SectionAddress) throws -> Int {
    switch s {
    case .number(let n): return n
    case .titled(let pattern):
      let matcher = try cachedMatcher(pattern)
      let layout = engine.layout
      for k in 0..<layout.sectionCount where layout.sectionTitled[k] {
        let title = document.titleBytes(ofSection: k) ?? []
        if title.withUnsafeBufferPointer(matcher.matches) { return k + 1 }
      }
      throw CommandError(
        command: "", message: "no section header matches /\(pattern)/; \(headerList)")
    }
  }

  /// The headers an address may name, for the message of a pattern that matches none:
  /// `the headers are '## Todo' (2), '## Done' (3)`, the first twenty of them.
  private var headerList: String {
    let layout = engine.layout
    let titled = (0..<layout.sectionCount).filter { layout.sectionTitled[$0] }
    guard !titled.isEmpty else { return "the list has no section headers" }
    let shown = titled.prefix(20).map { k in
      "'\(document.title(ofSection: k) ?? "")' (\(k + 1))"
    }
    let more = titled.count > shown.count ? " and \(titled.count - shown.count) more" : ""
    return "the headers are " + shown.joined(separator: ", ") + more
  }

  /// Where `S:$` puts the `count` rows from `from` as a `move` target: section `s`
  /// (0-based) and the row index after its last row, counted once the rows have left
  /// their place (a block of its own section ends where it was when it is already last).
  func endOfSection(_ s: SectionAddress, from: Int, count: Int) throws -> (
    section: Int, row: Int
  ) {
    let number = try sectionNumber(s)
    let layout = engine.layout
    guard number >= 1, number <= layout.sectionCount else {
      throw EngineError.sectionOutOfRange(section: number, count: layout.sectionCount)
    }
    let section = number - 1
    let rows = layout.rowCount(inSection: section)
    return (section, layout.section(of: from) == section ? rows - count : rows)
  }
}
