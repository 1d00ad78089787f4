#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the runner needs to know about the process's surroundings; tests fill it in.
public struct Environment: Sendable {
  public var stdinIsTerminal: Bool
  public var stdoutIsTerminal: Bool
  public var variables: [String: String]
  /// Terminal width when standard output is a terminal.
  public var terminalColumns: Int?

  public init(
    stdinIsTerminal: Bool = false, stdoutIsTerminal: Bool = false,
    variables: [String: String] = [:],
    terminalColumns: Int? = nil
  ) {
    self.stdinIsTerminal = stdinIsTerminal
    self.stdoutIsTerminal = stdoutIsTerminal
    self.variables = variables
    self.terminalColumns = terminalColumns
  }

  /// The real process environment.
  public static func current() -> Environment {
    var variables: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let eq = text.firstIndex(of: "=") {
        variables[String(text[..<eq])] = String(text[text.index(after: eq)...])
      }
      entry += 1
    }
    return Environment(
      stdinIsTerminal: isatty(0) == 1, stdoutIsTerminal: isatty(1) == 1, variables: variables,
      terminalColumns: currentColumns())
  }

  /// The width of the terminal on standard output now, if it is one.
  public static func currentColumns() -> Int? {
    var size = winsize()
    return ioctl(1, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
  }

  /// Colour only on a terminal, never with a non-empty `NO_COLOR` or `TERM=dumb`.
  public var colorAllowed: Bool {
    stdoutIsTerminal && (variables["NO_COLOR"] ?? "").isEmpty && variables["TERM"] != "dumb"
  }
}
