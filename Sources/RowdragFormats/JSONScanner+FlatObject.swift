/// The shape most lists are made of — an object of string keys and plain values, such
/// as `{"title": "So What", "plays": 3}` — read in one straight pass.
///
/// The general state machine goes round its loop once a token, and that, not the
/// reading, is most of its cost. An element object with no container inside is read
/// here without a state: key, colon, value, comma, over and over. Anything else — a
/// nested array or object, or any mistake — gives up and leaves the object to the state
/// machine, which then reads it from its start and reports what is wrong exactly as it
/// always has; so this path decides nothing on its own.
extension JSONScanner {
  /// The end of the flat object at `start` (a `{` at stack depth `depth` ≥ 1), recorded
  /// in the outline as the state machine records it; nil, with nothing recorded, when
  /// it is not flat or not valid.
  mutating func flatObject(at start: Int, depth: Int) -> Int? {
    let n = bytes.count
    let watchedBefore = outline.watchedKeys.count
    let escapesBefore = outline.keysHaveEscapes
    func giveUp() -> Int? {
      outline.watchedKeys.removeSubrange(watchedBefore...)
      outline.keysHaveEscapes = escapesBefore
      return nil
    }
    var i = skipWhitespace(start + 1)
    guard i < n else { return nil }
    if bytes[i] != 125 {
      while true {
        // A key.
        guard i < n, bytes[i] == 34 else { return giveUp() }
        var keyEnd = shortString(i) ?? 0
        if keyEnd == 0 {
          var escaped = false
          guard let end = try? scanString(i, escaped: &escaped) else { return giveUp() }
          if escaped { outline.keysHaveEscapes = true }
          keyEnd = end
        }
        if mightBeWatched(i, keyEnd) { noteWatched(i, keyEnd) }
        i = skipWhitespace(keyEnd)
        guard i < n, bytes[i] == 58 else { return giveUp() }
        i = skipWhitespace(i + 1)
        guard i < n else { return giveUp() }
        // A plain value (its span is at depth 2 or deeper, where nothing is recorded
        // once an object sits at depth 1).
        switch bytes[i] {
        case 34:
          if let end = shortString(i) {
            i = end
          } else {
            var escaped = false
            guard let end = try? scanString(i, escaped: &escaped) else { return giveUp() }
            i = end
          }
        case 45, 48...57:
          if let end = shortInteger(i) {
            i = end
          } else {
            guard let end = try? scanNumber(i) else { return giveUp() }
            i = end
          }
        case 116, 102, 110:
          guard let end = try? scanLiteral(i) else { return giveUp() }
          i = end
        default:
          return giveUp()
        }
        i = skipWhitespace(i)
        guard i < n else { return giveUp() }
        if bytes[i] == 44 {
          i = skipWhitespace(i + 1)
          continue
        }
        guard bytes[i] == 125 else { return giveUp() }
        break
      }
    }
    let end = i + 1
    outline.open(.object, depth: depth, at: start)
    outline.close(depth: depth, at: end)
    return end
  }
}
