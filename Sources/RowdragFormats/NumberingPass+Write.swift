import CByteMasks

/// The writer's side of a renumbering pass: rows that moved in a list of one-line rows
/// are streamed, not looked up one by one.
///
/// After `move 3 $` in an ordered list of millions of items every row from the third on
/// stands one place up and takes the number of the row it replaces. Those rows follow
/// each other in the input, and so do the rows whose places they take, so both are read
/// front to back, line by line, and written through one buffer: a row whose new digits
/// are as wide as its own is its bytes with the digits of its slot's row copied in; any
/// other row is renumbered as `visit` does. No row's block is looked up, and nothing is
/// allocated a row.
extension NumberingPass {
  /// Writes the rows `ids` (consecutive identities at consecutive positions from
  /// `position`, all in section `s`) of `list`, renumbered where they moved.
  mutating func write(
    _ ids: Range<Int>, at position: Int, section s: Int, list: BlockList,
    to writer: inout TerminatedWriter
  ) throws {
    let numbering = numbers.numbering
    enter(s)
    var k = ids.lowerBound
    if numbers.isInPlace(position, k, s) {
      let j = position - numbers.starts[s]
      let stop = Swift.min(ids.upperBound, k + numbering.inputCounts[s] - j)
      try visitWriting(k..<stop, at: position, section: s, list: list, to: &writer)
      k = stop
    }
    guard k < ids.upperBound else { return }
    let p = position + k - ids.lowerBound
    if numbering.renumbers && numbering.editedRows.isEmpty && list.lineCounts == nil
      && list.endsWithNewline && list.markCodes.isEmpty
    {
      try stream(k..<ids.upperBound, at: p, section: s, list: list, to: &writer)
    } else {
      try visitWriting(k..<ids.upperBound, at: p, section: s, list: list, to: &writer)
    }
  }

  /// `visit`, writing: stretches as their blocks, renumbered rows piece by piece.
  private mutating func visitWriting(
    _ ids: Range<Int>, at position: Int, section s: Int, list: BlockList,
    to writer: inout TerminatedWriter
  ) throws {
    let buf = list.store.buffer
    try visit(ids, at: position, section: s) { stretch in
      try list.writeContiguous(stretch, to: &writer)
      return true
    } edited: { _, _, marker, edit in
      try edit.pieces(of: marker, in: buf) { piece in
        guard case .input(let span) = piece else {
          return try piece.withMadeBytes { try writer.write($0) }
        }
        try writer.write(span)
      }
      return true
    }
  }

