import Glibc
import Synchronization

/// The terminal of the live view: raw input, the alternate screen and xterm mouse
/// reporting (button-event tracking with SGR coordinates, modes 1002 and 1006) — and
/// their undoing on every way out: leaving normally, any signal that ends the process
/// (`fatalSignals`, and SIGINT sent from outside), a crash, and Ctrl-Z (undone while
/// stopped, redone on `fg`).
///
/// Plain ANSI sequences and `termios`, not curses: the view needs a handful of
/// sequences every terminal emulator of the last thirty years knows, and drawing its
/// own lines keeps every frame one `write` of exactly what changed.
public enum FullScreen {
  nonisolated(unsafe) static var saved = termios()
  static let active = Atomic<Bool>(false)
  static let resized = Atomic<Bool>(false)
  static let resumed = Atomic<Bool>(false)
  /// The handlers in place before `enter`, by signal number: a plain buffer, as a
  /// signal handler may read it (a Swift dictionary might retain or allocate).
  nonisolated(unsafe) static let previous: UnsafeMutablePointer<sigaction> = {
    let buffer = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    buffer.initialize(repeating: sigaction(), count: 65)
    return buffer
  }()
  nonisolated(unsafe) static var chainedSignals: [Int32] = []
  /// The terminal's descriptors: standard input and output, or one descriptor of the
  /// controlling terminal (`/dev/tty`) when the list comes through a pipe and its
  /// result goes to one (`… | rowdrag --live - > out`, as `fzf` and `less` do).
  nonisolated(unsafe) static var inputFD: Int32 = 0
  nonisolated(unsafe) static var outputFD: Int32 = 1
  /// The `/dev/tty` descriptor `enter` opened, closed by `leave`.
  nonisolated(unsafe) static var openedFD: Int32 = -1

  /// The alternate screen, no cursor, button-event mouse tracking in SGR form, asked in
  /// pixels (SGR-Pixels, mode 1016) with two questions whose answers say whether the
  /// terminal took that and how large a cell is (DECRQM, `CSI 16 t`); a terminal that
  /// knows neither ignores both and reports cells.
  static let enterSequence: StaticString = """
    \u{1B}[?1049h\u{1B}[?25l\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?1016h\u{1B}[?1016$p\u{1B}[16t\
    \u{1B}[H\u{1B}[2J
    """
  static let leaveSequence: StaticString =
    "\u{1B}[?1016l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?25h\u{1B}[?1049l"

