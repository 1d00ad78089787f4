import Testing

@testable import RowdragEngine

@Suite("reorder rules")
struct ReorderTests {
  @Test("edge, the default: a row steps once its leading edge crosses the neighbour's midpoint")
  func edgeStrict() throws {
    var engine = plainEngine(5) { $0.autoscroll = .off }
    try engine.press(position: 0)  // center 22, bottom edge 44
    try engine.drag(toScreenY: 44)  // bottom edge 66, exactly on row 2's midpoint: no step
    #expect(engine.ids == [0, 1, 2, 3, 4])
    try engine.drag(toScreenY: 44.001)  // half a row and a bit: one step
    #expect(engine.ids == [1, 0, 2, 3, 4])
    // Now in slot 2 (44…88): the top edge must cross row 1's midpoint (22) to go back.
    try engine.drag(toScreenY: 44)
    #expect(engine.ids == [1, 0, 2, 3, 4])
    try engine.drag(toScreenY: 43.999)
    #expect(engine.ids == [0, 1, 2, 3, 4])
    // A long drag crosses several rows in one event: 3.5 rows and a bit is 3 steps.
    try engine.drag(toScreenY: 22 + 3.5 * 44 - 22 + 0.001)
    #expect(engine.lift?.position == 3)
  }

  @Test("edge is stable with rows of 44 and 100 points, and passes a titled header halfway")
  func edgeMixedHeightsAndHeaders() throws {
    var engine = makeEngine([SectionSpec(titled: false, rowCount: 3)], heights: [44, 100, 44]) {
      $0.autoscroll = .off
    }
    try engine.press(position: 0)  // center 22, bottom edge 44
    try engine.drag(toScreenY: 72)  // bottom edge 94 = the tall row's midpoint: stays
    #expect(engine.ids == [0, 1, 2])
    try engine.drag(toScreenY: 72.5)
    #expect(engine.ids == [1, 0, 2])
    // The tall row is 0…100 (midpoint 50); the top edge is 50.5: no step back.
    for _ in 0..<10 {
      try engine.tick(1)
      #expect(engine.ids == [1, 0, 2])
    }
    // Two titled sections (headers 28): the last row of the first passes the boundary
    // when its bottom edge is 14 points into the next header.
    var sections = makeEngine(
      [SectionSpec(titled: true, rowCount: 2), SectionSpec(titled: true, rowCount: 1)]
    ) { $0.autoscroll = .off }
    try sections.press(position: 1)  // 72…116, center 94
    try sections.drag(by: 14)  // bottom edge 130 = 116 + 14: on the threshold
    #expect(sections.layout.section(of: sections.lift?.position ?? 0) == 0)
    try sections.drag(by: 0.001)
    #expect(sections.layout.section(of: sections.lift?.position ?? 0) == 1)
  }

  @Test("midpoint: a row steps past a neighbour only when the center crosses its midpoint")
  func midpointStrict() throws {
    var engine = plainEngine(5) {
      $0.autoscroll = .off
      $0.rule = .midpoint
    }
    try engine.press(position: 0)  // center 22, finger 22
    try engine.drag(toScreenY: 66)  // exactly on row 2's midpoint: strict, no step
    #expect(engine.ids == [0, 1, 2, 3, 4])
    try engine.drag(toScreenY: 66.001)
    #expect(engine.ids == [1, 0, 2, 3, 4])
    #expect(engine.lift?.position == 1)
  }

  @Test("midpoint is stable with rows of 44 and 100 points")
  func midpointStability() throws {
    var engine = makeEngine([SectionSpec(titled: false, rowCount: 3)], heights: [44, 100, 44]) {
      $0.autoscroll = .off
      $0.rule = .midpoint
    }
    try engine.press(position: 0)  // center 22
    try engine.drag(toScreenY: 60)  // 60 < 44 + 50: stays
    #expect(engine.ids == [0, 1, 2])
    try engine.drag(toScreenY: 95)  // 95 > 94: L passes the tall row
    #expect(engine.ids == [1, 0, 2])
    // Now the tall row is 0…100 (midpoint 50) and L is 100…144; 95 > 50: no step back.
    for _ in 0..<10 {
      try engine.tick(1)
      #expect(engine.ids == [1, 0, 2])
    }
  }

  @Test("under oscillates on unequal heights, as the seeds do")
  func underOscillates() throws {
    var engine = makeEngine([SectionSpec(titled: false, rowCount: 2)], heights: [44, 100]) {
      $0.autoscroll = .off
      $0.rule = .under
    }
    try engine.press(position: 0)
    try engine.drag(toScreenY: 60)  // finger over the tall row (44…144): L goes after it
    #expect(engine.ids == [1, 0])
    try engine.tick(1)  // tall row now 0…100 under the finger again: L goes before it
    #expect(engine.ids == [0, 1])
    try engine.tick(1)
    #expect(engine.ids == [1, 0])
  }

