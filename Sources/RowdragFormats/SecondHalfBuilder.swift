/// The builder of a file's second half, for formats that sort lines the same way
/// wherever a half starts (todo, M3U): made and filled by `fill` on another thread —
/// a builder handed in would lose its reserved room at the first append — and read by
/// the first half only after `BackgroundThread.overlap` has joined that thread.
final class SecondHalfBuilder: @unchecked Sendable {
  private(set) var builder: BlockList.Builder
  private let store: ByteStore
  private let start: Int
  private let fill: (inout BlockList.Builder) -> Void

  /// A half from `start` (a line start) to the end of `store`.
  init(store: ByteStore, from start: Int, fill: @escaping (inout BlockList.Builder) -> Void) {
    self.store = store
    self.start = start
    self.fill = fill
    builder = BlockList.Builder(store: store, size: 0)
  }

  /// Fills the half's builder; run on the other thread.
  func run() {
    var local = BlockList.Builder(store: store, size: store.count - start)
    fill(&local)
    builder = local
  }
}
