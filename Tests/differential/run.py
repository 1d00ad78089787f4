#!/usr/bin/env python3
"""The differential check: random scripts run by two rowdrag binaries, compared byte for byte.

    python3 Tests/differential/run.py --reference OLD --candidate NEW [--count 1000] [--seed S]

Each case (cases.py) is a list in one of the formats, options (board, preset, auto-scroll,
trace, --compare, -i, --on-drop …) and a script; both binaries run it in a fresh directory
holding the same files (the same path, emptied between them), and their standard output, standard error, exit status and every
file left in the directory (a `--trace FILE`, a `write`, `-i`, a chart) must be the same
bytes. The first case that differs is printed with its seed and index, the command line
to run it again (`--only INDEX`) and the first difference; `--keep DIR` leaves its files
there. At the end: how many cases ran, how many differed, and what the cases did (exit
statuses, how many reordered the list, compared, traced, …), so a generator that
stopped exercising something shows it.

A refactor that should change nothing is checked against a binary built from its base:

    git worktree add /tmp/ref BASE && (cd /tmp/ref && swift build --product rowdrag)
    python3 Tests/differential/run.py --reference /tmp/ref/.build/debug/rowdrag \\
        --candidate .build/debug/rowdrag --count 1000 --seed 41

Exit status: 0 no difference, 1 a difference, 2 bad usage.
"""

import argparse
import collections
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from cases import make_case  # noqa: E402

TIMEOUT = 120


def environment(home):
    """The same environment for both binaries: no terminal, no colour, no history, and
    no coverage profile (a build with coverage counters would leave `default.profraw`
    among the files compared, its counts differing run to run)."""
    return {"PATH": "/usr/bin:/bin", "HOME": home, "LC_ALL": "C.UTF-8", "TERM": "dumb",
            "NO_COLOR": "1", "LLVM_PROFILE_FILE": "/dev/null"}


def run_case(binary, case, directory):
    """Runs `case` with `binary` in `directory` (emptied first); its outcome as bytes."""
    shutil.rmtree(directory, ignore_errors=True)
    os.makedirs(directory)
    for name, data in case.files.items():
        with open(os.path.join(directory, name), "wb") as f:
            f.write(data)
    try:
        done = subprocess.run([binary] + case.argv, cwd=directory, input=case.stdin,
                              capture_output=True, env=environment(directory), timeout=TIMEOUT)
        status, out, err = done.returncode, done.stdout, done.stderr
    except subprocess.TimeoutExpired as timeout:
        status, out, err = "timeout", timeout.stdout or b"", timeout.stderr or b""
    files = {}
    for root, _, names in os.walk(directory):
        for name in names:
            path = os.path.join(root, name)
            with open(path, "rb") as f:
                files[os.path.relpath(path, directory)] = f.read()
    return {"status": status, "stdout": out, "stderr": err, "files": files}


def first_difference(a, b):
    """Where two outcomes differ, as a few lines for a person, or None."""
    for key in ("status", "stderr", "stdout"):
        if a[key] != b[key]:
            return f"{key}: {excerpt(a[key], b[key])}"
    for name in sorted(set(a["files"]) | set(b["files"])):
        x, y = a["files"].get(name), b["files"].get(name)
        if x != y:
            if x is None or y is None:
                return f"file {name}: only in the {'candidate' if x is None else 'reference'}"
            return f"file {name}: {excerpt(x, y)}"
    return None


def excerpt(x, y):
    if not isinstance(x, bytes) or not isinstance(y, bytes):
        return f"reference {x!r}, candidate {y!r}"
    i = next((k for k in range(min(len(x), len(y))) if x[k] != y[k]), min(len(x), len(y)))
    start = max(0, i - 80)
    return (f"first differing byte {i} (lengths {len(x)} and {len(y)})\n"
            f"  reference: {x[start:i + 120]!r}\n  candidate: {y[start:i + 120]!r}")


