import RowdragFormats

/// `plot=FILE` of a comparison: the chart as SVG, or the animated report as HTML.
extension Session {
  /// Writes the chart of `runs` to `path`, refusing the list file itself.
  func writePlot(_ runs: [ComparisonRecorder], to path: String) throws {
    try OutputPath.refuseList(path, listPath: filePath)
    let caption = ComparisonPlot.Caption(
      list: filePath ?? "<stdin>", rows: (historyStart ?? engine).layout.rowCount,
      gesture: historyText.filter { !$0.isEmpty })
    try AtomicFile.write(path: path, mustExist: false, backupSuffix: nil) { out in
      try out.write(ComparisonPlot.svg(runs, caption: caption))
    }
  }
}
