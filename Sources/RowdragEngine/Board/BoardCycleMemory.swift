// SPDX-License-Identifier: Apache-2.0

extension Engine {
  /// What decides every later board frame under a stationary auto-scroll law (the
  /// finger and the settings stay put during a tick; time does not enter): compared to
  /// find the board turning back and forth, the row perhaps changing column each time.
  ///
  /// The layout is not part of it: within one tick only the lifted row (or block)
  /// moves, so its slot, in the gesture, decides the order and every column's extent.
  struct BoardCycleState: Equatable {
    var phase: Phase
    var containers: ScrollContainers
    var board: BoardState
  }

  var boardCycleState: BoardCycleState {
    BoardCycleState(phase: phase, containers: containers, board: board)
  }

  /// The last `capacity` board states `skipBoardFrames` saw at rest within one tick,
  /// with the frames then left, to find the board back in one of them. A frame looks
  /// its state up by a fingerprint (the lifted row's slot and center, the offsets of
  /// the active container and of the row's column, the board's x: equal states have
  /// equal fingerprints) in a dictionary, and the states are kept in a ring, so a frame
  /// costs the same however many are kept; the 256 states were searched and shifted one
  /// by one at every frame of a long scroll before (about 8 µs a frame).
  ///
  /// A state keeps the offsets of the columns that differ from the first state's, not
  /// a copy of them all: a board of 300,000 columns kept 2.4 MB of offsets (and as much
  /// of section starts) per state, one state a page turn, which grew to a gigabyte in
  /// 10,000 frames of a held card (issue 45). The offsets kept are bounded all told
  /// (`valueBudget`): past it the oldest states go first, so the memory stays small
  /// however many columns change.
  struct BoardCycleMemory {
    static let capacity = 256
    /// The most column offsets the kept states hold besides the first state's, all told
    /// (about 1 MB); the newest state is kept whatever its size.
    static let valueBudget = 1 << 16

    private struct Fingerprint: Hashable {
      var position: Int
      var section: Int
      var center: Double
      var offset: Double
      var columnOffset: Double
      var x: Double
    }

    /// A state as kept: the containers whose offsets differ from `base`, in increasing
    /// order, with those offsets' bit patterns.
    private struct Entry {
      var key: Fingerprint
      var phase: Phase
      var board: BoardState
      var active: Int
      var changed: [Int]
      var values: [UInt64]
      var remaining: Int
    }

    /// The offsets of the first state recorded.
    private var base: [Double] = []
    /// The kept states: the one with serial number `n` in slot `n % capacity`.
    private var ring: [Entry?] = []
    /// The serial number of the oldest kept state, and of the next one.
    private var oldest = 0
    private var next = 0
    /// The serial number each fingerprint was last recorded under.
    private var serials: [Fingerprint: Int] = [:]
    /// Offsets kept by all states, besides `base`.
    private(set) var storedValues = 0

    /// The states kept.
    var count: Int { next - oldest }

    private static func fingerprint(_ state: BoardCycleState) -> Fingerprint {
      let offsets = state.containers.offsets
      guard case .lifted(let lift) = state.phase else {
        return Fingerprint(
          position: -1, section: -1, center: 0, offset: state.containers.offset, columnOffset: 0,
          x: state.board.x)
      }
      return Fingerprint(
        position: lift.position, section: lift.section, center: lift.center,
        offset: state.containers.offset,
        columnOffset: lift.section < offsets.count ? offsets[lift.section] : 0, x: state.board.x)
    }

    /// The frames that were left when the board was last in `state`, if it was.
    func remaining(when state: BoardCycleState) -> Int? {
      guard let serial = serials[Self.fingerprint(state)], let entry = ring[serial % Self.capacity],
        entry.phase == state.phase, entry.board == state.board,
        entry.active == state.containers.active, holds(entry, state.containers.offsets)
      else { return nil }
      return entry.remaining
    }

    /// Whether `offsets` are, bit for bit, the ones `entry` keeps.
    private func holds(_ entry: Entry, _ offsets: [Double]) -> Bool {
      guard offsets.count == base.count else { return false }
      var k = 0
      for i in offsets.indices {
        var expected = base[i].bitPattern
        if k < entry.changed.count && entry.changed[k] == i {
          expected = entry.values[k]
          k += 1
        }
        if offsets[i].bitPattern != expected { return false }
      }
      return true
    }

    /// Remembers `state`, forgetting the oldest when `capacity` are kept or their offsets
    /// would pass `valueBudget`.
    mutating func record(_ state: BoardCycleState, remaining: Int) {
      let offsets = state.containers.offsets
      if ring.isEmpty {
        ring = Array(repeating: nil, count: Self.capacity)
        base = offsets
      }
      // (The columns are the same throughout a tick; a memory never sees two boards.)
      guard offsets.count == base.count else { return }
      var changed: [Int] = []
      var values: [UInt64] = []
      for i in offsets.indices where offsets[i].bitPattern != base[i].bitPattern {
        changed.append(i)
        values.append(offsets[i].bitPattern)
      }
      while count > 0
        && (count >= Self.capacity || storedValues + changed.count > Self.valueBudget)
      {
        forgetOldest()
      }
      let key = Self.fingerprint(state)
      ring[next % Self.capacity] = Entry(
        key: key, phase: state.phase, board: state.board, active: state.containers.active,
        changed: changed, values: values, remaining: remaining)
      serials[key] = next
      storedValues += changed.count
      next += 1
    }

    private mutating func forgetOldest() {
      let slot = oldest % Self.capacity
      if let entry = ring[slot] {
        storedValues -= entry.changed.count
        if serials[entry.key] == oldest { serials[entry.key] = nil }
      }
      ring[slot] = nil
      oldest += 1
    }
  }
}
