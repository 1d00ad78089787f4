import Glibc

/// Terminals, pipes, the environment and ending the process.
extension System {
  /// Whether `fd` is a terminal.
  public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

  /// The column count of the terminal on `fd`, nil when it is none.
  public static func terminalColumns(_ fd: Int32) -> Int? {
    var size = winsize()
    return !fails(.ioctl) && ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0
      ? Int(size.ws_col) : nil
  }

  /// Asks for a pipe buffer of `bytes` (`F_SETPIPE_SZ`); the kernel may refuse.
  public static func setPipeSize(_ fd: Int32, bytes: Int32) {
    _ = fcntl(fd, FileControl.setPipeSize, bytes)
  }

  /// `mkdir(2)`; true when the directory exists afterwards.
  public static func makeDirectory(_ path: String, mode: UInt32) -> Bool {
    mkdir(cPath(path), mode_t(mode)) == 0 || errno == EEXIST
  }

  /// The command line as text that keeps every byte (`RawText`): a file name that is
  /// not UTF-8 still names its file. (`CommandLine.arguments` repairs such bytes.)
  public static func arguments() -> [String] {
    (0..<Int(CommandLine.argc)).map { k in
      guard let argument = CommandLine.unsafeArgv[k] else { return "" }
      return RawText.string(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
    }
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

  /// When the process started with standard error closed (cron, a daemon), puts
  /// `/dev/null` there, so that no file rowdrag opens later (a trace, a temporary file)
  /// takes descriptor 2 and receives its messages or a drop hook's output.
  public static func keepStandardErrorOpen() {
    guard fcntl(2, F_GETFD) < 0 && errno == EBADF else { return }
    let fd = Glibc.open("/dev/null", O_WRONLY)
    guard fd >= 0, fd != 2 else { return }
    _ = dup2(fd, 2)
    _ = Glibc.close(fd)
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
