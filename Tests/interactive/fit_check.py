"""`fit` on traces recorded from real libraries (issue 43): the conformance suites drive
SortableJS, jQuery UI (in Chromium) and Qt's QListView with a gesture and record the
list's scroll offset after every display frame; that record, written as an app trace
(one `{"t","offset"}` line a frame, t = frame / 60), is what `rowdrag --fit` is given
with the same gesture. Its line must be no further from the real library than the
closest preset is (`--compare all,trace:FILE`), and replaying the line with
`--compare current,trace:FILE` must give the numbers `fit` printed."""

import os
import shlex
import subprocess
import tempfile


def trace_text(offsets, fps=60):
    return "".join('{"t":%.6f,"offset":%s}\n' % ((k + 1) / fps, offset) for k, offset in enumerate(offsets))


def table_rows(output, before):
    """The rows of the table in the paragraph after the line ending in BEFORE: its first
    cell -> (max, mean), the next two (a comparison's trace section, fit's table)."""
    table = output.split(before, 1)[1].split("\n\n")[1]
    return {cells[0]: (float(cells[1]), float(cells[2]))
            for cells in (line.split() for line in table.splitlines()[1:])}


def trace_rows(output):
    return table_rows(output, "on the clock (points):\n")


def fit_rows(output):
    return table_rows(output, " replays:\n")


def run(argv):
    out = subprocess.run(argv, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, (argv, out.stderr)
    return out.stdout


def check(binary, options, script, listing, offsets, name):
    """Fits the real library's OFFSETS for SCRIPT on LISTING; returns a line for the log."""
    with tempfile.TemporaryDirectory(prefix="rowdrag-fit-") as work:
        path = os.path.join(work, "real.jsonl")
        with open(path, "w") as f:
            f.write(trace_text(offsets))
        trace = "trace:" + path
        fitted = run([binary] + options + ["--fit", trace, "-e", script, listing])
        line = fitted.splitlines()[0]
        fit = fit_rows(fitted)["fit"]
        presets = trace_rows(run([binary] + options + ["--compare", "all," + trace, "-e", script, listing]))
        best = min(presets.items(), key=lambda item: item[1][1])
        assert fit[1] <= best[1][1], f"{name}: fit {line} ({fit}) is further than {best}"
        replayed = trace_rows(run([binary] + options + shlex.split(line)
                                  + ["--compare", "current," + trace, "-e", script, listing]))["current"]
        assert replayed == fit, f"{name}: {line} replays to {replayed}, fit printed {fit}"
        return f"{name}: fit {fit[1]} pt, best preset {best[0]} {best[1][1]} pt: {line}"
