import RowdragSystem
import Synchronization

/// Drops the page mappings of a long stretch of a mapped list file while it is being
/// written out, a few megabytes behind the write, on another thread.
///
/// Every page of a list file that the load read is mapped into rowdrag, and taking
/// those mappings down again is the kernel's work at exit, after the output: about
/// 10 ms for a 368 MB file here, on one core, while the other is idle. Done behind the
/// write instead, it costs the same on the core the write leaves free. The mapping is
/// private and read-only, so dropping a page loses nothing: a later read maps it again
/// from the page cache.
final class PageRelease: Sendable {
  /// The stretch's first whole page and the end of its last one.
  private let first: Int
  private let last: Int
  /// The address up to which the stretch has been written.
  private let written: Atomic<Int>
  private let done = Atomic<Bool>(false)

  /// Stretches shorter than this keep their mappings: a thread costs more.
  static let threshold = 16 << 20
  /// Mappings are dropped this much at a time.
  static let piece = 4 << 20

  /// For `bytes`, a stretch of a private read-only file mapping.
  init(_ bytes: UnsafeRawBufferPointer) {
    let start = Int(bitPattern: bytes.baseAddress)
    let page = System.pageSize
    first = (start + page - 1) / page * page
    last = (start + bytes.count) / page * page
    written = Atomic(start)
  }

  /// Runs `write`, which reports how far it got through `progress`, with the mappings
  /// it leaves behind dropped on another thread; returns once both are done.
  static func during(
    _ bytes: UnsafeRawBufferPointer, _ write: (_ progress: (Int) -> Void) throws -> Void
  ) throws {
    guard bytes.count >= threshold, let base = bytes.baseAddress else {
      return try write { _ in }
    }
    let release = PageRelease(bytes)
    var failure: (any Error)?
    BackgroundThread.overlap({ release.run() }) {
      do {
        try write { release.written.store(Int(bitPattern: base) + $0, ordering: .releasing) }
      } catch {
        failure = error
      }
      release.done.store(true, ordering: .releasing)
    }
    if let failure { throw failure }
  }

  /// Drops the mappings of whole pieces as the write passes them, and of the rest
  /// written when it ends.
  private func run() {
    var dropped = first
    while true {
      let finished = done.load(ordering: .acquiring)
      let reached = Swift.min(
        last, written.load(ordering: .acquiring) / System.pageSize * System.pageSize)
      if reached - dropped >= PageRelease.piece || (finished && reached > dropped) {
        if let start = UnsafeRawPointer(bitPattern: dropped) {
          System.advise(.dontNeed, start, count: reached - dropped, rounding: .inward)
        }
        dropped = reached
      }
      if finished { return }
      System.nap(seconds: 0.0002)
    }
  }
}
