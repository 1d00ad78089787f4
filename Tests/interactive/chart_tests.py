"""The comparison chart as users see it: `--plot FILE.svg` opened in headless Chromium.

The checks are on the rendered page, not on the SVG text: every series is named in each
panel's legend by a visible entry, the axes have 4 to 8 round, evenly spaced tick labels
that put the drawn lines where their data says, the legend boxes overlap neither plot
area, nothing is drawn outside the viewBox, series that coincide are drawn once and
named together, and every drawn series has a look of its own. A screenshot goes to
.build/test-output/ for people to look at."""

import json
import math
import os
import subprocess
import tempfile

import chromium

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUTPUT = os.path.join(ROOT, ".build", "test-output")

# Everything the checks need, measured in the page (client pixels = SVG units, as the
# file's width and height equal its viewBox).
MEASURE = r"""(() => {
  const box = e => { const r = e.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height}; };
  const svg = document.documentElement;
  const shown = e => { for (let n = e; n && n.nodeType === 1; n = n.parentNode) {
      const s = getComputedStyle(n);
      if (s.display === 'none' || s.visibility !== 'visible' || s.opacity === '0') return false; }
    return true; };
  const hit = e => { const r = e.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top !== null && (top === e || e.contains(top)); };
  const panels = {};
  for (const id of ['offset', 'velocity']) {
    const g = document.getElementById(id);
    panels[id] = {
      plot: box(g.querySelector('.plot-area')),
      legend: box(document.getElementById(id + '-legend')),
      heading: box(g.querySelector('.heading')), xTitle: box(g.querySelector('.x-title')),
      entries: [...g.querySelectorAll('.legend .entry')].map(e => ({
        names: e.getAttribute('data-names').split(','), text: e.querySelector('text').textContent,
        style: +e.getAttribute('data-style'),
        box: box(e.querySelector('text')), sample: box(e.firstElementChild),
        shown: shown(e.querySelector('text')), hit: hit(e.querySelector('text')),
        stroke: e.firstElementChild.getAttribute('stroke'), dash: e.firstElementChild.getAttribute('stroke-dasharray'),
        fill: e.firstElementChild.getAttribute('fill'), shape: e.firstElementChild.getAttribute('d')})),
      xTicks: [...g.querySelectorAll('.x-tick')].map(t => ({text: t.textContent, box: box(t), shown: shown(t)})),
      yTicks: [...g.querySelectorAll('.y-tick')].map(t => ({text: t.textContent, box: box(t), shown: shown(t)})),
      grid: g.querySelectorAll('.grid line').length,
      series: [...g.querySelectorAll('.series [data-preset]')].map(s => ({
        name: s.getAttribute('data-preset'), data: s.getAttribute('data-points'),
        drawnAs: s.getAttribute('data-drawn-as'), stroke: s.getAttribute('stroke'),
        dash: s.getAttribute('stroke-dasharray'), marker: s.getAttribute('marker-mid'),
        box: box(s),
        pixels: s.points ? [...Array(s.points.numberOfItems).keys()].map(i => {
          const p = s.points.getItem(i); return [p.x, p.y]; }) : null})),
      leaders: [...g.querySelectorAll('.leaders polyline')].map(l => ({
        names: l.getAttribute('data-names').split(','),
        points: [...Array(l.points.numberOfItems).keys()].map(i => [l.points.getItem(i).x, l.points.getItem(i).y])})),
    };
  }
  const outside = [];
  const frame = box(svg);
  for (const e of svg.querySelectorAll('*')) {
    if (e.closest('defs') || e.closest('title') || e.tagName === 'title') continue;
    const r = box(e);
    if (r.width === 0 && r.height === 0) continue;
    if (r.left < frame.left - 0.5 || r.top < frame.top - 0.5 || r.right > frame.right + 0.5 || r.bottom > frame.bottom + 0.5)
      outside.push(e.tagName + ' ' + (e.getAttribute('class') || e.getAttribute('data-preset') || e.textContent.slice(0, 40)));
  }
  const caption = box(document.getElementById('caption'));
  const captionText = [...document.querySelectorAll('#caption text')].map(t => t.textContent).join(' ');
  return {frame, panels, outside, caption, captionText,
          viewBox: svg.getAttribute('viewBox'), size: [svg.getAttribute('width'), svg.getAttribute('height')]};
})()"""


