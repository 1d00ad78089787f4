import RowdragEngine

/// `fit trace:FILE` and `--fit trace:FILE`: the hold and auto-scroll law that replay the
/// session's gesture closest to an app's trace (`TraceFit`), as the line of options
/// that gives them, beside the presets nearest the trace.
extension Session {
  /// Fits the gesture `recorder` kept to the trace `words` names and returns the
  /// report. The replays run with none of `effects` but its Ctrl-C, which ends the
  /// search with the best so far; `effects.progress` hears how it goes.
  func fit(_ words: [String], effects: Effects, recorder: CommandRecorder) throws -> String {
    guard words.count == 1, let path = ComparisonRequest.tracePath(words[0]) else {
      throw CommandError(
        command: "", message: "name one app trace: fit trace:FILE, e.g. fit trace:app-trace.jsonl")
    }
    let name = words[0]
    let gesture = try recorder.gesture()
    let trace = try Self.readTrace(path, rowCount: engine.layout.order.count)
    var start = gesture.start
    // A trace logged at another display rate is replayed at its rate: a law that steps
    // once a frame scrolls by another amount a second at another rate. A rate outside
    // 20-1,000 Hz is an app's log of samples, not its display's frames.
    var fpsOption: Double?
    let fps = start.settings.fps
    if let rate = trace.clock.rate(beside: fps), abs(rate - fps) > 0.05 * fps,
      Self.displayRates.contains(rate)
    {
      try start.setFPS(rate.rounded())
      fpsOption = rate.rounded()
    }
    let quiet = effects.simulation(frames: nil)
    let search = TraceFit(fps: start.settings.fps) { [self] candidate in
      // Ctrl-C between replays, too: a short gesture's replay may never ask.
      if effects.isInterrupted() { throw CommandError.interrupted }
      guard let engine = candidate.engine(from: start) else { return nil }
      let run = try replay(
        gesture.commands, from: engine, as: "fit", against: [(name, trace)], everyFrame: false,
        effects: quiet, lean: true)
      return run.differences[name]
    }
    search.progress = { replays, best in
      effects.progress?(
        "fit: \(replays) replay\(replays == 1 ? "" : "s"), best \(NumberText.fixed3(best.mean)) pt on average "
          + "(\(best.candidate.law))")
    }
    let presets = try PresetTable.presets.map { preset in
      FitCandidate(base: preset.name, hold: preset.hold, profile: try preset.profile())
    }
    var interrupted = false
    do {
      try search.run(from: presets + Self.fitStarts(start, trace: trace))
    } catch let error as CommandError where error == .interrupted {
      interrupted = true
    }
    effects.progress?(nil)
    guard let best = search.best else {
      if interrupted { throw CommandError.interrupted }
      throw CommandError(
        command: "", message: "no preset or law could replay the gesture on this surface")
    }
    let nearest = presets.compactMap { search.scores[$0.line] }.filter { $0.difference != nil }
      .enumerated().sorted { ($0.element.mean, $0.offset) < ($1.element.mean, $1.offset) }
      .prefix(3).map(\.element)
    var explanation: String?
    if !interrupted, best.mean > 1, let engine = best.candidate.engine(from: start) {
      explanation = try explain(best, engine: engine, gesture: gesture, trace: (name, trace))
    }
    // A `set` of the line's keys before the gesture would override the line's option.
    let given: Set<String> = ["preset", "hold", "autoscroll", "fps"]
    let overridden = recorder.commands[..<gesture.commands.startIndex].compactMap { command in
      if case .meta(.set(let key, _)) = command, given.contains(key) { return key }
      return nil
    }
    return FitReport(
      line: (fpsOption.map { "--fps \(NumberText.short($0)) " } ?? "") + best.candidate.line,
      overridden: Array(Set(overridden)).sorted(),
      trace: name,
      clock: TraceDifference.clockLine(
        trace.clock, frames: trace.frames.count, fps: start.settings.fps),
      commands: gesture.commands.count, replays: search.replays, best: best, nearest: nearest,
      explanation: explanation, interrupted: interrupted
    ).text
  }

  /// The trace rates `fit` replays at, as a display's.
  static let displayRates = 20.0...1_000.0

  /// Where the search starts besides the presets: the settings in force, and every
  /// law with its defaults. When the trace says which row is lifted, those take the
  /// hold from its first lifted frame.
  static func fitStarts(_ start: Engine, trace: AppTrace) -> [FitCandidate] {
    var hold = start.settings.hold
    if trace.hasRows, let lifted = trace.frames.first(where: { $0.row != nil }) {
      // The frame that lifted is the first at or after the hold: the hold is within a
      // frame before it.
      hold = (Swift.max(0, lifted.time - 0.5 / start.settings.fps) * 1000).rounded() / 1000
    }
    var starts = [
      FitCandidate(base: nil, hold: start.settings.hold, profile: start.settings.autoscroll)
    ]
    for kind in AutoScrollRegistry.kinds {
      guard let law = try? AutoScrollLawChoice(kind) else { continue }
      starts.append(FitCandidate(base: nil, hold: hold, profile: AutoScrollProfile(law)))
    }
    return starts
  }

  /// The sentence for a fit that stays over 1 point on average: from when the best fit
  /// leaves the trace, what the trace does there that it does not.
  private func explain(
    _ best: TraceFit.Scored, engine: Engine, gesture: CommandRecorder.Gesture,
    trace: (name: String, trace: AppTrace)
  ) throws -> String? {
    let run = try replay(
      gesture.commands, from: engine, as: "fit", against: [trace], everyFrame: false,
      effects: .none)
    guard let alignment = run.alignments.first else { return nil }
    return FitExplanation.sentence(
      times: alignment.times, trace: alignment.offsets, fit: alignment.replayOffsets,
      from: best.difference?.firstOver?.time, fingerMoves: run.fingerMoves)
  }
}
