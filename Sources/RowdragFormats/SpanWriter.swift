/// Writes spans of one input buffer to a sink, merging spans that follow each other
/// in the input into a single write: an unedited region costs one copy, not one per
/// line or element.
struct SpanWriter {
  let store: ByteStore
  let out: OutputSink
  private var run = Span(start: 0, end: 0)

  init(store: ByteStore, out: OutputSink) {
    self.store = store
    self.out = out
  }

  mutating func write(_ span: Span) throws {
    guard span.count > 0 else { return }
    if span.start == run.end && run.count > 0 {
      run.end = span.end
    } else {
      try flush()
      run = span
    }
  }

  /// Writes `span` and then `gap`. When the bytes that follow `span` in the input equal
  /// `gap`'s (a list whose separators are all alike, as most are), it writes those
  /// instead, so a moved element still joins its neighbours in one long run rather
  /// than costing two small writes.
  mutating func write(_ span: Span, then gap: Span) throws {
    let buf = store.buffer
    let end = span.end + gap.count
    var same = end <= buf.count
    var k = 0
    while same && k < gap.count {
      same = buf[span.end + k] == buf[gap.start + k]
      k += 1
    }
    if same {
      try write(Span(start: span.start, end: end))
    } else {
      try write(span)
      try write(gap)
    }
  }

  /// Writes bytes that are not in the input (a synthesized separator).
  mutating func write(_ bytes: [UInt8]) throws {
    try flush()
    try out.write(bytes)
  }

  /// Writes bytes that are not in the input (a renumbered marker's digits).
  mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
    try flush()
    try out.write(bytes)
  }

  mutating func flush() throws {
    guard run.count > 0 else { return }
    // Into a regular file, a long run is copied file to file by the kernel; else one
    // `write` from the mapping, whose pages the load has already mapped.
    try out.write(
      UnsafeRawBufferPointer(rebasing: store.raw[run.start..<run.end]),
      from: store.file.map { FileBytes(fd: $0.fd, offset: $0.offset + run.start) })
    run = Span(start: 0, end: 0)
  }
}