def overlap(a, b):
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def is_round_step(step):
    """1, 2 or 5 times a power of ten."""
    exponent = math.floor(math.log10(step))
    mantissa = step / 10 ** exponent
    return any(abs(mantissa - m) < 1e-6 for m in (1, 2, 5, 10))


def luminance(colour):
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def check_axis(ticks, low_edge, high_edge, axis, name, from_zero=False):
    """4–8 shown, numeric, round, evenly spaced ticks from one end of the plot area to the
    other; returns value -> pixel as the labels place it."""
    assert 4 <= len(ticks) <= 8, (name, axis, [t["text"] for t in ticks])
    values = [float(t["text"]) for t in ticks]
    assert all(t["shown"] and t["box"]["width"] > 0 for t in ticks), (name, axis)
    steps = [b - a for a, b in zip(values, values[1:])]
    assert all(abs(s - steps[0]) < 1e-9 for s in steps) and is_round_step(steps[0]), (name, axis, values)
    assert all(abs(v / steps[0] - round(v / steps[0])) < 1e-6 for v in values), (name, axis, values)
    if from_zero:
        assert values[0] == 0, (name, axis, values)
    centre = "x" if axis == "x" else "y"
    centres = [(t["box"]["left"] + t["box"]["right"]) / 2 if centre == "x" else
               (t["box"]["top"] + t["box"]["bottom"]) / 2 for t in ticks]
    # The labels sit at the plot area's edges, so the axis ends on a tick.
    assert abs(centres[0] - low_edge) < 2 and abs(centres[-1] - high_edge) < 2, (name, axis, centres, low_edge, high_edge)
    scale = (centres[-1] - centres[0]) / (values[-1] - values[0])
    return lambda v: centres[0] + (v - values[0]) * scale


