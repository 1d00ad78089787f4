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
