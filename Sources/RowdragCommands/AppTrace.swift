import RowdragFormats

/// An app's own per-frame trace, for `compare … trace:FILE`: rowdrag's `--trace`
/// JSON-lines format, of which only a few fields are needed, so an app can log them
/// from its own drag handler. One JSON object a line, one line a frame:
///
///     {"t":0.617,"offset":12.5,"row":4,"finger":431}
///
/// `t` (seconds) and `offset` (points) are required; `row` (the lifted row's 1-based
/// slot, null or absent when none is lifted) and `finger` (the finger's screen y in
/// points) are optional, and so is `delta` (the frame's own scroll, when the offset
/// also jumps between frames); every other key (rowdrag's `phase`, …) is ignored.
/// `t` must increase from line to line. Blank lines are skipped.
public struct AppTrace: Sendable, Equatable {
  /// One frame of the trace.
  public struct Frame: Sendable, Equatable {
    public var time: Double
    public var offset: Double
    public var row: Int?
    public var finger: Double?
    /// The frame's own scroll, when given (rowdrag's trace gives it): a jump between
    /// frames, such as a scroll command's, is no frame's.
    public var delta: Double?
  }

  /// The frames, in order.
  public var frames: [Frame]
  /// Whether any line has the key `row`: without it the trace says nothing of which
  /// row is lifted.
  public var hasRows: Bool
  /// How finely the file writes `t`: 10^−d for the most decimals d any `t` has
  /// (0.001 for rowdrag's own traces). A time is the frame's it rounds from when they
  /// are closer than half of this (`TraceAlignment`).
  public var timeResolution = 1.0
  /// The trace's own frame rate and the frames it dropped (`TraceClock`).
  public var clock = TraceClock(times: [])

  /// What one line looks like, for messages.
  public static let example = #"{"t":0.617,"offset":12.5,"row":4,"finger":431}"#

  /// The largest magnitude a trace's number may have (seconds or points).
  static let largestValue = 1e9

  /// Reads the trace at `path`: an `IOFailure` when it cannot be read, an
  /// `AppTraceError` (with the line and column) when it is not a trace.
  public static func read(path: String, rowCount: Int? = nil) throws -> AppTrace {
    let store = try FileReader.read(path: path, mapping: false, kind: "a trace file")
    return try parse(store.array, name: path, rowCount: rowCount)
  }

  /// Reads a trace from its bytes; `name` is the file's, for messages. With `rowCount`
  /// (the list it is compared on), a `row` past the list's last slot is refused where
  /// it stands rather than compared against nothing.
  public static func parse(_ bytes: [UInt8], name: String, rowCount: Int? = nil)
    throws(AppTraceError) -> AppTrace
  {
    var frames: [Frame] = []
    var hasRows = false
    var decimals = 0
    // Where the second frame's `t` stands, for a clock that is not in seconds.
    var secondTime: (line: Int, column: Int)?
    var line = 0
    var start = 0
    // The text after the last newline is a line too (blank when the file ends with one).
    while start <= bytes.count {
      line += 1
      // A byte-order mark before the first line is no part of it, as in a list file.
      if line == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
      var end = start
      while end < bytes.count && bytes[end] != 10 { end += 1 }
      var reader = LineReader(bytes: bytes[start..<end], file: name, line: line)
      if let fields = try reader.object() {
        let frame = try reader.frame(fields)
        if fields["row"] != nil { hasRows = true }
        if let rowCount, let row = frame.row, row > rowCount {
          throw reader.fail(
            at: fields["row"]?.start,
            "\"row\" \(row) is past the list's \(rowCount) rows; it is the lifted row's slot "
              + "counted from 1, or null when none is")
        }
        // Equal times are allowed: a trace written at over 1,000 frames a second
        // repeats `t` at three decimals, and each such frame is the next one's.
        if let previous = frames.last, frame.time < previous.time {
          throw reader.fail(
            at: fields["t"]?.start,
            "t \(frame.time) is before the line before's \(previous.time); t counts "
              + "seconds from the gesture's start and never goes back")
        }
        decimals = Swift.max(decimals, fields["t"]?.decimals ?? 0)
        if frames.count == 1 {
          secondTime = (line, reader.column(fields["t"]?.start ?? start))
        }
        frames.append(frame)
      }
      start = end + 1
    }
    guard !frames.isEmpty else {
      throw AppTraceError(
        file: name, line: 1, column: 1,
        message: "no frames; each line is one frame, e.g. \(example)")
    }
    var trace = AppTrace(frames: frames, hasRows: hasRows)
    trace.timeResolution = pow10(-decimals)
    trace.clock = TraceClock(times: frames.map(\.time), resolution: trace.timeResolution)
    // A median frame of over half a second is no screen's: the times are not seconds.
    if trace.clock.medianInterval > 0.5, let secondTime {
      throw AppTraceError(
        file: name, line: secondTime.line, column: secondTime.column,
        message: "t rises by \(NumberText.fixed3(trace.clock.medianInterval)) a frame (median): "
          + "t counts seconds, a 60 Hz frame is 0.017; if these are milliseconds, "
          + "divide them by 1000")
    }
    return trace
  }

