import RowdragBase

/// A JSON list kept verbatim: each element's bytes, and every byte between elements
/// where it was (SPEC §5.2).
///
/// The document is a sequence of fixed frames (brackets, keys, and the whitespace
/// around them) with each section's contents between two frames. Contents are the
/// elements with the separators that stood between them, so an unedited document
/// prints byte for byte. When a section gains elements it reuses a separator it had,
/// else one seen at the same depth, else one in the document's detected style; a
/// section that empties prints as `[]`.
public struct JSONList: ListDocument, Sendable {
  public enum Shape: Sendable {
    /// `[e, …]`: one untitled section.
    case array
    /// `[[e, …], …]`: untitled sections.
    case arrayOfArrays
    /// `{"Title": [e, …], …}`: titled sections.
    case objectOfArrays
  }

  struct Section: Sendable {
    var lead: Span
    var trail: Span
    /// The section's elements: indices into `original`.
    var rows: Range<Int>
    var wasEmpty: Bool { rows.isEmpty }
  }

  public let store: ByteStore
  public let shape: Shape
  /// Each row's element, indexed by row identity.
  public private(set) var elements: [Span]
  /// The elements as loaded, in document order: the separators between them are the
  /// bytes between one's end and the next one's start.
  let original: [Span]
  let frames: [Span]
  let sections: [Section]
  public let sectionRowCounts: [Int]
  /// Section titles (object keys, decoded); nil for untitled sections.
  public let titles: [String?]
  /// Whether some object key has a backslash escape (so metadata is read member by
  /// member rather than found by its name's bytes).
  let keysHaveEscapes: Bool
  /// The member names the scanner watched for, and where it saw them as keys.
  let watchedNames: [String]
  let watchedKeys: [Int]
  /// Whether a write has renamed the rows, so identities no longer follow `original`.
  private(set) var isRebased = false
  /// The object members a label is taken from, in priority order (`--label-key`).
  public var labelKeys = JSONList.labelKeys
  /// Separators for a section that gains elements it had no separator for.
  let defaultGap: [UInt8]
  let defaultLead: [UInt8]
  let defaultTrail: [UInt8]

  /// Why a document is valid JSON but not a list.
  public static let shapeMessage =
    "JSON top level must be an array, an array of arrays, or an object of arrays"

  public init(bytes: [UInt8], attributeKeys: AttributeKeys = AttributeKeys()) throws {
    try self.init(store: ByteStore(bytes), attributeKeys: attributeKeys)
  }

  /// Parses the store. Throws `JSONSyntaxError` for invalid JSON and `JSONShapeError`
  /// for JSON that is not a list.
  ///
  /// The scan notes where members named by `attributeKeys` stand, so that
  /// `attributes(_:)` with the same keys reads only the elements that have them.
  public init(store: ByteStore, attributeKeys: AttributeKeys = AttributeKeys()) throws {
    try self.init(
      store: store, attributeKeys: attributeKeys, splitAbove: JSONScanner.halvesThreshold)
  }

  /// Parses the store, scanning documents of `splitAbove` bytes or more in two halves
  /// (tests and the fuzz target lower it to split small documents).
  package init(store: ByteStore, attributeKeys: AttributeKeys, splitAbove: Int) throws {
    self.store = store
    let bytes = store.buffer
    if let encoding = JSONList.foreignEncoding(bytes) { throw encoding }
    let watchedNames = [attributeKeys.height, attributeKeys.locked, attributeKeys.pinned]
    var scanner = JSONScanner(store, watching: watchedNames, splitAbove: splitAbove)
    try scanner.scan()
    let outline = scanner.outline
    let nested: Bool
    switch outline.topKind {
    case .array:
      nested = !outline.depth1.isEmpty && outline.depth1AllArrays
      shape = nested ? .arrayOfArrays : .array
    case .object:
      guard outline.depth1AllArrays else { throw JSONShapeError() }
      nested = true
      shape = .objectOfArrays
    default:
      throw JSONShapeError()
    }
    let elements = nested ? outline.depth2 : outline.depth1
    var frames: [Span] = []
    var sections: [Section] = []
    var counts: [Int] = []
    var titles: [String?] = []

    func section(_ contentStart: Int, _ contentEnd: Int, _ rows: Range<Int>) -> Section {
      guard !rows.isEmpty else {
        return Section(
          lead: Span(start: contentStart, end: contentEnd),
          trail: Span(start: contentEnd, end: contentEnd), rows: rows)
      }
      return Section(
        lead: Span(start: contentStart, end: elements[rows.lowerBound].start),
        trail: Span(start: elements[rows.upperBound - 1].end, end: contentEnd), rows: rows)
    }

    if nested {
      var cursor = 0
      var first = 0
      for (index, container) in outline.depth1.enumerated() {
        let rows = first..<outline.depth2Ends[index]
        frames.append(Span(start: cursor, end: container.start + 1))
        sections.append(section(container.start + 1, container.end - 1, rows))
        counts.append(rows.count)
        titles.append(
          index < outline.depth1Keys.count
            ? JSONText.decodeString(bytes, outline.depth1Keys[index]) : nil)
        cursor = container.end - 1
        first = rows.upperBound
      }
      frames.append(Span(start: cursor, end: bytes.count))
    } else {
      frames.append(Span(start: 0, end: outline.topStart + 1))
      sections.append(section(outline.topStart + 1, outline.topEnd - 1, 0..<elements.count))
      counts.append(elements.count)
      titles.append(nil)
      frames.append(Span(start: outline.topEnd - 1, end: bytes.count))
    }
    self.elements = elements
    self.original = elements
    self.frames = frames
    self.sections = sections
    self.sectionRowCounts = counts
    self.titles = titles
    self.keysHaveEscapes = outline.keysHaveEscapes
    self.watchedNames = watchedNames
    self.watchedKeys = outline.watchedKeys

    // Style: the whitespace before the first depth-1 item tells newline and indent.
    let probe: Span? = nested ? frames.first : sections.first?.lead
    var newline: [UInt8] = [10]
    var unit: [UInt8]?
    if let probe, let nl = bytes[probe.start..<probe.end].lastIndex(of: 10) {
      if nl > probe.start && bytes[nl - 1] == 13 { newline = [13, 10] }
      let indent = bytes[(nl + 1)..<probe.end].prefix { $0 == 32 || $0 == 9 }
      unit = Array(indent)
    }
    let d = nested ? 2 : 1
    let pad = { (level: Int) -> [UInt8] in
      guard let unit else { return [] }
      return newline + Array(repeating: unit, count: level).flatMap { $0 }
    }
    let observed = sections.first { $0.rows.count >= 2 }.map { JSONList.gap(elements, $0, 0) }
    defaultGap = observed.map { Array(bytes[$0.start..<$0.end]) } ?? ([44] + pad(d))
    let nonEmpty = sections.first { !$0.wasEmpty }
    defaultLead = nonEmpty.map { Array(bytes[$0.lead.start..<$0.lead.end]) } ?? pad(d)
    defaultTrail = nonEmpty.map { Array(bytes[$0.trail.start..<$0.trail.end]) } ?? pad(d - 1)
  }

