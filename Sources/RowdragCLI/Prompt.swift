import RowdragCommands
import RowdragEngine

/// The REPL prompt: where the gesture stands, at a glance.
///
/// `rowdrag[12]> ` idle, `rowdrag[12*]> ` with unsaved changes,
/// `rowdrag[12 lifted 3→5]> ` while row 3 is lifted and now in slot 5,
/// `rowdrag[12 holding 3]> ` and `rowdrag[12 panning]> ` during a touch; in board mode
/// the lifted task's column and row, `rowdrag[5 lifted 1:2→2:2]> `. A lifted range
/// (SPEC §10) says how many rows it holds: `rowdrag[12 lifted 3→5 +2]> `.
enum Prompt {
  static func text(for engine: Engine) -> String {
    var inside = String(engine.layout.rowCount)
    if engine.isDirty { inside += "*" }
    switch engine.phase {
    case .idle: break
    case .holding(let touch): inside += " holding \(touch.position + 1)"
    case .lifted(let lift) where engine.surface.isBoard:
      let row = lift.position - engine.layout.sectionStarts[lift.section] + 1
      inside += " lifted \(lift.sourceSection + 1):\(lift.sourceRow + 1)→\(lift.section + 1):\(row)"
    case .lifted(let lift): inside += " lifted \(lift.sourcePosition + 1)→\(lift.position + 1)"
    case .panning: inside += " panning"
    }
    if let lift = engine.lift, lift.count > 1 { inside += " +\(lift.count - 1)" }
    return "rowdrag[\(inside)]> "
  }
}
