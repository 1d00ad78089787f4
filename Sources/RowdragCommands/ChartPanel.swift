extension ComparisonPlot {
  /// One panel of the chart: its series grouped by equal points, drawn on round axes
  /// with grid lines, and its legend.
  struct Panel {
    /// Series that look the same in the panel, drawn once.
    struct Group {
      /// The series' index in the comparison, for its style: the first member's.
      var index: Int
      var names: [String]
      var indices: [Int]
      /// Each member's `data-points`: its points as the trace prints them.
      var data: [String]
      /// The first member's points, which are drawn.
      var points: [(x: Double, y: Double)]
    }

    var groups: [Group]

    /// Groups `names` in the order of each group's first: lines by equal printed points,
    /// scattered points (`scatter`) by the same set of distinct printed points, as the
    /// order and repeats of points do not show in a scatter.
    static func series(names: [String], points: [[(x: Double, y: Double)]], scatter: Bool = false)
      -> Panel
    {
      let n = NumberText.fixed3
      var groups: [Group] = []
      var keys: [[String]] = []
      for (index, (name, series)) in zip(names, points).enumerated() {
        let printed = series.map { "\(n($0.x)),\(n($0.y))" }
        let data = printed.joined(separator: " ")
        let key = scatter ? Array(Set(printed)).sorted() : printed
        if let same = keys.firstIndex(of: key) {
          groups[same].names.append(name)
          groups[same].indices.append(index)
          groups[same].data.append(data)
        } else {
          keys.append(key)
          groups.append(
            Group(index: index, names: [name], indices: [index], data: [data], points: series))
        }
      }
      return Panel(groups: groups)
    }

    /// The panel at `frame` (left, top, width, height of the plot area): heading, grid,
    /// ticks, axis titles, the series, and the legend right of the plot area. The time
    /// axis starts at 0 and draws lines; the other draws each point as a marker.
    func svg(
      id: String, heading: String, xTitle: String, yTitle: String,
      frame: (left: Double, top: Double, width: Double, height: Double),
      timeAxis: Bool
    ) -> String {
      let n = NumberText.fixed3
      let all = groups.flatMap(\.points)
      let xAxis = ChartAxis(all.map(\.x).min() ?? 0, all.map(\.x).max() ?? 1)
      let yAxis = ChartAxis(all.map(\.y).min() ?? 0, all.map(\.y).max() ?? 1)
      let right = frame.left + frame.width
      let bottom = frame.top + frame.height
      func px(_ x: Double) -> Double {
        frame.left + (x - xAxis.lower) / (xAxis.upper - xAxis.lower) * frame.width
      }
      func py(_ y: Double) -> Double {
        bottom - (y - yAxis.lower) / (yAxis.upper - yAxis.lower) * frame.height
      }
      func pixel(_ p: (x: Double, y: Double)) -> String { n(px(p.x)) + "," + n(py(p.y)) }
      var svg = """
        <g id="\(id)">
        <text class="heading" x="\(n(frame.left))" y="\(n(frame.top - 10))" font-weight="bold">\
        \(escape(heading))</text>
        <g class="grid" stroke="#e4e4e4" stroke-width="1">

        """
      for x in xAxis.ticks {
        svg +=
          "<line x1=\"\(n(px(x)))\" y1=\"\(n(frame.top))\" x2=\"\(n(px(x)))\" y2=\"\(n(bottom))\"/>\n"
      }
      for y in yAxis.ticks {
        svg +=
          "<line x1=\"\(n(frame.left))\" y1=\"\(n(py(y)))\" x2=\"\(n(right))\" y2=\"\(n(py(y)))\"/>\n"
      }
      svg += "</g>\n"
      if yAxis.lower < 0 && yAxis.upper > 0 {
        svg +=
          "<line class=\"zero\" x1=\"\(n(frame.left))\" y1=\"\(n(py(0)))\" x2=\"\(n(right))\" "
          + "y2=\"\(n(py(0)))\" stroke=\"#999\" stroke-width=\"1\"/>\n"
      }
      svg += """
        <rect class="plot-area" x="\(n(frame.left))" y="\(n(frame.top))" width="\(n(frame.width))" \
        height="\(n(frame.height))" data-x-lower="\(n(xAxis.lower))" data-x-upper="\(n(xAxis.upper))" \
        fill="none" stroke="#888"/>
        <g class="ticks" font-size="11" fill="#333">

        """
      for x in xAxis.ticks {
        svg +=
          "<text class=\"x-tick\" x=\"\(n(px(x)))\" y=\"\(n(bottom + 15))\" text-anchor=\"middle\">\(n(x))</text>\n"
      }
      for y in yAxis.ticks {
        svg +=
          "<text class=\"y-tick\" x=\"\(n(frame.left - 6))\" y=\"\(n(py(y) + 4))\" text-anchor=\"end\">\(n(y))</text>\n"
      }
      let middle = frame.top + frame.height / 2
      svg += """
        </g>
        <text class="x-title" x="\(n(frame.left + frame.width / 2))" y="\(n(bottom + 32))" \
        text-anchor="middle">\(escape(xTitle))</text>
        <text class="y-title" x="14" y="\(n(middle))" text-anchor="middle" \
        transform="rotate(-90 14 \(n(middle)))">\(escape(yTitle))</text>
        <g class="series" fill="none">

        """
      for group in groups {
        let style = ChartPalette.style(group.index)
        for k in group.names.indices {
          let common =
            "data-preset=\"\(escape(group.names[k]))\" data-points=\"\(group.data[k])\" "
            + "data-style=\"\(group.indices[k])\""
          guard k == 0 else {
            // Drawn as the group's first: the data stays, nothing is painted twice.
            let element = timeAxis ? "polyline" : "path"
            svg += "<\(element) \(common) data-drawn-as=\"\(escape(group.names[0]))\"/>\n"
            continue
          }
          if timeAxis {
            let line = group.points.map(pixel).joined(separator: " ")
            svg +=
              "<polyline \(common) \(style.lineAttributes) stroke-width=\"1.6\" points=\"\(line)\"/>\n"
          } else {
            let marks = group.points.map { "M\(pixel($0))" }.joined()
            svg +=
              "<path \(common) stroke=\"none\" marker-start=\"url(#\(id)-mark\(group.index))\" "
              + "marker-mid=\"url(#\(id)-mark\(group.index))\" marker-end=\"url(#\(id)-mark\(group.index))\" "
              + "d=\"\(marks)\"/>\n"
          }
        }
      }
      svg += "</g>\n"
      if !timeAxis {
        svg += "<defs>\n"
        for group in groups {
          let style = ChartPalette.style(group.index)
          svg +=
            "<marker id=\"\(id)-mark\(group.index)\" markerUnits=\"userSpaceOnUse\" "
            + "viewBox=\"-5 -5 10 10\" markerWidth=\"10\" markerHeight=\"10\" overflow=\"visible\">"
            + "<path d=\"\(style.shape)\" \(style.markerAttributes)/></marker>\n"
        }
        svg += "</defs>\n"
      }
      svg += legend(
        id: id, timeAxis: timeAxis, x: right + Layout.legendGap,
        top: frame.top, bottom: bottom,
        end: { group in group.points.last.map { (px($0.x), py($0.y)) } })
      return svg + "</g>\n"
    }

    /// The legend right of the plot area. For lines each entry sits level with its
    /// line's end where there is room (a thin leader joins them), so a line can be named
    /// without matching colours; for markers the entries go in the comparison's order.
    private func legend(
      id: String, timeAxis: Bool, x: Double, top: Double, bottom: Double,
      end: (Group) -> (Double, Double)?
    ) -> String {
      let n = NumberText.fixed3
      let step = Swift.min(Layout.legendLine, (bottom - top) / Double(Swift.max(groups.count, 1)))
      // Wanted heights: line ends first (top to bottom), then series with no points.
      var order = Array(groups.indices)
      var wanted = groups.map { _ in top + step / 2 }
      if timeAxis {
        for (i, group) in groups.enumerated() { wanted[i] = end(group)?.1 ?? bottom + step }
        order.sort { (wanted[$0], $0) < (wanted[$1], $1) }
      } else {
        for i in order { wanted[i] = top + step / 2 + step * Double(i) }
      }
      // Spread them `step` apart within the panel's height: down, then back up.
      var ys = [Double](repeating: 0, count: groups.count)
      var previous = top + step / 2 - step
      for i in order {
        ys[i] = Swift.max(wanted[i], previous + step)
        previous = ys[i]
      }
      var next = bottom - step / 2 + step
      for i in order.reversed() {
        ys[i] = Swift.min(ys[i], next - step)
        next = ys[i]
      }
      var leaders = "<g class=\"leaders\" fill=\"none\" stroke=\"#aaa\" stroke-width=\"0.8\">\n"
      var svg = "<g class=\"legend\" id=\"\(id)-legend\" font-size=\"11\">\n"
      for (i, group) in groups.enumerated() {
        let style = ChartPalette.style(group.index)
        let y = ys[i]
        let names = group.names.map(escape).joined(separator: ",")
        svg += "<g class=\"entry\" data-names=\"\(names)\" data-style=\"\(group.index)\">"
        if timeAxis {
          svg +=
            "<line x1=\"\(n(x))\" y1=\"\(n(y))\" x2=\"\(n(x + 20))\" y2=\"\(n(y))\" "
            + "\(style.lineAttributes) stroke-width=\"2\"/>"
          if let (ex, ey) = end(group) {
            leaders +=
              "<polyline data-names=\"\(names)\" points=\"\(n(ex)),\(n(ey)) "
              + "\(n(x - 14)),\(n(ey)) \(n(x - 3)),\(n(y))\"/>\n"
          }
        } else {
          svg +=
            "<path transform=\"translate(\(n(x + 10)) \(n(y)))\" d=\"\(style.shape)\" "
            + "\(style.markerAttributes)/>"
        }
        svg +=
          "<text x=\"\(n(x + Layout.sampleWidth))\" y=\"\(n(y + 4))\">"
          + "\(escape(ComparisonPlot.legendText(group)))</text></g>\n"
      }
      return leaders + "</g>\n" + svg + "</g>\n"
    }
  }
}
