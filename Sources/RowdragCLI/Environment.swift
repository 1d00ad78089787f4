import RowdragSystem

/// What the runner needs to know about the process's surroundings; tests fill it in.
public struct Environment: Sendable {
  public var stdinIsTerminal: Bool
  public var stdoutIsTerminal: Bool
  /// Whether standard error is a terminal: a long search shows its progress there.
  public var stderrIsTerminal: Bool
  public var variables: [String: String]
  /// Terminal width when standard output is a terminal.
  public var terminalColumns: Int?

  public init(
    stdinIsTerminal: Bool = false, stdoutIsTerminal: Bool = false,
    stderrIsTerminal: Bool = false, variables: [String: String] = [:],
    terminalColumns: Int? = nil
  ) {
    self.stdinIsTerminal = stdinIsTerminal
    self.stdoutIsTerminal = stdoutIsTerminal
    self.stderrIsTerminal = stderrIsTerminal
    self.variables = variables
    self.terminalColumns = terminalColumns
  }

  /// The real process environment.
  public static func current() -> Environment {
    Environment(
      stdinIsTerminal: System.isTerminal(0), stdoutIsTerminal: System.isTerminal(1),
      stderrIsTerminal: System.isTerminal(2), variables: System.environmentVariables(),
      terminalColumns: currentColumns())
  }

  /// The width of the terminal on standard output now, if it is one.
  public static func currentColumns() -> Int? {
    System.terminalColumns(1)
  }

  /// Colour only on a terminal, never with a non-empty `NO_COLOR` or `TERM=dumb`.
  public var colorAllowed: Bool {
    stdoutIsTerminal && (variables["NO_COLOR"] ?? "").isEmpty && variables["TERM"] != "dumb"
  }
}
