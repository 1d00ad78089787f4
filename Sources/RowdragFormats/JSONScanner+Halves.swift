import RowdragSystem

/// Scanning a large document on two threads, with the result of one pass.
///
/// A JSON string cannot hold a raw newline, so a newline always stands between
/// tokens. Near the middle the scanner looks for one that follows a `,` and precedes a
/// `{` or `[`: there the document can only be inside an array, expecting its next value
/// (in an object a key would start with a quote). A second scanner starts at that
/// bracket in exactly that state, knowing nothing of the containers further out, and
/// stops at the bracket that closes the array; meanwhile the first scans up to the same
/// token. When the first ends in the state the second assumed, the second has done
/// what a single pass would have done: its spans join the outline at their true depth,
/// its error is the document's first, and the first scanner goes on from where the
/// second stopped. Otherwise its work is dropped and the first goes on alone.
extension JSONScanner {
  /// Documents smaller than this are scanned on one thread, where a thread costs more
  /// than it saves.
  static let halvesThreshold = 4 << 20

  /// Scans the document in two halves when it is large and has a place to split;
  /// false, having done nothing, when not.
  mutating func scanInHalves() throws(JSONSyntaxError) -> Bool {
    guard bytes.count >= splitAbove, let split = splitPoint() else { return false }
    let second = SecondHalf(detached(), from: split)
    var state = State()
    var stop = 0
    var firstError: JSONSyntaxError?
    // No `populate` here: each thread takes the page faults of its half as it reads
    // (the kernel maps 64 KiB around each), which measured a little faster than
    // mapping each half in one call before reading it.
    BackgroundThread.overlap({ second.run() }) {
      do throws(JSONSyntaxError) {
        stop = try run(&state, from: 0, until: split, stopAtBase: false)
      } catch {
        firstError = error
      }
    }
    if let firstError { throw firstError }
    guard stop == split, state.expectsArrayValue else {
      _ = try run(&state, from: stop, until: bytes.count, stopAtBase: false)
      return true
    }
    if let error = second.error { throw error }
    outline.append(second.scanner.outline, containerDepth: state.depth - 1)
    var rest = state.resumed(as: second.state)
    _ = try run(&rest, from: second.stop, until: bytes.count, stopAtBase: false)
    return true
  }

  /// The offset of a `{` or `[` in the megabyte after the middle that follows a
  /// newline after a `,`, with only whitespace between; nil when there is none (a
  /// document without newlines, say).
  private func splitPoint() -> Int? {
    let n = bytes.count
    var j = n / 2
    let end = Swift.min(n, j + (1 << 20))
    while j < end {
      guard bytes[j] == 10 else {
        j += 1
        continue
      }
      var before = j - 1
      while before > 0 && Self.isWhitespace(bytes[before]) { before -= 1 }
      var after = j + 1
      while after < n && Self.isWhitespace(bytes[after]) { after += 1 }
      if bytes[before] == 44 && after < n && (bytes[after] == 123 || bytes[after] == 91) {
        return after
      }
      j += 1
    }
    return nil
  }
}

/// The second scanner and what it found, handed between threads: the first thread
/// reads it only after the second has finished (`BackgroundThread.overlap` joins).
private final class SecondHalf: @unchecked Sendable {
  var scanner: JSONScanner
  let start: Int
  let end: Int
  var state = JSONScanner.State.insideArray
  var stop = 0
  var error: JSONSyntaxError?

  init(_ scanner: JSONScanner, from start: Int) {
    self.scanner = scanner
    self.start = start
    end = scanner.bytes.count
  }

  func run() {
    scanner.outline.depth1.reserveCapacity((end - start) / 48)
    do throws(JSONSyntaxError) {
      stop = try scanner.run(&state, from: start, until: end, stopAtBase: true)
    } catch {
      self.error = error
    }
  }
}
