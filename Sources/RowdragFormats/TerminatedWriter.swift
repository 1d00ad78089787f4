/// Writes spans of a list's input so that the file as a whole keeps its terminator
/// rule (SPEC §9.21): the input's unterminated last line takes the terminator of the
/// last terminated line when it lands elsewhere, and the line now last is written
/// without its terminator when the input had none.
///
/// It holds back the latest run of spans until the next one shows it is not the last.
struct TerminatedWriter {
  var writer: SpanWriter
  let inputEnd: Int
  let endsWithNewline: Bool
  let fallback: [UInt8]
  let buffer: UnsafeBufferPointer<UInt8>
  /// Spans of the input written as other bytes (marks, FORMATS.md §5.1).
  var patches: MarkPatches?
  private var pending: Span?

  init(
    writer: SpanWriter, inputEnd: Int, endsWithNewline: Bool, fallback: [UInt8],
    buffer: UnsafeBufferPointer<UInt8>, patches: MarkPatches? = nil
  ) {
    self.patches = patches
    self.writer = writer
    self.inputEnd = inputEnd
    self.endsWithNewline = endsWithNewline
    self.fallback = fallback
    self.buffer = buffer
  }

  mutating func write(_ span: Span) throws {
    guard span.count > 0 else { return }
    if var run = pending, run.end == span.start {
      run.end = span.end
      pending = run
      return
    }
    try flush(isLast: false)
    pending = span
  }

  /// Writes bytes made for the output (a renumbered marker): what is held back is then
  /// no longer last. Never the output's last bytes: a row made of pieces ends with input
  /// bytes (`RowEdit.pieces`), which the rule above then treats as any.
  mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
    guard !bytes.isEmpty else { return }
    try flush(isLast: false)
    try writer.write(bytes)
  }

  /// Writes what is held back as the last bytes of the output.
  mutating func finish() throws {
    try flush(isLast: true)
    try writer.flush()
  }

  private mutating func flush(isLast: Bool) throws {
    guard let run = pending else { return }
    pending = nil
    if endsWithNewline { return try put(run) }
    if isLast {
      try put(Span(start: run.start, end: TextList.contentEnd(buffer, run.start, run.end)))
    } else if run.end == inputEnd {
      try put(run)
      try writer.write(fallback)
    } else {
      try put(run)
    }
  }

  /// Writes a run of the input, patched.
  private mutating func put(_ run: Span) throws {
    guard var found = patches else { return try writer.write(run) }
    // Taken out while it writes, so the copy is the only one and changes in place.
    patches = nil
    defer { patches = found }
    try found.write(run, to: &writer)
  }
}
