import RowdragCommands
import RowdragEngine

/// Left/Right with a card lifted on the board: the card to the neighbouring column, as
/// a finger would take it.
///
/// Planned on a copy of the engine and then run as commands (`drag x=…`, `tick N`), so
/// the recording replays it. When the neighbour's middle is on screen the finger goes
/// there; otherwise it rests at the screen's edge, in the page edge zone, and frames
/// run until the page has turned (BOARD.md §4: the dwell, then the turn) and the card
/// is in that column, then the finger goes to the column's middle so that no second
/// turn starts. The finger's y stays: the column's rule places the card (§5).
enum KeyboardColumnMove {
  /// Frames one key may run at the edge (10 s at 60 fps): paging off ends the search.
  static let maxFrames = 600

  /// The commands and the engine they lead to, or nil when the card cannot enter that
  /// column (no column there, `sections keep`, a pin, paging off with the column off
  /// screen).
  static func step(_ direction: Int, in engine: Engine) -> KeyboardDrag.Step? {
    guard let lift = engine.lift, engine.surface.isBoard else { return nil }
    let target = lift.section + direction
    guard target >= 0 && target < engine.columnCount else { return nil }
    let settings = engine.settings.board
    var trial = engine
    var commands: [String] = []
    func middle(_ e: Engine) -> Double {
      e.columnLeft(target) + settings.columnWidth / 2 - e.board.x
    }
    func dragX(_ x: Double) -> Bool {
      let text = NumberText.short(x)
      guard let value = Double(text), (try? trial.drag(toScreenX: value, y: nil)) != nil else {
        return false
      }
      commands.append("drag x=\(text)")
      return true
    }
    if !(0..<settings.screen).contains(middle(trial)) {
      // The edge: a point inside the zone, clear of the screen's last point.
      let zone = Swift.min(settings.paging?.edge ?? 0, settings.screen / 2)
      guard zone > 0 else { return nil }
      guard dragX(direction > 0 ? settings.screen - zone / 2 : zone / 2) else { return nil }
      var frames = 0
      while trial.lift?.section != target || trial.board.turn != nil {
        guard frames < maxFrames, (try? trial.tick(1)) != nil, trial.lift != nil else {
          return nil
        }
        frames += 1
      }
      if frames > 0 { commands.append("tick \(frames)") }
    }
    let x = middle(trial)
    guard (0..<settings.screen).contains(x), dragX(x), trial.lift?.section == target else {
      return nil
    }
    return KeyboardDrag.Step(commands: commands, engine: trial)
  }

  /// The drag that puts a card carried by the keys on its slot: a key's step ends where
  /// the rule gave the card its slot, or at the finger's height in the new column,
  /// which may be lines away from the slot (a taller neighbour, a shorter column); the
  /// card is drawn where it would drop. Nil when it is there already, or when the drag
  /// would move it again or leave the view.
  static func settled(_ engine: Engine) -> KeyboardDrag.Step? {
    guard engine.surface.isBoard, let lift = engine.lift, let finger = engine.finger else {
      return nil
    }
    let layout = engine.layout
    let k = lift.section
    let slot = layout.top(of: lift.position, section: k) - layout.headerTop(k) + lift.height / 2
    let y = (finger + slot - lift.center).rounded()
    guard abs(y - finger) >= 1, y >= 0, y < engine.settings.viewport else { return nil }
    var trial = engine
    guard (try? trial.drag(toScreenY: y)) != nil,
      trial.lift?.position == lift.position, trial.lift?.section == k
    else { return nil }
    return KeyboardDrag.Step(commands: ["drag y=\(NumberText.short(y))"], engine: trial)
  }
}
