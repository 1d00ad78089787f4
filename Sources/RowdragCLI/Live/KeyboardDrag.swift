import RowdragCommands
import RowdragEngine

/// Keyboard moves of a lifted row: one key, one slot, whatever the rows' heights.
///
/// A key is planned on a copy of the engine and then run as the commands a script
/// would give (`drag y=Y`, and `tick N` where the list has to scroll), so the
/// recording replays it to the same bytes. Within the view the finger moves towards
/// the neighbour two points at a time until the rule gives the row the next slot;
/// at the view's edge the finger rests on the edge and the list auto-scrolls, frame by
/// frame, only until the row has taken the next slot. No clock runs in between.
enum KeyboardDrag {
  /// The frames one key may run at the edge (10 s at 60 fps): a profile that never
  /// scrolls there (`autoscroll off`, a pinned row) ends the search, not the view.
  static let maxFrames = 600

  /// A planned key: the commands to run and the engine they lead to.
  struct Step {
    var commands: [String]
    var engine: Engine
  }

  /// The step that moves the lifted row one slot up (`direction` −1) or down (+1), or
  /// nil when it cannot move that way (the end of the list, a pin, no auto-scroll).
  static func oneSlot(_ direction: Int, in engine: Engine) -> Step? {
    guard let lift = engine.lift, let finger = engine.finger else { return nil }
    let viewport = engine.settings.viewport
    // The finger's last point that way with the snapshot's first line still drawn: a
    // line shows the snapshot when its middle is inside it.
    let half = LiveRenderer.pointsPerLine / 2
    let edge =
      direction > 0
      ? (viewport - 1).rounded(.down) : Swift.max(1, (lift.height / 2 - half + 1).rounded(.up))
    // Within the view: the first drag, two points further at a time, that changes the
    // slot.
    var y = finger.rounded(direction > 0 ? .down : .up)
    if direction > 0 ? y > edge : y < edge {
      return beyondEdge(direction, in: engine, from: y, lift: lift)
    }
    while direction > 0 ? y < edge : y > edge {
      y = direction > 0 ? Swift.min(edge, y + 2) : Swift.max(edge, y - 2)
      var trial = engine
      guard (try? trial.drag(toScreenY: y)) != nil else { return nil }
      if let moved = trial.lift, moved.position != lift.position || moved.section != lift.section {
        return Step(commands: ["drag y=\(NumberText.short(y))"], engine: trial)
      }
    }
    // At the edge: the list scrolls under the finger until the row has moved. The
    // finger goes inwards while a frame would carry the row past more than one slot.
    var inward = 0.0
    while inward < viewport / 2 {
      let y = direction > 0 ? edge - inward : edge + inward
      if let step = scrolled(direction, in: engine, fingerAt: y, from: lift) {
        if isOneSlot(step.engine, from: lift) { return step }
      } else if inward == 0 {
        // The list does not scroll there; on the very edge, perhaps (a narrow zone).
        guard direction < 0, edge > 0,
          let step = scrolled(direction, in: engine, fingerAt: 0, from: lift),
          isOneSlot(step.engine, from: lift)
        else { return nil }
        return step
      }
      inward += 4
    }
    return nil
  }

  /// A finger already past the view's edge the way the key goes — a block taller than
  /// the view is held at its centre, off screen (SPEC §10) — goes on that way, two
  /// points further at a time, until the block takes the next slot: bringing it back to
  /// the edge would pull the block the other way. Nil when no slot is there.
  private static func beyondEdge(_ direction: Int, in engine: Engine, from y: Double, lift: Lift)
    -> Step?
  {
    // The block's height and a view more: past that, a neighbour taller than a screen
    // is left to the mouse.
    let reach = lift.height + engine.settings.viewport
    var travelled = 0.0
    while travelled < reach {
      travelled += 2
      let target = y + Double(direction) * travelled
      var trial = engine
      guard (try? trial.drag(toScreenY: target)) != nil else { return nil }
      if let moved = trial.lift, moved.position != lift.position || moved.section != lift.section {
        guard isOneSlot(trial, from: lift) else { return nil }
        return Step(commands: ["drag y=\(NumberText.short(target))"], engine: trial)
      }
    }
    return nil
  }

  /// The finger at `y`, then frames until the row leaves its slot; nil if it does not
  /// within `maxFrames`.
  private static func scrolled(
    _ direction: Int, in engine: Engine, fingerAt y: Double, from lift: Lift
  )
    -> Step?
  {
    var trial = engine
    var commands: [String] = []
    if engine.finger != y {
      guard (try? trial.drag(toScreenY: y)) != nil else { return nil }
      commands.append("drag y=\(NumberText.short(y))")
      if let moved = trial.lift, moved.position != lift.position || moved.section != lift.section {
        return Step(commands: commands, engine: trial)
      }
    }
    for frames in 1...maxFrames {
      guard (try? trial.tick(1)) != nil, let moved = trial.lift else { return nil }
      if moved.position != lift.position || moved.section != lift.section {
        return Step(commands: commands + ["tick \(frames)"], engine: trial)
      }
    }
    return nil
  }

  /// Whether the row went to the next slot: its neighbour, or past locked rows only
  /// (which do not move, so the next slot is beyond them).
  private static func isOneSlot(_ engine: Engine, from lift: Lift) -> Bool {
    guard let moved = engine.lift else { return false }
    let (low, high) = (
      Swift.min(lift.position, moved.position), Swift.max(lift.position, moved.position)
    )
    guard high - low > 1 else { return true }
    return (low + 1..<high).allSatisfy { engine.layout.flags(at: $0).contains(.locked) }
  }
}
