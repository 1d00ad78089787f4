import Glibc
import Synchronization

/// The process's signal handlers. Each does only async-signal-safe work — set an atomic
/// flag, or `write` and `_exit` — and each is a plain function of this library module,
/// so it has no actor isolation to check when a signal arrives on any thread.
public enum Signals {
  /// Set when SIGINT arrives; whoever acts on it clears it (`takeInterrupt`).
  static let interruptFlag = Atomic<Bool>(false)

  /// Catches SIGINT into a flag instead of ending the process. The handler is installed
  /// without `SA_RESTART`, so a blocking `read` (readline waiting for a key) returns
  /// `EINTR` and its caller can look at the flag.
  public static func catchInterrupts() {
    interruptFlag.store(false, ordering: .relaxed)  // initialised before any signal
    install(SIGINT, onInterrupt)
  }

  /// Whether SIGINT arrived since the last call; clears the flag.
  public static func takeInterrupt() -> Bool {
    interruptFlag.exchange(false, ordering: .relaxed)
  }

  /// Whether SIGINT arrived and is still to be acted on.
  public static var interruptPending: Bool { interruptFlag.load(ordering: .relaxed) }

  /// Turns SIGBUS — a mapped list file that another program shrank while rowdrag read
  /// it — into one line on standard error and exit status 4, not a crash.
  public static func reportShrunkListFile() {
    fatalReported.store(false, ordering: .relaxed)  // initialised before any signal
    install(SIGBUS, onBusError)
  }

  /// Set by the first fatal report, so that two threads faulting at once (both halves
  /// of a line count reading a shrunk file) print one line, not two.
  static let fatalReported = Atomic<Bool>(false)

  /// Removes the temporary file registered with `removeOnTermination` when SIGINT,
  /// SIGTERM or SIGHUP ends the process, then dies of the signal as it would have.
  /// (SIGKILL cannot be caught; the writer keeps its file unnamed for that reason.)
  public static func cleanUpOnTermination() {
    temporaryArmed.store(false, ordering: .relaxed)
    _ = temporaryPath
    for signal in [SIGINT, SIGTERM, SIGHUP] { install(signal, onTermination) }
  }

  /// Registers `path` (or, with nil, nothing) as the file to remove if the process is
  /// ended by a signal now.
  public static func removeOnTermination(_ path: String?) {
    temporaryArmed.store(false, ordering: .sequentiallyConsistent)
    guard let path else { return }
    let bytes = Array(RawText.bytes(path).prefix(Int(PATH_MAX) - 1))
    for (k, byte) in bytes.enumerated() { temporaryPath[k] = CChar(bitPattern: byte) }
    temporaryPath[bytes.count] = 0
    temporaryArmed.store(true, ordering: .sequentiallyConsistent)
  }

