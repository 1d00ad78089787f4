/// The spans of a list's input the writer replaces: each marked row's mark (FORMATS.md
/// §5.1), written as its new bytes.
///
/// The rows are visited in identity order (`LineRowWalk`), which is input order while
/// the rows' blocks are (a list as loaded): runs written front to back, as an unmoved
/// list's are, find their patches as they reach them, each row's line read once and
/// nothing kept a row. A run that starts before the last one written (rows written out
/// of input order), or blocks out of input order, make every patch at once, sorted,
/// and runs look theirs up from then on.
struct MarkPatches {
  /// One replacement: input bytes `start..<end` written as `replacements[bytes]`.
  struct Patch {
    var start: Int
    var end: Int
    var bytes: Int
  }

  private let list: BlockList
  private let marking: RowMarking
  /// The list's codes and input, held here so that a row's look costs no reference
  /// counting.
  private let codes: [UInt8]
  private let buffer: UnsafeBufferPointer<UInt8>
  /// Each replacement's bytes: a mark's full form, then its short one, for each mark.
  private let replacements: [[UInt8]]
  /// Every patch, sorted by start, once runs came out of input order; nil before.
  private var sorted: [Patch]?
  /// While found as runs are written: the rows' walk, the next row to read, and the
  /// next patch (nil: none is left).
  private var walk: LineRowWalk
  private var nextRow = 0
  private var next: Patch?
  /// Where the last run written ended.
  private var frontier = 0

  init(_ list: BlockList, marking: RowMarking) {
    self.list = list
    self.marking = marking
    codes = list.markCodes
    buffer = list.store.buffer
    replacements = marking.names.indices.flatMap { mark in
      [marking.bytes(of: mark, short: false), marking.bytes(of: mark, short: true)]
    }
    walk = LineRowWalk(list)
    if Self.inInputOrder(list.blocks) {
      next = advance()
    } else {
      sorted = makeSorted()
    }
  }

  /// Whether each block starts at or after the one before: always for blocks kept as
  /// runs, which only a load makes.
  private static func inInputOrder(_ blocks: SpanTable) -> Bool {
    guard let spans = blocks.explicitSpans else { return true }
    var last = 0
    for span in spans {
      if span.start < last { return false }
      last = span.start
    }
    return true
  }

  /// The patch of the next marked row from `nextRow` on; nil when none is left.
  @inline(__always)
  private mutating func advance() -> Patch? {
    let buf = buffer
    while nextRow < codes.count {
      let id = nextRow
      nextRow += 1
      let code = codes[id]
      guard code != 0 else { continue }
      let line = walk.firstLineContent(ofRow: id)
      guard let found = marking.find(in: UnsafeBufferPointer(rebasing: buf[line.start..<line.end]))
      else { continue }
      return Patch(
        start: line.start + found.span.lowerBound, end: line.start + found.span.upperBound,
        bytes: (Int(code) - 1) * 2 + (found.short ? 1 : 0))
    }
    return nil
  }

  /// Every patch, sorted by start.
  private mutating func makeSorted() -> [Patch] {
    walk = LineRowWalk(list)
    nextRow = 0
    var patches: [Patch] = []
    while let patch = advance() { patches.append(patch) }
    next = nil
    if zip(patches, patches.dropFirst()).contains(where: { $0.start > $1.start }) {
      patches.sort { $0.start < $1.start }
    }
    return patches
  }

  /// Writes `span` of the input to `writer`, each patch inside it replaced.
  mutating func write(_ span: Span, to writer: inout SpanWriter) throws {
    if sorted == nil && span.start < frontier { sorted = makeSorted() }
    frontier = span.end
    var out = PatchedBuffer(list.store.buffer)
    defer { out.release() }
    var at = span.start
    if let sorted {
      var k = Self.first(in: sorted, atOrAfter: span.start)
      while k < sorted.count && sorted[k].end <= span.end {
        try out.copy(at..<sorted[k].start, to: &writer)
        try out.append(replacements[sorted[k].bytes], to: &writer)
        at = sorted[k].end
        k += 1
      }
    } else {
      // Patches before the span are of rows not written in input order: none, or
      // `sorted` would have been made.
      while let patch = next, patch.start < span.start { next = advance() }
      while let patch = next, patch.end <= span.end {
        try out.copy(at..<patch.start, to: &writer)
        try out.append(replacements[patch.bytes], to: &writer)
        at = patch.end
        next = advance()
      }
    }
    if at == span.start { return try writer.write(span) }
    try out.copy(at..<span.end, to: &writer)
    try out.flush(to: &writer)
  }

  /// The first patch of `patches` that starts at or after `offset`.
  private static func first(in patches: [Patch], atOrAfter offset: Int) -> Int {
    var low = 0
    var high = patches.count
    while low < high {
      let mid = (low + high) / 2
      if patches[mid].start < offset { low = mid + 1 } else { high = mid }
    }
    return low
  }
}

/// Input bytes with patches in between, assembled and written 64 KiB at a time: a
/// million marked rows are a few hundred writes, not two million. A stretch of input
/// longer than that goes to the writer as a span (copied file to file where it can be).
struct PatchedBuffer {
  private let input: UnsafeBufferPointer<UInt8>
  private let memory: UnsafeMutableRawPointer
  private var count = 0

  /// How many bytes are assembled before they are written, and the most a patch adds.
  static let chunk = 1 << 16
  static let slack = 256

  init(_ input: UnsafeBufferPointer<UInt8>) {
    self.input = input
    memory = .allocate(byteCount: Self.chunk + Self.slack, alignment: 64)
  }

  func release() { memory.deallocate() }

  /// Appends the input bytes `range`.
  @inline(__always)
  mutating func copy(_ range: Range<Int>, to writer: inout SpanWriter) throws {
    guard !range.isEmpty else { return }
    if range.count >= Self.chunk {
      try flush(to: &writer)
      return try writer.write(Span(start: range.lowerBound, end: range.upperBound))
    }
    guard let base = input.baseAddress else { return }
    var from = range.lowerBound
    while from < range.upperBound {
      let n = Swift.min(range.upperBound - from, Self.chunk - count)
      (memory + count).copyMemory(from: base + from, byteCount: n)
      count += n
      from += n
      if count >= Self.chunk { try flush(to: &writer) }
    }
  }

  /// Appends bytes made for the output (at most `slack` of them).
  @inline(__always)
  mutating func append(_ bytes: [UInt8], to writer: inout SpanWriter) throws {
    bytes.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return }
      (memory + count).copyMemory(from: base, byteCount: bytes.count)
    }
    count += bytes.count
    if count >= Self.chunk { try flush(to: &writer) }
  }

  /// Writes what is assembled.
  mutating func flush(to writer: inout SpanWriter) throws {
    guard count > 0 else { return }
    try writer.write(UnsafeRawBufferPointer(start: memory, count: count))
    count = 0
  }
}
