import Testing

@testable import RowdragEngine

/// Ranges (SPEC §10): a block of consecutive rows lifted and moved as one item of height
/// `h_L` = the sum of its rows'. Every expectation is worked out by hand in the comments.
@Suite("ranges")
struct RangeTests {
  /// Rows 2–4 (positions 1…3) lifted and moved one slot past row 1 or row 5.
  static let movedDown = [0, 4, 1, 2, 3, 5, 6, 7]
  static let movedUp = [1, 2, 3, 0, 4, 5, 6, 7]

  /// One threshold of a rule: a drag by `still` points leaves the block where it is, a
  /// further drag to `moves` points moves it one slot (for `drop`, the release does).
  struct Threshold: Sendable, CustomStringConvertible {
    var rule: String
    var heights: [Double]?
    var still: Double
    var moves: Double
    var description: String {
      "\(rule) \(heights == nil ? "equal" : "mixed") \(moves > 0 ? "down" : "up")"
    }
  }

  // Equal heights: 8 rows of 44; the block [44, 176) is 132 high, its centre 110; row 1
  // is [0, 44) (middle 22), row 5 [176, 220) (middle 198).
  // Mixed heights 30, 20, 30, 50, 60, 40, 44, 44: the block [30, 130) is 100 high, its
  // centre 80; row 1 is [0, 30) (middle 15), row 5 [130, 190) (middle 160).
  static let mixed: [Double] = [30, 20, 30, 50, 60, 40, 44, 44]
  static let thresholds: [Threshold] = [
    // edge: down when c + h_L/2 > 198 (c > 132), up when c − h_L/2 < 22 (c < 88);
    // mixed: c + 50 > 160 (c > 110), c − 50 < 15 (c < 65).
    Threshold(rule: "edge", heights: nil, still: 22, moves: 23),
    Threshold(rule: "edge", heights: nil, still: -22, moves: -23),
    Threshold(rule: "edge", heights: mixed, still: 30, moves: 31),
    Threshold(rule: "edge", heights: mixed, still: -15, moves: -16),
    // midpoint: c > 198, c < 22; mixed c > 160, c < 15.
    Threshold(rule: "midpoint", heights: nil, still: 88, moves: 89),
    Threshold(rule: "midpoint", heights: nil, still: -88, moves: -89),
    Threshold(rule: "midpoint", heights: mixed, still: 80, moves: 81),
    Threshold(rule: "midpoint", heights: mixed, still: -65, moves: -66),
    // nearest: slot centres 110 and 154 (66 above), nearer past 132 (a tie stays);
    // mixed: 80 and 140 (50 above), past 110 and 65.
    Threshold(rule: "nearest", heights: nil, still: 22, moves: 23),
    Threshold(rule: "nearest", heights: nil, still: -22, moves: -23),
    Threshold(rule: "nearest", heights: mixed, still: 30, moves: 31),
    Threshold(rule: "nearest", heights: mixed, still: -15, moves: -16),
    // far: the top travels ≥ h_L/2 (66), then row 5's bottom 220 < c + 66 or row 1's
    // top 0 > c − 66; mixed: ≥ 50, 190 < c + 50 (c > 140), 0 > c − 50 with c ≤ 30.
    Threshold(rule: "far", heights: nil, still: 65, moves: 66),
    Threshold(rule: "far", heights: nil, still: -65, moves: -66),
    Threshold(rule: "far", heights: mixed, still: 60, moves: 61),
    Threshold(rule: "far", heights: mixed, still: -49, moves: -50),
    // under: the finger leaves the block's extent [44, 176) (mixed [30, 130)) for a row.
    Threshold(rule: "under", heights: nil, still: 65, moves: 66),
    Threshold(rule: "under", heights: nil, still: -66, moves: -67),
    Threshold(rule: "under", heights: mixed, still: 49, moves: 50),
    Threshold(rule: "under", heights: mixed, still: -50, moves: -51),
    // guarded: as under; the guard (depth > h_R − h_L) holds for a block taller than
    // the row.
    Threshold(rule: "guarded", heights: nil, still: 65, moves: 66),
    Threshold(rule: "guarded", heights: nil, still: -66, moves: -67),
    Threshold(rule: "guarded", heights: mixed, still: 49, moves: 50),
    Threshold(rule: "guarded", heights: mixed, still: -50, moves: -51),
    // intersect: the finger at or past row 5's middle going down (198, mixed 160),
    // before row 1's going up (22, mixed 15).
    Threshold(rule: "intersect", heights: nil, still: 87, moves: 88),
    Threshold(rule: "intersect", heights: nil, still: -88, moves: -89),
    Threshold(rule: "intersect", heights: mixed, still: 79, moves: 80),
    Threshold(rule: "intersect", heights: mixed, still: -65, moves: -66),
    // overlap, by d points: the block's own slot scores (132 − d)/(132 + d), row 5
    // (fully covered) 44/132 = 0.3333: a tie at d = 66 goes to the block (visited
    // first), so 67; up row 1 is visited first and wins the tie at 66. Mixed: row 5
    // scores d/(160 − d), the block (100 − d)/(100 + d): 0.3793 < 0.3889 at 44,
    // 0.3913 > 0.3793 at 45; up row 1 scores 30/100 once covered, the block 0.3072 at
    // 53, 0.2987 at 54.
    Threshold(rule: "overlap", heights: nil, still: 66, moves: 67),
    Threshold(rule: "overlap", heights: nil, still: -65, moves: -66),
    Threshold(rule: "overlap", heights: mixed, still: 44, moves: 45),
    Threshold(rule: "overlap", heights: mixed, still: -53, moves: -54),
    // drop: at the release, the finger on the lower half of row 5 (≥ 198, mixed ≥ 160)
    // or the upper half of row 1 (< 22, mixed < 15); the other half is the block's
    // own place.
    Threshold(rule: "drop", heights: nil, still: 87, moves: 88),
    Threshold(rule: "drop", heights: nil, still: -88, moves: -89),
    Threshold(rule: "drop", heights: mixed, still: 79, moves: 80),
    Threshold(rule: "drop", heights: mixed, still: -65, moves: -66),
    // halves: the snapshot's bottom in row 5's lower half (c + 66 ≥ 198), its top in
    // row 1's upper half (c − 66 ≤ 22), both inclusive; mixed c + 50 ≥ 160, c − 50 ≤ 15.
    Threshold(rule: "halves", heights: nil, still: 21, moves: 22),
    Threshold(rule: "halves", heights: nil, still: -21, moves: -22),
    Threshold(rule: "halves", heights: mixed, still: 29, moves: 30),
    Threshold(rule: "halves", heights: mixed, still: -14, moves: -15),
    // itemview: at the release, below row 5 from its integer centre on (top + ⌊43/2⌋ =
    // 197; mixed 130 + ⌊59/2⌋ = 159), above row 1 before its centre (⌊43/2⌋ = 21; mixed
    // ⌊29/2⌋ = 14); the other half is the block's own place.
    Threshold(rule: "itemview", heights: nil, still: 86, moves: 87),
    Threshold(rule: "itemview", heights: nil, still: -89, moves: -90),
    Threshold(rule: "itemview", heights: mixed, still: 78, moves: 79),
    Threshold(rule: "itemview", heights: mixed, still: -66, moves: -67),
  ]

