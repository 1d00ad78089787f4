#!/usr/bin/env python3
"""rowdrag benchmarks: figures and ratios against standard tools in the same run.

Each timing is the median of several runs of the whole command (wall clock); peak
memory is the child's maximum resident set size. Machines here are shared and
noisy, so read the ratios, not the absolute times."""

import os
import random
import resource
import statistics
import subprocess
import sys
import time

BINARY = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 and sys.argv[1] != "--generate" else ".build/release/rowdrag")
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
RUNS = int(os.environ.get("BENCH_RUNS", "5"))


def generate():
    os.makedirs(DATA, exist_ok=True)
    big = os.path.join(DATA, "lines-10m.txt")
    if not os.path.exists(big):
        words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"]
        rng = random.Random(1)
        with open(big, "w") as f:
            for i in range(10_000_000):
                f.write("%08d %s %s\n" % (i, rng.choice(words), rng.choice(words)))
    rows = os.path.join(DATA, "rows-100k.txt")
    if not os.path.exists(rows):
        with open(rows, "w") as f:
            f.writelines("row %d\n" % i for i in range(1, 100_001))
    script = os.path.join(DATA, "commands-1m.rowdrag")
    if not os.path.exists(script):
        rng = random.Random(3)
        out, n = [], 0
        while n < 1_000_000:
            out.append("press %d" % rng.randint(1, 100_000))
            n += 1
            for _ in range(rng.randint(1, 4)):
                out.append("drag %+d" % rng.randint(-300, 300))
                out.append("tick %d" % rng.randint(1, 5))
                n += 2
            out.append("release")
            n += 1
        with open(script, "w") as f:
            f.write("\n".join(out) + "\n")
    js = os.path.join(DATA, "objects-1m.json")
    if not os.path.exists(js):
        import json
        rng = random.Random(5)
        items = [{"id": i, "title": "track %d" % i, "artist": rng.choice(["Miles", "Coltrane", "Evans", "Monk"]),
                  "plays": rng.randint(0, 999)} for i in range(1_000_000)]
        with open(js, "w") as f:
            f.write(json.dumps(items, indent=2) + "\n")
    with open(os.path.join(DATA, "one-line.txt"), "w") as f:
        f.write("one\n")


def paths():
    names = ["lines-10m.txt", "rows-100k.txt", "commands-1m.rowdrag", "objects-1m.json", "one-line.txt"]
    return [os.path.join(DATA, name) for name in names]


def run(command, stdout_path=None, runs=RUNS):
    """Median wall time (s) and peak RSS (KiB) of a shell command."""
    times, peak = [], 0
    for _ in range(runs):
        out = open(stdout_path, "wb") if stdout_path else subprocess.DEVNULL
        start = time.perf_counter()
        process = subprocess.Popen(command, shell=True, stdout=out, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(process.pid, 0)
        times.append(time.perf_counter() - start)
        stderr = process.stderr.read().decode()
        process.stderr.close()
        if stdout_path:
            out.close()
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"failed: {command}\n{stderr}")
        peak = max(peak, usage.ru_maxrss)
    return statistics.median(times), peak


def row(name, seconds, peak=None, note=""):
    memory = f"{peak / 1024:8.1f} MiB" if peak else " " * 12
    print(f"  {name:<44} {seconds * 1000:9.1f} ms {memory}  {note}")


