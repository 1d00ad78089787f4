/// What the live view reads from the terminal: keys, and mouse reports in xterm's SGR
/// form (`ESC [ < b ; x ; y M` for a press or motion, `m` for a release).
public enum LiveEvent: Equatable, Sendable {
  public enum Key: Equatable, Sendable {
    case up, down, left, right, pageUp, pageDown, home, end
    /// Shift+Up and Shift+Down: they extend the selection of a range (SPEC §10).
    case shiftUp, shiftDown
    case escape, enter, backspace, tab
    /// A control key, by its letter (`c` for Ctrl-C).
    case control(Character)
    /// Text typed: a character.
    case character(Character)
  }

  public enum Button: Equatable, Sendable {
    case left, middle, right
  }

  public enum Mouse: Equatable, Sendable {
    case press(Button)
    /// A press with Shift held (xterm's modifier bit 4): it extends the selection.
    case shiftPress(Button)
    case release(Button)
    /// The pointer moved with a button held (mode 1002 reports only those).
    case motion(Button)
    case wheelUp
    case wheelDown
  }

  /// What the terminal answered about itself (the view asks when it opens).
  public enum Report: Equatable, Sendable {
    /// Whether mouse reports come in pixels (SGR-Pixels, mode 1016: DECRPM's answer).
    case pixelMouse(Bool)
    /// A character cell's size in pixels (the answer to `CSI 16 t`).
    case cellSize(width: Int, height: Int)
  }

  case key(Key)
  /// A mouse report at 1-based terminal column and row, or at a pixel when the
  /// terminal reports pixels (`Report.pixelMouse`).
  case mouse(Mouse, column: Int, row: Int)
  case report(Report)
}

/// Turns the bytes a terminal sends into events. A read may end inside a sequence:
/// the rest waits for the next read, except a lone escape, which is the Esc key.
/// Anything else a terminal would not send — a malformed mouse report, a coordinate
/// out of ``coordinates`` — is dropped, as unknown sequences are: pasted bytes reach
/// this decoder too.
public struct LiveInput: Sendable {
  /// The terminal columns and rows a mouse report may name (1-based); xterm's SGR
  /// reports have no limit, no terminal has more than this.
  public static let coordinates = 1...65_535

  private var pending: [UInt8] = []

  public init() {}

  /// The bytes kept for the next read: the start of a sequence, never more than one.
  public var pendingCount: Int { pending.count }

  public mutating func feed(_ bytes: [UInt8]) -> [LiveEvent] {
    pending += bytes
    var events: [LiveEvent] = []
    var i = 0
    while i < pending.count {
      guard let (event, length) = Self.decode(pending, at: i) else { break }
      if let event { events.append(event) }
      i += length
    }
    pending.removeFirst(i)
    // A lone escape at the end of what arrived is the key itself.
    if pending == [0x1B] {
      events.append(.key(.escape))
      pending = []
    }
    return events
  }

  /// The event at `i` and the bytes it takes (a nil event for bytes that mean
  /// nothing here); nil when the bytes end inside a sequence.
  private static func decode(_ b: [UInt8], at i: Int) -> (LiveEvent?, Int)? {
    let byte = b[i]
    switch byte {
    case 0x1B:
      guard i + 1 < b.count else { return nil }
      if b[i + 1] == UInt8(ascii: "[") || b[i + 1] == UInt8(ascii: "O") {
        return sequence(b, at: i)
      }
      return (.key(.escape), 1)
    case 0x0D, 0x0A: return (.key(.enter), 1)
    case 0x7F, 0x08: return (.key(.backspace), 1)
    case 0x09: return (.key(.tab), 1)
    case 0x01...0x1A:
      return (.key(.control(Character(Unicode.Scalar(byte + 0x60)))), 1)
    case 0x20...0x7E: return (.key(.character(Character(Unicode.Scalar(byte)))), 1)
    case 0xC2...0xF4:
      let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
      guard i + length <= b.count else { return nil }
      let text = String(decoding: b[i..<(i + length)], as: UTF8.self)
      return (text.first.map { .key(.character($0)) }, length)
    default:
      return (nil, 1)
    }
  }

