import RowdragFormats

/// `plot=FILE` of a comparison: the chart as SVG, or the animated report as HTML.
extension Session {
  /// Whether `path` names the animated report rather than the chart: it ends in
  /// `.html` or `.htm`, in any case.
  static func isReport(_ path: String) -> Bool {
    let lower = path.lowercased()
    return lower.hasSuffix(".html") || lower.hasSuffix(".htm")
  }

  /// Writes the chart of `runs` to `path` (the report for `.html`, which starts with
  /// `content`, the terminal's table), refusing the list file itself. The caption
  /// quotes the commands `recorder` kept from `gestureStart` on: the `set`s before it
  /// are the row `current`, not part of the gesture.
  func writePlot(
    _ runs: [ComparisonRecorder], content: ComparisonContent, to path: String,
    recorder: CommandRecorder, gestureStart: Int
  ) throws {
    try OutputPath.refuseList(path, listPath: filePath)
    let caption = ComparisonPlot.Caption(
      list: filePath ?? "<stdin>", rows: (recorder.start ?? engine).layout.rowCount,
      gesture: recorder.texts.dropFirst(gestureStart).filter { !$0.isEmpty })
    try AtomicFile.write(path: path, mustExist: false, backupSuffix: nil) { out in
      if Self.isReport(path) {
        try out.write(
          ComparisonReport.html(runs, content: content, caption: caption) {
            self.document.label(ofRow: $0)
          })
      } else {
        try out.write(ComparisonPlot.svg(runs, caption: caption))
      }
    }
  }
}