  /// 10^exponent, exactly as a decimal literal reads (`1e-3` is 0.001).
  private static func pow10(_ exponent: Int) -> Double {
    Double("1e\(exponent)") ?? 1
  }
}

/// Why a trace file was refused: `FILE:LINE:COL: what is wrong and what would be right`.
public struct AppTraceError: Error, Sendable, Equatable, CustomStringConvertible {
  public var file: String
  public var line: Int
  public var column: Int
  public var message: String

  public var description: String { "\(file):\(line):\(column): \(message)" }
}

/// Reads one line of a trace: a flat JSON object whose values are numbers, null,
/// strings or booleans (nested values are skipped whole).
private struct LineReader {
  /// A value the reader keeps: a number or null, with the byte it started at (its
  /// column is counted only for a message, so a long line is read in one pass).
  struct Value {
    var number: Double?
    var isNumberOrNull: Bool
    var start: Int
    /// How many decimals the number is written with (`0.617`: 3, `5e-4`: 4).
    var decimals = 0
  }

  let bytes: ArraySlice<UInt8>
  let file: String
  let line: Int
  var i: Int

  init(bytes: ArraySlice<UInt8>, file: String, line: Int) {
    self.bytes = bytes
    self.file = file
    self.line = line
    self.i = bytes.startIndex
  }

  /// The 1-based column of byte `index`, in characters.
  func column(_ index: Int) -> Int {
    var column = 1
    var k = bytes.startIndex
    while k < index && k < bytes.endIndex {
      if bytes[k] & 0xC0 != 0x80 { column += 1 }
      k += 1
    }
    return column
  }

  /// The error at byte `index` (the line's start when nil).
  func fail(at index: Int?, _ message: String) -> AppTraceError {
    AppTraceError(
      file: file, line: line, column: column(index ?? bytes.startIndex), message: message)
  }

  func fail(_ message: String) -> AppTraceError { fail(at: i, message) }

  mutating func skipBlanks() {
    while i < bytes.endIndex, [32, 9, 13].contains(bytes[i]) { i += 1 }
  }

  /// The line's keys and their values; nil for a blank line.
  mutating func object() throws(AppTraceError) -> [String: Value]? {
    skipBlanks()
    guard i < bytes.endIndex else { return nil }
    guard bytes[i] == UInt8(ascii: "{") else {
      throw fail("expected '{': each line is one frame, e.g. \(AppTrace.example)")
    }
    i += 1
    var fields: [String: Value] = [:]
    skipBlanks()
    if i < bytes.endIndex, bytes[i] == UInt8(ascii: "}") {
      i += 1
    } else {
      while true {
        skipBlanks()
        guard i < bytes.endIndex, bytes[i] == UInt8(ascii: "\"") else {
          throw fail("expected a key in double quotes, such as \"t\"")
        }
        let key = try string()
        skipBlanks()
        guard i < bytes.endIndex, bytes[i] == UInt8(ascii: ":") else {
          throw fail("expected ':' after the key \"\(key)\"")
        }
        i += 1
        skipBlanks()
        let valueStart = i
        let value = try value()
        fields[key] = Value(
          number: value.number, isNumberOrNull: value.isNumberOrNull, start: valueStart,
          decimals: Self.decimals(bytes[valueStart..<i]))
        skipBlanks()
        guard i < bytes.endIndex else {
          throw fail("expected ',' or '}': the line ends inside the object")
        }
        if bytes[i] == UInt8(ascii: ",") {
          i += 1
          continue
        }
        guard bytes[i] == UInt8(ascii: "}") else {
          throw fail("expected ',' or '}' after the value of \"\(key)\": \(AppTrace.example)")
        }
        i += 1
        break
      }
    }
    skipBlanks()
    guard i == bytes.endIndex else {
      throw fail("expected the end of the line after the object: one frame a line")
    }
    return fields
  }