  /// `ESC [ …` or `ESC O …`: arrows, paging keys, SGR mouse reports.
  private static func sequence(_ b: [UInt8], at i: Int) -> (LiveEvent?, Int)? {
    var j = i + 2
    // Parameters and intermediates, then one final byte in 0x40...0x7E. An escape, a
    // control byte or an overlong run is no sequence a terminal sends: the bytes so far
    // are dropped and reading starts again there.
    while j < b.count && (0x20...0x3F).contains(b[j]) && j - i < 32 { j += 1 }
    guard j < b.count else { return nil }
    guard (0x40...0x7E).contains(b[j]) else { return (nil, j - i) }
    let length = j + 1 - i
    let final = b[j]
    let parameters = String(decoding: b[(i + 2)..<j], as: UTF8.self)
    if parameters.hasPrefix("<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
      let fields = parameters.dropFirst().split(separator: ";", omittingEmptySubsequences: false)
      let numbers = fields.compactMap(reportNumber)
      guard numbers.count == 3, numbers.count == fields.count,
        coordinates.contains(numbers[1]), coordinates.contains(numbers[2])
      else { return (nil, length) }
      return (
        mouse(numbers[0], pressed: final == UInt8(ascii: "M"), numbers[1], numbers[2]), length
      )
    }
    if let report = report(parameters, final) { return (.report(report), length) }
    let key: LiveEvent.Key?
    switch (parameters, final) {
    // xterm's Shift modifier, `ESC [1;2A` (other modifiers stay plain arrows), and
    // rxvt's Shift+Up/Down, `ESC [a` and `ESC [b`.
    case ("1;2", UInt8(ascii: "A")), ("", UInt8(ascii: "a")): key = .shiftUp
    case ("1;2", UInt8(ascii: "B")), ("", UInt8(ascii: "b")): key = .shiftDown
    case (_, UInt8(ascii: "A")): key = .up
    case (_, UInt8(ascii: "B")): key = .down
    case (_, UInt8(ascii: "C")): key = .right
    case (_, UInt8(ascii: "D")): key = .left
    case (_, UInt8(ascii: "H")), ("1", UInt8(ascii: "~")), ("7", UInt8(ascii: "~")): key = .home
    case (_, UInt8(ascii: "F")), ("4", UInt8(ascii: "~")), ("8", UInt8(ascii: "~")): key = .end
    case ("5", UInt8(ascii: "~")): key = .pageUp
    case ("6", UInt8(ascii: "~")): key = .pageDown
    default: key = nil
    }
    return (key.map { .key($0) }, length)
  }

  /// DECRPM for mode 1016 (`CSI ? 1016 ; Ps $ y`: 1 or 3 set, anything else not) and
  /// the cell size (`CSI 6 ; height ; width t`), the answers to what the view asks.
  private static func report(_ parameters: String, _ final: UInt8) -> LiveEvent.Report? {
    if final == UInt8(ascii: "y"), parameters.hasPrefix("?1016;"), parameters.hasSuffix("$") {
      let value = parameters.dropFirst(6).dropLast()
      return .pixelMouse(value == "1" || value == "3")
    }
    guard final == UInt8(ascii: "t"), parameters.hasPrefix("6;") else { return nil }
    let fields = parameters.dropFirst(2).split(separator: ";", omittingEmptySubsequences: false)
    let numbers = fields.compactMap(reportNumber)
    guard numbers.count == 2, fields.count == 2, numbers.allSatisfy({ $0 > 0 }) else { return nil }
    return .cellSize(width: numbers[1], height: numbers[0])
  }

  /// A field of a mouse report: decimal digits only (no sign, as terminals send them),
  /// at most six of them, so nothing a report says can overflow what is done with it.
  private static func reportNumber(_ field: Substring) -> Int? {
    guard (1...6).contains(field.utf8.count),
      field.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
    else { return nil }
    return Int(field)
  }

  private static func mouse(_ code: Int, pressed: Bool, _ column: Int, _ row: Int) -> LiveEvent? {
    let buttons: [LiveEvent.Button] = [.left, .middle, .right]
    let kind: LiveEvent.Mouse
    if code & 64 != 0 {
      guard pressed else { return nil }
      kind = code & 1 == 0 ? .wheelUp : .wheelDown
    } else {
      guard code & 3 < 3 else { return nil }
      let button = buttons[code & 3]
      kind =
        !pressed
        ? .release(button)
        : code & 32 != 0 ? .motion(button) : code & 4 != 0 ? .shiftPress(button) : .press(button)
    }
    return .mouse(kind, column: column, row: row)
  }
}
