import RowdragBase

/// A JSON list inside a larger document, chosen by an RFC 6901 pointer
/// (`--format 'json path=/tracks'`, FORMATS.md §3.7): the value is read and written as
/// a `JSONList`, and every byte around it is kept as it stood.
public struct JSONPointerList: ListDocument {
  public let store: ByteStore
  /// The list the pointer selects, read from a view of its bytes.
  public private(set) var list: JSONList
  /// Where that value stands in the document.
  let value: Span
  /// The pointer as given.
  public let pointer: String

  /// Validates the whole document, resolves `pointer` and reads the value there.
  ///
  /// - Throws: `JSONSyntaxError` for invalid JSON, a pointer that does not resolve (at
  ///   the value where the missing token was looked for), or a value of another shape.
  public init(store: ByteStore, pointer: String, attributeKeys: AttributeKeys)
    throws(JSONSyntaxError)
  {
    self.store = store
    self.pointer = pointer
    let buf = store.buffer
    if let encoding = JSONList.foreignEncoding(buf) { throw encoding }
    var scanner = JSONScanner(store)
    try scanner.scan()
    var at = Span(start: scanner.outline.topStart, end: scanner.outline.topEnd)
    var walked = ""
    for token in JSONPointerList.tokens(pointer) {
      guard let next = JSONPointerList.child(of: at, named: token, in: buf) else {
        let kind = JSONPointerList.kind(buf[at.start])
        throw JSONSyntaxError(
          "path=\(pointer): \(walked.isEmpty ? "the document" : walked) is \(kind) with no "
            + (buf[at.start] == 91 ? "element \(token)" : "member \"\(token)\"")
            + JSONPointerList.found(at, in: buf),
          at: at.start, in: buf)
      }
      walked += "/" + JSONPointerList.escape(token)
      at = next
    }
    value = at
    do {
      list = try JSONList(store: ByteStore(viewing: store, at), attributeKeys: attributeKeys)
    } catch let error as JSONSyntaxError {
      // Metadata errors come from the view: put them back in the document.
      let lead = JSONSyntaxError("", at: at.start, in: buf)
      throw JSONSyntaxError(
        line: lead.line + error.line - 1,
        column: error.line == 1 ? lead.column + error.column - 1 : error.column,
        message: error.message)
    } catch {
      throw JSONSyntaxError(
        "path=\(pointer) is \(JSONPointerList.kind(buf[at.start])); it must be an array, an "
          + "array of arrays, or an object of arrays", at: at.start, in: buf)
    }
  }

