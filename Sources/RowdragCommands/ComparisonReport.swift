/// The comparison report, `--plot FILE.html`: one self-contained HTML file that starts
/// with the conclusion — the terminal's table, its trace comparisons, legend and
/// summary, cell for cell (`ComparisonContent`) — and then replays the gesture frame by
/// frame for every compared row side by side (the rows in the viewport, the lifted
/// row's gap, the snapshot, the finger and the offset) with a play/pause button and a
/// frame slider, and the chart below.
///
/// Everything is inline (the data as JSON, the script, the style and the chart's SVG)
/// and a content security policy forbids any fetch, so the file works offline, from
/// mail or a CI artifact. The numbers are printed as the trace prints them, and the
/// page writes each column's frame into `data-` attributes (`data-t`, `data-offset`,
/// `data-row`, `data-phase`), so what it draws can be checked against `--trace`.
enum ComparisonReport {
  static func html(
    _ runs: [ComparisonRecorder], content: ComparisonContent, caption: ComparisonPlot.Caption,
    label: (Int) -> String
  ) -> String {
    let chart = ComparisonPlot.svg(runs, caption: caption)
    let title = "rowdrag compare: " + caption.list
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta http-equiv="Content-Security-Policy" content="default-src 'none'; \
      style-src 'unsafe-inline'; script-src 'unsafe-inline'">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(ComparisonPlot.escape(title))</title>
      <style>\(style)</style>
      </head>
      <body>
      <h1>\(ComparisonPlot.escape(title))</h1>
      \(captionList(caption, names: runs.map(\.preset)))
      \(results(content))
      <h2>Frame by frame</h2>
      <div class="controls">
      <button id="play" type="button">Play</button>
      <input id="frame" type="range" min="0" max="0" value="0" step="1" aria-label="frame">
      <span id="clock"></span>
      </div>
      <div id="columns"></div>
      <div id="chart">
      \(chart)</div>
      <script type="application/json" id="data">\(data(runs, label: label))</script>
      <script>\(script)</script>
      </body>
      </html>

      """
  }

  /// The caption as a list: the gesture's commands one by one, the list, the rows.
  static func captionList(_ caption: ComparisonPlot.Caption, names: [String]) -> String {
    let e = ComparisonPlot.escape
    let gesture =
      caption.gesture.isEmpty
      ? "(none)" : caption.gesture.map { "<code>\(e($0))</code>" }.joined(separator: " ")
    let rows = "\(caption.rows) \(caption.rows == 1 ? "row" : "rows")"
    return "<dl class=\"caption\">\n<dt>Gesture</dt><dd class=\"gesture\">\(gesture)</dd>\n"
      + "<dt>List</dt><dd>\(e(caption.list)) (\(rows))</dd>\n"
      + "<dt>Compared</dt><dd>\(e(names.joined(separator: ", ")))</dd>\n</dl>"
  }

  /// The conclusion, as the terminal prints it: the table, each trace's comparison,
  /// the legend and the summary.
  static func results(_ content: ComparisonContent) -> String {
    let e = ComparisonPlot.escape
    var html = "<section id=\"results\">\n<h2 id=\"heading\">\(e(content.heading))</h2>\n"
    var body = content.table.dropFirst().map { row in
      "<tr>" + row.enumerated().map { cell($0.element, column: $0.offset) }.joined() + "</tr>"
    }
    let span = ComparisonContent.header.count - 1
    body += content.notRun.map { row in
      "<tr class=\"not-run\"><th scope=\"row\">\(e(row.preset))</th>"
        + "<td colspan=\"\(span)\">not run: \(e(row.reason))</td></tr>"
    }
    html += table(id: "comparison", header: content.table.first ?? [], body: body)
    if !content.failures.isEmpty {
      html +=
        "<ul class=\"failures\">" + content.failures.map { "<li>\(e($0))</li>" }.joined()
        + "</ul>\n"
    }
    for trace in content.traces {
      html += "<section class=\"trace\">\n<h3>\(e(trace.title))</h3>\n"
      if let clock = trace.clock { html += "<p class=\"clock\">\(e(clock))</p>\n" }
      let body = trace.rows.dropFirst().map { row in
        "<tr>"
          + row.enumerated().map { cell($0.element, column: $0.offset, numeric: [1, 2]) }
          .joined() + "</tr>"
      }
      html += table(id: nil, header: trace.rows.first ?? [], body: body) + "</section>\n"
    }
    html += "<p class=\"legend\">\(e(content.legend.joined(separator: " ")))</p>\n"
    if !content.summary.isEmpty {
      html +=
        "<h3>Summary</h3>\n<ul id=\"summary\">"
        + content.summary.map { "<li>\(e($0))</li>" }.joined() + "</ul>\n"
    }
    return html + "</section>"
  }

  /// A table in a box that scrolls sideways when a long name makes it wider than the
  /// page (so it never runs under what is beside it).
  private static func table(id: String?, header: [String], body: [String]) -> String {
    let e = ComparisonPlot.escape
    let head = header.map { "<th scope=\"col\">\(e($0))</th>" }.joined()
    return "<div class=\"scroll\"><table\(id.map { " id=\"\($0)\"" } ?? "")>"
      + "<thead><tr>\(head)</tr></thead>\n<tbody>\n" + body.joined(separator: "\n")
      + "\n</tbody></table></div>\n"
  }

  /// A cell: the first column names its row; numeric ones align right.
  private static func cell(
    _ text: String, column: Int, numeric: Set<Int> = ComparisonContent.numericColumns
  ) -> String {
    let e = ComparisonPlot.escape
    if column == 0 { return "<th scope=\"row\">\(e(text))</th>" }
    return numeric.contains(column)
      ? "<td class=\"number\">\(e(text))</td>" : "<td>\(e(text))</td>"
  }

  /// The most characters of a label the data keeps.
  static let maxLabel = 120

  /// The frames as JSON: a table of the labels shown, and per series its frames, each
  /// `[t, offset, phase, finger, row, center, height, viewport, rows]` with `row` the
  /// lifted row's slot (1-based) and `rows` the visible rows as
  /// `{"s": first slot, "y": its top, "h": height (or heights), "ys": tops when they do
  /// not stack, "l": label indices}`.

  static func data(_ runs: [ComparisonRecorder], label: (Int) -> String) -> String {
    let n = NumberText.fixed3
    var labels: [String] = []
    var labelIndex: [Int: Int] = [:]
    func index(_ row: Int) -> Int {
      if let known = labelIndex[row] { return known }
      labelIndex[row] = labels.count
      // A column shows a few dozen characters; a long label need not fill the file.
      let text = label(row)
      labels.append(text.count > maxLabel ? String(text.prefix(maxLabel - 1)) + "…" : text)
      return labels.count - 1
    }
    func number(_ x: Double?) -> String { x.map(n) ?? "null" }
    var series: [String] = []
    for run in runs {
      var frames: [String] = []
      for frame in run.frameLog.all {
        var rows = "null"
        if let first = frame.rows.first {
          let heights = frame.rows.map(\.height)
          var stacked = true
          var y = first.top
          for row in frame.rows {
            if row.top != y { stacked = false }
            y = row.top + row.height
          }
          let h =
            heights.allSatisfy { $0 == first.height }
            ? n(first.height) : "[" + heights.map(n).joined(separator: ",") + "]"
          rows = "{\"s\":\(first.slot + 1),\"y\":\(n(first.top)),\"h\":\(h)"
          if !stacked {
            rows += ",\"ys\":[" + frame.rows.map { n($0.top) }.joined(separator: ",") + "]"
          }
          rows +=
            ",\"l\":[" + frame.rows.map { String(index($0.row)) }.joined(separator: ",") + "]}"
        }
        frames.append(
          "[\(n(frame.time)),\(n(frame.offset)),\"\(frame.phase)\",\(number(frame.finger)),"
            + "\(frame.lift.map { String($0.slot + 1) } ?? "null"),\(number(frame.lift?.center)),"
            + "\(number(frame.lift?.height)),\(n(frame.viewport)),\(rows)]")
      }
      series.append(
        "{\"name\":\(json(run.preset)),\"frames\":[\n" + frames.joined(separator: ",\n") + "]}")
    }
    return "{\"labels\":[" + labels.map(json).joined(separator: ",") + "],\n\"series\":[\n"
      + series.joined(separator: ",\n") + "]}"
  }

  /// A JSON string that is also safe inside `<script>`: `<`, `>` and `&` escaped.
  static func json(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "<", ">", "&", "\u{2028}", "\u{2029}": out += hex(scalar.value)
      default:
        if scalar.value < 0x20 {
          out += hex(scalar.value)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  /// `\uXXXX`.
  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return "\\u" + String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
  }

  static let style = """

    body { font: 14px sans-serif; margin: 16px; color: #222; background: white; }
    h1 { font-size: 18px; margin: 0 0 8px; }
    h2 { font-size: 15px; margin: 18px 0 8px; }
    h3 { font-size: 14px; margin: 14px 0 6px; }
    .caption { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; \
    font-size: 12px; color: #444; margin: 0 0 10px; max-width: 1200px; }
    .caption dt { font-weight: bold; }
    .caption dd { margin: 0; overflow-wrap: anywhere; }
    .gesture code { display: inline-block; margin: 0 6px 2px 0; padding: 0 4px; \
    background: #f2f2f2; border-radius: 3px; white-space: nowrap; }
    .scroll { overflow-x: auto; max-width: 100%; }
    table { border-collapse: collapse; font-size: 13px; font-variant-numeric: tabular-nums; }
    th, td { padding: 3px 10px; border-bottom: 1px solid #e4e4e4; text-align: left; \
    white-space: nowrap; }
    thead th { border-bottom: 1px solid #999; }
    td.number { text-align: right; }
    tr.not-run td { color: #777; }
    .clock, .legend { font-size: 12px; color: #444; max-width: 960px; }
    .failures, #summary { margin: 4px 0; padding-left: 20px; }
    .controls { display: flex; flex-wrap: wrap; align-items: center; gap: 12px; \
    margin-bottom: 10px; }
    #frame { width: min(480px, 60vw); }
    #clock { font-variant-numeric: tabular-nums; }
    #columns { display: grid; grid-template-columns: repeat(auto-fill, minmax(144px, 1fr)); \
    gap: 10px; }
    .column { min-width: 0; border: 1px solid #ccc; border-radius: 4px; padding: 4px; }
    .column h2 { font-size: 13px; margin: 0 0 4px; overflow: hidden; text-overflow: ellipsis; \
    white-space: nowrap; }
    .column svg { display: block; width: 100%; height: auto; background: #fafafa; }
    .readout { font-size: 11px; margin-top: 4px; font-variant-numeric: tabular-nums; }
    .row rect { fill: white; stroke: #ccc; }
    .row text, .snapshot text { font-size: 13px; fill: #222; }
    .gap rect { fill: none; stroke: #999; stroke-dasharray: 4 3; }
    .snapshot rect { fill: #dceeff; stroke: #1f77b4; stroke-width: 1.5; }
    .finger { fill: #d62728; }
    #chart { margin-top: 16px; }

    """

  static let script = """

    "use strict";
    const data = JSON.parse(document.getElementById("data").textContent);
    const NS = "http://www.w3.org/2000/svg";
    const slider = document.getElementById("frame");
    const play = document.getElementById("play");
    const clock = document.getElementById("clock");
    const columns = document.getElementById("columns");
    // As the trace prints numbers: three decimals, no trailing zeros, no -0.
    const fixed3 = x => { let s = x.toFixed(3).replace(/\\.?0+$/, ""); return s === "-0" ? "0" : s; };
    const times = [...new Set(data.series.flatMap(s => s.frames.map(f => f[0])))].sort((a, b) => a - b);
    slider.max = String(Math.max(0, times.length - 1));
    const width = 240;
    const views = data.series.map(series => {
      const column = document.createElement("div");
      column.className = "column";
      column.dataset.name = series.name;
      const heading = document.createElement("h2");
      heading.textContent = series.name;
      heading.title = series.name;
      const svg = document.createElementNS(NS, "svg");
      const readout = document.createElement("div");
      readout.className = "readout";
      column.append(heading, svg, readout);
      columns.append(column);
      return {series, column, svg, readout};
    });
    // The last frame at or before t, or null before the first.
    function frameAt(frames, t) {
      let lo = 0, hi = frames.length;
      while (lo < hi) { const mid = (lo + hi) >> 1; if (frames[mid][0] <= t) lo = mid + 1; else hi = mid; }
      return lo > 0 ? frames[lo - 1] : null;
    }
    function element(name, attributes, parent) {
      const e = document.createElementNS(NS, name);
      for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v);
      parent.append(e);
      return e;
    }
    function drawRow(svg, className, slot, top, height, label) {
      const g = element("g", {"class": className, "data-slot": slot}, svg);
      element("rect", {x: 4, y: top, width: width - 28, height: height}, g);
      if (label !== null) {
        const text = element("text", {x: 10, y: top + height / 2 + 4}, g);
        text.textContent = label;
      }
      return g;
    }
    function draw(view, t) {
      const {svg, readout, column} = view;
      const f = frameAt(view.series.frames, t);
      svg.replaceChildren();
      if (f === null) {
        svg.setAttribute("viewBox", "0 0 " + width + " 100");
        readout.textContent = "no frame yet";
        for (const k of ["t", "offset", "row", "phase"]) delete column.dataset[k];
        return;
      }
      const [time, offset, phase, finger, row, center, height, viewport, rows] = f;
      svg.setAttribute("viewBox", "0 0 " + width + " " + viewport);
      let lifted = null;
      if (rows !== null) {
        let y = rows.y;
        rows.l.forEach((label, i) => {
          const slot = rows.s + i;
          const h = Array.isArray(rows.h) ? rows.h[i] : rows.h;
          const top = rows.ys ? rows.ys[i] : y;
          y = top + h;
          if (slot === row) {
            lifted = data.labels[label];
            // An app's trace names the row it holds, not where its snapshot floats: the
            // row is drawn lifted in its slot.
            if (center === null) drawRow(svg, "snapshot", slot, top - offset, h, lifted).setAttribute("data-label", lifted);
            else drawRow(svg, "gap", slot, top - offset, h, null);
          }
          else drawRow(svg, "row", slot, top - offset, h, data.labels[label]);
        });
      }
      if (row !== null && center !== null) {
        const g = drawRow(svg, "snapshot", row, center - height / 2 - offset, height, lifted === null ? "" : lifted);
        g.setAttribute("data-label", lifted === null ? "" : lifted);
      }
      if (finger !== null) element("circle", {"class": "finger", cx: width - 12, cy: finger, r: 6}, svg);
      // Where the viewport is in the content: a thin bar at the right.
      element("rect", {x: width - 3, y: 0, width: 3, height: viewport, fill: "#eee"}, svg);
      column.dataset.t = fixed3(time);
      column.dataset.offset = fixed3(offset);
      column.dataset.row = row === null ? "" : String(row);
      column.dataset.phase = phase;
      readout.textContent = "offset " + fixed3(offset) + " pt · " + phase + (row === null ? "" : " · row " + row);
    }
    // The time cursor on the chart's offset panel.
    const plot = document.querySelector("#offset .plot-area");
    const cursor = document.createElementNS(NS, "line");
    cursor.setAttribute("id", "cursor");
    cursor.setAttribute("stroke", "#d62728");
    cursor.setAttribute("y1", plot.getAttribute("y"));
    cursor.setAttribute("y2", +plot.getAttribute("y") + +plot.getAttribute("height"));
    plot.parentNode.append(cursor);
    function show(index) {
      const t = times.length ? times[index] : 0;
      for (const view of views) draw(view, t);
      clock.textContent = "frame " + (index + 1) + " of " + times.length + " · t = " + fixed3(t) + " s";
      clock.dataset.t = fixed3(t);
      const lower = +plot.dataset.xLower, upper = +plot.dataset.xUpper;
      const x = +plot.getAttribute("x") + (t - lower) / (upper - lower) * +plot.getAttribute("width");
      cursor.setAttribute("x1", x);
      cursor.setAttribute("x2", x);
    }
    slider.addEventListener("input", () => show(+slider.value));
    // Plays in simulated time, one second a second, from the slider's frame.
    let playing = null;
    function stop() { playing = null; play.textContent = "Play"; }
    play.addEventListener("click", () => {
      if (playing !== null) { stop(); return; }
      if (+slider.value >= times.length - 1) slider.value = "0";
      const start = performance.now(), from = times[+slider.value] || 0;
      playing = start;
      play.textContent = "Pause";
      const step = now => {
        if (playing !== start) return;
        const t = from + (now - start) / 1000;
        let index = +slider.value;
        while (index + 1 < times.length && times[index + 1] <= t) index++;
        slider.value = String(index);
        show(index);
        if (index >= times.length - 1) stop(); else requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    });
    document.addEventListener("keydown", e => {
      if (e.key === " " && e.target !== play) { e.preventDefault(); play.click(); }
    });
    show(0);

    """
}
