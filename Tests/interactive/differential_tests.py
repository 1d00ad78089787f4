"""A small run of the differential check (Tests/differential/run.py), so that it cannot rot
between the refactors it serves: the binary against itself shows no difference, the
same binary behind a wrapper that adds one byte to standard error shows one, and the
cases still do what they are for (reorder, fail, compare, trace) and come out the
same from the same seed."""

import contextlib
import io
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "differential"))

import cases  # noqa: E402
import run as differential  # noqa: E402

COUNT = 16


def check(reference, candidate, count=COUNT, seed="self-check"):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = differential.main(["--reference", reference, "--candidate", candidate,
                                    "--count", str(count), "--seed", seed])
    return status, out.getvalue()


def test_a_binary_agrees_with_itself(binary):
    status, out = check(binary, binary)
    assert status == 0, out
    assert f"{COUNT} cases, seed self-check: 0 differing" in out, out


def test_a_planted_difference_is_found(binary):
    with tempfile.TemporaryDirectory() as directory:
        wrapper = os.path.join(directory, "rowdrag")
        with open(wrapper, "w") as f:
            f.write(f'#!/bin/sh\n"{binary}" "$@"\nstatus=$?\nprintf x >&2\nexit $status\n')
        os.chmod(wrapper, 0o755)
        status, out = check(binary, wrapper, count=3)
    assert status == 1, out
    assert "DIFFERENCE in case 0 of seed self-check: stderr" in out, out
    assert "--only 0" in out, out


def test_cases_are_the_same_from_the_same_seed(binary):
    a = [cases.make_case(i, "7") for i in range(50)]
    b = [cases.make_case(i, "7") for i in range(50)]
    assert [(c.argv, c.files, c.stdin) for c in a] == [(c.argv, c.files, c.stdin) for c in b]
    assert [c.argv for c in a] != [cases.make_case(i, "8").argv for i in range(50)]


def test_the_cases_exercise_every_format_surface_and_kind(binary):
    tags = set()
    for i in range(400):
        tags |= cases.make_case(i, "41").tags
    wanted = {"text", "markdown", "json", "jsonl", "todo", "csv", "tsv", "m3u", "board", "preset",
              "gesture", "move", "compare", "compare-option", "trace", "trace-command", "stream",
              "in-place", "hook", "file", "bad", "broken", "page", "set", "output"}
    assert wanted <= tags, wanted - tags


def test_the_cases_reorder_fail_and_compare(binary):
    """What 100 cases did with this binary: some of each, not all of one (about a quarter
    reorder; 40 cases left as few as 3 to chance)."""
    tally = differential.Tally()
    with tempfile.TemporaryDirectory() as directory:
        for i in range(100):
            case = cases.make_case(i, "41")
            tally.add(case, differential.run_case(binary, case, os.path.join(directory, "x")))
    report = tally.report()
    assert 10 <= tally.status[0] <= 90, report
    assert tally.status[1] >= 5, report
    assert tally.effects["reordered (final list differs)"] >= 4, report
    assert tally.effects["printed a comparison table"] >= 1, report
    assert tally.effects["traced frames to stdout"] >= 1, report
