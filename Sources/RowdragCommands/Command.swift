import RowdragFormats

/// A row address (SPEC §6): resolved against the current order when the command runs.
public enum Address: Sendable, Equatable {
  /// 1-based global row number.
  case number(Int)
  /// `$`, the last row.
  case last
  /// `S:R`, 1-based section and row.
  case sectionRow(SectionAddress, Int)
  /// `S:$`, the last row of section S (as a `move` target: last in section S).
  case sectionLast(SectionAddress)
  /// `/REGEX/`, the first row from the top whose label matches.
  case pattern(String)
}

/// The `S` of `S:R` and `S:$`: a section by its number, or by its title (FORMATS.md §5),
/// so a script says `/Done/:1` whatever columns come before it.
public enum SectionAddress: Sendable, Equatable, ExpressibleByIntegerLiteral {
  /// 1-based section number, in layout order.
  case number(Int)
  /// `/REGEX/`: the first titled section whose header label matches.
  case titled(String)

  public init(integerLiteral value: Int) { self = .number(value) }
}

/// `A,B`: the rows from `first` to `last` inclusive, of one section (SPEC §10). `last`
/// is looked up from `first` on: a `/REGEX/` there finds the first match at or after
/// it. A single address is the range of that one row.
public struct AddressRange: Sendable, Equatable {
  public var first: Address
  public var last: Address

  public init(first: Address, last: Address) {
    self.first = first
    self.last = last
  }
}

/// Where `move` puts a row.
public enum MoveTarget: Sendable, Equatable {
  /// `N`, `$` or `S:R`: the row ends as that row.
  case row(Address)
  /// `+N` / `-N`: the row ends N rows further down (up).
  case by(Int)
  /// `before B`: the row ends right above row B (any address).
  case before(Address)
  /// `after B`: the row ends right below row B.
  case after(Address)
}

/// Where `page` goes.
public enum PageTarget: Sendable, Equatable {
  /// Column K's page (1-based).
  case column(Int)
  /// The last column's page.
  case last
  /// The page of the first column whose title matches `/REGEX/`.
  case titled(String)
  /// The nearest page right of the board offset.
  case next
  /// The nearest page left of it.
  case previous
}

/// A parsed command, ready to run: a command of one concern, whose file under
/// `Commands/` holds its rows (what parses it) and its run.
public enum Command: Sendable, Equatable {
  case gesture(GestureCommand)
  case edit(EditCommand)
  case view(ViewCommand)
  case file(FileCommand)
  case meta(MetaCommand)

  /// Runs the command in `context`, by its concern.
  func run(in context: CommandContext) throws -> Session.Outcome {
    switch self {
    case .gesture(let command): try command.run(in: context)
    case .edit(let command): try command.run(in: context)
    case .view(let command): try command.run(in: context)
    case .file(let command): try command.run(in: context)
    case .meta(let command): try command.run(in: context)
    }
  }
}

/// What a command runs with: the session it reads and changes, where its output goes,
/// what else it may do (`Effects`), and the commands kept for `compare`.
struct CommandContext {
  let session: Session
  let out: OutputSink
  let effects: Effects
  let recorder: CommandRecorder
}

/// A command the parser or the session refused, with the name it was typed as.
public struct CommandError: Error, Sendable, Equatable {
  public var command: String
  public var message: String
  /// `true` when a file could not be read or written (exit status 4).
  public var isIOFailure = false

  public init(command: String, message: String, isIOFailure: Bool = false) {
    self.command = command
    self.message = message
    self.isIOFailure = isIOFailure
  }

  /// Ctrl-C stopped a long command.
  public static let interrupted = CommandError(command: "", message: "interrupted")

  /// `COMMAND: message`, or just the message when there is no command name.
  public var description: String { command.isEmpty ? message : "\(command): \(message)" }
}
