/// Writes spans of one input buffer to a sink, merging spans that follow each other
/// in the input into a single write: an unedited region costs one copy, not one per
/// line or element.
struct SpanWriter {
  let raw: UnsafeRawBufferPointer
  let out: OutputSink
  private var run = Span(start: 0, end: 0)

  init(raw: UnsafeRawBufferPointer, out: OutputSink) {
    self.raw = raw
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
    try out.write(UnsafeRawBufferPointer(rebasing: raw[run.start..<run.end]))
    run = Span(start: 0, end: 0)
  }
}