  func engine(_ threshold: Threshold) throws -> Engine {
    let rule = try #require(ReorderRuleRegistry.kinds.first { $0.name == threshold.rule })
    let choice = try ReorderRule(rule)
    return makeEngine(
      [SectionSpec(titled: false, rowCount: 8)], heights: threshold.heights
    ) {
      $0.rule = choice
      $0.autoscroll = .off
    }
  }

  @Test("a 3-row block moves one slot down and up under every rule", arguments: thresholds)
  func everyRule(_ threshold: Threshold) throws {
    var still = try engine(threshold)
    try still.press(position: 1, count: 3)
    #expect(still.lift?.height == (threshold.heights == nil ? 132 : 100))
    #expect(still.lift?.center == (threshold.heights == nil ? 110 : 80))
    try still.drag(by: threshold.still)
    #expect(still.ids == Array(0..<8))
    try still.release()
    #expect(still.ids == Array(0..<8))
    #expect(!still.canUndo)

    var moved = try engine(threshold)
    try moved.press(position: 1, count: 3)
    try moved.drag(by: threshold.still)
    try moved.drag(by: threshold.moves - threshold.still)
    try moved.release()
    let expected = threshold.moves > 0 ? Self.movedDown : Self.movedUp
    #expect(moved.ids == expected)
    #expect(moved.undoCount == 1)
    #expect(moved.brokenInvariant() == nil)
    try moved.undo()
    #expect(moved.ids == Array(0..<8))
    try moved.redo()
    #expect(moved.ids == expected)
  }