  /// The separator that stood after the `i`-th element of `section` when loaded.
  private static func gap(_ original: [Span], _ section: Section, _ i: Int) -> Span {
    Span(
      start: original[section.rows.lowerBound + i].end,
      end: original[section.rows.lowerBound + i + 1].start)
  }

  /// Writes the document with rows in the given order.
  public func write(order: RowOrder, sectionStarts: [Int], to out: OutputSink) throws {
    var writer = SpanWriter(store: store, out: out)
    for (s, section) in sections.enumerated() {
      try writer.write(frames[s])
      let start = s < sectionStarts.count ? sectionStarts[s] : order.count
      let end = s + 1 < sectionStarts.count ? sectionStarts[s + 1] : order.count
      if start == end {
        if section.wasEmpty { try writer.write(section.lead) }
        continue
      }
      if section.wasEmpty {
        try writer.write(defaultLead)
      } else {
        try writer.write(section.lead)
      }
      let gaps = section.rows.count - 1
      try order.forEachRun(in: start..<end) { run in
        for p in run.position..<(run.position + run.count) {
          let element = elements[Int(run.first) + (p - run.position)]
          if p + 1 == end {
            try writer.write(element)
          } else if gaps > 0 {
            // The separators stay where they stood: the one after position p is the
            // one that followed the p-th element when loaded.
            let gap = JSONList.gap(original, section, Swift.min(p - start, gaps - 1))
            try writer.write(element, then: gap)
          } else {
            try writer.write(element)
            try writer.write(defaultGap)
          }
        }
      }
      if section.wasEmpty {
        try writer.write(defaultTrail)
      } else {
        try writer.write(section.trail)
      }
    }
    try writer.write(frames[frames.count - 1])
    try writer.flush()
  }

  /// After a write, row identity `k` becomes the row now at position `k`.
  public mutating func rebase(_ previous: RowOrder, sectionStarts: [Int]) {
    if previous.isIdentity { return }
    elements = previous.map { elements[Int($0)] }
    isRebased = true
  }
}

/// Valid JSON whose top level is not a list shape.
public struct JSONShapeError: Error, Sendable, Equatable {
  public init() {}
}

extension JSONList {
  /// Text that is not plain UTF-8 JSON, said as what it is and what to do about it.
  static func foreignEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONSyntaxError? {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      return JSONSyntaxError(
        line: 1, column: 1,
        message: "the file starts with a UTF-8 byte-order mark, which JSON does not allow "
          + "(RFC 8259); remove the first three bytes, e.g. sed -i '1s/^\\xEF\\xBB\\xBF//' FILE")
    }
    let utf16 =
      bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
      || (bytes.count >= 2 && (bytes[0] == 0) != (bytes[1] == 0))
    if utf16 {
      return JSONSyntaxError(
        line: 1, column: 1,
        message: "the file is UTF-16 (or UTF-32), and JSON lists must be UTF-8; convert it, "
          + "e.g. iconv -f UTF-16 -t UTF-8 FILE")
    }
    return nil
  }
}
