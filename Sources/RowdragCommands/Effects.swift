import RowdragEngine
import RowdragSystem

/// What a command may do beyond its session and its output sink: write the per-frame
/// trace, tell a watcher of its frames, run the `--on-drop` hook, tell a person what
/// moved, ask whether Ctrl-C stopped it, open the live view.
///
/// The front that runs commands builds this value once (the script runner from its
/// options, the shell adding its terminal's, the live view taking the shell's and
/// keeping its hook's Ctrl-C to itself) and passes it with every command; the session
/// keeps none of it. A simulation (`compare`'s replays) passes `simulation(frames:)`:
/// nothing it runs can reach a file, a hook or a person, with no field to clear and
/// restore around it, as ripgrep's printer is handed the sink it writes to.
public struct Effects {
  /// Where `tick` and `wait` write one line a frame while `trace` is on, and what the
  /// `trace` command turns on and off; nil where there is no trace (a replay).
  public var trace: TraceSink?
  /// Told of every frame of a `tick` or `wait`, or of the runs it skipped (a
  /// comparison's recorder); nil when nothing watches.
  public var frames: FrameSink?
  /// `--on-drop`: asked after each drop or move that changed the order; nil for none.
  public var dropHook: DropHook?
  /// Where a line for a person goes after a command that changed something out of
  /// sight (`moved 3 → 1`, `wrote 12 rows to todo.txt`): the interactive shell on a
  /// terminal; nil says nothing.
  public var notify: ((String) -> Void)?
  /// Asked now and then by long commands (`tick`, `wait`, a `/REGEX/` over many rows,
  /// `list`, a comparison's replays); when it says yes they stop with "interrupted".
  public var isInterrupted: () -> Bool
  /// Runs the live view: the interactive shell's, the only place it can run.
  public var openLive: (() throws -> Void)?
  /// Told how a long search goes (`fit`), a line at a time, and nil when it ends: a
  /// terminal's standard error shows the line in place once it has run a second; nil
  /// where nobody watches.
  public var progress: ((String?) -> Void)?

  public init(
    trace: TraceSink?, frames: FrameSink?, dropHook: DropHook?, notify: ((String) -> Void)?,
    isInterrupted: @escaping () -> Bool, openLive: (() throws -> Void)?
  ) {
    self.trace = trace
    self.frames = frames
    self.dropHook = dropHook
    self.notify = notify
    self.isInterrupted = isInterrupted
    self.openLive = openLive
  }

  /// No effect at all, and never interrupted.
  public static var none: Effects {
    Effects(
      trace: nil, frames: nil, dropHook: nil, notify: nil, isInterrupted: { false },
      openLive: nil)
  }

  /// What a simulation may do: nothing but tell `frames` of its frames, and stop when
  /// these effects' Ctrl-C says so (a long replay stops as a long `tick` does).
  public func simulation(frames: FrameSink?) -> Effects {
    var effects = Effects.none
    effects.frames = frames
    effects.isInterrupted = isInterrupted
    return effects
  }
}

/// A watcher of frames: a comparison's recorder, with the frames per second in force.
public struct FrameSink {
  /// Told of each frame, or of each run of frames the engine skipped.
  public var observe: (TickEvent, Double) -> Void
  /// Whether it must be told of every frame, none skipped: the animated report draws
  /// each frame, as `--trace` writes each.
  public var needsEveryFrame: Bool

  public init(needsEveryFrame: Bool, observe: @escaping (TickEvent, Double) -> Void) {
    self.observe = observe
    self.needsEveryFrame = needsEveryFrame
  }
}

/// `--on-drop CMD` (BOARD.md §7): the command, how long it may run, and what stops it.
public struct DropHook {
  /// Run by `/bin/sh -c` after each drop or move that changed the order.
  public var command: String
  /// How long it may run (`--on-drop-timeout`) and how it is stopped.
  public var limits: HookLimits
  /// Asked while it runs: true stops it as Ctrl-C does (the live view reads its raw
  /// terminal's Ctrl-C here).
  public var interrupted: () -> Bool

  public init(command: String, limits: HookLimits, interrupted: @escaping () -> Bool) {
    self.command = command
    self.limits = limits
    self.interrupted = interrupted
  }
}