  @Test("a block passes a titled section boundary 14 points into the header (edge)")
  func titledBoundary() throws {
    // Rows 1–4 untitled: [0, 176); footer at 176, header 28: the boundary item
    // [176, 204), middle 190. The block [44, 176) steps when c + 66 > 190, c > 124, into
    // the first slots of section 2, top 44 + 28 = 72.
    var e = makeEngine(
      [SectionSpec(titled: false, rowCount: 4), SectionSpec(titled: true, rowCount: 4)]
    ) { $0.autoscroll = .off }
    try e.press(position: 1, count: 3)
    try e.drag(by: 14)
    #expect(e.lift?.section == 0)
    try e.drag(by: 1)
    #expect(e.lift?.section == 1)
    #expect(e.lift?.position == 1)
    #expect(e.layout.top(of: 1) == 72)
    // Next, row 5 [204, 248) (middle 226): c + 66 > 226, c > 160.
    try e.drag(toScreenY: 160)
    #expect(e.lift?.position == 1)
    try e.release()
    #expect(e.ids == Array(0..<8))
    #expect(e.sectionSizes == [1, 7])
    #expect(e.isDirty)
    try e.undo()
    #expect(e.sectionSizes == [4, 4])
    #expect(!e.isDirty)
  }

  @Test("an untitled boundary is passed as soon as the block leaves its slot (edge)")
  func untitledBoundary() throws {
    // The boundary is [176, 176), middle 176: c + 66 > 176 for any c > 110.
    var e = makeEngine(
      [SectionSpec(titled: false, rowCount: 4), SectionSpec(titled: false, rowCount: 4)]
    ) { $0.autoscroll = .off }
    try e.press(position: 1, count: 3)
    try e.drag(by: 0)
    #expect(e.lift?.section == 0)
    try e.drag(by: 0.5)
    #expect(e.lift?.section == 1)
    try e.cancel()
    #expect(e.sectionSizes == [4, 4])
    #expect(!e.canUndo)
  }

  @Test("sections keep: the block stops at its section's end")
  func sectionsKeep() throws {
    var e = makeEngine(
      [SectionSpec(titled: false, rowCount: 4), SectionSpec(titled: false, rowCount: 4)]
    ) {
      $0.autoscroll = .off
      $0.sections = .keep
    }
    try e.press(position: 1, count: 3)
    try e.drag(by: 200)
    #expect(e.lift?.section == 0)
    #expect(e.lift?.position == 1)
    try e.release()
    #expect(!e.canUndo)
    #expect(throws: EngineError.otherSection(row: 2)) { try e.move(1, count: 3, toPosition: 4) }
  }

