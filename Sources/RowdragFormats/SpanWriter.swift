/// Writes spans of one input buffer to a sink, merging spans that follow each other
/// in the input into a single write: an unedited region costs one copy, not one per
/// line or element.
struct SpanWriter {
  let store: ByteStore
  let out: OutputSink
  private var run = Span(start: 0, end: 0)
  /// Runs at least this long go file to file when both ends are regular files.
  private static let copyThreshold = 1 << 20

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

  /// Writes bytes that are not in the input (a synthesized separator).
  mutating func write(_ bytes: [UInt8]) throws {
    try flush()
    try out.write(bytes)
  }

  mutating func flush() throws {
    guard run.count > 0 else { return }
    let last = store[run.end - 1]
    if run.count >= SpanWriter.copyThreshold, let source = store.sourceDescriptor,
      try out.copy(from: source, offset: run.start, count: run.count)
    {
      out.noteLastByte(last)
    } else {
      try out.write(UnsafeRawBufferPointer(rebasing: store.raw[run.start..<run.end]))
    }
    run = Span(start: 0, end: 0)
  }
}
