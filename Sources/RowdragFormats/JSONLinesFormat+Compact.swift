import CByteMasks

/// Stretches of compact flat-object lines — `{"title":"item 1","n":1}`, no blank outside
/// strings, strings of plain ASCII, integer values — checked 63 or 64 bytes a step as
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
///
/// The steps are C (CByteMasks' `jsonl.c`), in two builds that decide alike: the
/// baseline computes the rules above as masks; the AVX2 build looks each byte's class
/// up from its nibbles, and the classes that may follow it from its class, so that
/// the rules about a byte and the one before it are one comparison: `{` follows a line
/// feed, a quote `{`, `,` or `:` (and a closing quote, outside, is followed by `:`, `,`
/// or `}`), a digit `:`, `-` or a digit but a leading `0`, and so on; a byte inside a
/// string is not judged by its neighbours. The parities stay masks in both.
extension LineChecker {
  /// The lines from `start` (a line start after the first) that end before `limit`
  /// and are compact flat objects: how many, and where the last ends (`start` when
  /// none). Rows whose objects have a key named by `names` are added to
  /// `attributeRows`, counted from `firstRow`.
  ///
  /// The steps are C's (`rowdrag_jsonl_compact`, CByteMasks), by the build for this
  /// processor (AVX2 where it has it) unless `LineChecker.baselineKernel` says otherwise.
  mutating func compactLines(from start: Int, until limit: Int, firstRow: Int) -> (
    count: Int, end: Int
  ) {
    guard let p = buf.baseAddress, start >= 1, p[start - 1] == 10, names.compact else {
      return (0, start)
    }
    // Each step reads the byte after it too (a key's `:`).
    let stop = Swift.min(limit, buf.count - 1)
    let kernel: Int32 = baselineKernel ? 0 : 1
    var state = rowdrag_jsonl_begin(kernel)
    var keys = rowdrag_jsonl_keys()
    var found: [Int] = []
    var c = start
    while true {
      c = Int(rowdrag_jsonl_compact(kernel, p, Int64(c), Int64(stop), names.lengths, &state, &keys))
      guard keys.keys != 0 else { break }
      named(keys, start: start, into: &found)
    }
    let newlines = Int(state.newlines)
    guard newlines > 0 else { return (0, start) }
    // Rows on the line cut by the step that ended the stretch are checked again.
    // Found closing quote by closing quote and name by name: in row order, once each.
    found.sort()
    for (k, row) in found.enumerated() where row < newlines && (k == 0 || found[k - 1] != row) {
      attributeRows.append(firstRow + row)
    }
    return (newlines, NewlineScanner.lineStart(before: c + 1, in: buf))
  }
}

extension LineChecker {
  /// The bytes of a step of the kernel's baseline build, or of the one this processor
  /// runs: whole steps are checked, and the tests count them.
  static func compactStep(baseline: Bool) -> Int {
    Int(rowdrag_jsonl_begin(baseline ? 0 : 1).step)
  }

  /// Adds to `found` the rows (counted in the stretch from `start`) of the closing
  /// quotes of `keys.keys` whose keys are followed by `:` and are one of the names: the
  /// name's bytes right before the closing quote, and a quote of the stretch right
  /// before them (a name holds no quote, so that quote opens the key). Out of line:
  /// most steps have no such key.
  @inline(never)
  func named(_ keys: rowdrag_jsonl_keys, start: Int, into found: inout [Int]) {
    guard let p = buf.baseAddress else { return }
    let window = Int(keys.window)
    var closes = keys.keys
    while closes != 0 {
      let bit = closes.trailingZeroBitCount
      closes &= closes &- 1
      let at = window + bit
      guard p[at + 1] == 58 else { continue }
      for name in names.names where at - name.count > start && p[at - name.count - 1] == 34 {
        guard names.matches(name, at: at - name.count, in: p) else { continue }
        let before = (UInt64(1) << UInt64(bit)) &- 1
        found.append(Int(keys.newlines_before) + (keys.newlines & before).nonzeroBitCount)
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
