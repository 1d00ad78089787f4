import RowdragEngine

/// The commands `compare` replays, kept as they run: those whose row replays
/// (`CommandSpec.replays`), each with the engine before the first and the text it was
/// typed as, since the list was last read.
///
/// The line runner owns one, for it sees every parsed command and its text, and hands
/// it to each command it runs (`compare` reads it); the session keeps no history. A
/// comparison's replays run commands without one, so a simulation records nothing.
public struct CommandRecorder {
  /// Whether commands are kept: on in the interactive shell, for scripts that compare
  /// and for command streams (up to `limit`), off otherwise, so a script of millions
  /// of commands does not keep them all. Off for good once `limit` is passed.
  public private(set) var isOn: Bool
  /// The most commands kept, or nil for all: set for a command stream, which may never
  /// end. Past it the commands are dropped and recording stops.
  public let limit: Int?
  /// `--compare`: a behaviour `set` inside the gesture is refused where it stands (its
  /// script line), not only when the comparison runs.
  public let refusesBehaviourSetsInGesture: Bool
  /// The engine before the first of `commands`.
  private(set) var start: Engine?
  /// The commands that changed the engine, in order.
  private(set) var commands: [Command] = []
  /// Each of `commands` as typed, for the comparison chart's caption.
  private(set) var texts: [String] = []
  /// Whether `commands` holds one other than `set`: the compared gesture has begun
  /// (kept, so checking a `set` under `--compare` does not scan the commands).
  private(set) var hasGesture = false
  /// Whether `limit` dropped the commands.
  private(set) var overflowed = false
  /// The session's `readCount` the commands ran on: a `reload` reads another list,
  /// and the commands kept before it no longer replay on it.
  private var read: Int?

  /// The commands a stream keeps for `compare`: about 28 minutes of a `tick` a frame
  /// at 60 fps, a few megabytes.
  public static let streamLimit = 100_000

  public init(isOn: Bool, limit: Int? = nil, refusesBehaviourSetsInGesture: Bool = false) {
    self.isOn = isOn
    self.limit = limit
    self.refusesBehaviourSetsInGesture = refusesBehaviourSetsInGesture
  }

  /// Keeps nothing: `compare` then says the session keeps no commands.
  public static var off: CommandRecorder { CommandRecorder(isOn: false) }

  /// A command about to run that is to be kept if it succeeds, with the engine before
  /// it when it is the first.
  public struct Pending {
    fileprivate let start: Engine?
  }

  /// Before `command` (typed as `name`) runs on `session`: the commands kept before a
  /// `reload` are dropped, a behaviour `set` inside the gesture is refused under
  /// `--compare`, and the command is to be kept (`ran`) when it `replays` and recording
  /// is on. Two steps, not one call around the run: the shell's live view runs
  /// commands through the same recorder while `live` runs.
  public mutating func willRun(
    _ command: Command, named name: String, replays: Bool, on session: Session
  ) throws(CommandError) -> Pending? {
    if read != session.readCount {
      if read != nil { forget() }
      read = session.readCount
    }
    guard isOn && replays else { return nil }
    if refusesBehaviourSetsInGesture, case .meta(.set(let key, _)) = command,
      isBehaviourSetInGesture(command)
    {
      throw CommandError(command: name, message: Self.behaviourInGesture(key))
    }
    // The start is kept once; a copy of the engine before every command would make
    // each command copy the whole order on write.
    return Pending(start: commands.isEmpty ? session.engine : nil)
  }

  /// After a command `willRun` said to keep succeeded: keeps it, typed as `text`.
  public mutating func ran(_ command: Command, text: String, _ pending: Pending) {
    if let before = pending.start { start = before }
    commands.append(command)
    texts.append(text)
    if case .meta(.set) = command {} else { hasGesture = true }
    if let limit, commands.count > limit {
      forget()
      isOn = false
      overflowed = true
    }
  }

  /// Drops the commands kept.
  private mutating func forget() {
    commands = []
    texts = []
    hasGesture = false
    start = nil
  }

  /// Whether `command`, run now, would be a behaviour `set` inside the recorded gesture.
  func isBehaviourSetInGesture(_ command: Command) -> Bool {
    guard case .meta(.set(let key, _)) = command, PresetTable.behaviourKeys.contains(key) else {
      return false
    }
    return hasGesture
  }

  /// Why a behaviour `set` inside the gesture is refused, and where it belongs.
  static func behaviourInGesture(_ key: String) -> String {
    "changes \(key) inside the compared gesture, where each preset sets its own; put it "
      + "before the gesture's first command (or give it as an option): the settings "
      + "there form the row current"
  }
}
