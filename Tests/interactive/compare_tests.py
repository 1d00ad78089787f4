"""compare's peak speed is the trace's: the largest |delta| x fps in force over the frames.

Each gesture runs once per preset with `--preset NAME` and a trace file per stretch of
one frame rate (a `trace FILE` after every `set fps`), which gives the expected peak and
the expected speed points; then `--compare` of the same script must show that peak in its
table and summary and those speeds in its chart's data points. Jumps between frames
(`press ADDR` scrolling the row into view, `scroll`) are no frame's speed."""

import json
import os
import re
import resource
import subprocess
import tempfile

PRESETS = ["rowdrag", "flutter", "displaylink-fixed", "edge-ramp", "dndkit"]

GESTURES = {
    # press 99 scrolls the row into view before any frame; the one frame does not scroll.
    "press-address jump": "press 99; drag y=300; tick 1; release",
    # scroll jumps between gestures, and presses that scroll their row into view; every
    # preset lifts the row after a second's hold.
    "scroll commands": "scroll y=200; press 5; wait 1; drag +5; drag y=590; tick 20; release; "
    "scroll +300; press 12; wait 1; drag -5; drag y=5; tick 15; release; scroll bottom; "
    "press 40; wait 1; drag -5; drag y=20; tick 3; release",
    # The script's own rate, changed mid-gesture: 120, then 30 frames per second.
    "fps changes": "set fps 120; press 3; wait 1; drag +5; drag y=590; tick 20; set fps 30; "
    "tick 10; release; set fps 45; press 30; wait 1; drag -5; drag y=10; tick 12; release",
}


def fixed3(x):
    """NumberText.fixed3: three decimals, trailing zeros dropped."""
    text = f"{x:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def traced_speeds(binary, listing, script, preset, work):
    """The speed of every frame, |delta| x fps in force, from per-rate trace files."""
    commands = [c.strip() for c in script.split(";")]
    fps, files, traced = 60.0, [], []
    for command in commands:
        traced.append(command)
        if command.startswith("set fps") or not files:
            if command.startswith("set fps"):
                fps = float(command.split()[2])
            path = f"trace{len(files)}.jsonl"  # relative: a '/' would read as a pattern
            files.append((os.path.join(work, path), fps))
            traced.append(f"trace {path}")
    # The first trace goes before the first command.
    if not commands[0].startswith("set fps"):
        traced.insert(0, traced.pop(1))
    subprocess.run([binary, "-n", "--preset", preset, "-e", "; ".join(traced), listing],
                   check=True, capture_output=True, cwd=work)
    speeds = []
    for path, rate in files:
        with open(path) as f:
            for line in f:
                frame = json.loads(line)
                speeds.append((frame, frame["delta"] * rate))
    return speeds


def test_compare_peak_speed_is_the_traces(binary):
    with tempfile.TemporaryDirectory() as work:
        listing = os.path.join(work, "rows.txt")
        with open(listing, "w") as f:
            f.write("".join(f"row {i}\n" for i in range(1, 101)))
        for name, script in GESTURES.items():
            expected = {}
            for preset in PRESETS:
                speeds = traced_speeds(binary, listing, script, preset, work)
                expected[preset] = max((abs(v) for _, v in speeds), default=0.0)
                expected[preset, "points"] = [v for frame, v in speeds if frame["phase"] == "lifted"]
            plot = os.path.join(work, "chart.svg")
            out = subprocess.run(
                [binary, "-n", "--compare", ",".join(PRESETS), "--plot", plot, "-e", script, listing],
                check=True, capture_output=True, text=True).stdout
            table = out.split("\n\n")[1].splitlines()  # the header, then a row per preset
            rows = {line.split()[0]: line for line in table[1:]}
            with open(plot) as f:
                svg = f.read()
            for preset in PRESETS:
                peak = expected[preset]
                cell = f"{fixed3(peak)} pt/s" if peak > 0 else "-"
                assert rows[preset].rstrip().endswith(cell), (name, preset, cell, out)
                chart = re.search(
                    rf'<path data-preset="{re.escape(preset)}" data-points="([^"]*)"', svg).group(1)
                ys = [float(p.split(",")[1]) for p in chart.split()]
                # A run of frames skipped as tick skips them (one speed) is one point.
                assert set(fixed3(y) for y in ys) == set(
                    fixed3(v) for v in expected[preset, "points"]), (name, preset, ys)
                assert len(ys) <= len(expected[preset, "points"]), (name, preset)
                assert fixed3(max((abs(y) for y in ys), default=0.0)) == fixed3(peak), (name, preset)
            fastest = max(PRESETS, key=lambda p: expected[p])
            if expected[fastest] > 0:
                line = f"{fastest} scrolled fastest ({fixed3(expected[fastest])} pt/s)"
                assert line in out, (name, line, out)
            else:
                assert "scrolled fastest" not in out, (name, out)


