import RowdragEngine

/// What every command must leave true, checked after each one.
enum Invariants {
  static func check(_ engine: Engine) {
    let layout = engine.layout
    let n = layout.rowCount
    var seen = [Bool](repeating: false, count: n)
    for id in layout.order {
      precondition(id >= 0 && Int(id) < n && !seen[Int(id)], "the order is not a permutation")
      seen[Int(id)] = true
    }
    precondition(layout.sectionStarts.first == 0, "the first section does not start at 0")
    for s in 1..<Swift.max(1, layout.sectionCount) {
      precondition(layout.sectionStarts[s] >= layout.sectionStarts[s - 1], "sections overlap")
    }
    precondition((layout.sectionStarts.last ?? 0) <= n, "a section starts past the end")
    precondition(engine.offsetRange.contains(engine.offset), "the offset is out of bounds")
    precondition(engine.offset.isFinite && engine.time.isFinite, "a number is not finite")
    if engine.surface.isBoard {
      let s = engine.settings
      precondition(engine.columnOffsets.count == engine.columnCount, "a column has no offset")
      for (k, o) in engine.columnOffsets.enumerated() {
        let high = Swift.max(
          -s.insetTop, engine.columnContentHeight(k) + s.insetBottom - s.viewport)
        precondition(o >= -s.insetTop && o <= high, "a column's offset is out of bounds")
      }
      precondition(
        engine.board.x >= 0 && engine.board.x <= engine.maxBoardOffset + 1e-9,
        "the board offset is out of bounds")
    }
    if let lift = engine.lift {
      precondition(lift.position >= 0 && lift.position < n, "the lifted row is out of range")
      precondition(
        layout.sectionStarts[lift.section] <= lift.position
          && lift.position < layout.sectionEnd(lift.section), "the lifted row left its section")
      precondition(layout.flags(at: lift.position).isEmpty, "a flagged row is lifted")
      precondition(lift.center.isFinite, "the snapshot is not finite")
      precondition(
        lift.count >= 1 && lift.position + lift.count <= layout.sectionEnd(lift.section),
        "the lifted block left its section")
      for k in lift.position..<(lift.position + lift.count) {
        precondition(layout.flags(at: k).isEmpty, "a flagged row is lifted in a block")
      }
    }
  }

  /// A lifted range (SPEC §10) keeps its rows consecutive and in their order for the
  /// whole gesture, and they stay together when it ends. `lifted` is the block's rows
  /// as last checked; returns them for the next check (nil once nothing is lifted).
  static func checkBlock(_ engine: Engine, lifted: [Int32]?) -> [Int32]? {
    let order = engine.layout.order
    guard let lift = engine.lift else {
      guard let rows = lifted, let first = order.firstIndex(of: rows[0]) else { return nil }
      precondition(
        first + rows.count <= order.count
          && order[first..<(first + rows.count)].elementsEqual(rows),
        "a released block came apart")
      return nil
    }
    let now = Array(order[lift.position..<(lift.position + lift.count)])
    precondition(lifted == nil || lifted == now, "the lifted block split or changed")
    return now
  }
}
