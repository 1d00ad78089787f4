/// Labels and row metadata of JSON elements (SPEC §5.2, §9.23).
extension JSONList {
  /// Label keys in priority order (not document order).
  public static let labelKeys = ["title", "name", "label", "text", "id"]

  /// `json`.
  public var formatName: String { "json" }

  /// Sections with a title: the members of an object of arrays.
  public var sectionTitled: [Bool] { titles.map { $0 != nil } }

  /// The member name of section `s`'s array, nil for a top-level array.
  public func title(ofSection s: Int) -> String? { s < titles.count ? titles[s] : nil }

  /// Calls `body` with row `id`'s label under `labelKeys`.
  public func withLabel<R>(ofRow id: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R)
    rethrows -> R
  {
    try label(ofRow: id, keys: labelKeys).withUnsafeBufferPointer(body)
  }

  /// Heights and flags from object members named by `keys`.
  public func attributes(_ keys: AttributeKeys) throws -> RowAttributes {
    let meta = try metadata(heightKey: keys.height, lockKey: keys.locked, pinKey: keys.pinned)
    return RowAttributes(heights: meta.heights, locked: meta.locked, pinned: meta.pinned)
  }

  /// The label of row `id`: the string itself, an object's first string member among
  /// `keys`, else the element's compact JSON text.
  public func label(ofRow id: Int, keys: [String]) -> [UInt8] {
    JSONList.label(of: elements[id], in: store.buffer, keys: keys)
  }

  /// The label of the valid JSON value at `span` (JSON Lines share it).
  static func label(of span: Span, in buf: UnsafeBufferPointer<UInt8>, keys: [String]) -> [UInt8] {
    var start = span.start
    while start < span.end && JSONList.isBlank(buf[start]) { start += 1 }
    var end = span.end
    while end > start && JSONList.isBlank(buf[end - 1]) { end -= 1 }
    let span = Span(start: start, end: end)
    if buf[span.start] == 34 { return Array(JSONText.decodeString(buf, span).utf8) }
    if buf[span.start] == 123 {
      let members = JSONText.members(buf, span)
      for key in keys {
        for member in members
        where buf[member.value.start] == 34 && keyEquals(buf, member.key, key) {
          return Array(JSONText.decodeString(buf, member.value).utf8)
        }
      }
    }
    return JSONText.compact(buf, span)
  }

  /// How to read the member from elsewhere, or not at all: the fix when a list uses the
  /// name for something else.
  static func keyHint(_ option: String) -> String {
    " (\(option) NAME reads another member; \(option) '' reads none)"
  }

  /// JSON's insignificant whitespace (RFC 8259 `ws`).
  static func isBlank(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 10 || b == 13 }

  /// Per-row heights (`.nan` for none) and flags read from object members.
  ///
  /// - Throws: `JSONSyntaxError` at the element's first character, naming the row,
  ///   when a member has the wrong type: the height must be a finite number > 0, the
  ///   flags `true` or `false`.
  public func metadata(heightKey: String, lockKey: String, pinKey: String) throws
    -> (heights: [Double]?, locked: [Bool]?, pinned: [Bool]?)
  {
    var ids: [Int] = []
    forEachRow(mayHaveMemberNamed: [heightKey, lockKey, pinKey]) { ids.append($0) }
    var keys = AttributeKeys()
    keys.height = heightKey
    keys.locked = lockKey
    keys.pinned = pinKey
    return try JSONList.metadata(of: elements, ids: ids, in: store.buffer, keys: keys)
  }

  /// The metadata of the values `spans[id]` for each of `ids` (every value of a JSON
  /// Lines file; a JSON list's rows that may have the members).
  static func metadata<Spans: RandomAccessCollection<Span>>(
    of spans: Spans, ids: some Sequence<Int>, in buf: UnsafeBufferPointer<UInt8>,
    keys: AttributeKeys
  ) throws -> (heights: [Double]?, locked: [Bool]?, pinned: [Bool]?) where Spans.Index == Int {
    let (heightKey, lockKey, pinKey) = (keys.height, keys.locked, keys.pinned)
    var heights: [Double]?
    var locked: [Bool]?
    var pinned: [Bool]?
    for id in ids {
      var span = spans[id]
      while span.start < span.end && JSONList.isBlank(buf[span.start]) { span.start += 1 }
      while span.end > span.start && JSONList.isBlank(buf[span.end - 1]) { span.end -= 1 }
      guard span.start < span.end, buf[span.start] == 123 else { continue }
      for member in JSONText.members(buf, span) {
        let value = member.value
        if !heightKey.isEmpty && keyEquals(buf, member.key, heightKey) {
          let text = String(decoding: buf[value.start..<value.end], as: UTF8.self)
          guard buf[value.start] == 45 || (buf[value.start] >= 48 && buf[value.start] <= 57),
            let h = Double(text), h.isFinite, h > 0
          else {
            throw JSONSyntaxError(
              "row \(id + 1): \"\(heightKey)\" must be a finite number > 0, not \(text)"
                + JSONList.keyHint("--height-key"), at: span.start, in: buf)
          }
          if heights == nil { heights = [Double](repeating: .nan, count: spans.count) }
          heights?[id] = h
        } else if (!lockKey.isEmpty && keyEquals(buf, member.key, lockKey))
          || (!pinKey.isEmpty && keyEquals(buf, member.key, pinKey))
        {
          // SPEC §9.23: a flag counts only when literally `true`; `1`, `"yes"` or
          // `null` leave the row as it is, as a missing member does.
          let isLock = !lockKey.isEmpty && keyEquals(buf, member.key, lockKey)
          guard buf[value.start..<value.end].elementsEqual("true".utf8) else { continue }
          if isLock {
            if locked == nil { locked = [Bool](repeating: false, count: spans.count) }
            locked?[id] = true
          } else {
            if pinned == nil { pinned = [Bool](repeating: false, count: spans.count) }
            pinned?[id] = true
          }
        }
      }
    }
    return (heights, locked, pinned)
  }

  /// Calls `body` with each row, in identity order, whose element may have a member
  /// named by one of `names`: when the scanner watched for these names, only the rows
  /// where it saw such a key, so a list without these members costs nothing here;
  /// otherwise, or when some key has an escape (its bytes may differ from its name),
  /// every row.
  private func forEachRow(mayHaveMemberNamed names: [String], _ body: (Int) throws -> Void)
    rethrows
  {
    guard !keysHaveEscapes, !isRebased, names.allSatisfy(watchedNames.contains) else {
      for id in elements.indices { try body(id) }
      return
    }
    var previous = -1
    for at in watchedKeys {
      let row = original.lastIndex(keyAtMost: at) { $0.start }
      guard row != previous, row < original.count, original[row].start <= at,
        at < original[row].end
      else { continue }
      previous = row
      try body(row)
    }
  }

  /// Whether the key at `span` (quotes included) decodes to `name`.
  private static func keyEquals(_ buf: UnsafeBufferPointer<UInt8>, _ span: Span, _ name: String)
    -> Bool
  {
    let inner = buf[(span.start + 1)..<(span.end - 1)]
    if !inner.contains(92) { return inner.elementsEqual(name.utf8) }
    return JSONText.decodeString(buf, span) == name
  }
}
