"""The animated report, `--plot FILE.html`, opened in headless Chromium with the network
off: stepping its frame slider, each preset's column must draw what that preset's
`--trace` and `show` say at that frame — the offset, the lifted row's slot, the
snapshot's center, and the rows in the viewport with their labels and screen
positions. A screenshot goes to .build/test-output/report.png for people to look at."""

import json
import os
import re
import subprocess
import tempfile

import chromium

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUTPUT = os.path.join(ROOT, ".build", "test-output")

# Frames only from `tick`, so a prefix of the gesture stops at any frame exactly.
GESTURE = ["press 3", "tick 36", "drag y=590", "tick 40", "drag y=300", "tick 12", "release"]
PRESETS = ["rowdrag", "sortablejs", "flutter"]

READ = r"""(() => [...document.querySelectorAll('.column')].map(c => ({
  name: c.dataset.name, t: c.dataset.t, offset: c.dataset.offset, row: c.dataset.row, phase: c.dataset.phase,
  rows: [...c.querySelectorAll('.row')].map(g => ({slot: +g.dataset.slot, label: g.querySelector('text').textContent,
    top: +g.querySelector('rect').getAttribute('y'), height: +g.querySelector('rect').getAttribute('height')})),
  gaps: [...c.querySelectorAll('.gap')].map(g => +g.dataset.slot),
  snapshot: [...c.querySelectorAll('.snapshot')].map(g => { const r = g.querySelector('rect');
    return {slot: +g.dataset.slot, label: g.dataset.label, center: +r.getAttribute('y') + +r.getAttribute('height') / 2}; }),
})))()"""


def fixed(x):
    text = f"{x:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def prefix(frames):
    """The gesture's commands up to its `frames`-th frame."""
    out, left = [], frames
    for command in GESTURE:
        if command.startswith("tick "):
            n = int(command.split()[1])
            if n >= left:
                out.append(f"tick {left}")
                return out
            left -= n
        out.append(command)
    return out


SHOW_ROW = re.compile(r"^\s*(\d+) (-?\d+)\.\.(-?\d+)\s+(\S) (.*?)\s+[|#]$")
SHOW_GAP = re.compile(r"^\s*(\d+) (-?\d+)\.\.(-?\d+)\s+(\. )+")


def shown_rows(binary, listing, preset, frames):
    """`show`'s rows and gap after `frames` frames under `preset`."""
    out = subprocess.run([binary, "-n", "--preset", preset, "-e", "; ".join(prefix(frames) + ["show"]), listing],
                         capture_output=True, text=True, check=True).stdout
    rows, gaps = [], []
    for line in out.splitlines():
        if line.startswith(">>"):
            continue
        if m := SHOW_GAP.match(line):
            gaps.append(int(m.group(1)))
        elif m := SHOW_ROW.match(line):
            rows.append((int(m.group(1)), m.group(5), int(m.group(2))))
    return rows, gaps