  /// Every signal whose default action ends the process (signal(7): "Term" and
  /// "Core", the real-time signals included), whose handlers restore the terminal
  /// first and then do what was there before (the Swift runtime's crash report, say,
  /// or the default action). A signal the process ignores is left ignored. SIGINT is
  /// not among them: in raw mode Ctrl-C is a key, and a SIGINT sent from outside
  /// either ends the process through `Signals.cleanUpOnTermination`, which restores
  /// the terminal too, or is the interactive shell's to catch.
  static let fatalSignals: [Int32] =
    [
      SIGTERM, SIGHUP, SIGQUIT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGUSR1,
      SIGUSR2, SIGPIPE, SIGALRM, SIGSTKFLT, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGIO, SIGPWR,
      SIGSYS,
    ] + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())

  /// Whether standard input and output are both a terminal.
  public static var standardStreamsAreTerminal: Bool { isatty(0) == 1 && isatty(1) == 1 }

  /// Whether the process has a controlling terminal it can open (`/dev/tty`).
  public static func controllingTerminalOpens() -> Bool {
    let fd = Glibc.open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else { return false }
    defer { _ = close(fd) }
    return isatty(fd) == 1
  }

  /// Takes over the terminal on standard input and output, or, when either is not
  /// one, the controlling terminal `/dev/tty`; false when there is none.
  public static func enter() -> Bool {
    if standardStreamsAreTerminal {
      (inputFD, outputFD) = (0, 1)
    } else {
      let fd = Glibc.open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
      guard fd >= 0 else { return false }
      guard isatty(fd) == 1 else {
        _ = close(fd)
        return false
      }
      (inputFD, outputFD, openedFD) = (fd, fd, fd)
    }
    guard tcgetattr(inputFD, &saved) == 0 else {
      closeOpened()
      return false
    }
    var raw = saved
    cfmakeraw(&raw)
    raw.c_oflag |= tcflag_t(OPOST | ONLCR)
    guard tcsetattr(inputFD, TCSAFLUSH, &raw) == 0 else {
      closeOpened()
      return false
    }
    active.store(true, ordering: .sequentiallyConsistent)
    writeAll(enterSequence)
    for signal in fatalSignals where !isIgnored(signal) { chain(signal, onFatal) }
    chain(SIGWINCH, onResize)
    chain(SIGCONT, onContinue)
    chain(SIGTSTP, onStop)
    return true
  }

  /// Gives the terminal back as it was and puts the previous signal handlers back.
  public static func leave() {
    restore()
    for signal in chainedSignals { _ = sigaction(signal, previous + Int(signal), nil) }
    chainedSignals = []
    closeOpened()
  }

  private static func closeOpened() {
    guard openedFD >= 0 else { return }
    _ = close(openedFD)
    (inputFD, outputFD, openedFD) = (0, 1, -1)
  }

  /// After a stop and `fg`: takes the terminal again if the stop gave it back.
  public static func resume() {
    if !active.load(ordering: .sequentiallyConsistent) { reenter() }
  }

  /// Ctrl-Z: gives the terminal back and stops; on `fg`, takes it again. The caller
  /// then draws everything anew.
  public static func suspend() {
    restore()
    _ = kill(getpid(), SIGSTOP)
    reenter()
  }

  /// Whether the window changed size since the last call (SIGWINCH).
  public static func takeResize() -> Bool { resized.exchange(false, ordering: .relaxed) }

  /// Whether the process was stopped and continued from outside since the last call.
  public static func takeResume() -> Bool { resumed.exchange(false, ordering: .relaxed) }

  /// A cell's width and height in pixels, when the terminal tells the kernel its size
  /// in pixels (many leave it 0).
  public static func cellPixels() -> (width: Int, height: Int)? {
    var size = winsize()
    guard !System.fails(.ioctl), ioctl(outputFD, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0,
      size.ws_col > 0, size.ws_xpixel >= size.ws_col, size.ws_ypixel >= size.ws_row
    else { return nil }
    return (Int(size.ws_xpixel) / Int(size.ws_col), Int(size.ws_ypixel) / Int(size.ws_row))
  }

  /// Rows and columns of the terminal.
  public static func size() -> (rows: Int, columns: Int) {
    var size = winsize()
    guard !System.fails(.ioctl), ioctl(outputFD, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0,
      size.ws_col > 0
    else {
      return (24, 80)
    }
    return (Int(size.ws_row), Int(size.ws_col))
  }

  /// Waits for input on standard input for at most `milliseconds` (-1: without end);
  /// false on a timeout or a signal.
  public static func waitForInput(milliseconds: Int32) -> Bool {
    var descriptor = pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)
    return !System.fails(.poll) && poll(&descriptor, 1, milliseconds) > 0
  }

  /// Whether Ctrl-C (or Esc) was typed, reading what the terminal has without waiting:
  /// how a drop hook is stopped from the raw-mode live view. Other keys typed meanwhile
  /// are dropped, as type-ahead is while a hook runs.
  public static func takeInterruptKey() -> Bool {
    var stop = false
    while waitForInput(milliseconds: 0) {
      guard let bytes = read(), !bytes.isEmpty else { break }
      if bytes.contains(3) || bytes == [27] { stop = true }
    }
    return stop
  }

  /// Reads what standard input has (at most 4 KiB): empty when a signal came first,
  /// nil at its end (the terminal went away).
  public static func read() -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let n = buffer.withUnsafeMutableBytes { Glibc.read(inputFD, $0.baseAddress, $0.count) }
    if n > 0 { return Array(buffer[..<n]) }
    return n < 0 && errno == EINTR ? [] : nil
  }

  /// Runs `body` with standard error going to a temporary file, and returns what was
  /// written there: a program it starts (the drop hook) writes nothing over the
  /// picture. A file, not a pipe, so that no amount of output can block the program.
  /// When no temporary file can be made, `body` runs as it is.
  public static func capturingStandardError<T>(_ body: () -> T) -> (T, [UInt8]) {
    let directory =
      System.environmentVariables()["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((directory + "/rowdrag-hook-XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard fd >= 0 else { return (body(), []) }
    _ = template.withUnsafeBufferPointer { buffer in buffer.baseAddress.map { unlink($0) } }
    defer { _ = close(fd) }
    let saved = dup(2)
    guard saved >= 0, dup2(fd, 2) >= 0 else {
      if saved >= 0 { _ = close(saved) }
      return (body(), [])
    }
    let result = body()
    _ = dup2(saved, 2)
    _ = close(saved)
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    _ = lseek(fd, 0, SEEK_SET)
    while output.count < 1 << 20 {
      let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { break }
      output += buffer[..<n]
    }
    return (result, output)
  }

  /// Writes `bytes` to the terminal in full.
  public static func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { raw in
      guard var base = raw.baseAddress else { return }
      var left = raw.count
      while left > 0 {
        let n = Glibc.write(outputFD, base, left)
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { return }
        left -= n
        base += n
      }
    }
  }

  /// Async-signal-safe: the terminal as it was, if it was taken.
  static func restore() {
    guard active.exchange(false, ordering: .sequentiallyConsistent) else { return }
    writeAll(leaveSequence)
    _ = tcsetattr(inputFD, TCSAFLUSH, &saved)
  }

  static func reenter() {
    var raw = saved
    cfmakeraw(&raw)
    raw.c_oflag |= tcflag_t(OPOST | ONLCR)
    _ = tcsetattr(inputFD, TCSAFLUSH, &raw)
    active.store(true, ordering: .sequentiallyConsistent)
    writeAll(enterSequence)
  }

  static func writeAll(_ text: StaticString) {
    _ = Glibc.write(outputFD, text.utf8Start, text.utf8CodeUnitCount)
  }

  /// Whether `signal` is ignored (`SIG_IGN`, as `nohup` leaves SIGHUP): then it ends
  /// nothing, and a handler must not make it.
  private static func isIgnored(_ signal: Int32) -> Bool {
    var current = sigaction()
    guard sigaction(signal, nil, &current) == 0 else { return false }
    return current.sa_flags & SA_SIGINFO == 0
      && unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
        == unsafeBitCast(SIG_IGN, to: Int.self)
  }

  private static func chain(_ signal: Int32, _ handler: @convention(c) (Int32) -> Void) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    if chainedSignals.contains(signal) {
      _ = sigaction(signal, &action, nil)
    } else {
      _ = sigaction(signal, &action, previous + Int(signal))
      chainedSignals.append(signal)
    }
  }
}

/// Restores the terminal, then lets the handler that was there before (or the
/// default action) deal with the signal, so the process ends as it would have.
private func onFatal(_ signal: Int32) {
  FullScreen.restore()
  _ = sigaction(signal, FullScreen.previous + Int(signal), nil)
  _ = raise(signal)
}

private func onResize(_ signal: Int32) {
  FullScreen.resized.store(true, ordering: .relaxed)
}

/// A stop from outside (`kill -TSTP`): give the terminal back first.
private func onStop(_ signal: Int32) {
  FullScreen.restore()
  _ = kill(getpid(), SIGSTOP)
}

private func onContinue(_ signal: Int32) {
  FullScreen.resumed.store(true, ordering: .relaxed)
}
