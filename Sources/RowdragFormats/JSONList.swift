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
    var gaps: [Span]
    var trail: Span
    var wasEmpty: Bool
  }

  public let store: ByteStore
  public let shape: Shape
  /// Each row's element, indexed by row identity.
  public private(set) var elements: [Span]
  /// Element kinds by row identity (objects carry labels and metadata).
  var isObject: [Bool]
  let frames: [Span]
  let sections: [Section]
  public let sectionRowCounts: [Int]
  /// Section titles (object keys, decoded); nil for untitled sections.
  public let titles: [String?]
  /// The object members a label is taken from, in priority order (`--label-key`).
  public var labelKeys = JSONList.labelKeys
  /// Separators for a section that gains elements it had no separator for.
  let defaultGap: [UInt8]
  let defaultLead: [UInt8]
  let defaultTrail: [UInt8]

  /// Why a document is valid JSON but not a list.
  public static let shapeMessage =
    "JSON top level must be an array, an array of arrays, or an object of arrays"

  public init(bytes: [UInt8]) throws { try self.init(store: ByteStore(bytes)) }

  /// Parses the store. Throws `JSONSyntaxError` for invalid JSON and `JSONShapeError`
  /// for JSON that is not a list.
  public init(store: ByteStore) throws {
    self.store = store
    store.populate()
    let bytes = store.buffer
    if let encoding = JSONList.foreignEncoding(bytes) { throw encoding }
    var scanner = JSONScanner(bytes)
    try scanner.scan()
    let (values, topKind, topStart, topEnd) = (
      scanner.values, scanner.topKind, scanner.topStart, scanner.topEnd
    )
    let depth1 = values.filter { $0.depth == 1 }
    let nested: Bool
    switch topKind {
    case .array:
      nested = !depth1.isEmpty && depth1.allSatisfy { $0.kind == .array }
      shape = nested ? .arrayOfArrays : .array
    case .object:
      guard depth1.allSatisfy({ $0.kind == .array }) else { throw JSONShapeError() }
      nested = true
      shape = .objectOfArrays
    default:
      throw JSONShapeError()
    }
    var elements: [Span] = []
    var isObject: [Bool] = []
    var frames: [Span] = []
    var sections: [Section] = []
    var counts: [Int] = []
    var titles: [String?] = []

    func section(_ contentStart: Int, _ contentEnd: Int, _ items: ArraySlice<JSONScanner.Value>)
      -> Section
    {
      guard let first = items.first, let last = items.last else {
        return Section(
          lead: Span(start: contentStart, end: contentEnd), gaps: [],
          trail: Span(start: contentEnd, end: contentEnd), wasEmpty: true)
      }
      var gaps: [Span] = []
      gaps.reserveCapacity(items.count)
      var previous = first
      for item in items.dropFirst() {
        gaps.append(Span(start: previous.end, end: item.start))
        previous = item
      }
      return Section(
        lead: Span(start: contentStart, end: first.start), gaps: gaps,
        trail: Span(start: last.end, end: contentEnd), wasEmpty: false)
    }

    if nested {
      var cursor = 0
      var index = 0
      while index < values.count {
        let container = values[index]
        var next = index + 1
        while next < values.count && values[next].depth == 2 { next += 1 }
        let items = values[(index + 1)..<next]
        frames.append(Span(start: cursor, end: container.start + 1))
        sections.append(section(container.start + 1, container.end - 1, items))
        counts.append(items.count)
        for item in items {
          elements.append(Span(start: item.start, end: item.end))
          isObject.append(item.kind == .object)
        }
        titles.append(
          container.key.map { key in JSONText.decodeString(bytes, key) })
        cursor = container.end - 1
        index = next
      }
      frames.append(Span(start: cursor, end: bytes.count))
    } else {
      frames.append(Span(start: 0, end: topStart + 1))
      sections.append(section(topStart + 1, topEnd - 1, depth1[...]))
      counts.append(depth1.count)
      for item in depth1 {
        elements.append(Span(start: item.start, end: item.end))
        isObject.append(item.kind == .object)
      }
      titles.append(nil)
      frames.append(Span(start: topEnd - 1, end: bytes.count))
    }
    self.elements = elements
    self.isObject = isObject
    self.frames = frames
    self.sections = sections
    self.sectionRowCounts = counts
    self.titles = titles

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
    let observed = sections.first { !$0.gaps.isEmpty }?.gaps.first
    defaultGap = observed.map { Array(bytes[$0.start..<$0.end]) } ?? ([44] + pad(d))
    let nonEmpty = sections.first { !$0.wasEmpty }
    defaultLead = nonEmpty.map { Array(bytes[$0.lead.start..<$0.lead.end]) } ?? pad(d)
    defaultTrail = nonEmpty.map { Array(bytes[$0.trail.start..<$0.trail.end]) } ?? pad(d - 1)
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
      try order.forEachRun(in: start..<end) { run in
        for p in run.position..<(run.position + run.count) {
          if p > start {
            let i = p - start - 1
            if i < section.gaps.count {
              try writer.write(section.gaps[i])
            } else if let last = section.gaps.last {
              try writer.write(last)
            } else {
              try writer.write(defaultGap)
            }
          }
          try writer.write(elements[Int(run.first) + (p - run.position)])
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
  public mutating func rebase(_ previous: RowOrder) {
    if previous.isIdentity { return }
    elements = previous.map { elements[Int($0)] }
    isObject = previous.map { isObject[Int($0)] }
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