class Tally:
    """What the cases did, from the candidate's outcomes."""

    def __init__(self):
        self.count = 0
        self.status = collections.Counter()
        self.tags = collections.Counter()
        self.effects = collections.Counter()

    def add(self, case, outcome):
        self.count += 1
        self.status[outcome["status"]] += 1
        self.tags.update(case.tags)
        out = outcome["stdout"]
        if case.list_name and "-i" in case.argv or "-i.bak" in case.argv:
            if outcome["files"].get(case.list_name) != case.list_bytes:
                self.effects["reordered (written in place)"] += 1
        elif ("-n" not in case.argv and "--compare" not in case.argv and case.list_bytes
              and out and not out.endswith(case.list_bytes)):
            self.effects["reordered (final list differs)"] += 1
        if b"Peak speed" in out or b"peak speed" in out or b"moved farthest" in out:
            self.effects["printed a comparison table"] += 1
        if b'{"t":' in out:
            self.effects["traced frames to stdout"] += 1
        if outcome["stderr"]:
            self.effects["wrote to stderr"] += 1
        if any(name not in case.files for name in outcome["files"]):
            self.effects["left a new file"] += 1

    def report(self):
        lines = [f"exit statuses: {dict(sorted(self.status.items(), key=str))}"]
        lines.append("cases by kind: " + ", ".join(
            f"{k} {v}" for k, v in sorted(self.tags.items())))
        lines.append("what they did: " + ", ".join(
            f"{k} {v}" for k, v in sorted(self.effects.items())))
        return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reference", required=True, help="the binary whose outputs are right")
    parser.add_argument("--candidate", required=True, help="the binary under test")
    parser.add_argument("--count", type=int, default=1000, help="how many cases (1000)")
    parser.add_argument("--seed", default="41", help="the run's seed (41)")
    parser.add_argument("--only", type=int, help="run only case INDEX of the seed")
    parser.add_argument("--keep", help="copy the first differing case's files into DIR")
    parser.add_argument("--show", action="store_true", help="print each case's command line")
    parser.add_argument("--all", action="store_true", help="go on after a difference")
    args = parser.parse_args(argv)
    for binary in (args.reference, args.candidate):
        if not os.access(binary, os.X_OK):
            parser.error(f"{binary}: not an executable")
    reference = os.path.abspath(args.reference)
    candidate = os.path.abspath(args.candidate)
    indices = [args.only] if args.only is not None else range(args.count)
    tally = Tally()
    differing = 0
    with tempfile.TemporaryDirectory(prefix="rowdrag-differential-") as scratch:
        for index in indices:
            case = make_case(index, args.seed)
            if args.show:
                print(f"case {index}: {case.shell_line()}")
            # One directory for both, emptied between them: a message naming a path
            # names the same one.
            a = run_case(reference, case, os.path.join(scratch, "case"))
            b = run_case(candidate, case, os.path.join(scratch, "case"))
            tally.add(case, b)
            difference = first_difference(a, b)
            if difference is None:
                continue
            differing += 1
            if differing == 1 or args.all:
                print(f"DIFFERENCE in case {index} of seed {args.seed}: {difference}")
                print(f"  in its directory: {case.shell_line()}")
                if case.stdin:
                    print(f"  standard input: {case.stdin[:400]!r}")
                print(f"  again: {sys.argv[0]} --reference {args.reference} "
                      f"--candidate {args.candidate} --seed {args.seed} --only {index} "
                      f"--keep DIR")
                if args.keep:
                    os.makedirs(args.keep, exist_ok=True)
                    for name, data in case.files.items():
                        with open(os.path.join(args.keep, name), "wb") as f:
                            f.write(data)
                    with open(os.path.join(args.keep, "stdin"), "wb") as f:
                        f.write(case.stdin)
                    with open(os.path.join(args.keep, "command"), "w") as f:
                        f.write(case.shell_line() + "\n")
            if not args.all:
                break
    print(tally.report())
    print(f"{tally.count} cases, seed {args.seed}: {differing} differing")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
