/// Why the engine refused a command. A refused command changes nothing.
///
/// Row numbers in messages are 1-based, as the user typed them.
public enum EngineError: Error, Sendable, Equatable {
  case gestureInProgress(phase: String)
  case noGesture
  case noLiftedRow(phase: String)
  case emptyList
  case rowOutOfRange(row: Int, count: Int)
  case sectionOutOfRange(section: Int, count: Int)
  case sectionRowOutOfRange(section: Int, row: Int, limit: Int)
  case rowLocked(row: Int)
  case rowPinned(row: Int)
  case outsideViewport(y: Double, viewport: Double)
  case noRowAt(y: Double)
  case crossesPinned(row: Int, pinned: Int)
  case otherSection(row: Int)
  case nothingToUndo
  case nothingToRedo
  case invalidSetting(key: String, message: String)
  case notFinite(what: String)
  case tooManyFrames

  /// A short lowercase message that says what is wrong and what would be right.
  public var message: String {
    switch self {
    case .gestureInProgress(let phase):
      "a gesture is in progress (\(phase)); release or cancel it first"
    case .noGesture:
      "no gesture in progress; press a row first"
    case .noLiftedRow(let phase):
      "no row is lifted (phase \(phase)); press a row first"
    case .emptyList:
      "the list is empty"
    case .rowOutOfRange(let row, let count):
      count == 0
        ? "row \(row) does not exist; the list is empty"
        : "row \(row) does not exist; rows are 1 to \(count)"
    case .sectionOutOfRange(let section, let count):
      "section \(section) does not exist; sections are 1 to \(count)"
    case .sectionRowOutOfRange(let section, let row, let limit):
      limit == 0
        ? "section \(section) has no row \(row); it is empty"
        : "section \(section) has no row \(row); use 1 to \(limit)"
    case .rowLocked(let row):
      "row \(row) is locked; unlock it first"
    case .rowPinned(let row):
      "row \(row) is pinned; unlock it first"
    case .outsideViewport(let y, let viewport):
      "y=\(shortNumber(y)) is outside the viewport; use 0 <= y < \(shortNumber(viewport))"
    case .noRowAt(let y):
      "no row at y=\(shortNumber(y)) (a header, a footer or empty space); press a row"
    case .crossesPinned(let row, let pinned):
      "row \(row) would cross pinned row \(pinned); pinned rows cannot be passed"
    case .otherSection(let row):
      "row \(row) would change section, but sections are kept (set sections cross)"
    case .nothingToUndo:
      "nothing to undo"
    case .nothingToRedo:
      "nothing to redo"
    case .invalidSetting(let key, let message):
      "\(key): \(message)"
    case .notFinite(let what):
      "\(what) is out of range; use a smaller number"
    case .tooManyFrames:
      "too many frames; use at most 2147483647"
    }
  }
}

/// The shortest text that reads back as the same double, without a trailing `.0`
/// (`600`, `12.5`, `1e-05`): how settings and messages show numbers.
public func shortNumber(_ value: Double) -> String {
  if value == 0 { return "0" }
  let text = value.description
  return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
}
