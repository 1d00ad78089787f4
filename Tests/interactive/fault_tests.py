"""Failures injected at every system call (issue 45, item 8), as SQLite's I/O-error
tests do: a debug build (the one `make test` tests; `-D ROWDRAG_FAULTS` in any other)
makes the N-th call of one kind fail — `open`, `read`, `write`, `fsync`, `rename`, `link`,
`copy_file_range`, `mmap`, `madvise`, `spawn` (the drop hook's posix_spawn), `poll`,
`ioctl` — with EIO, ENOSPC, EINTR, EAGAIN, ENOMEM or a short count. Each main job runs
once for every N until the N-th call is never reached. Every run must end without a
crash or a signal, with a documented exit status and `rowdrag: ` lines on standard
error; a run that fails leaves the list file as it was and no temporary file behind,
and a run that succeeds did its job. The counts go to TESTING.md."""

import os
import subprocess
import tempfile

BINARY = None  # the binary under test, set by each test
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ERRORS = {"open": ["EIO", "ENOMEM", "EINTR"], "read": ["EIO", "EINTR", "EAGAIN", "short"],
          "write": ["ENOSPC", "EIO", "EINTR", "EAGAIN", "short"], "fsync": ["EIO", "EINTR"],
          "rename": ["EIO"], "link": ["ENOSPC"], "copy_file_range": ["EIO", "ENOSPC", "short"],
          "mmap": ["ENOMEM"], "madvise": ["EAGAIN"], "spawn": ["EAGAIN", "ENOMEM"],
          "poll": ["EINTR", "EIO"], "ioctl": ["EIO"]}
# Large enough that a write copies unmoved stretches inside the kernel (copy_file_range).
LIST = "".join(f"item {k}\n" for k in range(1, 30000))
MOVED = LIST.split("\n")
MOVED = "\n".join([MOVED[1], MOVED[0]] + MOVED[2:])
LIMIT = int(os.environ.get("FAULT_LIMIT", "400"))  # calls of one kind a job may make


def jobs(home):
    """(name, argv, list file, what it must be after success, files it may create)."""
    path = os.path.join(home, "list.txt")
    other = os.path.join(home, "other.txt")
    plot = os.path.join(home, "report.html")
    return [
        ("load", ["-n", "-e", "list", path], path, LIST, []),
        ("script on stdin", ["-i", "-f", "-", path], path, MOVED, []),
        ("-i", ["-i", "-e", "move 1 2", path], path, MOVED, []),
        ("write", ["-n", "-e", f"move 1 2; write {other}", path], path, LIST, [other]),
        ("--on-drop", ["-i", "--on-drop", "true", "-e", "move 1 2", path], path, MOVED, []),
        ("--plot", ["-n", "--compare", "rowdrag,flutter", "--plot", plot, "-e",
                    "press 3; drag +200; tick 20; release", path], path, LIST, [plot]),
    ]


def run_once(argv, call, nth, error, home, stdin=None):
    report = os.path.join(home, "reached")
    if os.path.exists(report):
        os.unlink(report)
    env = dict(os.environ, ROWDRAG_FAULT=f"{call}:{nth}:{error}", ROWDRAG_FAULT_REPORT=report,
               LLVM_PROFILE_FILE="/dev/null", SWIFT_BACKTRACE="enable=no")
    result = subprocess.run([BINARY] + argv, capture_output=True, env=env, timeout=60,
                            input=b"# a script from a pipe\nmove 1 2\n" if "-" in argv else b"")
    return result, os.path.exists(report)


