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

/// A parsed command, ready to run.
public enum Command: Sendable, Equatable {
  case press(Address)
  case pressAt(y: Double)
  /// `press x=X y=Y` (board mode).
  case pressAtPoint(x: Double, y: Double)
  /// `drag x=X [y=Y]` (board mode).
  case dragToPoint(x: Double, y: Double?)
  /// `drag ±DX ±DY` (board mode).
  case dragByPair(Double, Double)
  case dragTo(y: Double)
  case dragBy(Double)
  case dragToRow(Address)
  case tick(Int)
  case wait(Double)
  case release
  case cancel
  case move(Address, to: MoveTarget)
  /// `press A,B`: lifts the range as one block.
  case pressRange(AddressRange)
  /// `press A,B y=Y` (the board: `press A,B x=X y=Y`): lifts the range with the finger
  /// at that screen point, on one of its rows.
  case pressRangeAt(AddressRange, x: Double?, y: Double)
  /// `move A,B TO`: moves the range as one block.
  case moveRange(AddressRange, to: MoveTarget)
  /// `lock A,B`, `pin A,B`, `unlock A,B`: each row of the range.
  case lockRange(AddressRange)
  case pinRange(AddressRange)
  case unlockRange(AddressRange)
  /// `list A`, `list A,B`: only those rows.
  case listRows(AddressRange)
  case scrollTo(Double)
  case scrollBy(Double)
  case scrollToRow(Address)
  case scrollTop
  case scrollBottom
  case lock(Address)
  case pin(Address)
  case unlock(Address)
  case undo
  case redo
  case print
  case list
  case show
  /// The full-screen live view (`--live`), from the interactive shell.
  case live
  case state
  case set(key: String, values: [String])
  case get(key: String)
  /// `write [FILE]`, or `write! [FILE]` (`force`: over a file changed since it was read).
  case write(String?, force: Bool = false)
  /// Drops the session's changes and reads the list file again.
  case reload
  case quit(force: Bool)
  case help(String?)
  /// `page K|$|next|prev`.
  case page(PageTarget)
  /// Takes back the most recent edit, as a refused drop does.
  case reject
  /// The catalogue's presets, one line each.
  case presets
  /// `trace -|FILE|off`: the per-frame trace to standard output, a file, or stop.
  case trace(String)
  /// Replays this session's commands under each preset and prints the comparison.
  case compare([String])
  /// `require --OPTION /VALUE/ …`: fails unless the list was loaded with exactly these
  /// load options (a recording begins with it, so it replays only on the list as the
  /// live view read it).
  case require([LoadOptionWord])

  /// Whether replaying the command reproduces the session: it changes the engine, or
  /// reads nothing but the engine. Output, files and the shell itself are left out.
  var isReplayed: Bool {
    switch self {
    case .print, .list, .listRows, .show, .live, .state, .get, .write, .reload, .quit, .help,
      .presets,
      .trace, .compare, .require:
      false
    default: true
    }
  }
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