  /// The reference tokens of a pointer, unescaped (`~1` is `/`, `~0` is `~`).
  static func tokens(_ pointer: String) -> [String] {
    guard !pointer.isEmpty else { return [] }
    return pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
      var token = ""
      var tilde = false
      for c in $0 {
        if tilde {
          token.append(c == "1" ? "/" : c == "0" ? "~" : c)
          tilde = false
        } else if c == "~" {
          tilde = true
        } else {
          token.append(c)
        }
      }
      if tilde { token.append("~") }
      return token
    }
  }

  /// The first `~` not followed by `0` or `1` (with the character after it, if any):
  /// RFC 6901 has no other escape, so such a pointer is malformed, not a member name.
  public static func badEscape(in pointer: String) -> String? {
    var characters = pointer.makeIterator()
    while let c = characters.next() {
      guard c == "~" else { continue }
      guard let next = characters.next() else { return "~" }
      if next != "0" && next != "1" { return "~\(next)" }
    }
    return nil
  }

  static func escape(_ token: String) -> String {
    var escaped = ""
    for c in token {
      escaped += c == "~" ? "~0" : c == "/" ? "~1" : String(c)
    }
    return escaped
  }

  /// A value's type as a message names it.
  static func kind(_ first: UInt8) -> String {
    switch first {
    case 123: "an object"
    case 91: "an array"
    case 34: "a string"
    case 116, 102: "a boolean"
    case 110: "null"
    default: "a number"
    }
  }

  /// The member named `token` of an object, or the element at index `token` of an array.
  static func child(of span: Span, named token: String, in buf: UnsafeBufferPointer<UInt8>)
    -> Span?
  {
    switch buf[span.start] {
    case 123:
      // RFC 8259 leaves duplicate names open; the last one wins, as most readers do.
      return JSONText.members(buf, span).last { JSONText.decodeString(buf, $0.key) == token }?
        .value
    case 91:
      guard let index = Int(token), index >= 0, token == String(index) else { return nil }
      return JSONPointerList.elements(of: span, in: buf).dropFirst(index).first
    default:
      return nil
    }
  }

  /// What is there instead, for the error of a path that does not resolve: an
  /// object's member names (the first 20), an array's element count.
  static func found(_ span: Span, in buf: UnsafeBufferPointer<UInt8>) -> String {
    switch buf[span.start] {
    case 123:
      let names = JSONText.members(buf, span).map { JSONText.decodeString(buf, $0.key) }
      guard !names.isEmpty else { return " (it is empty)" }
      let shown = names.prefix(20).map { "\"\($0)\"" }.joined(separator: ", ")
      return " (its members: \(shown)\(names.count > 20 ? ", ..." : ""))"
    case 91:
      let count = elements(of: span, in: buf).count
      return count == 0 ? " (it is empty)" : " (its elements are 0 to \(count - 1))"
    default:
      return ""
    }
  }

  /// The elements of the array at `span`.
  static func elements(of span: Span, in buf: UnsafeBufferPointer<UInt8>) -> [Span] {
    var result: [Span] = []
    var i = JSONText.skipSpace(buf, span.start + 1)
    while i < span.end - 1 {
      let end = JSONText.valueEnd(buf, i)
      result.append(Span(start: i, end: end))
      i = JSONText.skipSpace(buf, end)
      guard i < span.end, buf[i] == 44 else { break }
      i = JSONText.skipSpace(buf, i + 1)
    }
    return result
  }

  public var formatName: String { "json" }
  public var sectionRowCounts: [Int] { list.sectionRowCounts }
  public var sectionTitled: [Bool] { list.sectionTitled }
  public func title(ofSection s: Int) -> String? { list.title(ofSection: s) }
  public func titleBytes(ofSection s: Int) -> [UInt8]? { list.titleBytes(ofSection: s) }

  public func withLabel<R>(ofRow id: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R)
    rethrows -> R
  {
    try list.withLabel(ofRow: id, body)
  }

  public func attributes(_ keys: AttributeKeys) throws -> RowAttributes {
    try list.attributes(keys)
  }

  public var labelKeys: [String] {
    get { list.labelKeys }
    set { list.labelKeys = newValue }
  }

  /// The bytes before the value, the list, the bytes after it.
  public func write(order: RowOrder, sectionStarts: [Int], to out: OutputSink) throws {
    try out.write(UnsafeRawBufferPointer(rebasing: store.raw[0..<value.start]))
    try list.write(order: order, sectionStarts: sectionStarts, to: out)
    try out.write(UnsafeRawBufferPointer(rebasing: store.raw[value.end..<store.count]))
  }

  public mutating func rebase(_ previous: RowOrder, sectionStarts: [Int]) {
    list.rebase(previous, sectionStarts: sectionStarts)
  }
}

extension JSONList {
  /// For a valid document that is no list: when its top-level object has exactly one
  /// member that is an array, and that array's elements are all objects, the
  /// `--format` to give (FORMATS.md §3.7); else "".
  public static func pointerHint(_ buf: UnsafeBufferPointer<UInt8>) -> String {
    let start = JSONText.skipSpace(buf, 0)
    guard start < buf.count, buf[start] == 123 else { return "" }
    let top = Span(start: start, end: JSONText.valueEnd(buf, start))
    let arrays = JSONText.members(buf, top).filter { buf[$0.value.start] == 91 }
    guard arrays.count == 1, let member = arrays.first,
      JSONPointerList.elements(of: member.value, in: buf).allSatisfy({ buf[$0.start] == 123 })
    else { return "" }
    let pointer = "/" + JSONPointerList.escape(JSONText.decodeString(buf, member.key))
    return "; the list inside looks like \(pointer): use --format 'json path=\(pointer)'"
  }
}
