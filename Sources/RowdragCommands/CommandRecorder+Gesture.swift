import RowdragEngine

/// What `compare` replays of the commands kept: the gesture, from where it started.
extension CommandRecorder {
  /// The engine the comparison starts from and the commands it replays: the `set`s
  /// before the gesture's first other command are not replayed but folded into the
  /// start, so they form the row `current` and each preset then sets its own.
  struct Gesture {
    var start: Engine
    var commands: ArraySlice<Command>
  }

  /// The commands kept, split where the gesture starts; refuses a behaviour `set`
  /// inside it, which would override every preset.
  func gesture() throws -> Gesture {
    guard var start, !commands.isEmpty else { throw nothingToCompare }
    var first = commands.startIndex
    while first < commands.endIndex, case .meta(.set(let key, let values)) = commands[first] {
      try SettingTable.apply(key: key, values: values, to: &start)
      first += 1
    }
    guard first < commands.endIndex else { throw nothingToCompare }
    let gesture = commands[first...]
    for (index, command) in gesture.enumerated() {
      if case .meta(.set(let key, _)) = command, PresetTable.behaviourKeys.contains(key) {
        throw CommandError(
          command: "",
          message: "command \(index + 1) of the gesture, 'set \(key)', "
            + Self.behaviourInGesture(key))
      }
    }
    return Gesture(start: start, commands: gesture)
  }

  /// Why there is nothing to compare: the stream ran past `limit`, nothing ran yet, or
  /// nothing is kept here.
  private var nothingToCompare: CommandError {
    if overflowed, let limit {
      return CommandError(
        command: "",
        message:
          "a command stream keeps its first \(limit) commands for compare and this one ran more; give the script with -f FILE or -e, or use rowdrag --compare"
      )
    }
    return CommandError(
      command: "",
      message: isOn
        ? "nothing to compare yet; run a gesture first (press, drag, tick, release)"
        : "this session keeps no commands to compare; use it in the interactive shell, in a script that compares, or rowdrag --compare"
    )
  }
}
