// SPDX-License-Identifier: Apache-2.0

import RowdragBase

/// Skipping board frames whose outcome is known, exactly (issue 20): `tick` calls these
/// after a frame whose vertical part — the column's auto-scroll and reorder — changed
/// nothing, so that a long dwell, a long page turn or a finger resting in two edge
/// zones at once (the board turning back and forth) costs O(log frames) per phase.
///
/// Under a stationary auto-scroll law the vertical part is a function of the lifted
/// row, the column offsets and the column under the finger; while none of them changes
/// it stays a fixed point. A dwell only counts frames; a turn's offset at its `j`-th
/// frame is a function of `j` alone, and so is the snapshot's x (`moveBoard`); and the
/// board x is monotone over a turn, so the last frame with the finger over the same
/// column (or the same gap) is found by binary search.
extension Engine {
  /// Board mode, after a frame: under a stationary law a board that comes back to a
  /// state it was in when a turn ended repeats the same frames, so whole periods are
  /// skipped; then, while the vertical part stays a fixed point, the dwell or turn in
  /// progress is (`skipBoardPaging`).
  mutating func skipBoardFrames(
    _ result: FrameResult, _ remaining: inout Int, _ cycle: inout BoardCycleMemory
  ) {
    guard framesAreStationary else { return }
    if board.turn == nil && board.dwell == Dwell() {
      let now = boardCycleState
      if let seen = cycle.remaining(when: now) {
        let period = seen - remaining
        let skip = period > 0 ? (remaining / period) * period : 0
        time = RepeatedSum.adding(settings.dt, times: skip, to: time)
        remaining -= skip
        framesSkipped += skip
        cycle = BoardCycleMemory()
      } else {
        cycle.record(now, remaining: remaining)
      }
    }
    if result.boardVerticalQuiet { _ = skipBoardPaging(&remaining) }
  }

  /// Skips the dwell or turn frames before the next one that may change more than the
  /// page edge scroll's clock. Returns whether it skipped.
  mutating func skipBoardPaging(_ remaining: inout Int) -> Bool {
    guard remaining > 16, let paging = settings.board.paging, case .lifted = phase,
      framesAreStationary
    else { return false }
    let dt = settings.dt
    var skip = 0
    if let turn = board.turn {
      let end = Self.firstMultiple(of: dt, reaching: paging.duration - 1e-9)
      let most = Swift.min(remaining, end - turn.frame - 1)
      guard most > 0 else { return false }
      let fingerX = board.fingerX
      let rank = columnRank(atBoardX: board.x + fingerX)
      func x(_ j: Int) -> Double {
        turn.from + (turn.to - turn.from) * ((Double(j) * dt) / paging.duration)
      }
      var low = 0  // the finger over the same column or gap
      var high = most + 1  // not known to be
      while high - low > 1 {
        let middle = low + (high - low) / 2
        if columnRank(atBoardX: x(turn.frame + middle) + fingerX) == rank {
          low = middle
        } else {
          high = middle
        }
      }
      skip = low
      guard skip > 0 else { return false }
      board.turn?.frame += skip
      moveBoard(to: x(turn.frame + skip))
    } else {
      // Counting in a zone: the board stands still, so the zone and the column under the
      // finger do too, until the frame that starts the turn.
      guard board.dwell.zone != 0 else { return false }
      let start = Self.firstMultiple(of: dt, reaching: paging.delay - 1e-9)
      skip = Swift.min(remaining, start - board.dwell.count - 1)
      guard skip > 0 else { return false }
      board.dwell.count += skip
    }
    time = RepeatedSum.adding(dt, times: skip, to: time)
    remaining -= skip
    framesSkipped += skip
    return true
  }

  /// The smallest count `c ≥ 0` with `Double(c) · dt ≥ threshold`, as the frame loop
  /// compares; a huge bound where it lies past any tick.
  static func firstMultiple(of dt: Double, reaching threshold: Double) -> Int {
    let far = Int.max / 4
    let estimate = (threshold / dt).rounded(.up)
    guard estimate.isFinite else { return far }
    guard estimate < 1e15 else { return far }
    var c = Swift.max(0, Int(estimate))
    while c > 0 && Double(c - 1) * dt >= threshold { c -= 1 }
    while Double(c) * dt < threshold { c += 1 }
    return c
  }

