/// The comparison chart: a self-contained SVG with two panels — the offset over time,
/// one line per compared row, and the speed against the measured point's distance from
/// the edge — each with round ticks, light grid lines and its own legend at its right,
/// and a caption naming the gesture and the list.
///
/// Every series carries its points in data units — seconds and points, formatted as
/// the trace formats them — in a `data-points` attribute, so the numbers in the file
/// are the trace's numbers and a reader (or a test) can take them back out. Series
/// whose points are the same in a panel are drawn once, in the first one's style, and
/// named together in the legend; the others keep an undrawn element with their data
/// (`data-drawn-as` names the one drawn). Pixels are computed here rather than by an
/// SVG transform, so every renderer draws the same lines. The series are whatever the
/// recorders are called (presets, `current`, `trace:FILE`): nothing here assumes names.
enum ComparisonPlot {
  /// What the caption says.
  struct Caption {
    /// The list file, or `<stdin>`.
    var list: String
    /// Rows in the list.
    var rows: Int
    /// The compared commands as typed, in order.
    var gesture: [String]
  }

  /// The drawing's fixed geometry, in SVG units (CSS pixels).
  enum Layout {
    static let width = 960.0
    /// Room left of a panel for the tick labels and the rotated axis title.
    static let left = 72.0
    static let panelHeight = 250.0
    static let offsetTop = 56.0
    static let velocityTop = 392.0
    static let captionTop = 706.0
    /// Caption text is 11 px; a line holds this many characters (at most ~6.5 px each).
    static let captionChars = 150
    static let captionLines = 5
    /// Legend text is 11 px; this many px per character is an upper bound for sans-serif.
    static let legendCharWidth = 6.8
    static let legendMaxChars = 40
    /// The sample line or marker left of a legend name, and the gaps around it.
    static let sampleWidth = 26.0
    /// Between a panel's right edge and its legend (the leader lines' room).
    static let legendGap = 28.0
    static let legendLine = 13.0
  }

  static func svg(_ runs: [ComparisonRecorder], caption: Caption) -> String {
    let names = runs.map(\.preset)
    let offsets = Panel.series(names: names, points: runs.map { $0.offsetSeries.all })
    let speeds = Panel.series(
      names: names, points: runs.map { $0.velocitySeries.all }, scatter: true)
    // The legend is as wide as its longest entry, the panels take the rest: no
    // empty band at the right, and no entry runs out of the drawing.
    let longest = (offsets.groups + speeds.groups).map { legendText($0).count }.max() ?? 8
    let legendWidth = Layout.sampleWidth + Layout.legendCharWidth * Double(longest) + 8
    let panelWidth = Layout.width - Layout.left - Layout.legendGap - legendWidth - 8
    let captionLines = captionText(caption, names: names)
    let height = Layout.captionTop + 14 * Double(captionLines.count) + 8
    let n = NumberText.fixed3
    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(Layout.width))" height="\(n(height))" \
      viewBox="0 0 \(Int(Layout.width)) \(n(height))" font-family="sans-serif" font-size="12">
      <title>rowdrag compare: \(escape(caption.list))</title>
      <rect width="\(Int(Layout.width))" height="\(n(height))" fill="white"/>
      <text x="\(Int(Layout.left))" y="22" font-size="15" font-weight="bold">\
      rowdrag compare: \(escape(caption.list))</text>

      """
    svg += offsets.svg(
      id: "offset", heading: "Scroll offset over time",
      xTitle: "time (s)", yTitle: "offset (pt)",
      frame: (Layout.left, Layout.offsetTop, panelWidth, Layout.panelHeight),
      timeAxis: true)
    svg += speeds.svg(
      id: "velocity",
      heading:
        "Auto-scroll speed by the measured point (snapshot centre or edge, or finger: "
        + "each preset's own)",
      xTitle: "its distance from the nearer edge (pt; below 0: past the edge)",
      yTitle: "speed (pt/s; + scrolls down, − up)",
      frame: (Layout.left, Layout.velocityTop, panelWidth, Layout.panelHeight),
      timeAxis: false)
    svg += "<g id=\"caption\" font-size=\"11\" fill=\"#333\">\n"
    for (i, line) in captionLines.enumerated() {
      svg +=
        "<text x=\"10\" y=\"\(n(Layout.captionTop + 14 * Double(i) + 10))\">\(escape(line))</text>\n"
    }
    return svg + "</g>\n</svg>\n"
  }

  /// The caption's lines: the gesture as typed (`;` between commands), the list and
  /// what was compared, wrapped at word boundaries and cut with `…` past the last line.
  static func captionText(_ caption: Caption, names: [String]) -> [String] {
    let gesture =
      "Gesture: " + (caption.gesture.isEmpty ? "(none)" : caption.gesture.joined(separator: "; "))
    let list =
      "List: \(caption.list) (\(caption.rows) \(caption.rows == 1 ? "row" : "rows")). Compared: "
      + names.joined(separator: ", ") + "."
    var lines = wrap(gesture, width: Layout.captionChars, max: Layout.captionLines - 2)
    lines += wrap(list, width: Layout.captionChars, max: Layout.captionLines - lines.count)
    return lines
  }

  /// `text` in lines of at most `width` characters, broken at spaces; past `max` lines
  /// the last one ends in `…`.
  static func wrap(_ text: String, width: Int, max: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      var word = String(word)
      if word.count > width { word = String(word.prefix(width - 1)) + "…" }
      if line.isEmpty {
        line = word
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = word
      }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    if lines.count > max {
      lines = Array(lines.prefix(max))
      let last = lines[max - 1]
      lines[max - 1] = String(last.prefix(width - 2)) + " …"
    }
    return lines
  }

  /// A legend entry's text: the names drawn together, cut to fit.
  static func legendText(_ group: Panel.Group) -> String {
    var text = group.names.joined(separator: ", ")
    if group.points.isEmpty { text += " (no points)" }
    if text.count > Layout.legendMaxChars {
      text = String(text.prefix(Layout.legendMaxChars - 1)) + "…"
    }
    return text
  }

  /// XML text: `&`, `<`, `>` and `"` as entities, and every control character (XML 1.0
  /// admits tab and newline, but a label's would break the line it is drawn on) as `?`.
  static func escape(_ text: String) -> String {
    var out = ""
    for c in text {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default:
        out += c.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } ? "?" : String(c)
      }
    }
    return out
  }
}
