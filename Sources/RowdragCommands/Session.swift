import RowdragBase
import RowdragEngine
import RowdragFormats
import RowdragSystem

/// A loaded list, its engine and where it came from: what every command runs against.
///
/// Both the script runner and the REPL drive one `Session`; output goes to the sink
/// they pass in and every other effect (the trace, the drop hook, notifications,
/// Ctrl-C) comes with each command as an `Effects` value, so tests run commands without
/// a process and a simulation runs them with none.
public final class Session {
  public var engine: Engine { didSet { arrangeDocument() } }
  public var document: Document
  /// Where `write` without a name goes; nil when the list came from standard input.
  public var filePath: String?
  /// Width of the `show` picture in columns.
  public var width = 80
  /// Whether `show` may use colour.
  public var color = false
  /// Whether a command tells what it changed out of sight (`set verbose`, `--verbose`):
  /// the front says where such lines go, the session whether they are wanted.
  public var verbose = false
  private var matchers: [String: LabelMatcher] = [:]
  /// The engine's marks version the document last showed (`arrangeDocument`).
  var shownMarks = 0
  /// How many times the list was read: 1, and one more for each `reload`. A
  /// `CommandRecorder` keeps the commands of one read.
  public internal(set) var readCount = 1
  /// The order and sections when `--on-drop` last accepted a drop (the hook's side, a
  /// server say, holds it): what `-i` writes when a later command fails. Nil when no
  /// hook accepted a drop since the list was read or written with that order.
  public internal(set) var acceptedByHook: (order: RowOrder, sectionStarts: [Int])?
  /// The list file as named on the command line, `-` for standard input (the drop
  /// hook's `ROWDRAG_FILE`).
  public var listName = "-"
  /// Whether pictures (`show`, the live view, the prompt) use ASCII only, for a
  /// terminal whose locale is not UTF-8.
  public var asciiOnly = false
  /// On a terminal: the width `help` wraps its lines to, between words (nil: no wrap,
  /// so piped help stays one line a command).
  public var helpWidth: Int?
  /// Whether `write FILE` saved a version the list's own file does not hold.
  var copiedElsewhere = false
  /// Whether the list's own file lacks what the session holds: edits since the last
  /// write, or a version written only to another file.
  public var ownFileIsStale: Bool { engine.layoutDiffersFromFile || copiedElsewhere }
  /// The format the list was read in, for `get format`.
  public var format = FormatChoice("text")
  /// The options the list was read with, besides the format: what `require` checks and
  /// a recording writes.
  public var loadOptions = LoadOptions()
  /// The list file as the session last read or wrote it: a write to it checks that no
  /// other program changed it since.
  public var fileStamp: FileStamp?
  /// Reads the list file at a path as the session's list was loaded (`reload`); set
  /// by the front, which knows the options.
  public var reader: ((String) throws -> (Document, Layout, FileStamp?))?

  /// How this session's touches went: a script whose drags all became pans (a hold it
  /// did not wait for) is warned about.
  public internal(set) var touches = TouchCount()

  public init(document: Document, layout: Layout, filePath: String?) {
    self.document = document
    self.engine = Engine(layout: layout)
    self.filePath = filePath
    arrangeDocument()
  }

  /// A session over `document` with `engine` as it stands: a comparison's replay,
  /// which runs on its own session and leaves this one as it was.
  init(document: Document, engine: Engine, filePath: String?) {
    self.document = document
    self.engine = engine
    self.filePath = filePath
    arrangeDocument()
  }

  /// What the caller should do after a command.
  public enum Outcome: Equatable {
    case proceed
    case quit(force: Bool)
  }

  /// Runs one command, with `effects` its only way out besides `out`; `compare`
  /// replays the commands `recorder` kept. A refused command changes nothing and
  /// throws.
  @discardableResult
  public func run(
    _ command: Command, named name: String, out: OutputSink, effects: Effects,
    recorder: CommandRecorder
  ) throws(CommandError) -> Outcome {
    let phase = TouchCount.kind(engine.phase)
    defer { touches.count(before: phase, after: TouchCount.kind(engine.phase)) }
    do {
      return try command.run(
        in: CommandContext(session: self, out: out, effects: effects, recorder: recorder))
    } catch let error as EngineError {
      throw CommandError(command: name, message: error.message)
    } catch let error as CommandError {
      throw CommandError(command: name, message: error.message, isIOFailure: error.isIOFailure)
    } catch let error as IOFailure {
      throw CommandError(
        command: name, message: error.description, isIOFailure: true)
    } catch {
      throw CommandError(command: name, message: "\(error)")
    }
  }

  /// Turns an address into a 0-based position in the current order; a `/REGEX/` over
  /// many rows asks `isInterrupted` now and then.
  public func resolve(_ address: Address, isInterrupted: () -> Bool) throws -> Int {
    let layout = engine.layout
    switch address {
    case .number(let n):
      try engine.checkPosition(n &- 1)
      return n - 1
    case .last:
      guard layout.rowCount > 0 else { throw EngineError.emptyList }
      return layout.rowCount - 1
    case .sectionRow(let section, let r):
      let s = try sectionNumber(section)
      guard s >= 1, s <= layout.sectionCount else {
        throw EngineError.sectionOutOfRange(section: s, count: layout.sectionCount)
      }
      let k = layout.rowCount(inSection: s - 1)
      guard r >= 1, r <= k else {
        throw EngineError.sectionRowOutOfRange(section: s, row: r, limit: k)
      }
      return layout.position(section: s - 1, row: r - 1)
    case .sectionLast(let section):
      let s = try sectionNumber(section)
      guard s >= 1, s <= layout.sectionCount else {
        throw EngineError.sectionOutOfRange(section: s, count: layout.sectionCount)
      }
      let k = layout.rowCount(inSection: s - 1)
      guard k > 0 else {
        throw CommandError(command: "", message: "section \(s) is empty; \(s):$ names no row")
      }
      return layout.position(section: s - 1, row: k - 1)
    case .pattern(let p):
      let matcher = try cachedMatcher(p)
      var found: Int?
      let end = document.forEachMatch(of: matcher, in: layout.order, isInterrupted: isInterrupted) {
        found = $0
        return false
      }
      if end == .interrupted { throw CommandError.interrupted }
      if let found { return found }
      throw CommandError(command: "", message: "no row matches /\(p)/")
    }
  }

  func cachedMatcher(_ pattern: String) throws -> LabelMatcher {
    if let m = matchers[pattern] { return m }
    let m = try LabelMatcher(pattern)
    matchers[pattern] = m
    return m
  }

  /// The label of the row at `position`.
  public func label(atPosition position: Int) -> String {
    document.label(ofRow: Int(engine.layout.order[position]))
  }
}
