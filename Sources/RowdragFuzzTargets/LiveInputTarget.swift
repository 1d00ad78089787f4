import RowdragCommands

/// Arbitrary bytes as what a terminal sends the live view: the first byte chooses the
/// size of the reads (1 to 16 bytes), the rest is the input.
enum LiveInputTarget {
  static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let first = bytes.first else { return }
    let input = Array(bytes.dropFirst())
    var whole = LiveInput()
    let once = whole.feed(input)
    check(once, whole)
    // Read by read, the same events come out, unless a read ends on an escape (a lone
    // escape at the end of a read is the Esc key, by design).
    let size = 1 + Int(first % 16)
    var reads = LiveInput()
    var pieces: [LiveEvent] = []
    var splitEscape = false
    var start = 0
    while start < input.count {
      let end = min(start + size, input.count)
      pieces += reads.feed(Array(input[start..<end]))
      check(pieces, reads)
      if end < input.count && input[end - 1] == 0x1B { splitEscape = true }
      start = end
    }
    precondition(splitEscape || pieces == once, "a read boundary changed the events")
  }

  /// Every mouse report is inside the terminal's coordinates, so the live view's
  /// arithmetic on them cannot overflow; what waits for the next read is one sequence.
  private static func check(_ events: [LiveEvent], _ input: LiveInput) {
    for case .mouse(_, let column, let row) in events {
      precondition(LiveInput.coordinates.contains(column) && LiveInput.coordinates.contains(row))
      _ = LiveRenderer.screenY(ofLine: row - 2)
    }
    precondition(input.pendingCount <= 32, "more than one sequence kept for the next read")
  }
}
