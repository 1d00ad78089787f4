import RowdragEngine

/// What one replay looked like frame by frame, for the animated report: the offset,
/// the finger, the snapshot and the rows in the viewport.
///
/// Bounded however long the gesture: at most `limit` frames are kept, evenly spaced
/// (when full every other one goes and the spacing doubles, as `Series` does), the last
/// always; each keeps at most `maxRows` visible rows. The recorder sees a frame only
/// through its `FrameReport`, while the engine is inside `tick`, so the rows are
/// resolved when the command ends, from the layout it started with: during a tick the
/// only change to the order is the lifted row's move, which is applied here. Row
/// geometry is that start layout's, exact when rows have one height (the common case),
/// a close picture when a moving row is taller than the rest; section headers are not
/// drawn.
struct ComparisonFrames {
  /// One kept frame.
  struct Frame {
    var time: Double
    var offset: Double
    var phase: String
    /// Screen y of the finger, when touching.
    var finger: Double?
    /// The lifted row: its slot (0-based) now and when lifted, the snapshot's content-y
    /// center and height (unknown for an app's trace, which names only the row).
    var lift: (slot: Int, source: Int, center: Double?, height: Double?)?
    /// The viewport's height, and its rows from the top: slot, content-y top, height
    /// and the document row (for the label).
    var viewport: Double
    var rows: [(slot: Int, top: Double, height: Double, row: Int)] = []
  }

  static let limit = 1024
  static let maxRows = 64

  private(set) var kept: [Frame] = []
  private var last: Frame?
  private var lastResolved = true
  private var stride = 1
  private var seen = 0
  /// Kept frames from this index on belong to the running command and have no rows yet.
  private var unresolved = 0

  /// Every kept frame, the last one included.
  var all: [Frame] {
    guard let last, kept.last?.time != last.time else { return kept }
    return kept + [last]
  }

  /// A frame of the running command.
  mutating func observe(_ report: FrameReport, viewport: Double) {
    defer { seen += 1 }
    var frame = Frame(
      time: report.time, offset: report.offset, phase: report.phase.name, viewport: viewport)
    switch report.phase {
    case .idle: break
    case .holding(let touch): frame.finger = touch.finger
    case .panning(let y): frame.finger = y
    case .lifted(let lift):
      frame.finger = lift.finger
      frame.lift = (lift.position, lift.sourcePosition, lift.center, lift.height)
    }
    keep(frame, resolved: false)
  }

  /// A frame of an app's trace (`compare … trace:FILE`): its offset and finger, and the
  /// row it holds (`lift`, 0-based slots now and when lifted) over `layout`, the order
  /// its earlier drops left. The trace says nothing of the snapshot, so none floats.
  mutating func observe(
    trace frame: AppTrace.Frame, lift: (slot: Int, source: Int)?, layout: Layout,
    viewport: Double
  ) {
    defer { seen += 1 }
    var kept = Frame(
      time: frame.time, offset: frame.offset, phase: lift == nil ? "idle" : "lifted",
      finger: frame.finger, viewport: viewport)
    kept.lift = lift.map { ($0.slot, $0.source, nil, nil) }
    kept.rows = Self.visibleRows(
      layout, offset: frame.offset, viewport: viewport, move: lift.map { ($0.source, $0.slot) })
    keep(kept, resolved: true)
  }

  /// Keeps every `stride`-th frame, halving what is kept when full; the last frame is
  /// always at hand.
  private mutating func keep(_ frame: Frame, resolved: Bool) {
    last = frame
    lastResolved = resolved
    guard seen % stride == 0 else { return }
    kept.append(frame)
    if resolved { unresolved = kept.count }
    if kept.count == Self.limit {
      kept = kept.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
      unresolved = (unresolved + 1) / 2
      stride *= 2
    }
  }

  /// The command that ran the frames since the last call ended; `start` is the engine
  /// it began with.
  mutating func resolve(start: Engine) {
    func resolved(_ frame: Frame) -> Frame {
      var frame = frame
      frame.rows = Self.visibleRows(
        start.layout, offset: frame.offset, viewport: frame.viewport,
        // A row lifted before the command is at its slot in `start`; one lifted during
        // it is still where it was lifted from.
        move: frame.lift.map { (start.lift?.position ?? $0.source, $0.slot) })
      return frame
    }
    for index in unresolved..<kept.count { kept[index] = resolved(kept[index]) }
    unresolved = kept.count
    if !lastResolved, let frame = last {
      last = resolved(frame)
      lastResolved = true
    }
  }

  /// The rows that show in `offset..<offset + viewport`, with the row at slot `move.from`
  /// moved to slot `move.to`.
  static func visibleRows(
    _ layout: Layout, offset: Double, viewport: Double, move: (from: Int, to: Int)?
  ) -> [(slot: Int, top: Double, height: Double, row: Int)] {
    let count = layout.rowCount
    // The first slot whose bottom is below the top edge.
    var lo = 0
    var hi = count
    while lo < hi {
      let mid = (lo + hi) / 2
      if layout.top(of: mid) + layout.height(at: mid) > offset { hi = mid } else { lo = mid + 1 }
    }
    func row(atSlot slot: Int) -> Int {
      guard let (from, to) = move, from != to, from < count, to < count else {
        return Int(layout.order[slot])
      }
      if slot == to { return Int(layout.order[from]) }
      if from < to, slot >= from, slot < to { return Int(layout.order[slot + 1]) }
      if to < from, slot > to, slot <= from { return Int(layout.order[slot - 1]) }
      return Int(layout.order[slot])
    }
    var rows: [(slot: Int, top: Double, height: Double, row: Int)] = []
    var slot = lo
    while slot < count, rows.count < maxRows {
      let top = layout.top(of: slot)
      if top >= offset + viewport { break }
      rows.append((slot, top, layout.height(at: slot), row(atSlot: slot)))
      slot += 1
    }
    return rows
  }
}