  /// A string's text (escapes kept as written: keys are compared plainly).
  mutating func string() throws(AppTraceError) -> String {
    let open = i
    i += 1
    while i < bytes.endIndex, bytes[i] != UInt8(ascii: "\"") {
      if bytes[i] == UInt8(ascii: "\\") { i += 1 }
      i += 1
    }
    guard i < bytes.endIndex else {
      i = open
      throw fail("a string that does not end: close it with '\"'")
    }
    i += 1
    return String(decoding: bytes[(open + 1)..<(i - 1)], as: UTF8.self)
  }

  /// A value: a number or null (kept), a string, boolean, array or object (skipped).
  mutating func value() throws(AppTraceError) -> (number: Double?, isNumberOrNull: Bool) {
    guard i < bytes.endIndex else { throw fail("expected a value") }
    switch bytes[i] {
    case UInt8(ascii: "\""):
      _ = try string()
      return (nil, false)
    case UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "f"):
      for word in ["null", "true", "false"] where bytes[i...].starts(with: word.utf8) {
        i += word.utf8.count
        return (nil, word == "null")
      }
      throw fail("expected a value: a number, null, true, false or a string")
    case UInt8(ascii: "["), UInt8(ascii: "{"):
      var depth = 0
      repeat {
        if bytes[i] == UInt8(ascii: "\"") {
          _ = try string()
          continue
        }
        if bytes[i] == UInt8(ascii: "[") || bytes[i] == UInt8(ascii: "{") { depth += 1 }
        if bytes[i] == UInt8(ascii: "]") || bytes[i] == UInt8(ascii: "}") { depth -= 1 }
        i += 1
      } while depth > 0 && i < bytes.endIndex
      guard depth == 0 else { throw fail("an array or object that does not end on this line") }
      return (nil, false)
    default:
      let start = i
      while i < bytes.endIndex, Self.numberBytes.contains(bytes[i]) { i += 1 }
      guard i > start, let number = Double(String(decoding: bytes[start..<i], as: UTF8.self)),
        number.isFinite
      else {
        i = start
        throw fail("expected a value: a number such as 0.617, null, or a string")
      }
      return (number, true)
    }
  }

  static let numberBytes = Set("0123456789+-.eE".utf8)

  /// The decimals a number is written with: the digits after its point, less its
  /// exponent (0 for anything that is not a number; at most 15, a double's precision).
  static func decimals(_ text: ArraySlice<UInt8>) -> Int {
    var fraction = 0
    var afterPoint = false
    var exponent = 0
    var index = text.startIndex
    while index < text.endIndex {
      let byte = text[index]
      if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
        exponent = Int(String(decoding: text[(index + 1)...], as: UTF8.self)) ?? 0
        break
      }
      if byte == UInt8(ascii: ".") {
        afterPoint = true
      } else if afterPoint, byte >= 48, byte <= 57 {
        fraction += 1
      }
      index += 1
    }
    return Swift.min(15, Swift.max(0, fraction - Swift.max(-15, Swift.min(15, exponent))))
  }

  /// The frame the fields describe.
  func frame(_ fields: [String: Value]) throws(AppTraceError) -> AppTrace.Frame {
    func number(_ key: String, example: String) throws(AppTraceError) -> Double? {
      guard let value = fields[key] else { return nil }
      guard value.isNumberOrNull else {
        throw fail(
          at: value.start, "\"\(key)\" must be a number (or null), e.g. \"\(key)\":\(example)")
      }
      // A screen's times and points are far below this; larger is not a trace.
      if let number = value.number, !(abs(number) <= AppTrace.largestValue) {
        throw fail(
          at: value.start,
          "\"\(key)\" is \(number), beyond ±1e9: give seconds and points, e.g. "
            + "\"\(key)\":\(example)")
      }
      return value.number
    }
    guard let time = try number("t", example: "0.617") else {
      throw fail(
        at: nil,
        "a frame needs \"t\", the time in seconds, and \"offset\", the scroll offset in points, "
          + "e.g. \(AppTrace.example)")
    }
    guard time >= 0 else {
      throw fail(
        at: fields["t"]?.start,
        "\"t\" is \(time): it counts seconds from the gesture's start and is never negative")
    }
    guard let offset = try number("offset", example: "12.5") else {
      throw fail(
        at: nil, "a frame needs \"offset\", the scroll offset in points, e.g. \(AppTrace.example)")
    }
    var row: Int?
    if let value = try number("row", example: "4") {
      guard value >= 1, value <= Double(Int32.max), value.rounded() == value else {
        throw fail(
          at: fields["row"]?.start,
          "\"row\" is the lifted row's slot counted from 1, a whole number, or null when none is")
      }
      row = Int(value)
    }
    return AppTrace.Frame(
      time: time, offset: offset, row: row, finger: try number("finger", example: "431"),
      delta: try number("delta", example: "2.5"))
  }
}