  @Test("one long drag ends where many small drags end")
  func manyAtOnce() throws {
    let heights: [Double] = (0..<40).map { Double(20 + ($0 * 37) % 60) }
    let sections = [
      SectionSpec(titled: true, rowCount: 10), SectionSpec(titled: false, rowCount: 0),
      SectionSpec(titled: true, rowCount: 30),
    ]
    var jump = makeEngine(sections, heights: heights) {
      $0.autoscroll = .off
      $0.viewport = 5000
    }
    var walk = jump
    try jump.press(position: 3)
    try walk.press(position: 3)
    let start = walk.finger ?? 0
    try jump.drag(toScreenY: start + 1234.5)
    var y = start
    while y < start + 1234.5 {
      y = min(y + 3, start + 1234.5)
      try walk.drag(toScreenY: y)
    }
    #expect(jump.ids == walk.ids)
    #expect(jump.sectionSizes == walk.sectionSizes)
    #expect(jump.lift == walk.lift)
    // And back up again.
    try jump.drag(toScreenY: start - 500)
    while y > start - 500 {
      y = max(y - 7, start - 500)
      try walk.drag(toScreenY: y)
    }
    #expect(jump.ids == walk.ids)
    #expect(jump.sectionSizes == walk.sectionSizes)
  }

  @Test("pinned rows are barriers for drags, moves and the under rule")
  func pinnedBarrier() throws {
    var flags = [RowFlags](repeating: [], count: 6)
    flags[3] = .pinned
    var engine = makeEngine([SectionSpec(titled: false, rowCount: 6)], flags: flags) {
      $0.autoscroll = .off
    }
    try engine.press(position: 0)
    try engine.drag(toScreenY: 250)
    #expect(engine.ids == [1, 2, 0, 3, 4, 5])
    try engine.release()
    #expect(throws: EngineError.crossesPinned(row: 1, pinned: 4)) {
      try engine.move(0, toPosition: 5)
    }
    #expect(throws: EngineError.rowPinned(row: 4)) { try engine.press(position: 3) }
    engine.settings.rule = .under
    try engine.press(position: 4)
    try engine.drag(toScreenY: 10)  // over row 1, but the pinned row lies between
    #expect(engine.ids == [1, 2, 0, 3, 4, 5])
    try engine.drag(toScreenY: 250)  // over row 6 (220…264)
    #expect(engine.ids == [1, 2, 0, 3, 5, 4])
  }

  @Test("locked rows cannot be lifted but are passed")
  func lockedPassed() throws {
    var flags = [RowFlags](repeating: [], count: 4)
    flags[1] = .locked
    var engine = makeEngine([SectionSpec(titled: false, rowCount: 4)], flags: flags) {
      $0.autoscroll = .off
    }
    #expect(throws: EngineError.rowLocked(row: 2)) { try engine.press(position: 1) }
    #expect(engine.phase == .idle)
    try engine.press(position: 0)
    try engine.drag(toScreenY: 120)
    try engine.release()
    #expect(engine.ids == [1, 2, 0, 3])
    #expect(engine.layout.flags(at: 0) == .locked)
  }

  @Test("a row crosses into an empty titled section and stays there")
  func crossIntoEmptySection() throws {
    // Rows: a(0) b(1) | empty titled | c(2)
    let sections = [
      SectionSpec(titled: false, rowCount: 2), SectionSpec(titled: true, rowCount: 0),
      SectionSpec(titled: true, rowCount: 1),
    ]
    var engine = makeEngine(sections) { $0.autoscroll = .off }
    // Layout: b 44…88, boundary(0→1) at 88 h 28, boundary(1→2) at 116 h 28, c 144…188.
    try engine.press(position: 1)
    try engine.drag(toScreenY: 66 + 37)  // center 103 > 88 + 14: into the empty section
    #expect(engine.lift?.section == 1)
    #expect(engine.sectionSizes == [1, 1, 1])
    try engine.release()
    #expect(engine.ids == [0, 1, 2])
    #expect(engine.isDirty)  // same global order, different index path
    try engine.undo()
    #expect(engine.sectionSizes == [2, 0, 1])
    #expect(!engine.isDirty)
  }

  @Test("sections keep: the lifted row stays in its section; move refuses to leave it")
  func sectionsKeep() throws {
    let sections = [SectionSpec(titled: true, rowCount: 2), SectionSpec(titled: true, rowCount: 2)]
    var engine = makeEngine(sections) {
      $0.autoscroll = .off
      $0.sections = .keep
    }
    try engine.press(position: 0)
    try engine.drag(toScreenY: 500)
    #expect(engine.ids == [1, 0, 2, 3])
    #expect(engine.sectionSizes == [2, 2])
    try engine.cancel()
    #expect(throws: EngineError.otherSection(row: 1)) { try engine.move(0, toPosition: 3) }
  }

  @Test("hold: a drag past 10 points before the hold turns the touch into a pan")
  func holdThenPan() throws {
    var engine = plainEngine(100) { $0.hold = 0.5 }
    try engine.scroll(to: 1000)
    try engine.press(screenY: 300)
    guard case .holding = engine.phase else {
      Issue.record("expected holding")
      return
    }
    try engine.drag(by: 10)  // exactly 10: still holding
    guard case .holding = engine.phase else {
      Issue.record("expected holding after a 10 pt drag")
      return
    }
    try engine.drag(by: 0.5)  // 10.5 > 10: panning, no scroll yet
    #expect(engine.phase == .panning(finger: 310.5))
    #expect(engine.offset == 1000)
    try engine.drag(by: -100)  // content follows the finger: o ← o + 100
    #expect(engine.offset == 1100)
    try engine.tick(60)
    try engine.release()
    #expect(engine.phase == .idle)
    #expect(!engine.canUndo)
  }

  @Test("hold: lifts on the 30th frame for 0.5 s at 60 fps, with the grab measured then")
  func holdLifts() throws {
    var engine = plainEngine(20) {
      $0.hold = 0.5
      $0.autoscroll = .off
    }
    try engine.press(position: 2)  // center 110
    try engine.drag(by: 6)  // within the slop
    try engine.tick(29)
    guard case .holding = engine.phase else {
      Issue.record("lifted too early")
      return
    }
    try engine.tick(1)
    #expect(engine.lift?.grab == -6)
    #expect(engine.lift?.center == 110)
  }

  @Test("cancel returns the row and records nothing; undo and redo replay a gesture")
  func cancelUndoRedo() throws {
    var engine = plainEngine(5) { $0.autoscroll = .off }
    try engine.press(position: 0)
    try engine.drag(toScreenY: 200)
    #expect(engine.ids == [1, 2, 3, 4, 0])
    try engine.cancel()
    #expect(engine.ids == [0, 1, 2, 3, 4])
    #expect(!engine.canUndo)
    try engine.press(position: 4)
    try engine.drag(toScreenY: 10)
    try engine.release()
    #expect(engine.ids == [4, 0, 1, 2, 3])
    try engine.undo()
    #expect(engine.ids == [0, 1, 2, 3, 4])
    #expect(!engine.isDirty)
    try engine.redo()
    #expect(engine.ids == [4, 0, 1, 2, 3])
    #expect(throws: EngineError.nothingToRedo) { try engine.redo() }
  }

  @Test("moves that cancel out leave the list clean")
  func dirtyCancelsOut() throws {
    var engine = plainEngine(5)
    try engine.move(0, toPosition: 3)
    #expect(engine.isDirty)
    try engine.move(3, toPosition: 0)
    #expect(!engine.isDirty)
    #expect(engine.canUndo)
  }

  @Test("move with S:R into another section, and onto its own place")
  func moveSectionRow() throws {
    let sections = [SectionSpec(titled: true, rowCount: 2), SectionSpec(titled: true, rowCount: 2)]
    var engine = makeEngine(sections)
    try engine.move(0, toSection: 1, row: 2)  // k + 1 = 3rd slot of section 2
    #expect(engine.ids == [1, 2, 3, 0])
    #expect(engine.sectionSizes == [1, 3])
    try engine.move(3, toSection: 1, row: 2)
    #expect(engine.undoStack.count == 1)
    #expect(throws: EngineError.sectionRowOutOfRange(section: 2, row: 4, limit: 3)) {
      try engine.move(3, toSection: 1, row: 3)
    }
  }

  @Test("press ADDR scrolls by the smallest amount; a refused press never scrolls")
  func pressReveal() throws {
    var flags = [RowFlags](repeating: [], count: 100)
    flags[50] = .locked
    var engine = makeEngine([SectionSpec(titled: false, rowCount: 100)], flags: flags)
    #expect(throws: EngineError.rowLocked(row: 51)) { try engine.press(position: 50) }
    #expect(engine.offset == 0)
    try engine.press(position: 20)  // 880…924: bottom-aligned, o = 324
    #expect(engine.offset == 324)
    #expect(engine.finger == 578)  // center 902 − 324
  }

  @Test("a save makes the order one run again and hands back the old identities")
  func rebaseAfterSave() {
    var layout = Layout(sections: [SectionSpec(titled: false, rowCount: 3)])
    layout.relocate(from: 0, fromSection: 0, to: 2, toSection: 0)
    let previous = layout.rebase()
    #expect(Array(previous) == [1, 2, 0])
    #expect(layout.order.isIdentity && layout.order.isRunBased)
  }
}