def check_chart(page, names, title):
    """The rendered chart of a comparison of `names`; returns nothing, asserts all."""
    assert page["viewBox"] == f"0 0 {page['size'][0]} {page['size'][1]}", page["viewBox"]
    assert page["outside"] == [], (title, page["outside"])
    for name in names:
        assert name in page["captionText"], (title, name, page["captionText"])
    assert "Gesture:" in page["captionText"] and "List:" in page["captionText"], page["captionText"]
    blocks = [("caption", page["caption"])]
    for panel_id, panel in page["panels"].items():
        blocks += [(panel_id + " plot", panel["plot"]), (panel_id + " legend", panel["legend"]),
                   (panel_id + " x title", panel["xTitle"]), (panel_id + " heading", panel["heading"])]
        # Every series is named, once, by a shown entry nothing covers.
        listed = [n for e in panel["entries"] for n in e["names"]]
        assert sorted(listed) == sorted(names), (title, panel_id, listed)
        for entry in panel["entries"]:
            assert entry["shown"] and entry["hit"] and entry["box"]["width"] > 0, (title, panel_id, entry)
            assert entry["text"].startswith(entry["names"][0][:20]), (title, entry)
        plot = panel["plot"]
        x = check_axis(panel["xTicks"], plot["left"], plot["right"], "x", title, from_zero=panel_id == "offset")
        y = check_axis(panel["yTicks"], plot["bottom"], plot["top"], "y", title)
        assert panel["grid"] == len(panel["xTicks"]) + len(panel["yTicks"]), (title, panel_id)
        # The series: each name once; equal data drawn once, in the group that names it.
        series = {s["name"]: s for s in panel["series"]}
        assert sorted(series) == sorted(names), (title, panel_id, sorted(series))
        drawn = [s for s in panel["series"] if s["drawnAs"] is None]
        for s in panel["series"]:
            if s["drawnAs"] is not None:
                assert series[s["drawnAs"]]["drawnAs"] is None, (title, s["name"])
                assert s["box"]["width"] == 0 and s["box"]["height"] == 0, (title, "drawn twice", s["name"])
                entry = next(e for e in panel["entries"] if s["name"] in e["names"])
                assert s["drawnAs"] in entry["names"], (title, s["name"], entry)
        if panel_id == "offset":
            datas = [s["data"] for s in drawn]
            assert len(set(datas)) == len(datas), (title, "equal lines drawn twice")
            for s in drawn:
                group = [t["name"] for t in panel["series"] if t["data"] == s["data"]]
                entry = next(e for e in panel["entries"] if s["name"] in e["names"])
                assert sorted(entry["names"]) == sorted(group), (title, entry["names"], group)
                # The line is where its data and the tick labels say.
                points = [tuple(map(float, p.split(","))) for p in s["data"].split()]
                assert len(points) == len(s["pixels"]), (title, s["name"])
                for (t, offset), (px, py) in zip(points, s["pixels"]):
                    assert abs(x(t) - px) < 1.5 and abs(y(offset) - py) < 1.5, (title, s["name"], t, offset, px, py)
                # Named at its end: a leader from the line's last point to the entry.
                leader = next(l for l in panel["leaders"] if l["names"] == entry["names"])
                assert leader["points"][0] == s["pixels"][-1], (title, s["name"])
                end = leader["points"][-1]
                assert abs(end[1] - (entry["sample"]["top"] + entry["sample"]["bottom"]) / 2) < 2, (title, s["name"])
            # A look of its own: colour, and (for greyscale) dash or lightness.
            # The palette's 17 colours are distinct (past 17 rows they repeat, other dashes).
            looks = [(e["stroke"], e["dash"]) for e in panel["entries"] if e["style"] < 17]
            assert len({c for c, _ in looks}) == len(looks), (title, looks)
            assert len({(e["stroke"], e["dash"]) for e in panel["entries"]}) == len(panel["entries"]), title
            # Two lines with one dash pattern differ in lightness by a fifth of the scale.
            for i, (c, d) in enumerate(looks):
                for c2, d2 in looks[i + 1:]:
                    assert d != d2 or abs(luminance(c) - luminance(c2)) >= 0.2, (title, "same in greyscale", c, c2, d)
        else:
            marks = [(e["shape"], e["fill"] == "white") for e in panel["entries"] if e["style"] < 18]
            assert len(set(marks)) == len(marks), (title, "same marker twice", marks)
    # No empty band at the right: the plot areas take most of the width, their legends the rest.
    width = page["frame"]["width"]
    for panel_id, panel in page["panels"].items():
        assert panel["plot"]["width"] >= 0.6 * width, (title, panel_id, panel["plot"])
        assert panel["legend"]["right"] >= 0.75 * width, (title, panel_id, panel["legend"])
    for i, (a_name, a) in enumerate(blocks):
        for b_name, b in blocks[i + 1:]:
            assert not overlap(a, b), (title, a_name, b_name, a, b)


