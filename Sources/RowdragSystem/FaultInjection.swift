import Glibc
import Synchronization

/// Failures injected at the system seam, in debug builds only (those `make test`
/// tests; `-D ROWDRAG_FAULTS` adds them to any other): `ROWDRAG_FAULT=CALL:N:ERROR` makes the `N`-th call of `CALL` fail
/// with `ERROR` (`EIO`, `ENOSPC`, `EINTR`, `EAGAIN`, `ENOMEM`, or `short`: a read or
/// write that moves half the bytes asked for), as SQLite's I/O-error tests do; when
/// it fires, the file `ROWDRAG_FAULT_REPORT` names is created, so the driver knows
/// that the `N`-th call was reached. A release build compiles `injected` to nothing.
public enum FaultInjection {
  /// The calls a failure can be injected into.
  public enum Call: String, CaseIterable, Sendable {
    case open, read, write, fsync, rename, link, mmap, madvise, spawn, poll, ioctl
    case copyFileRange = "copy_file_range"
  }

  /// What the wrapper does instead of the call.
  public enum Failure: Equatable, Sendable {
    /// Fail with this `errno`.
    case error(Int32)
    /// Move half the bytes asked for (at least one).
    case short
  }

  /// The failure for this call, if this is the one chosen; counts the call.
  @inline(__always)
  static func injected(_ call: Call) -> Failure? {
    #if DEBUG || ROWDRAG_FAULTS
      return plan.take(call)
    #else
      return nil
    #endif
  }

  #if DEBUG || ROWDRAG_FAULTS
    /// The one failure a run injects, read from the environment once.
    struct Plan: Sendable {
      var call: Call?
      var nth = 0
      var failure = Failure.error(EIO)
      var report: [CChar]?

      init() {
        guard let text = getenv("ROWDRAG_FAULT").map({ String(cString: $0) }) else { return }
        let parts = text.split(separator: ":").map(String.init)
        guard parts.count == 3, let call = Call(rawValue: parts[0]), let nth = Int(parts[1])
        else { return }
        let codes: [String: Int32] = [
          "EIO": EIO, "ENOSPC": ENOSPC, "EINTR": EINTR, "EAGAIN": EAGAIN, "ENOMEM": ENOMEM,
        ]
        if parts[2] == "short" {
          failure = .short
        } else if let code = codes[parts[2]] {
          failure = .error(code)
        } else {
          return
        }
        self.call = call
        self.nth = nth
        report = getenv("ROWDRAG_FAULT_REPORT").map { Array(String(cString: $0).utf8CString) }
      }

      /// Counts `call` and answers the failure when it is the chosen one.
      func take(_ call: Call) -> Failure? {
        guard call == self.call else { return nil }
        let seen = FaultInjection.seen.add(1, ordering: .sequentiallyConsistent).newValue
        guard seen == nth else { return nil }
        if let report {
          // Straight to the C library: this must not count as a call itself.
          let fd = Glibc.open(report, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
          if fd >= 0 { Glibc.close(fd) }
        }
        return failure
      }
    }

    static let plan = Plan()
    static let seen = Atomic<Int>(0)
  #endif
}

extension System {
  /// Runs `call` through its injected failure, if any: `body` with the count it should
  /// ask for (half on `.short`), or -1 with `errno` set.
  @inline(__always)
  static func faulted(_ call: FaultInjection.Call, count: Int, _ body: (Int) -> Int) -> Int {
    switch FaultInjection.injected(call) {
    case nil: return body(count)
    case .short: return body(Swift.max(1, count / 2))
    case .error(let code):
      errno = code
      return -1
    }
  }

  /// `true` when the call should fail now, with `errno` set (calls without a count).
  @inline(__always)
  static func fails(_ call: FaultInjection.Call) -> Bool {
    guard case .error(let code) = FaultInjection.injected(call) else { return false }
    errno = code
    return true
  }
}
