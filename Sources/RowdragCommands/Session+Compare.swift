import RowdragEngine
import RowdragFormats

/// `compare NAME…` and `--compare`: the session's commands replayed from where they
/// started under each preset, side by side.
extension Session {
  /// Replays the history under each of `words`' presets (spaces or commas between
  /// names; `plot=FILE.svg` also writes the chart) and returns the table.
  func compare(_ words: [String]) throws -> String {
    var names: [String] = []
    var plotPath: String?
    for word in words {
      if word.hasPrefix("plot=") {
        plotPath = String(word.dropFirst(5))
      } else {
        for name in word.split(separator: ",").map(String.init) {
          names += name == "all" ? PresetTable.names : [name]
        }
      }
    }
    guard !names.isEmpty else {
      throw CommandError(
        command: "",
        message: "name one or more presets; the command presets lists them (rowdrag -e presets)")
    }
    let runs = try replay(names.map(PresetTable.preset))
    if let plotPath {
      guard !plotPath.isEmpty else {
        throw CommandError(command: "", message: "plot= needs a file name, e.g. plot=compare.svg")
      }
      try writePlot(runs, to: plotPath)
    }
    return ComparisonTable.render(runs, commands: history.count)
  }

  /// Each preset's replay of the history, from the engine it started on; the session
  /// is left exactly as it was.
  func replay(_ presets: [Preset]) throws -> [ComparisonRecorder] {
    guard let start = historyStart, !history.isEmpty else {
      if historyOverflowed, let historyLimit {
        throw CommandError(
          command: "",
          message:
            "a command stream keeps its first \(historyLimit) commands for compare and this one ran more; give the script with -f FILE or -e, or use rowdrag --compare"
        )
      }
      throw CommandError(
        command: "",
        message: isRecording
          ? "nothing to compare yet; run a gesture first (press, drag, tick, release)"
          : "this session keeps no commands to compare; use it in the interactive shell, in a script that compares, or rowdrag --compare"
      )
    }
    let saved = (engine, trace, frameObserver, isRecording, onDrop)
    defer { (engine, trace, frameObserver, isRecording, onDrop) = saved }
    // A replay is a simulation: no trace, no recording, and no drop hook telling a
    // server about moves that never happened.
    trace = nil
    isRecording = false
    onDrop = nil
    let discard = OutputSink(memoryNamed: "<compare>")
    var runs: [ComparisonRecorder] = []
    for preset in presets {
      engine = start
      try preset.apply(to: &engine)
      engine.setPresetName(preset.name)
      let recorder = ComparisonRecorder(preset: preset.name, engine: engine)
      frameObserver = recorder.observe
      for command in history {
        let before = engine
        var failure: String?
        do {
          _ = try perform(command, out: discard)
        } catch let error as EngineError {
          failure = error.message
        } catch let error as CommandError {
          if error == .interrupted { throw error }
          failure = error.message
        } catch {
          failure = "\(error)"
        }
        recorder.command(before: before, after: engine, failed: failure)
      }
      runs.append(recorder)
    }
    return runs
  }
}
