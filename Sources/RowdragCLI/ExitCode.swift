/// Exit statuses, mapped in one place (SPEC §8).
public enum ExitCode: Int32, Sendable {
  case success = 0
  /// A command failed.
  case commandFailed = 1
  /// The command line was wrong.
  case usage = 2
  /// The input list could not be parsed.
  case badInput = 3
  /// A file could not be read or written.
  case ioFailure = 4
  /// The live view was left with Ctrl-C (nothing written), as a shell reports SIGINT.
  case interrupted = 130
}