def test_press_address_jump_is_no_speed(binary):
    """The issue's case: 100 rows, press 99 scrolls it into view; no frame scrolls."""
    with tempfile.TemporaryDirectory() as work:
        listing = os.path.join(work, "rows.txt")
        with open(listing, "w") as f:
            f.write("".join(f"{i}\n" for i in range(1, 101)))
        out = subprocess.run(
            [binary, "-n", "--compare", "rowdrag,flutter", "-e",
             "press 99; drag y=300; tick 1; release", listing],
            check=True, capture_output=True, text=True).stdout
        assert "pt/s" not in out and "scrolled fastest" not in out, out


def test_script_fps_counts(binary):
    """9 points a frame at the script's own 120 fps is 1080 pt/s, not 540."""
    with tempfile.TemporaryDirectory() as work:
        listing = os.path.join(work, "rows.txt")
        with open(listing, "w") as f:
            f.write("".join(f"{i}\n" for i in range(1, 101)))
        script = "set fps 120; set autoscroll fixed speed=9 clock=step; press 3; drag y=590; tick 5; release"
        trace = subprocess.run([binary, "-n", "--trace", "-", "-e", script, listing],
                               check=True, capture_output=True, text=True).stdout
        deltas = {json.loads(line)["delta"] for line in trace.splitlines()}
        assert deltas == {9}, deltas
        out = subprocess.run([binary, "-n", "--compare", "rowdrag", "-e", script, listing],
                             check=True, capture_output=True, text=True).stdout
        assert "1080 pt/s" in out, out


def test_compare_all_takes_under_two_seconds_of_cpu(binary):
    """Issue 25: replays skip frames as tick does, so comparing every preset on the
    example gesture, or on a gesture of 2^31 frames, costs little CPU (the child's own
    time, whatever else the machine does)."""
    runs = [
        ["--compare", "all", "-f", "examples/compare.rowdrag", "examples/long.txt"],
        ["-n", "--compare", "all", "-e", "press 3; wait 0.6; drag y=590; tick 2147483647; release",
         "examples/long.txt"],
    ]
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    for arguments in runs:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = subprocess.run([binary] + arguments, cwd=root, capture_output=True, text=True, timeout=60)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        assert out.returncode == 0 and out.stdout.startswith("Comparing "), (arguments, out.stderr)
        assert cpu < 2, (arguments, cpu)


def test_fit_on_a_terminal_shows_progress_and_ctrl_c_prints_the_best(binary):
    """Issue 43: a fit that runs over a second shows its progress on a terminal's
    standard error; Ctrl-C stops it, prints the best line so far and the table marked
    interrupted, and the run ends as Ctrl-C ends a filter."""
    import pexpect
    script = "press 3; wait 0.6; drag y=590; tick 2400; drag y=300; wait 0.2; release"
    with tempfile.TemporaryDirectory(prefix="rowdrag-fit-") as work:
        listing = os.path.join(work, "long.txt")
        with open(listing, "w") as f:
            f.write("".join(f"row {i}\n" for i in range(1, 3001)))
        trace = subprocess.run([binary, "-n", "--preset", "flutter", "--trace", "-", "-e", script, listing],
                               check=True, capture_output=True, text=True).stdout
        path = os.path.join(work, "app.jsonl")
        with open(path, "w") as f:
            for line in trace.splitlines():
                frame = json.loads(line)
                f.write(json.dumps({"t": frame["t"], "offset": frame["offset"] * 1.1}) + "\n")
        child = pexpect.spawn(binary, ["--fit", "trace:" + path, "-e", script, listing],
                              env=dict(os.environ, TERM="xterm"), encoding="utf-8", timeout=60,
                              dimensions=(24, 120))
        child.expect(r"\r\x1b\[Kfit: \d+ replays, best [0-9.]+ pt on average \(\w+\)")
        child.send("\x03")  # VINTR, as the terminal sends it
        child.expect(pexpect.EOF)
        child.close()
        text = child.before.replace("\r\n", "\n")
        # The progress line is cleared (`\r\x1b[K`) before the report starts.
        report = text[text.index("\x1b[K--") + 3:]
        assert report.startswith("--") and "--autoscroll '" in report.splitlines()[0], text
        assert "replays (interrupted: the best so far):" in report, text
        assert child.exitstatus == 130 or child.signalstatus == 2, (child.exitstatus, child.signalstatus)
