#!/usr/bin/env python3
"""Line coverage per target from a `swift test --enable-code-coverage` run (issue 45,
item 9), through the toolchain's llvm-cov: prints each target's lines covered, writes
every uncovered line (FILE:LINE) to a file, and with --check fails when a target falls
below its floor in Tests/coverage-floor.txt (a ratchet: raise a floor when coverage
rises; lower one only with a reason in the commit).

Usage: coverage_ratchet.py [--check] [--record] BUILD_DIR UNCOVERED_OUT
"""

import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FLOOR = os.path.join(ROOT, "Tests", "coverage-floor.txt")
# Coverage moves a little when tests that draw random inputs take other paths: a floor
# is checked with this much slack (percentage points).
SLACK = 0.5


def llvm_cov():
    swift = shutil.which("swift")
    beside = os.path.join(os.path.dirname(os.path.realpath(swift)), "llvm-cov") if swift else None
    return beside if beside and os.path.exists(beside) else "llvm-cov"


def per_target(build):
    """{target: (covered, total)} and the uncovered lines, from llvm-cov's lcov export."""
    binary = os.path.join(build, "rowdragPackageTests.xctest")
    profile = os.path.join(build, "codecov", "default.profdata")
    for path in (binary, profile):
        if not os.path.exists(path):
            sys.exit(f"coverage: {path} is missing; run swift test --enable-code-coverage first")
    lcov = subprocess.run(
        [llvm_cov(), "export", "-format=lcov", "-instr-profile", profile, binary,
         "-ignore-filename-regex", r"(/Tests/|/\.build/|/checkouts/)"],
        check=True, capture_output=True, text=True).stdout
    targets, uncovered, current = {}, [], None
    for line in lcov.splitlines():
        if line.startswith("SF:"):
            path = os.path.relpath(line[3:], ROOT)
            parts = path.split(os.sep)
            current = (parts[1] if parts[0] == "Sources" and len(parts) > 2 else None, path)
        elif line.startswith("DA:") and current and current[0]:
            number, count = line[3:].split(",")[:2]
            covered, total = targets.get(current[0], (0, 0))
            hit = int(count) > 0
            targets[current[0]] = (covered + hit, total + 1)
            if not hit:
                uncovered.append(f"{current[1]}:{number}")
    return targets, uncovered


def read_floor():
    floors = {}
    if os.path.exists(FLOOR):
        for line in open(FLOOR):
            line = line.split("#")[0].strip()
            if line:
                name, value = line.split()
                floors[name] = float(value)
    return floors


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) != 2:
        sys.exit(__doc__)
    build, out = args
    targets, uncovered = per_target(build)
    with open(out, "w") as f:
        f.write("\n".join(uncovered) + "\n")
    floors = read_floor()
    failed = []
    covered_all = total_all = 0
    print("line coverage by target (Swift tests):")
    for name in sorted(targets):
        covered, total = targets[name]
        covered_all += covered
        total_all += total
        percent = 100.0 * covered / total if total else 100.0
        floor = floors.get(name)
        mark = ""
        if floor is not None and percent < floor - SLACK:
            mark = f"  BELOW the floor {floor:.1f}"
            failed.append(name)
        print(f"  {name:<20} {percent:5.1f}%  {covered:6d} of {total:6d} lines{mark}")
    print(f"  {'all':<20} {100.0 * covered_all / max(total_all, 1):5.1f}%  {covered_all:6d} of {total_all:6d}"
          f" lines; uncovered lines in {os.path.relpath(out, ROOT)}")
    if "--record" in sys.argv:
        with open(FLOOR, "w") as f:
            f.write("# Line coverage floors by target, in percent (Tests/coverage_ratchet.py).\n"
                    "# `make coverage-record` rewrites them from a run; never lower one without a reason.\n")
            for name in sorted(targets):
                covered, total = targets[name]
                f.write(f"{name} {100.0 * covered / total if total else 100.0:.1f}\n")
        print(f"floors written to {os.path.relpath(FLOOR, ROOT)}")
    if "--check" in sys.argv and failed:
        sys.exit(f"coverage: below the floor: {', '.join(failed)} (see Tests/coverage-floor.txt)")


if __name__ == "__main__":
    main()
