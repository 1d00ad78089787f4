import Glibc

/// How a child process ended.
public enum ProcessOutcome: Sendable, Equatable {
  /// It exited with this status (127: the shell could not run the command).
  case exited(Int32)
  /// A signal ended it.
  case signaled(Int32)
  /// It could not be started at all (`errno`).
  case couldNotStart(Int32)
  /// Ctrl-C (SIGINT) arrived while it ran: it was stopped.
  case interrupted
  /// It ran longer than its time limit: it was stopped.
  case timedOut
}

/// How long a hook may run, and how it is stopped.
public struct HookLimits: Sendable, Equatable {
  /// Seconds the hook may run before it is stopped; 0 for no limit.
  public var timeout: Double
  /// Seconds between asking the hook's process group to stop (SIGINT for Ctrl-C,
  /// SIGTERM for the time limit) and killing it (SIGKILL).
  public var grace: Double

  public init(timeout: Double = 30, grace: Double = 2) {
    self.timeout = timeout
    self.grace = grace
  }
}

extension System {
  /// Runs `command` through `/bin/sh -c` in a process group of its own and waits for
  /// it: standard input `/dev/null`, standard output and error both to this process's
  /// standard error (`/dev/null` when it has none), the environment this process's plus
  /// `extra`, byte for byte. Values are passed through the environment, never put into
  /// the command line, so no label can inject shell syntax.
  ///
  /// A value longer than the kernel takes for one environment string is cut to fit, at
  /// a UTF-8 character's start, and `NAME_CUT` gives its full length in bytes.
  ///
  /// While it waits, Ctrl-C (SIGINT) does not do what it does otherwise: the hook's
  /// group gets SIGINT, and SIGKILL after `limits.grace` seconds (at once on a second
  /// Ctrl-C); past `limits.timeout` it gets SIGTERM, then SIGKILL the same way. Once
  /// the shell of a stopped hook has ended, what is left of its group is killed.
  ///
  /// `interrupted` is asked too while it waits: the live view's terminal is raw, so
  /// its Ctrl-C is a byte to read, not a signal. A SIGTERM or SIGHUP that ends rowdrag
  /// meanwhile goes to the hook's group too (`Signals.hookGroup`).
  public static func runShell(
    _ command: String, extra: [(name: String, value: [UInt8])], limits: HookLimits,
    interrupted: () -> Bool = { false }
  ) -> ProcessOutcome {
    let entries = hookEnvironment(extra)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if fcntl(2, F_GETFD) >= 0 {
      posix_spawn_file_actions_adddup2(&actions, 2, 1)
    } else {
      // No standard error (cron, a daemon): the output goes nowhere, as it would.
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // Its own group, to signal it and its children together; no signal blocked, so
    // the group signal reaches it whatever this process blocks.
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK))
    let argv = ["/bin/sh", "-c", command].map { Array($0.utf8) }
    return Signals.whileCatchingHookInterrupts { () -> ProcessOutcome in
      var pid = pid_t()
      let status = withCStrings(argv) { args in
        withCStrings(entries) { env in
          System.fails(.spawn)
            ? errno : posix_spawn(&pid, "/bin/sh", &actions, &attributes, args, env)
        }
      }
      guard status == 0 else { return .couldNotStart(status) }
      Signals.hookGroup.store(pid, ordering: .sequentiallyConsistent)
      defer { Signals.hookGroup.store(0, ordering: .sequentiallyConsistent) }
      return wait(for: pid, limits, interrupted: interrupted)
    }
  }

  /// The most bytes one environment string may have, its NUL included
  /// (`MAX_ARG_STRLEN`, 32 pages).
  public static var environmentStringLimit: Int { 32 * Int(sysconf(Int32(_SC_PAGESIZE))) }

  /// This process's environment as bytes, without the variables `extra` sets (nor their
  /// `_CUT` companions), then `extra`, each value cut to fit one environment string.
  static func hookEnvironment(_ extra: [(name: String, value: [UInt8])]) -> [[UInt8]] {
    var added: [[UInt8]] = []
    var names = Set<[UInt8]>()
    for (name, value) in extra {
      let key = Array(name.utf8)
      names.insert(key)
      names.insert(key + Array("_CUT".utf8))
      let room = environmentStringLimit - key.count - 2  // '=' and the NUL
      guard value.count > room else {
        added.append(key + [UInt8(ascii: "=")] + value)
        continue
      }
      var end = max(room, 0)
      // Back to the start of a UTF-8 sequence (at most three continuation bytes).
      var back = 0
      while end > 0 && back < 3 && value[end] & 0xC0 == 0x80 {
        end -= 1
        back += 1
      }
      added.append(key + [UInt8(ascii: "=")] + value[..<end])
      added.append(Array("\(name)_CUT=\(value.count)".utf8))
    }
    var inherited: [[UInt8]] = []
    var entry = environ
    while let pointer = entry.pointee {
      let bytes = Array(
        UnsafeBufferPointer(
          start: UnsafeRawPointer(pointer)
            .assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
      let name = Array(bytes.prefix { $0 != UInt8(ascii: "=") })
      if !names.contains(name) { inherited.append(bytes) }
      entry += 1
    }
    return inherited + added
  }

  /// Waits for the hook `pid` (leader of its group), stopping it on Ctrl-C or past its
  /// time limit.
  private static func wait(
    for pid: pid_t, _ limits: HookLimits, interrupted: () -> Bool
  ) -> ProcessOutcome {
    let started = monotonicSeconds()
    var stopped: ProcessOutcome?
    var killAt = Double.infinity
    var nap = 0.0002
    while true {
      var wait: Int32 = 0
      let reaped = waitpid(pid, &wait, WNOHANG)
      if reaped == pid {
        if let stopped {
          _ = kill(-pid, SIGKILL)  // what is left of its group
          return stopped
        }
        if wait & 0x7f == 0 { return .exited((wait >> 8) & 0xff) }
        return .signaled(wait & 0x7f)
      }
      if reaped < 0 && errno != EINTR { return stopped ?? .couldNotStart(errno) }
      let now = monotonicSeconds()
      if Signals.takeHookInterrupt() || interrupted() {
        if stopped == nil {
          stopped = .interrupted
          _ = kill(-pid, SIGINT)
          killAt = now + limits.grace
        } else {
          killAt = now  // a second Ctrl-C: no more grace
        }
      }
      if stopped == nil && limits.timeout > 0 && now - started >= limits.timeout {
        stopped = .timedOut
        _ = kill(-pid, SIGTERM)
        killAt = now + limits.grace
      }
      if now >= killAt {
        _ = kill(-pid, SIGKILL)
        _ = kill(pid, SIGKILL)  // the shell itself, should it have left the group
        killAt = .infinity
      }
      System.nap(seconds: nap)
      nap = min(nap * 2, 0.01)
    }
  }

  /// `nanosleep(2)` once; a signal cuts it short.
  public static func nap(seconds: Double) {
    var time = timespec(
      tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
    _ = nanosleep(&time, nil)
  }

  /// A NULL-terminated array of C strings (these bytes and a NUL each) for the
  /// duration of `body`.
  private static func withCStrings<R>(
    _ strings: [[UInt8]], _ body: ([UnsafeMutablePointer<CChar>?]) -> R
  ) -> R {
    let pointers: [UnsafeMutablePointer<CChar>?] =
      strings.map { bytes in
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (k, byte) in bytes.enumerated() { buffer[k] = CChar(bitPattern: byte) }
        buffer[bytes.count] = 0
        return buffer
      } + [nil]
    defer { pointers.forEach { $0?.deallocate() } }
    return body(pointers)
  }
}