def test_every_system_call_failing_is_handled(binary):
    global BINARY
    BINARY = binary
    counts, statuses = {}, {}
    problems = []
    for call, errors in ERRORS.items():
        for error in errors:
            home = tempfile.mkdtemp(prefix="rowdrag-fault-")
            for name, argv, path, after, created in jobs(home):
                for nth in range(1, LIMIT + 1):
                    for entry in os.listdir(home):
                        os.unlink(os.path.join(home, entry))
                    with open(path, "w") as f:
                        f.write(LIST)
                    result, reached = run_once(argv, call, nth, error, home)
                    if not reached:
                        break
                    counts[call] = counts.get(call, 0) + 1
                    statuses[result.returncode] = statuses.get(result.returncode, 0) + 1
                    where = f"{name} with the {nth}th {call} failing ({error})"
                    err = result.stderr.decode("utf-8", "replace")
                    if result.returncode < 0:
                        problems.append(f"{where}: killed by signal {-result.returncode}: {err[-300:]}")
                        continue
                    if result.returncode not in (0, 1, 4):
                        problems.append(f"{where}: exit {result.returncode}: {err[-300:]}")
                    lines = [line for line in err.splitlines() if line]
                    if any(not line.startswith("rowdrag: ") for line in lines):
                        problems.append(f"{where}: stderr not rowdrag's own lines: {err[-300:]}")
                    content = open(path).read()
                    if result.returncode == 0 and content != after:
                        problems.append(f"{where}: exit 0 but the list is not what the job makes")
                    if result.returncode != 0 and content not in (LIST, after):
                        problems.append(f"{where}: exit {result.returncode} and the list is half written")
                    if result.returncode != 0 and not lines:
                        problems.append(f"{where}: exit {result.returncode} and no message")
                    left = sorted(set(os.listdir(home)) - {"list.txt", "reached"}
                                  - {os.path.basename(c) for c in created})
                    if left:
                        problems.append(f"{where}: left {left} behind")
                else:
                    problems.append(f"{name}: more than {LIMIT} {call} calls; raise FAULT_LIMIT")
    summary = ", ".join(f"{call} {n}" for call, n in sorted(counts.items()))
    print(f"  injected failures by call: {summary}; exit statuses: "
          + ", ".join(f"{code}: {n}" for code, n in sorted(statuses.items())))
    # A failure that no run ever reported would mean the injection does not reach.
    assert statuses.get(4, 0) > 0, "no injected failure was ever reported as an I/O failure"
    assert sum(counts.values()) > 0, "no failure was ever injected: is the binary a debug build?"
    assert not problems, "\n".join(problems[:20]) + (f"\n… {len(problems)} in all" if len(problems) > 20 else "")


def test_the_live_views_w_and_record_survive_failing_writes(binary):
    """The live view's `w` and `--record` with each open, write, fsync, rename and link
    failing in turn: the view reports it or exits with a message, never crashes; the
    list is the old or the new one, whole; the recording is a prefix of a good one."""
    import pexpect
    global BINARY
    BINARY = binary
    small = "".join(f"item {k}\n" for k in range(1, 6))
    moved = "item 2\nitem 1\n" + "".join(f"item {k}\n" for k in range(3, 6))
    problems, injected = [], 0
    for call, error in (("open", "EIO"), ("write", "ENOSPC"), ("fsync", "EIO"), ("rename", "EIO"),
                        ("link", "ENOSPC")):
        for nth in range(1, 60):
            home = tempfile.mkdtemp(prefix="rowdrag-fault-live-")
            path, record = os.path.join(home, "list.txt"), os.path.join(home, "rec.rowdrag")
            report = os.path.join(home, "reached")
            with open(path, "w") as f:
                f.write(small)
            env = dict(os.environ, TERM="xterm", NO_COLOR="1", ROWDRAG_FAULT=f"{call}:{nth}:{error}",
                       ROWDRAG_FAULT_REPORT=report, LLVM_PROFILE_FILE="/dev/null",
                       SWIFT_BACKTRACE="enable=no")
            child = pexpect.spawn(BINARY, ["--live", "--record", record, path], env=env,
                                  dimensions=(24, 80), timeout=5)
            try:
                # The first picture, then a lift, a move, a drop, `w` and `q` (`d`: quit
                # without saving, should the view ask after a failed write).
                child.expect([r"item 5", pexpect.EOF], timeout=10)
                for keys in (" ", "\x1b[B", " ", "w", "q", "d", "q", "d"):
                    child.send(keys)
                    if child.expect([pexpect.TIMEOUT, pexpect.EOF], timeout=0.3) == 1:
                        break
                child.expect(pexpect.EOF, timeout=10)
            except pexpect.TIMEOUT:
                seen = child.before.decode("utf-8", "replace")[-200:] if child.before else ""
                child.terminate(force=True)
                problems.append(f"live, the {nth}th {call} failing ({error}): did not end: {seen!r}")
                continue
            child.close()
            if not os.path.exists(report):
                break
            injected += 1
            where = f"live, the {nth}th {call} failing ({error})"
            if child.signalstatus is not None:
                problems.append(f"{where}: killed by signal {child.signalstatus}")
            elif child.exitstatus not in (0, 1, 4):
                problems.append(f"{where}: exit {child.exitstatus}")
            if open(path).read() not in (small, moved):
                problems.append(f"{where}: the list is half written")
            left = sorted(set(os.listdir(home)) - {"list.txt", "rec.rowdrag", "reached"})
            if left:
                problems.append(f"{where}: left {left} behind")
    print(f"  live view: {injected} injected failures")
    assert injected > 0
    assert not problems, "\n".join(problems[:20])