  /// Writes displaced one-line rows `ids` from `position`, reading them and the rows
  /// of their slots as two streams of lines. Rows or slots that do not follow each other
  /// in the input go the way of `visit`.
  ///
  /// A move shifts a stretch by a few rows, so the row at one place is the slot of a
  /// place a few rows on (or back): each line is found and read once, into `LineRing`,
  /// and the other stream finds it there. A row whose new digits are as wide as its own
  /// is left in the input run being copied, with its slot's digits patched over its
  /// own (`StreamBuffer`): one copy per 64 KiB, not a few per row.
  private mutating func stream(
    _ ids: Range<Int>, at position: Int, section s: Int, list: BlockList,
    to writer: inout TerminatedWriter
  ) throws {
    let numbering = numbers.numbering
    let blocks = list.blocks
    let j0 = position - numbers.starts[s]
    let inputCount = s < numbering.inputCounts.count ? numbering.inputCounts[s] : 0
    let slots = Swift.max(0, Swift.min(ids.count, inputCount - j0))
    let firstSlot = slots > 0 ? numbering.inputStarts[s] + j0 : 0
    guard blocks.contiguousEnd(from: ids.lowerBound, limit: ids.upperBound) == ids.upperBound - 1,
      slots == 0
        || blocks.contiguousEnd(from: firstSlot, limit: firstSlot + slots) == firstSlot + slots - 1
    else { return try visitWriting(ids, at: position, section: s, list: list, to: &writer) }
    let buf = list.store.buffer
    var out = StreamBuffer(buf)
    let lines = LineRing(buf)
    defer {
      out.release()
      lines.release()
    }
    var rowStart = blocks[ids.lowerBound].start
    var slotStart = slots > 0 ? blocks[firstSlot].start : 0
    // The last row renumbered from its slot's digits, told to `last` when needed.
    var lastDigits: (position: Int, digits: Range<Int>)?
    let lags = Self.lags(rows: ids, firstSlot: firstSlot, slots: slots)
    // Rows to go before the kernel is tried again after it wrote none.
    var wait = 0
    var i = 0
    while i < ids.count {
      defer { i += 1 }
      if i < slots, let lags, wait == 0 {
        var state = rowdrag_patch_state()
        let done = try out.fill(to: &writer) { memory, room in
          let rows = rowdrag_patched_lines_avx2(
            buf.baseAddress, Int64(buf.count), Int64(Swift.min(rowStart, slotStart)),
            Int64(lags.row), Int64(lags.slot), Int64(slots - i), memory, Int64(room), &state)
          return (Int(rows), rows > 0 ? Int(state.written) : 0)
        }
        if done > 0 {
          rowStart = Int(state.row)
          slotStart = Int(state.slot)
          let digits = Int(state.last_slot)..<Int(state.last_slot + state.last_width)
          lastDigits = (position + i + done - 1, digits)
          i += done - 1
          continue
        }
        wait = 16
      }
      wait = Swift.max(0, wait - 1)
      let row = lines.line(ids.lowerBound + i, from: rowStart)
      rowStart = row.end
      var slot: LineRing.Line?
      if i < slots {
        slot = lines.line(firstSlot + i, from: slotStart)
        slotStart = slot?.end ?? slotStart
      }
      let p = position + i
      // The commonest case: digits from column 0, as wide as the slot's.
      if row.digitsEnd >= 0, let slot, slot.digitsEnd - slot.start == row.digitsEnd - row.start,
        row.end - row.start <= StreamBuffer.longestPatched
      {
        lastDigits = (p, slot.start..<slot.digitsEnd)
        try out.pend(row.start..<row.end, patch: slot.start..<slot.digitsEnd, to: &writer)
        continue
      }
      let first = buf[row.start]
      let span = Span(start: row.start, end: row.end)
      guard first &- 48 < 10 || first == 32 || first == 9,
        let own = MarkdownMarker.read(buf, block: span), let number = own.number
      else {
        try out.pend(row.start..<row.end, to: &writer)  // a bullet, text
        continue
      }
      if let known = lastDigits {
        last = (known.position, Self.value(buf, known.digits))
        lastDigits = nil
      }
      let target =
        slot.flatMap { MarkdownMarker.read(buf, block: Span(start: $0.start, end: $0.end))?.number }
        ?? .counted(numberAbove(p, s) + 1)
      last = (p, target.value)
      let edit = RowEdit(number: number, spaces: own.spaces, indent: .none)
        .renumbered(target, marker: own, in: buf)
      guard edit != RowEdit.unchanged(own) else {
        try out.pend(row.start..<row.end, to: &writer)
        continue
      }
      try edit.pieces(of: own, in: buf) { piece in
        guard case .input(let span) = piece else {
          return try piece.withMadeBytes { try out.append($0, to: &writer) }
        }
        try out.pend(span.start..<span.end, to: &writer)
      }
    }
    if let known = lastDigits { last = (known.position, Self.value(buf, known.digits)) }
    try out.flush(to: &writer)
  }

  /// How far apart the rows' and slots' lines are when both are lines of one stretch
  /// of the input a few lines apart (the row of line L is the slot of line L + `row`…),
  /// as `rowdrag_patched_lines_avx2` reads them; nil where it may not, or the processor
  /// lacks AVX2.
  static func lags(rows: Range<Int>, firstSlot: Int, slots: Int) -> (row: Int, slot: Int)? {
    guard slots > 0, rowdrag_avx2_dispatched() != 0 else { return nil }
    let d = rows.lowerBound - firstSlot
    // The stretch from the first slot (or row) to the last is one when the rows (or
    // slots) cover the lines between the first slot and the first row.
    if d > 0 && d < 64 && d <= slots { return (d, 0) }
    if d < 0 && -d < 64 && -d <= rows.count { return (0, -d) }
    return nil
  }

  /// The value of `digits`.
  @inline(__always)
  static func value(_ buf: UnsafeBufferPointer<UInt8>, _ digits: Range<Int>) -> Int {
    var value = 0
    for k in digits { value = value * 10 + Int(buf[k] &- 48) }
    return value
  }
}

/// The last lines a renumbering stream read, by row identity: where each starts and
/// ends, and where the digits of an ordered marker from its first byte end (1–9 digits,
/// `.` or `)`, then a blank or the line's end: what `MarkdownMarker.read` says of such a
/// line, in a few instructions), or -1.
struct LineRing {
  struct Line {
    var id = -1
    var start = 0
    var end = 0
    var digitsEnd = -1
  }

  static let size = 64
  private let buf: UnsafeBufferPointer<UInt8>
  private let lines = UnsafeMutableBufferPointer<Line>.allocate(capacity: LineRing.size)

  init(_ buf: UnsafeBufferPointer<UInt8>) {
    self.buf = buf
    lines.initialize(repeating: Line())
  }