  /// Which column or gap board x `bx` falls in, increasing with `bx`: `2k + 1` in column
  /// `k` (as `column(atBoardX:)` says), `2k` in the gap before it (or past the last),
  /// −1 left of the board.
  func columnRank(atBoardX bx: Double) -> Int {
    let pitch = settings.board.pitch
    guard bx >= 0 else { return -1 }
    guard pitch > 0 else { return 0 }
    if let k = column(atBoardX: bx) { return 2 * k + 1 }
    var g = Int(Swift.min((bx / pitch).rounded(.down) + 1, Double(columnCount)))
    while g > 0 && columnLeft(g - 1) > bx { g -= 1 }
    while g < columnCount && columnLeft(g) <= bx { g += 1 }
    return 2 * g
  }

  /// What decides every later board frame under a stationary auto-scroll law (the
  /// finger and the settings stay put during a tick; time does not enter): compared to
  /// find the board turning back and forth, the row perhaps changing column each time.
  struct BoardCycleState: Equatable {
    var phase: Phase
    var containers: ScrollContainers
    var board: BoardState
    var sectionStarts: [Int]
    var order: RowOrder

    static func == (a: Self, b: Self) -> Bool {
      a.phase == b.phase && a.containers == b.containers && a.board == b.board
        && a.sectionStarts == b.sectionStarts && a.order.elementsEqual(b.order)
    }
  }

  /// The last `capacity` board states `skipBoardFrames` saw at rest within one tick,
  /// with the frames then left, to find the board back in one of them. A frame looks
  /// its state up by a fingerprint (the lifted row's slot and center, the active
  /// column's offset, the board's x: equal states have equal fingerprints) in a
  /// dictionary, and the states are kept in a ring, so a frame costs the same however
  /// many are kept; the 256 states were searched and shifted one by one at every frame
  /// of a long scroll before (about 8 µs a frame).
  struct BoardCycleMemory {
    static let capacity = 256

    private struct Fingerprint: Hashable {
      var position: Int
      var section: Int
      var center: Double
      var offset: Double
      var x: Double
    }

    private var ring: [(state: BoardCycleState, remaining: Int)] = []
    /// The ring slot each fingerprint was last recorded in.
    private var slots: [Fingerprint: Int] = [:]
    /// The slot the next state overwrites once the ring is full (the oldest).
    private var oldest = 0

    private static func fingerprint(_ state: BoardCycleState) -> Fingerprint {
      guard case .lifted(let lift) = state.phase else {
        return Fingerprint(
          position: -1, section: -1, center: 0, offset: state.containers.offset, x: state.board.x)
      }
      return Fingerprint(
        position: lift.position, section: lift.section, center: lift.center,
        offset: state.containers.offset, x: state.board.x)
    }

    /// The frames that were left when the board was last in `state`, if it was.
    func remaining(when state: BoardCycleState) -> Int? {
      guard let slot = slots[Self.fingerprint(state)], ring[slot].state == state else {
        return nil
      }
      return ring[slot].remaining
    }

    /// Remembers `state`, forgetting the oldest when `capacity` are kept.
    mutating func record(_ state: BoardCycleState, remaining: Int) {
      let key = Self.fingerprint(state)
      if ring.count < Self.capacity {
        slots[key] = ring.count
        ring.append((state, remaining))
        return
      }
      let old = Self.fingerprint(ring[oldest].state)
      if slots[old] == oldest { slots[old] = nil }
      ring[oldest] = (state, remaining)
      slots[key] = oldest
      oldest = (oldest + 1) % Self.capacity
    }
  }

  var boardCycleState: BoardCycleState {
    BoardCycleState(
      phase: phase, containers: containers, board: board, sectionStarts: layout.sectionStarts,
      order: layout.order)
  }
}
