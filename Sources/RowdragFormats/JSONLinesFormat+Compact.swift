import CByteMasks

/// Stretches of compact flat-object lines — `{"title":"item 1","n":1}`, no blank outside
/// strings, strings of plain ASCII, integer values — checked sixty-four bytes a step as
/// bit masks, not a line at a time.
///
/// A byte's role comes from comparisons; which bytes are inside strings is the running
/// parity of the quotes before them (a prefix XOR), which separators (`{`, `:`, `,`, `}`
/// and the line feed) come first, second, third… in a line is the running parity of
/// the separators before them. A line of such a stretch is valid JSON exactly when:
/// - `{` starts it and only it, `}` ends it and only it, right before the line feed;
/// - its separators alternate `{` `:` (`,` `:`)… `}` line feed, by their parity;
/// - an opening quote follows `{`, `,` or `:`, a closing quote precedes `:`, `,` or
///   `}`, and `{` and `,` are followed by a quote: so keys are single strings;
/// - after `:` comes a quote, a digit or `-`, before `,` and `}` a closing quote or a
///   digit; outside strings there is nothing but separators, digits and `-`; a `-`
///   follows `:` and precedes a digit; a leading `0` precedes no digit: so values are
///   single strings or integers;
/// - no byte anywhere is a backslash, a control byte but the line feed, or non-ASCII.
/// The first step with anything else — whitespace, `true`, a fraction, an escape, a
/// nested value, a mistake — ends the stretch, and the caller checks on line by line
/// from the last line end, with the scanner that reports errors.
extension LineChecker {
  /// The lines from `start` (a line start after the first) that end before `limit`
  /// and are compact flat objects: how many, and where the last ends (`start` when
  /// none). Rows whose objects have a key named by `names` are added to
  /// `attributeRows`, counted from `firstRow`.
  mutating func compactLines(from start: Int, until limit: Int, firstRow: Int) -> (
    count: Int, end: Int
  ) {
    guard let p = buf.baseAddress, start >= 1, names.compact else { return (0, start) }
    let raw = UnsafeRawPointer(p)
    // Each step reads the byte after it too (a key's `:`).
    let stop = Swift.min(limit, buf.count - 1)
    var tally = NewlineTally()
    // The running parities, all ones when odd: quotes (inside a string), separators.
    var inString: UInt64 = 0
    var odd: UInt64 = 0
    // Last step's masks, for the bit before this step's first byte.
    var lastNewline: UInt64 = 1 << 63  // the byte before `start` is a line feed
    var lastQuote: UInt64 = 0
    var lastClose: UInt64 = 0
    var lastCloseOrDigit: UInt64 = 0
    var lastBrace: UInt64 = 0  // `}` outside strings
    var lastOpener: UInt64 = 0  // `{` or `,`
    var lastColon: UInt64 = 0
    var lastMinus: UInt64 = 0
    var lastZero: UInt64 = 0  // a leading `0`
    var found: [Int] = []
    var c = start
    while c + 64 <= stop {
      let b = p + c
      guard rowdrag_any_json_stop(b) == 0 else { break }
      let quote = rowdrag_mask_eq(b, 34)
      let nl = rowdrag_mask_eq(b, 10)
      let run = rowdrag_prefix_xor(quote) ^ inString  // an opening quote up to its close
      let outside = ~(run | quote)
      let open = quote & run
      let close = quote & ~run
      let lb = rowdrag_mask_eq(b, 123) & outside
      let rb = rowdrag_mask_eq(b, 125) & outside
      let colon = rowdrag_mask_eq(b, 58) & outside
      let comma = rowdrag_mask_eq(b, 44) & outside
      let digit = rowdrag_mask_range(b, 48, 57) & outside
      let minus = rowdrag_mask_eq(b, 45) & outside
      let separators = lb | rb | colon | comma | nl
      let first = rowdrag_prefix_xor(separators) ^ odd  // 1st, 3rd, … of the line
      let opener = lb | comma
      let closeOrDigit = close | digit
      /// The mask of the bytes after those of `m` (`last`: last step's `m`).
      @inline(__always)
      func after(_ m: UInt64, _ last: UInt64) -> UInt64 { m << 1 | last >> 63 }
      let afterColon = after(colon, lastColon)
      let afterMinus = after(minus, lastMinus)
      let zero = rowdrag_mask_eq(b, 48) & outside & (afterColon | afterMinus)
      // (A line feed inside a string is not after an outside `}`.)
      var wrong = outside & ~(separators | digit | minus)
      wrong |= separators & first & (colon | nl)
      wrong |= separators & ~first & (opener | rb)
      wrong |= lb ^ after(nl, lastNewline)
      wrong |= nl ^ after(rb, lastBrace)
      wrong |= open & ~after(opener | colon, lastOpener | lastColon)
      wrong |= after(close, lastClose) & ~(colon | comma | rb)
      wrong |= after(opener, lastOpener) & ~quote
      wrong |= afterColon & ~(quote | digit | minus)
      wrong |= (comma | rb) & ~after(closeOrDigit, lastCloseOrDigit)
      wrong |= colon & ~after(close, lastClose)
      wrong |= minus & ~afterColon
      wrong |= after(zero, lastZero) & digit
      guard wrong == 0 else { break }
      // Keys as long as a name (a closing quote with a quote that many bytes before
      // the one before it), followed by `:`, compared with the names byte by byte.
      var lengths = names.lengths & ~(1 << 63)
      while lengths != 0 {
        let s = lengths.trailingZeroBitCount &+ 1
        lengths &= lengths &- 1
        let keys = close & (quote &<< s | lastQuote &>> (64 &- s))
        if keys != 0 {
          let row = tally.count
          named(keys, length: s &- 1, step: c, newlines: nl, rowsBefore: row, into: &found)
        }
      }
      inString = 0 &- (run >> 63)
      odd = 0 &- (first >> 63)
      lastNewline = nl
      lastQuote = quote
      lastClose = close
      lastCloseOrDigit = closeOrDigit
      lastBrace = rb
      lastOpener = opener
      lastColon = colon
      lastMinus = minus
      lastZero = zero
      tally.add64(raw, at: c)
      c += 64
    }
    let newlines = tally.count
    guard newlines > 0 else { return (0, start) }
    // Rows on the line cut by the step that ended the stretch are checked again.
    // Found length by length and name by name: in row order, once each.
    found.sort()
    for (k, row) in found.enumerated() where row < newlines && (k == 0 || found[k - 1] != row) {
      attributeRows.append(firstRow + row)
    }
    return (newlines, NewlineScanner.lineStart(before: c + 1, in: buf))
  }
}