  /// The line of row `id`, which starts at `start` unless the ring holds it.
  @inline(__always)
  func line(_ id: Int, from start: Int) -> Line {
    let k = id & (LineRing.size - 1)
    if lines[k].id == id { return lines[k] }
    let end = Swift.min(buf.count, NewlineScanner.next(from: start, in: buf) + 1)
    var digits = start
    while digits < end && digits - start < 10 && buf[digits] &- 48 < 10 { digits += 1 }
    let count = digits - start
    var digitsEnd = -1
    if count >= 1 && count <= 9 && digits < end && (buf[digits] == 46 || buf[digits] == 41) {
      let next = digits + 1
      if next == end || buf[next] == 32 || buf[next] == 9
        || MarkdownMarker.endsLine(buf, next, Span(start: start, end: end))
      {
        digitsEnd = digits
      }
    }
    let line = Line(id: id, start: start, end: end, digitsEnd: digitsEnd)
    lines[k] = line
    return line
  }

  func release() { lines.deallocate() }
}

/// What a renumbering stream writes, gathered: a run of input bytes still to be copied
/// with the digits to patch over parts of it, and a buffer of the output's next bytes,
/// written when full (the output sink's own chunk, so it goes out at once).
struct StreamBuffer {
  static let size = 1 << 16
  /// Rows longer than this are copied at once rather than left in the run.
  static let longestPatched = 1 << 12
  private let buf: UnsafeBufferPointer<UInt8>
  /// Twice the sink's chunk: `fill` writes once `size` bytes are gathered, so that they
  /// go out at once rather than through the sink's own buffer.
  private let memory = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 2 * StreamBuffer.size)
  private var used = 0
  /// Input bytes to copy, and where digits from elsewhere go over them (`at` an input
  /// offset in the run).
  private var run = 0..<0
  private var patches: [(at: Int, from: Range<Int>)] = []

  init(_ buf: UnsafeBufferPointer<UInt8>) { self.buf = buf }

  /// Adds the input bytes `range` (with `patch`'s bytes over its first ones) to the run.
  @inline(__always)
  mutating func pend(
    _ range: Range<Int>, patch: Range<Int>? = nil, to writer: inout TerminatedWriter
  ) throws {
    guard !range.isEmpty else { return }
    if range.lowerBound != run.upperBound || run.count + range.count > StreamBuffer.size / 2 {
      try copyRun(to: &writer)
      run = range.lowerBound..<range.lowerBound
    }
    if let patch { patches.append((range.lowerBound, patch)) }
    run = run.lowerBound..<range.upperBound
  }

  /// Lets `body` write into the free room after the run, which it is given as a
  /// pointer and a count, with 32 bytes more that it may overwrite; it returns a result
  /// and how many bytes it wrote. Returns the result.
  mutating func fill(
    to writer: inout TerminatedWriter,
    _ body: (UnsafeMutablePointer<UInt8>, Int) -> (result: Int, written: Int)
  ) throws -> Int {
    try copyRun(to: &writer)
    if used >= StreamBuffer.size { try write(to: &writer) }
    guard let base = memory.baseAddress else { return 0 }
    let (result, written) = body(base + used, memory.count - used - 32)
    used += written
    return result
  }

  /// Appends bytes made for the output.
  mutating func append(_ bytes: UnsafeRawBufferPointer, to writer: inout TerminatedWriter) throws {
    try copyRun(to: &writer)
    for byte in bytes { try put(byte, to: &writer) }
  }

  @inline(__always)
  private mutating func put(_ byte: UInt8, to writer: inout TerminatedWriter) throws {
    if used == memory.count { try write(to: &writer) }
    memory[used] = byte
    used += 1
  }

  /// Copies the run into the buffer, patched.
  private mutating func copyRun(to writer: inout TerminatedWriter) throws {
    guard !run.isEmpty else { return }
    if used + run.count > memory.count { try write(to: &writer) }
    if run.count > memory.count {
      // One long row, never patched: straight out.
      try writer.write(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buf[run])))
    } else {
      let at = used
      _ = UnsafeMutableBufferPointer(rebasing: memory[at..<(at + run.count)])
        .initialize(from: buf[run])
      for patch in patches {
        var k = at + patch.at - run.lowerBound
        for b in patch.from {
          memory[k] = buf[b]
          k += 1
        }
      }
      used += run.count
    }
    patches.removeAll(keepingCapacity: true)
    run = run.upperBound..<run.upperBound
  }

  private mutating func write(to writer: inout TerminatedWriter) throws {
    guard used > 0 else { return }
    try writer.write(UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: memory[0..<used])))
    used = 0
  }

  /// Writes out everything gathered.
  mutating func flush(to writer: inout TerminatedWriter) throws {
    try copyRun(to: &writer)
    try write(to: &writer)
  }

  func release() { memory.deallocate() }
}
