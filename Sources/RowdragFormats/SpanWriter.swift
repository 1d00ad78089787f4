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

  /// Writes bytes that are not in the input (a synthesized separator).
  mutating func write(_ bytes: [UInt8]) throws {
    try flush()
    try out.write(bytes)
  }

  mutating func flush() throws {
    guard run.count > 0 else { return }
    // One `write` from the mapping, whose pages the load has already mapped: this
    // measured twice as fast as `sendfile` from the file for a 200 MB run.
    try out.write(UnsafeRawBufferPointer(rebasing: store.raw[run.start..<run.end]))
    run = Span(start: 0, end: 0)
  }
}