def main():
    if sys.argv[-1] == "--generate":
        generate()
        return
    # Generate in a child process: a parent grown by the data would inflate every
    # child's peak RSS (fork copies the parent's resident size before exec).
    subprocess.run([sys.executable, os.path.abspath(__file__), BINARY, "--generate"], check=True)
    big, rows, script, js, one = paths()
    out = os.path.join(DATA, "out")
    size = os.path.getsize(big)
    q = lambda p: "'" + p + "'"
    results = {}
    print(f"rowdrag benchmarks ({RUNS} runs each, median wall time)\n")

    print(f"1. Move one line of 10,000,000 ({size / 1e6:.0f} MB): load + move 3 9000000 + write")
    t_cat, _ = run(f"cat {q(big)}", out)
    row("cat FILE > out", t_cat)
    t_row, m_row = run(f"{BINARY} -e 'move 3 9000000' {q(big)}", out)
    expected = open(out, "rb").read(64)
    row("rowdrag -e 'move 3 9000000' FILE > out", t_row, m_row)
    t_awk, _ = run(f"awk 'NR==3{{x=$0;next}} {{print}} NR==9000000{{print x}}' {q(big)}", out, runs=3)
    row("awk (hold line 3, print it after 9000000)", t_awk)
    t_sed, _ = run(f"sed -e '3{{h;d}}' -e '9000000G' {q(big)}", out, runs=3)
    row("sed -e '3{h;d}' -e '9000000G'", t_sed)
    assert open(out, "rb").read(64) == expected
    t_pipe_cat, _ = run(f"cat {q(big)} | dd of=/dev/null bs=1M status=none")
    t_pipe_row, _ = run(f"{BINARY} -e 'move 3 9000000' {q(big)} | dd of=/dev/null bs=1M status=none")
    row("into a pipe: cat | dd", t_pipe_cat)
    row("into a pipe: rowdrag | dd", t_pipe_row)
    copy = os.path.join(DATA, "inplace.txt")
    subprocess.run(["cp", big, copy], check=True)
    t_inplace, m_inplace = run(f"{BINARY} -i -e 'move 3 9000000' {q(copy)}", runs=3)
    row("rowdrag -i (atomic write back, fsync)", t_inplace, m_inplace)
    budget = size + 32 * 10_000_000
    print(f"  ratio rowdrag/cat {t_row / t_cat:.2f} (target <= 1.5), rowdrag/awk {t_row / t_awk:.2f}"
          f" (target < 1), rowdrag/sed {t_row / t_sed:.2f}; into a pipe {t_pipe_row / t_pipe_cat:.2f}")
    print(f"  peak RSS {m_row / 1024:.0f} MiB = file + {(m_row * 1024 - size) / 10_000_000:.1f} B/row"
          f" (target <= file + 32 B/row = {budget / 2**20:.0f} MiB)")
    results["move/cat"] = t_row / t_cat
    results["move/awk"] = t_row / t_awk
    results["rss"] = m_row * 1024 <= budget

    print("\n2. One million commands (press/drag/tick/release) on 100,000 rows")
    t_cmd, m_cmd = run(f"{BINARY} -n -f {q(script)} {q(rows)}", runs=3)
    rate = 1_000_000 / t_cmd
    row("rowdrag -n -f commands-1m.rowdrag", t_cmd, m_cmd, f"{rate / 1e6:.2f} M commands/s (target >= 1)")
    results["commands"] = rate

    print(f"\n3. JSON: 1,000,000 small objects ({os.path.getsize(js) / 1e6:.0f} MB), load + one move + write")
    t_json, m_json = run(f"{BINARY} -e 'move 3 900000' {q(js)}", out)
    row("rowdrag -e 'move 3 900000'", t_json, m_json)
    t_jq, m_jq = run(f"jq -c . {q(js)}", out, runs=3)
    row("jq -c .", t_jq, m_jq)
    t_py, m_py = run(f"{sys.executable} -m json.tool --compact {q(js)}", out, runs=3)
    row("python3 -m json.tool --compact", t_py, m_py)
    print(f"  ratio rowdrag/jq {t_json / t_jq:.2f}, rowdrag/python {t_json / t_py:.2f} (target < 1 for both)")
    results["json/jq"] = t_json / t_jq
    results["json/python"] = t_json / t_py

    print("\n4. Visiting every row of the 10,000,000 lines")
    t_re, _ = run(f"{BINARY} -n -e 'move /^09999999/ 1' {q(big)}", runs=3)
    t_grep, _ = run(f"grep -n -m1 '^09999999' {q(big)}", runs=3)
    row("rowdrag -n -e 'move /^09999999/ 1' (last row)", t_re)
    row("grep -n -m1 '^09999999'", t_grep)
    t_list, _ = run(f"{BINARY} -n -e list {q(big)}", out, runs=3)
    t_catn, _ = run(f"cat -n {q(big)}", out, runs=3)
    row("rowdrag -n -e list > out", t_list)
    row("cat -n > out", t_catn)
    print(f"  ratio search/grep {t_re / t_grep:.2f}, list/cat -n {t_list / t_catn:.2f}")

    print("\n5. Start-up: a one-line list")
    t_start, _ = run(f"{BINARY} -n -e state {q(one)}", runs=30)
    t_cat1, _ = run(f"cat {q(one)}", runs=30)
    row("rowdrag -n -e state one-line.txt", t_start)
    row("cat one-line.txt", t_cat1)
    print(f"  ratio {t_start / t_cat1:.1f}")

    print("\nTargets")
    for name, ok in [
        ("move: <= 1.5x cat", results["move/cat"] <= 1.5),
        ("move: faster than awk", results["move/awk"] < 1),
        ("peak RSS <= file + 32 B/row", results["rss"]),
        (">= 1M commands/s", results["commands"] >= 1e6),
        ("JSON faster than jq", results["json/jq"] < 1),
        ("JSON faster than python json.tool", results["json/python"] < 1),
    ]:
        print(f"  {'met   ' if ok else 'missed'}  {name}")


if __name__ == "__main__":
    main()
