/// The comparison chart: a self-contained SVG with the offset over time, one labelled
/// line per preset, and the speed against the measured point's distance from the edge.
///
/// Every line carries its points in data units — seconds and points, formatted as the
/// trace formats them — in a `data-points` attribute beside the drawn pixel coordinates,
/// so the numbers in the file are the trace's numbers and a reader (or a test) can take
/// them back out. Pixels are computed here rather than by an SVG transform, so every
/// renderer draws the same lines.
enum ComparisonPlot {
  /// Line colours, one per preset in order (repeating after eight).
  static let colours = [
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
  ]

  static func svg(_ runs: [ComparisonRecorder], title: String) -> String {
    let width = 820.0
    let panel = (left: 80.0, width: 560.0, height: 240.0)
    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="600" \
      viewBox="0 0 \(Int(width)) 600" font-family="sans-serif" font-size="12">
      <title>rowdrag compare: \(escape(title))</title>
      <rect width="\(Int(width))" height="600" fill="white"/>

      """
    svg += panelSVG(
      id: "offset", title: "offset (pt) over time (s)", top: 30, panel: panel,
      series: runs.map { ($0.preset, $0.offsetSeries.all) })
    svg += panelSVG(
      id: "velocity",
      title: "speed (pt/s, + down) against the measured point's distance from the edge (pt)",
      top: 330, panel: panel, scatter: true,
      series: runs.map { ($0.preset, $0.velocitySeries.all) })
    for (index, run) in runs.enumerated() {
      let y = 50 + 20 * Double(index)
      let colour = colours[index % colours.count]
      svg += """
        <line x1="\(Int(panel.left + panel.width + 20))" y1="\(Int(y))" \
        x2="\(Int(panel.left + panel.width + 44))" y2="\(Int(y))" stroke="\(colour)" stroke-width="2"/>
        <text x="\(Int(panel.left + panel.width + 50))" y="\(Int(y + 4))">\(escape(run.preset))</text>

        """
    }
    return svg + "</svg>\n"
  }

  /// One panel: a frame, its title, the ranges at the corners, and a line per series.
  private static func panelSVG(
    id: String, title: String, top: Double, panel: (left: Double, width: Double, height: Double),
    scatter: Bool = false, series: [(String, [(x: Double, y: Double)])]
  ) -> String {
    let n = NumberText.fixed3
    let xs = series.flatMap { $0.1.map(\.x) }
    let ys = series.flatMap { $0.1.map(\.y) }
    let x0 = xs.min() ?? 0
    var x1 = xs.max() ?? 1
    let y0 = Swift.min(0, ys.min() ?? 0)
    var y1 = Swift.max(0, ys.max() ?? 1)
    if x1 <= x0 { x1 = x0 + 1 }
    if y1 <= y0 { y1 = y0 + 1 }
    let sx = panel.width / (x1 - x0)
    let sy = panel.height / (y1 - y0)
    let bottom = top + panel.height
    func pixel(_ p: (x: Double, y: Double)) -> String {
      n(panel.left + (p.x - x0) * sx) + "," + n(bottom - (p.y - y0) * sy)
    }
    var svg = """
      <g id="\(id)">
      <text x="\(Int(panel.left))" y="\(Int(top - 10))">\(escape(title))</text>
      <rect x="\(Int(panel.left))" y="\(Int(top))" width="\(Int(panel.width))" \
      height="\(Int(panel.height))" fill="none" stroke="#999"/>
      <text x="\(Int(panel.left - 6))" y="\(Int(top + 4))" text-anchor="end">\(n(y1))</text>
      <text x="\(Int(panel.left - 6))" y="\(Int(bottom + 4))" text-anchor="end">\(n(y0))</text>
      <text x="\(Int(panel.left))" y="\(Int(bottom + 16))">\(n(x0))</text>
      <text x="\(Int(panel.left + panel.width))" y="\(Int(bottom + 16))" text-anchor="end">\(n(x1))</text>

      """
    for (index, (name, points)) in series.enumerated() {
      let colour = colours[index % colours.count]
      let data = points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
      let common =
        "data-preset=\"\(escape(name))\" data-points=\"\(data)\" fill=\"none\" stroke=\"\(colour)\""
      if scatter {
        let marks = points.map { "M\(pixel($0))h0" }.joined(separator: " ")
        svg += "<path \(common) stroke-width=\"3\" stroke-linecap=\"round\" d=\"\(marks)\"/>\n"
      } else {
        let line = points.map(pixel).joined(separator: " ")
        svg += "<polyline \(common) stroke-width=\"1.5\" points=\"\(line)\"/>\n"
      }
    }
    return svg + "</g>\n"
  }

  /// XML text.
  private static func escape(_ text: String) -> String {
    var out = ""
    for c in text {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default:
        // XML 1.0 admits no control characters but tab and newline.
        out += c.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } ? "?" : String(c)
      }
    }
    return out
  }
}