def compare(binary, names, script_args, listing, path):
    out = subprocess.run([binary, "-n", "--compare", ",".join(names), "--plot", path] + script_args + [listing],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout


def table_rows(out):
    """The names of the comparison table's rows: the presets asked for, and any other
    row the comparison adds (the chart draws whatever rows the table has)."""
    table = out.split("\n\n")[1].splitlines()
    return [line.split()[0] for line in table[1:] if line.startswith("  ") and line.split()]


def presets(binary):
    out = subprocess.run([binary, "-n", "-e", "presets", os.devnull], capture_output=True, text=True, check=True)
    return [line.split("\t")[0] for line in out.stdout.splitlines()]


def test_chart_reads_in_chromium(binary):
    every = presets(binary)
    assert len(every) >= 17, every
    with tempfile.TemporaryDirectory() as work:
        listing = os.path.join(work, "rows.txt")
        with open(listing, "w") as f:
            f.write("".join(f"row {i}\n" for i in range(1, 61)))
        cases = [
            ("all", every, ["-f", "examples/compare.rowdrag"], os.path.join(ROOT, "examples", "long.txt")),
            # flutter's hold is longer than the wait: its drag pans, it has no speeds.
            ("two", ["rowdrag", "flutter"], ["-e", "press 3; wait 0.3; drag y=590; tick 60; release"], listing),
        ]
        with chromium.Browser() as browser:
            for title, names, script, rows in cases:
                path = os.path.join(work, f"{title}.svg")
                out = compare(binary, names, script, rows, path)
                listed = table_rows(out)
                assert set(names) <= set(listed), (names, listed)
                names = listed
                with open(path) as f:
                    width, height = (float(v) for v in f.read().split('viewBox="0 0 ')[1].split('"')[0].split())
                browser.open(path, int(width), int(math.ceil(height)))
                page = browser.evaluate(MEASURE)
                assert browser.console_errors() == [], browser.console_errors()
                check_chart(page, names, title)
                if title == "all":
                    # The example has coinciding presets; they must show as one line.
                    offset = page["panels"]["offset"]
                    assert any(len(e["names"]) > 1 for e in offset["entries"]), offset["entries"]
                    browser.screenshot(os.path.join(OUTPUT, "chart-all.png"))
                else:
                    velocity = page["panels"]["velocity"]
                    flutter = next(e for e in velocity["entries"] if "flutter" in e["names"])
                    assert "no points" in flutter["text"], flutter


def test_chart_is_the_same_every_run(binary):
    with tempfile.TemporaryDirectory() as work:
        made = []
        for i in range(2):
            path = os.path.join(work, f"chart{i}.svg")
            compare(binary, ["rowdrag", "flutter", "dndkit"], ["-f", "examples/compare.rowdrag"],
                    os.path.join(ROOT, "examples", "long.txt"), path)
            with open(path, "rb") as f:
                made.append(f.read())
        assert made[0] == made[1]


def test_chart_data_is_the_trace(binary):
    """The data the chart draws (checked against the lines above) is the trace's."""
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, "chart.svg")
        script = "press 3; wait 0.6; drag y=590; tick 40; drag y=300; wait 0.2; release"
        listing = os.path.join(ROOT, "examples", "long.txt")
        compare(binary, ["rowdrag", "sortablejs"], ["-e", script], listing, path)
        with open(path) as f:
            svg = f.read()
        offset = svg.split('<g id="offset">')[1].split('<g id="velocity">')[0]
        for preset in ("rowdrag", "sortablejs"):
            trace = subprocess.run([binary, "-n", "--preset", preset, "--trace", "-", "-e", script, listing],
                                   capture_output=True, text=True, check=True).stdout
            frames = [(fixed(f['t']), fixed(f['offset'])) for f in map(json.loads, trace.splitlines())]
            data = offset.split(f'data-preset="{preset}" data-points="')[1].split('"')[0]
            points = [tuple(p.split(",")) for p in data.split()]
            # The replay skips frames whose outcome is known, as tick does: the chart has a
            # point per frame simulated and one at the end of each skipped run, where the
            # offset moves in a straight line. So its points are trace frames, first and
            # last included, and every frame between two points lies on the line joining
            # them.
            assert points[0] == frames[0] and points[-1] == frames[-1], (preset, points[:1], points[-1:])
            where = {t: i for i, (t, _) in enumerate(frames)}
            for p in points:
                assert p in frames, (preset, p)
            for a, b in zip(points, points[1:]):
                i, j = where[a[0]], where[b[0]]
                (t0, y0), (t1, y1) = map(float, a), map(float, b)
                for t, y in frames[i + 1:j]:
                    line = y0 + (y1 - y0) * (float(t) - t0) / (t1 - t0)
                    assert abs(float(y) - line) < 0.01, (preset, t, y, line)


def fixed(x):
    text = f"{x:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text