def make_report(binary, listing, path, presets=PRESETS, gesture=GESTURE):
    out = subprocess.run([binary, "-n", "--compare", ",".join(presets), "--plot", path, "-e",
                          "; ".join(gesture), listing], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr


def test_report_draws_the_trace_in_chromium(binary):
    with tempfile.TemporaryDirectory() as work:
        listing = os.path.join(work, "rows.txt")
        with open(listing, "w") as f:
            f.write("".join(f"row {i}\n" for i in range(1, 61)))
        path = os.path.join(work, "report.html")
        make_report(binary, listing, path)
        with open(path) as f:
            html = f.read()
        # Self-contained: nothing to fetch (the one URL is the SVG namespace, a name).
        assert not re.search(r"""(src|href)\s*=\s*["'](?!#)""", html), "a reference to fetch"
        assert set(re.findall(r"https?://[^\s\"'<>]+", html)) <= {"http://www.w3.org/2000/svg"}
        traces = {}
        for preset in PRESETS:
            trace = subprocess.run([binary, "-n", "--preset", preset, "--trace", "-", "-e", "; ".join(GESTURE),
                                    listing], capture_output=True, text=True, check=True).stdout
            traces[preset] = [json.loads(line) for line in trace.splitlines()]
        total = len(traces["rowdrag"])
        assert total == 88 and all(len(t) == total for t in traces.values()), {p: len(t) for p, t in traces.items()}
        with chromium.Browser() as browser:
            browser.open(path, 1000, 1400)
            assert browser.evaluate("document.getElementById('frame').max") == str(total - 1)
            for k in (0, 20, 36, 37, 50, 60, 75, 80, total - 1):
                page = browser.evaluate(
                    f"(() => {{ const s = document.getElementById('frame'); s.value = '{k}';"
                    f" s.dispatchEvent(new Event('input')); return {READ}; }})()")
                # A column per row of the table, in its order; the presets' are checked.
                names = [c["name"] for c in page]
                assert [n for n in names if n in PRESETS] == PRESETS, names
                for column in page:
                    preset = column["name"]
                    if preset not in PRESETS:
                        continue
                    frame = traces[preset][k]
                    where = (preset, k)
                    assert column["t"] == fixed(frame["t"]), (where, column["t"], frame)
                    assert column["offset"] == fixed(frame["offset"]), (where, column["offset"], frame)
                    assert column["phase"] == frame["phase"], (where, column["phase"], frame)
                    assert column["row"] == ("" if frame["row"] is None else str(frame["row"])), where
                    offset = frame["offset"]
                    if frame["row"] is None:
                        assert column["snapshot"] == [] and column["gaps"] == [], where
                    else:
                        snapshot, = column["snapshot"]
                        assert snapshot["slot"] == frame["row"], where
                        assert abs(snapshot["center"] + offset - frame["center"]) < 0.01, (where, snapshot, frame)
                        assert snapshot["label"] == "row 3", (where, snapshot)
                    rows, gaps = shown_rows(binary, listing, preset, k + 1)
                    drawn = [(r["slot"], r["label"], round(r["top"])) for r in column["rows"]]
                    assert drawn == rows, (where, drawn, rows)
                    assert column["gaps"] == gaps, (where, column["gaps"], gaps)
            # Play moves the frames on; pause stops them.
            browser.evaluate("document.getElementById('frame').value = '0'; document.getElementById('play').click()")
            browser.evaluate("new Promise(r => setTimeout(r, 400))")
            playing = int(browser.evaluate("document.getElementById('play').click(); document.getElementById('frame').value"))
            assert playing > 0, playing
            browser.evaluate("new Promise(r => setTimeout(r, 200))")
            assert int(browser.evaluate("document.getElementById('frame').value")) == playing
            browser.evaluate("(() => { const s = document.getElementById('frame'); s.value = '60';"
                             " s.dispatchEvent(new Event('input')); })()")
            browser.screenshot(os.path.join(OUTPUT, "report.png"))
            assert browser.console_errors() == [], browser.console_errors()


def test_report_is_the_same_every_run_and_bounded(binary):
    with tempfile.TemporaryDirectory() as work:
        listing = os.path.join(work, "rows.txt")
        with open(listing, "w") as f:
            f.write("".join(f"row {i}\n" for i in range(1, 201)))
        made = []
        for i in range(2):
            path = os.path.join(work, f"report{i}.html")
            make_report(binary, listing, path, presets=["rowdrag", "dndkit"],
                        gesture=["press 3", "tick 40", "drag y=590", "tick 6000", "drag y=10", "tick 3000", "release"])
            with open(path, "rb") as f:
                made.append(f.read())
        assert made[0] == made[1]
        # 9,040 frames, kept to at most 1,024 (and the last) per preset.
        data = json.loads(made[0].decode().split('<script type="application/json" id="data">')[1].split("</script>")[0])
        for series in data["series"]:
            assert 512 <= len(series["frames"]) <= 1025, len(series["frames"])
            assert series["frames"][-1][0] == round((40 + 6000 + 3000) / 60, 3), series["frames"][-1][0]
        assert len(made[0]) < 3_000_000, len(made[0])


def test_report_draws_an_app_trace_as_its_replay(binary):
    """A `trace:FILE` row gets a column too: rowdrag's own trace of the gesture, read back
    as an app's, draws the same offset, lifted row and rows as the replay at every
    frame; the lifted row is drawn in its slot (a trace has no snapshot position)."""
    with tempfile.TemporaryDirectory() as work:
        listing = os.path.join(work, "rows.txt")
        with open(listing, "w") as f:
            f.write("".join(f"row {i}\n" for i in range(1, 61)))
        trace = os.path.join(work, "app.jsonl")
        subprocess.run([binary, "-n", "--preset", "rowdrag", "--trace", trace, "-e", "; ".join(GESTURE), listing],
                       capture_output=True, check=True)
        path = os.path.join(work, "report.html")
        make_report(binary, listing, path, presets=["rowdrag", "trace:" + trace])
        with chromium.Browser() as browser:
            browser.open(path, 1000, 1400)
            for k in (0, 36, 37, 50, 80, 87):
                page = browser.evaluate(
                    f"(() => {{ const s = document.getElementById('frame'); s.value = '{k}';"
                    f" s.dispatchEvent(new Event('input')); return {READ}; }})()")
                columns = {c["name"]: c for c in page}
                replay, app = columns["rowdrag"], columns["trace:" + trace]
                where = k
                for key in ("t", "offset", "row", "phase"):
                    assert app[key] == replay[key], (where, key, app[key], replay[key])
                assert app["rows"] == replay["rows"], (where, app["rows"], replay["rows"])
                assert app["gaps"] == []
                if replay["row"]:
                    snapshot, = app["snapshot"]
                    assert snapshot["slot"] == int(replay["row"]) and snapshot["label"] == "row 3", (where, snapshot)
                else:
                    assert app["snapshot"] == [], where


# Every pair of the report's laid-out boxes that overlap: headings, the caption, the
# tables and their cells, the controls, the columns and the chart (a box inside another
# is not an overlap).
OVERLAPS = r"""(() => {
  const boxes = [...document.querySelectorAll(
      'h1, h2, h3, dl.caption, .scroll, .clock, .legend, #summary, .controls, .column, #chart')]
    .map(e => ({e, r: e.getBoundingClientRect()}));
  const out = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i], b = boxes[j];
    if (a.e.contains(b.e) || b.e.contains(a.e)) continue;
    const x = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
    const y = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
    if (x > 0.5 && y > 0.5) out.push([a.e.tagName + '.' + a.e.className, b.e.tagName + '.' + b.e.className]);
  }
  // A cell whose text is wider than its cell, or a table wider than the page without a scroll box.
  for (const cell of document.querySelectorAll('td, th'))
    if (cell.scrollWidth > cell.clientWidth + 1) out.push(['cell', cell.textContent]);
  if (document.documentElement.scrollWidth > window.innerWidth) out.push(['page', 'wider than the window']);
  return out;
})()"""

READ_RESULTS = r"""(() => ({
  heading: document.getElementById('heading').textContent,
  table: [...document.querySelectorAll('#comparison tr')].map(r => [...r.children].map(c => c.textContent)),
  traces: [...document.querySelectorAll('section.trace')].map(s => ({
    title: s.querySelector('h3').textContent, clock: s.querySelector('.clock').textContent,
    rows: [...s.querySelectorAll('tr')].map(r => [...r.children].map(c => c.textContent))})),
  summary: [...document.querySelectorAll('#summary li')].map(li => li.textContent),
  legend: document.querySelector('.legend').textContent,
  firstColumns: [...document.querySelectorAll('.column')].map(c => c.getBoundingClientRect().top),
  resultsTop: document.getElementById('results').getBoundingClientRect().top,
  columnsTop: document.getElementById('columns').getBoundingClientRect().top,
}))()"""


def terminal_cells(text):
    """The terminal's table, trace sections and summary, split into cells at runs of two
    or more blanks (the columns' separator)."""
    lines = text.splitlines()
    split = lambda line: [c for c in re.split(r"\s{2,}", line.strip())]
    table, i = [], 2
    while lines[i].strip():
        table.append(split(lines[i]))
        i += 1
    traces = []
    for k, line in enumerate(lines):
        if line.endswith("on the clock (points):"):
            rows, j = [], k + 3
            while lines[j].strip():
                rows.append(split(lines[j]))
                j += 1
            traces.append({"title": line.strip()[:-1], "clock": lines[k + 1].strip(), "rows": rows})
    summary = [l.strip() for l in lines[lines.index("Summary") + 1:]]
    return {"heading": lines[0], "table": table, "traces": traces, "summary": summary}


def test_report_starts_with_the_terminals_conclusion_and_fits(binary):
    """Issue 43, item 2: the report starts with the table, the trace comparison and the
    summary, cell for cell the terminal's; at 1280 and 1920 px nothing overlaps and eight
    compared rows stand in one row of columns (a ninth wraps); screenshots are saved."""
    presets = ["rowdrag", "flutter", "sortablejs", "rbd", "dndkit", "qt", "jqueryui"]
    with tempfile.TemporaryDirectory() as work:
        root = ROOT
        trace = os.path.join(root, "examples", "app-trace.jsonl")
        path = os.path.join(work, "report.html")
        rows = presets + ["trace:" + trace]
        terminal = subprocess.run(
            [binary, "--compare", ",".join(rows), "--plot", path, "-f",
             os.path.join(root, "examples", "compare.rowdrag"), os.path.join(root, "examples", "long.txt")],
            capture_output=True, text=True, check=True).stdout
        expected = terminal_cells(terminal)
        assert len(expected["table"]) == 9 and len(expected["traces"]) == 1, terminal
        with chromium.Browser() as browser:
            for width in (1280, 1920):
                browser.open(path, width, 1000)
                page = browser.evaluate(READ_RESULTS)
                assert page["heading"] == expected["heading"], (page["heading"], expected["heading"])
                assert page["table"] == expected["table"], (page["table"], expected["table"])
                assert [t["title"] for t in page["traces"]] == [t["title"] for t in expected["traces"]]
                assert [t["clock"] for t in page["traces"]] == [t["clock"] for t in expected["traces"]]
                assert [t["rows"] for t in page["traces"]] == [t["rows"] for t in expected["traces"]]
                assert page["summary"] == expected["summary"], (page["summary"], expected["summary"])
                assert "peak speed: the largest |offset change| × fps of one frame" in page["legend"]
                # The conclusion first, then the frames.
                assert page["resultsTop"] < page["columnsTop"]
                # Eight compared rows: one row of columns.
                assert len(set(round(t) for t in page["firstColumns"])) == 1, page["firstColumns"]
                assert browser.evaluate(OVERLAPS) == [], (width, browser.evaluate(OVERLAPS))
                browser.screenshot(os.path.join(OUTPUT, f"report-{width}.png"))
                assert browser.console_errors() == [], browser.console_errors()
        # A ninth row wraps to a second row of columns, cleanly.
        nine = os.path.join(work, "nine.html")
        subprocess.run(
            [binary, "--compare", ",".join(rows + ["itemtouchhelper"]), "--plot", nine, "-f",
             os.path.join(root, "examples", "compare.rowdrag"), os.path.join(root, "examples", "long.txt")],
            capture_output=True, text=True, check=True)
        with chromium.Browser() as browser:
            browser.open(nine, 1280, 1000)
            tops = sorted(set(round(t) for t in browser.evaluate(READ_RESULTS)["firstColumns"]))
            assert len(tops) == 2, tops
            assert browser.evaluate(OVERLAPS) == []