  static let temporaryArmed = Atomic<Bool>(false)
  nonisolated(unsafe) static let temporaryPath: UnsafeMutablePointer<CChar> = {
    let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(PATH_MAX))
    buffer.initialize(repeating: 0, count: Int(PATH_MAX))
    return buffer
  }()

  /// Turns an allocation failure inside the Swift runtime — which calls `abort` after
  /// `malloc` failed — into rowdrag's own line and exit status 4, not a backtrace.
  /// Every other fatal error in Swift code traps (SIGILL/SIGTRAP) and stays a crash,
  /// and so does every other abort: a SIGABRT sent from outside (`kill -ABRT`), or
  /// glibc's heap checks. An abort is taken for an allocation failure only when the
  /// process raised it itself and the failed call's `errno` is still `ENOMEM`.
  public static func reportOutOfMemory() {
    var action = sigaction()
    action.__sigaction_handler.sa_sigaction = onAbort
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_SIGINFO
    _ = sigaction(SIGABRT, &action, nil)
  }

  /// The process group of the drop hook running now, 0 when none: a SIGTERM or
  /// SIGHUP that ends rowdrag is passed to it first, so no hook outlives the program
  /// that started it (as a shell passes SIGHUP to its jobs).
  static let hookGroup = Atomic<Int32>(0)

  /// Set when SIGINT arrives while a hook runs (`whileCatchingHookInterrupts`).
  static let hookInterruptFlag = Atomic<Bool>(false)
  /// Set when a hook was stopped by Ctrl-C; a script ends by SIGINT after its failure.
  static let hookWasInterrupted = Atomic<Bool>(false)

  /// Runs `body` with SIGINT caught into a flag that `takeHookInterrupt` reads (not
  /// the shell's, and not ending a script), then puts the previous action back.
  static func whileCatchingHookInterrupts<R>(_ body: () -> R) -> R {
    hookInterruptFlag.store(false, ordering: .relaxed)
    var action = sigaction()
    action.__sigaction_handler.sa_handler = onHookInterrupt
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    var previous = sigaction()
    _ = sigaction(SIGINT, &action, &previous)
    defer { _ = sigaction(SIGINT, &previous, nil) }
    return body()
  }

  /// Whether SIGINT arrived while a hook runs since the last call; clears the flag.
  static func takeHookInterrupt() -> Bool {
    let taken = hookInterruptFlag.exchange(false, ordering: .relaxed)
    if taken { hookWasInterrupted.store(true, ordering: .relaxed) }
    return taken
  }

  /// Whether Ctrl-C stopped a hook (and nobody took it yet).
  public static var hookWasInterruptedPending: Bool {
    hookWasInterrupted.load(ordering: .relaxed)
  }

  /// Whether Ctrl-C stopped a hook since the last call; clears it.
  public static func takeHookWasInterrupted() -> Bool {
    hookWasInterrupted.exchange(false, ordering: .relaxed)
  }

  /// Ends the process by SIGINT, as Ctrl-C ends a filter, so that the calling shell
  /// sees an interrupt (its loop stops), the temporary file removed first.
  public static func endByInterrupt() -> Never {
    onTermination(SIGINT)
    _exit(130)
  }

  private static func install(_ signal: Int32, _ handler: @convention(c) (Int32) -> Void) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    _ = sigaction(signal, &action, nil)
  }
}

private func onInterrupt(_ signal: Int32) {
  Signals.interruptFlag.store(true, ordering: .relaxed)
}

private func onHookInterrupt(_ signal: Int32) {
  Signals.hookInterruptFlag.store(true, ordering: .relaxed)
}

private func onBusError(_ signal: Int32) {
  if !Signals.fatalReported.exchange(true, ordering: .sequentiallyConsistent) {
    let message: StaticString = "rowdrag: the list file shrank while it was being read\n"
    _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
  }
  _exit(4)
}

private func onTermination(_ signal: Int32) {
  let hook = Signals.hookGroup.load(ordering: .sequentiallyConsistent)
  if hook > 0 { _ = kill(-hook, signal) }
  FullScreen.restore()
  if Signals.temporaryArmed.load(ordering: .sequentiallyConsistent) {
    _ = unlink(Signals.temporaryPath)
  }
  var action = sigaction()
  action.__sigaction_handler.sa_handler = SIG_DFL
  sigemptyset(&action.sa_mask)
  _ = sigaction(signal, &action, nil)
  _ = raise(signal)
}

private func onAbort(
  _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
  let error = errno  // the aborting thread's, before anything here can change it
  let raisedHere =
    info.map { $0.pointee.si_code == SI_TKILL && $0.pointee._sifields._kill.si_pid == getpid() }
    ?? false
  if raisedHere && error == ENOMEM { Signals.exitOutOfMemory() }
  // Any other abort ends the process as SIGABRT does, the terminal given back first.
  FullScreen.restore()
  var action = sigaction()
  action.__sigaction_handler.sa_handler = SIG_DFL
  sigemptyset(&action.sa_mask)
  _ = sigaction(signal, &action, nil)
  _ = raise(signal)
}

extension Signals {
  /// Says "out of memory" in one line and ends the process with status 4: for an
  /// allocation that cannot be had where no error can be thrown.
  public static func exitOutOfMemory() -> Never {
    if !fatalReported.exchange(true, ordering: .sequentiallyConsistent) {
      let message: StaticString =
        "rowdrag: out of memory; the list needs more than this process may use (see ulimit -v)\n"
      _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
    }
    _exit(4)
  }
}
