import Glibc

/// Terminals, pipes, the environment and ending the process.
extension System {
  /// Whether `fd` is a terminal.
  public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

  /// The column count of the terminal on `fd`, nil when it is none.
  public static func terminalColumns(_ fd: Int32) -> Int? {
    var size = winsize()
    return ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
  }

  /// Asks for a pipe buffer of `bytes` (`F_SETPIPE_SZ`); the kernel may refuse.
  public static func setPipeSize(_ fd: Int32, bytes: Int32) {
    _ = fcntl(fd, FileControl.setPipeSize, bytes)
  }

  /// `mkdir(2)`; true when the directory exists afterwards.
  public static func makeDirectory(_ path: String, mode: UInt32) -> Bool {
    mkdir(path, mode_t(mode)) == 0 || errno == EEXIST
  }

  /// The process's environment variables.
  public static func environmentVariables() -> [String: String] {
    var variables: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let eq = text.firstIndex(of: "=") {
        variables[String(text[..<eq])] = String(text[text.index(after: eq)...])
      }
      entry += 1
    }
    return variables
  }

  /// `exit(3)`: ends the process with `status`.
  public static func exit(_ status: Int32) -> Never { Glibc.exit(status) }

  /// Seconds on a clock that only goes forward (`CLOCK_MONOTONIC`), for the live
  /// view's frames.
  public static func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  /// Seconds since the epoch on the wall clock (`CLOCK_REALTIME`), the clock file
  /// modification times are taken from.
  public static func wallClockSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}

/// How a child process ended.
public enum ProcessOutcome: Sendable, Equatable {
  /// It exited with this status (127: the shell could not run the command).
  case exited(Int32)
  /// A signal ended it.
  case signaled(Int32)
  /// It could not be started at all.
  case couldNotStart(Int32)
}

extension System {
  /// Runs `command` through `/bin/sh -c` and waits for it: standard input `/dev/null`,
  /// standard output and error both to this process's standard error, the environment
  /// this process's plus `extra`. Values are passed through the environment, never
  /// put into the command line, so no label can inject shell syntax.
  public static func runShell(_ command: String, extra: [String: String]) -> ProcessOutcome {
    var environment = environmentVariables()
    for (key, value) in extra { environment[key] = value }
    let entries = environment.keys.sorted().map { "\($0)=\(environment[$0] ?? "")" }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, 2, 1)
    let argv = ["/bin/sh", "-c", command]
    var pid = pid_t()
    let status = withCStrings(argv) { args in
      withCStrings(entries) { env in posix_spawn(&pid, "/bin/sh", &actions, nil, args, env) }
    }
    guard status == 0 else { return .couldNotStart(status) }
    var wait: Int32 = 0
    while waitpid(pid, &wait, 0) < 0 {
      guard errno == EINTR else { return .couldNotStart(errno) }
    }
    if wait & 0x7f == 0 { return .exited((wait >> 8) & 0xff) }
    return .signaled(wait & 0x7f)
  }

  /// A NULL-terminated array of C strings for the duration of `body`.
  private static func withCStrings<R>(
    _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R
  ) -> R {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return body(pointers)
  }
}