  @Test("a range of rows in two sections is refused")
  func acrossSections() {
    var e = makeEngine(
      [SectionSpec(titled: false, rowCount: 4), SectionSpec(titled: false, rowCount: 4)])
    #expect(throws: EngineError.rangeAcrossSections(first: 3, last: 5)) {
      try e.press(position: 2, count: 3)
    }
    #expect(throws: EngineError.rangeAcrossSections(first: 3, last: 5)) {
      try e.move(2, count: 3, toPosition: 0)
    }
    #expect(e.phase == .idle)
  }

  @Test("a locked or pinned row inside the range refuses it; a pin stops the block")
  func flags() throws {
    var flags = [RowFlags](repeating: [], count: 8)
    flags[2] = .locked
    var e = makeEngine([SectionSpec(titled: false, rowCount: 8)], flags: flags)
    #expect(throws: EngineError.rowLocked(row: 3)) { try e.press(position: 1, count: 3) }
    #expect(throws: EngineError.rowLocked(row: 3)) { try e.move(1, count: 3, toPosition: 4) }
    flags[2] = .pinned
    e = makeEngine([SectionSpec(titled: false, rowCount: 8)], flags: flags)
    #expect(throws: EngineError.rowPinned(row: 3)) { try e.press(position: 1, count: 3) }
    #expect(e.offset == 0)

    // Row 6 pinned: the block passes row 5, then stops before the pin.
    flags[2] = []
    flags[5] = .pinned
    e = makeEngine([SectionSpec(titled: false, rowCount: 8)], flags: flags) {
      $0.autoscroll = .off
    }
    try e.press(position: 1, count: 3)
    try e.drag(by: 300)
    #expect(e.lift?.position == 2)
    try e.release()
    #expect(e.ids == Self.movedDown)
    #expect(throws: EngineError.crossesPinned(row: 3, pinned: 6)) {
      try e.move(2, count: 3, toPosition: 3)
    }
    #expect(e.ids == Self.movedDown)
  }

  @Test("move of a block: down after the row at N + k − 1, up before the row at N")
  func moveBlock() throws {
    var e = plainEngine(8)
    try e.move(1, count: 3, toPosition: 2)  // move 2,4 3
    #expect(e.ids == Self.movedDown)
    try e.undo()
    try e.move(1, count: 3, toPosition: 5)  // move 2,4 $
    #expect(e.ids == [0, 4, 5, 6, 7, 1, 2, 3])
    try e.undo()
    try e.move(4, count: 3, toPosition: 0)  // move 5,7 1
    #expect(e.ids == [4, 5, 6, 0, 1, 2, 3, 7])
    try e.undo()
    try e.move(1, count: 3, toPosition: 1)  // onto its own place: nothing recorded
    #expect(e.undoCount == 0)
    #expect(throws: EngineError.blockPastEnd(row: 7, count: 3, rows: 8)) {
      try e.move(1, count: 3, toPosition: 6)
    }
    // Into another section by S:R and by N.
    var s = makeEngine(
      [SectionSpec(titled: false, rowCount: 4), SectionSpec(titled: true, rowCount: 4)])
    try s.move(1, count: 3, toPosition: 5)  // after the row now at 8
    #expect(s.ids == [0, 4, 5, 6, 7, 1, 2, 3])
    #expect(s.sectionSizes == [1, 7])
    try s.undo()
    try s.move(1, count: 3, toSection: 1, row: 0)  // move 2,4 2:1
    #expect(s.ids == Array(0..<8))
    #expect(s.sectionSizes == [1, 7])
    try s.undo()
    try s.move(1, count: 3, toSection: 0, row: 0)  // within its own section
    #expect(s.ids == [1, 2, 3, 0, 4, 5, 6, 7])
    #expect(throws: EngineError.sectionRowOutOfRange(section: 1, row: 3, limit: 2)) {
      try s.move(0, count: 3, toSection: 0, row: 2)
    }
  }

  @Test("press: a range that fits is shown whole, a taller one from its top")
  func pressScroll() throws {
    // 40 rows of 44, viewport 600: rows 20–22 ([836, 968)) need o = 968 − 600 = 368;
    // the finger goes to the centre 902 − 368 = 534.
    var e = plainEngine(40)
    try e.press(position: 19, count: 3)
    #expect(e.offset == 368)
    #expect(e.lift?.finger == 534)
    #expect(e.lift?.center == 902)
    try e.cancel()
    // Rows 2–21: 880 high, taller than 600: the top 44 at the top, the finger at the
    // centre 44 + 440 − 44 = 440.
    try e.scroll(to: 500)
    try e.press(position: 1, count: 20)
    #expect(e.offset == 44)
    #expect(e.lift?.finger == 440)
    #expect(e.lift?.count == 20)
  }

  @Test("a held range lifts when the hold completes")
  func holdRange() throws {
    var e = plainEngine(8) {
      $0.hold = 0.5
      $0.autoscroll = .off
    }
    try e.press(position: 1, count: 3)
    #expect(e.lift == nil)
    try e.tick(30)
    #expect(e.lift?.count == 3)
    #expect(e.lift?.height == 132)
  }

  @Test("a block moves on the layout's row order as one move of 500,000 rows")
  func largeBlock() throws {
    var e = plainEngine(2_000_000)
    try e.move(0, count: 500_000, toPosition: 1_500_000)
    #expect(e.layout.order.isRunBased)
    #expect(e.layout.order[0] == 500_000)
    #expect(e.layout.order[1_499_999] == 1_999_999)
    #expect(e.layout.order[1_500_000] == 0)
    #expect(e.layout.order[1_999_999] == 499_999)
    try e.undo()
    #expect(e.layout.order.isIdentity)
    #expect(!e.isDirty)
  }
}
