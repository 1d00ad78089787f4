import RowdragEngine
import RowdragFormats

/// `compare NAME…` and `--compare`: the session's gesture replayed from where it
/// started under each preset, beside the settings in force (`current`) and app traces.
extension Session {
  /// Replays the gesture `recorder` kept under each row of `words` (see
  /// `ComparisonRequest`; `plot=FILE.svg` also writes the chart) and returns the table.
  /// The replays run with none of `effects` but its Ctrl-C.
  func compare(_ words: [String], effects: Effects, recorder: CommandRecorder) throws -> String {
    let request = try ComparisonRequest.parse(words)
    let gesture = try recorder.gesture()
    var rows = request.rows
    // Your own settings get a row when no named preset already shows them.
    if !rows.contains(.current) {
      let named = try rows.compactMap { row -> Preset? in
        guard case .preset(let name) = row else { return nil }
        return try PresetTable.preset(name)
      }
      if named.allSatisfy({ !$0.differences(gesture.start).isEmpty }) {
        rows.insert(.current, at: 0)
      }
    }
    // Traces are read first, so a bad one fails before any replay.
    var traces: [String: AppTrace] = [:]
    for case .trace(let path) in rows where traces[path] == nil {
      traces[path] = try Self.readTrace(path, rowCount: engine.layout.order.count)
    }
    // The report draws every frame, so its replays step through each (as `--trace`).
    let everyFrame = request.plotPath.map(Self.isReport) ?? false
    var notRun: [ComparisonTable.NotRun] = []
    let runs = try replay(
      rows, gesture, traces: traces, everyFrame: everyFrame, effects: effects, notRun: &notRun)
    let content = ComparisonTable.content(
      runs, notRun: notRun, commands: gesture.commands.count, fps: gesture.start.settings.fps)
    if let plotPath = request.plotPath {
      try writePlot(
        runs, content: content, to: plotPath, recorder: recorder,
        gestureStart: gesture.commands.startIndex)
    }
    return ComparisonTable.text(content)
  }

  /// The trace at `path`, or why not: a bad trace names its line and column, a file
  /// that cannot be read is an I/O failure.
  static func readTrace(_ path: String, rowCount: Int) throws -> AppTrace {
    do {
      return try AppTrace.read(path: path, rowCount: rowCount)
    } catch let error as AppTraceError {
      throw CommandError(command: "", message: error.description)
    } catch let error as IOFailure {
      throw CommandError(command: "", message: error.description, isIOFailure: true)
    }
  }

  /// `replay(_:_:traces:everyFrame:effects:notRun:)` for rows that all run (no preset
  /// whose rule the surface lacks), as the tests replay them.
  func replay(
    _ rows: [ComparisonRequest.Row], _ gesture: CommandRecorder.Gesture,
    traces: [String: AppTrace] = [:], everyFrame: Bool = false, effects: Effects
  ) throws -> [ComparisonRecorder] {
    var notRun: [ComparisonTable.NotRun] = []
    return try replay(
      rows, gesture, traces: traces, everyFrame: everyFrame, effects: effects, notRun: &notRun)
  }

  /// Each row's replay of the gesture, from the engine it started on (a trace row is
  /// read from its file, and each replay is compared with it on the clock as it runs:
  /// `TraceAlignment`). Each replay runs on
  /// a session of its own over a copy of the document, with the effects of a
  /// simulation (`Effects.simulation`): no trace, no drop hook telling a server about
  /// moves that never happened, no notification, and no recorder; this session is not
  /// touched. Frames whose outcome is known are skipped as `tick` skips them, unless
  /// `everyFrame` (the animated report, which draws each). A preset the gesture's
  /// surface cannot take (a rule with no board form) is not run; it goes to `notRun`
  /// with the reason, and the others run.
  func replay(
    _ rows: [ComparisonRequest.Row], _ gesture: CommandRecorder.Gesture,
    traces: [String: AppTrace] = [:], everyFrame: Bool = false, effects: Effects,
    notRun: inout [ComparisonTable.NotRun]
  ) throws -> [ComparisonRecorder] {
    var runs: [ComparisonRecorder] = []
    for row in rows {
      var engine = gesture.start
      let name: String
      switch row {
      case .trace(let path):
        guard let trace = traces[path] else {
          throw CommandError(command: "", message: "\(path): not read")
        }
        runs.append(
          ComparisonRecorder.trace(
            trace, name: ComparisonRequest.tracePrefix + path, start: gesture.start))
        continue
      case .current:
        name = ComparisonRequest.currentName
      case .preset(let presetName):
        let preset = try PresetTable.preset(presetName)
        do {
          try preset.apply(to: &engine)
        } catch let error as EngineError {
          notRun.append(ComparisonTable.NotRun(preset: preset.name, reason: error.message))
          continue
        }
        engine.setPresetName(preset.name)
        name = preset.name
      }
      var compared: [(name: String, trace: AppTrace)] = []
      for case .trace(let path) in rows {
        let name = ComparisonRequest.tracePrefix + path
        guard let trace = traces[path], !compared.contains(where: { $0.name == name }) else {
          continue
        }
        compared.append((name, trace))
      }
      runs.append(
        try replay(
          gesture.commands, from: engine, as: name, against: compared, everyFrame: everyFrame,
          effects: effects))
    }
    return runs
  }

  /// One row's replay: `commands` run from `engine` on a session of their own over a
  /// copy of the document, with the effects of a simulation, compared with each of
  /// `traces` on the clock as they run. A command refused under this row's settings is
  /// counted, not thrown; Ctrl-C is thrown. `lean` keeps no series or frames.
  func replay(
    _ commands: ArraySlice<Command>, from engine: Engine, as name: String,
    against traces: [(name: String, trace: AppTrace)], everyFrame: Bool, effects: Effects,
    lean: Bool = false
  ) throws -> ComparisonRecorder {
    let recorder = ComparisonRecorder(preset: name, engine: engine)
    recorder.keepsSeries = !lean
    for (traceName, trace) in traces {
      recorder.alignments.append(
        TraceAlignment(
          name: traceName, trace: trace, startOffset: engine.verticalOffset,
          fps: engine.settings.fps))
    }
    let simulation = effects.simulation(
      frames: FrameSink(needsEveryFrame: everyFrame, observe: recorder.observe))
    let replay = Session(document: document, engine: engine, filePath: filePath)
    let discard = OutputSink(memoryNamed: "<compare>")
    for command in commands {
      let before = replay.engine
      var failure: String?
      do {
        let context = CommandContext(
          session: replay, out: discard, effects: simulation, recorder: .off)
        _ = try command.run(in: context)
      } catch let error as EngineError {
        failure = error.message
      } catch let error as CommandError {
        if error == .interrupted { throw error }
        failure = error.message
      } catch {
        failure = "\(error)"
      }
      recorder.command(before: before, after: replay.engine, failed: failure)
    }
    recorder.finish()
    return recorder
  }
}
