import Glibc

/// Runs two pieces of work at once on a plain POSIX thread.
///
/// Dispatch's worker pool took up to 10 ms to start its first thread, as long as the
/// work it was meant to halve; a `pthread_create` costs tens of microseconds.
public enum BackgroundThread {
  /// Runs `background` on a new thread while `foreground` runs on this one, and
  /// returns when both are done. Without a thread, runs the foreground, then the
  /// background.
  public static func overlap(_ background: @escaping @Sendable () -> Void, _ foreground: () -> Void)
  {
    let context = Unmanaged.passRetained(Work(background)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { context in
        if let context { Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body() }
        return nil
      }, context)
    guard started == 0 else {
      // The foreground first: it may be what the background waits for.
      foreground()
      Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
      return
    }
    foreground()
    pthread_join(thread, nil)
  }

  private final class Work: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }
}