extension LineChecker {
  /// Adds to `found` the rows (counted in the stretch) of the closing quotes of `keys`
  /// (in the step at `step`) whose keys, `length` bytes, are followed by `:` and are
  /// one of the names. Out of line: most steps have no such key.
  @inline(never)
  func named(
    _ keys: UInt64, length: Int, step: Int, newlines: UInt64, rowsBefore: Int,
    into found: inout [Int]
  ) {
    guard let p = buf.baseAddress else { return }
    var keys = keys
    while keys != 0 {
      let bit = keys.trailingZeroBitCount
      keys &= keys &- 1
      let at = step + bit
      guard p[at + 1] == 58 else { continue }
      for name in names.names where name.count == length {
        guard names.matches(name, at: at - length, in: p) else { continue }
        let before = (UInt64(1) << UInt64(bit)) &- 1
        found.append(rowsBefore + (newlines & before).nonzeroBitCount)
      }
    }
  }
}

extension KeyNames {
  /// Whether the `name.count` bytes at `start` of `p` are `name`.
  @inline(__always)
  func matches(_ name: [UInt8], at start: Int, in p: UnsafePointer<UInt8>) -> Bool {
    var k = 0
    while k < name.count {
      if p[start + k] != name[k] { return false }
      k += 1
    }
    return true
  }
}
