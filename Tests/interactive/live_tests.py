"""The live view (--live) in a real pseudo-terminal, its screen read back through the
pyte terminal emulator: mouse gestures with a real clock, keys, the recording, the
terminal given back on every way out."""

import os
import re
import subprocess
import tempfile
import time

import pexpect
import pyte

ROWS, COLUMNS = 24, 80


class Live:
    """rowdrag --live on a list, in a pty of ROWS x COLUMNS, with the screen emulated."""

    def __init__(self, binary, path, *options, rows=ROWS, columns=COLUMNS, env=None):
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        environment = dict(os.environ, TERM="xterm", NO_COLOR="1")
        environment.update(env or {})
        self.child = pexpect.spawn(binary, ["--live", *options, path], env=environment,
                                   dimensions=(rows, columns), timeout=10)
        self.raw = b""

    def pump(self, seconds=0.2):
        """Reads what the program drew for about `seconds`."""
        end = time.time() + seconds
        while time.time() < end:
            try:
                data = self.child.read_nonblocking(65536, timeout=0.05)
            except pexpect.TIMEOUT:
                continue
            except pexpect.EOF:
                break
            self.raw += data
            self.stream.feed(data)

    def text(self):
        return "\n".join(self.screen.display)

    def wait_for(self, needle, seconds=5):
        end = time.time() + seconds
        while time.time() < end:
            self.pump(0.05)
            if needle in self.text():
                return
        raise AssertionError(f"{needle!r} never drawn:\n{self.text()}")

    def line(self, row):
        """Screen line `row` (1-based, as the terminal counts)."""
        return self.screen.display[row - 1]

    def send(self, data):
        self.child.send(data)

    def mouse(self, kind, row, column=10, button=0):
        """An SGR mouse report: kind is press, motion or release."""
        code = button + (32 if kind == "motion" else 0)
        self.child.send(f"\x1b[<{code};{column};{row}{'m' if kind == 'release' else 'M'}")

    def finish(self):
        """Waits for the program to end; its exit status."""
        self.child.expect(pexpect.EOF)
        self.raw += self.child.before
        self.stream.feed(self.child.before)
        self.child.close()
        return self.child.exitstatus


def drop_write_quit(live, path):
    """Space drops the row held by the keys, w writes, q quits: the file's text."""
    live.send(" ")
    live.wait_for("idle")
    live.send("w")
    live.wait_for("wrote")
    live.send("q")
    assert live.finish() == 0
    return open(path).read()


def workspace(lines):
    home = tempfile.mkdtemp(prefix="rowdrag-live-")
    path = os.path.join(home, "list.txt")
    with open(path, "w") as f:
        f.write(lines)
    return home, path


def numbered(n):
    return "".join(f"item {k}\n" for k in range(1, n + 1))


def test_long_press_drag_to_the_edge_scrolls_then_drop_write_quit(binary):
    home, path = workspace(numbered(100))
    record = os.path.join(home, "session.rowdrag")
    live = Live(binary, path, "--record", record)
    live.wait_for("item 1 ")
    assert "list.txt" in live.line(1) and "row 1 of 100" in live.line(1), live.line(1)
    assert "item 1" in live.line(2), live.text()
    # Long press on item 2 (screen row 3), hold past half a second: lifted.
    live.mouse("press", 3)
    live.wait_for("lifted", 3)
    assert "holding" not in live.line(1)
    # Drag to the bottom line of the table and hold there: the list auto-scrolls.
    bottom = ROWS - 1
    for row in range(4, bottom + 1):
        live.mouse("motion", row)
        live.pump(0.02)
    live.pump(1.5)
    status = live.line(1)
    assert "autoscroll +" in status or "row 2 of 100" not in status, status
    assert ">>" in live.text(), live.text()
    live.mouse("release", bottom)
    live.wait_for("idle")
    assert "*" in live.line(1), live.line(1)  # unsaved changes
    live.send("w")
    live.wait_for("wrote")
    live.send("q")
    assert live.finish() == 0
    # The terminal was given back: alternate screen off, mouse reporting off.
    assert live.raw.endswith(b"\x1b[?1006l\x1b[?1002l\x1b[?25h\x1b[?1049l"), live.raw[-40:]
    written = open(path).read().splitlines()
    assert sorted(written) == sorted(numbered(100).splitlines())
    moved = written.index("item 2")
    assert moved > 20, f"item 2 went to row {moved + 1} only"
    # The recording replays, in the filter, to the same bytes.
    original = os.path.join(home, "original.txt")
    with open(original, "w") as f:
        f.write(numbered(100))
    replay = subprocess.run([binary, "-i", "-f", record, original], capture_output=True, text=True)
    assert replay.returncode == 0, replay.stderr
    assert open(original).read() == open(path).read()
    script = open(record).read()
    assert script.startswith("# rowdrag live session"), script[:200]
    assert "press y=" in script and "tick " in script and "release" in script, script


def test_keyboard_lift_move_drop_and_quit_asks(binary):
    home, path = workspace("a\nb\nc\nd\n")
    live = Live(binary, path)
    live.wait_for("- a")
    live.send("\x1b[B")  # cursor to b
    live.send(" ")  # lift b
    live.wait_for("lifted")
    live.send("\x1b[B")  # one slot down
    live.send("\x1b[B")  # and another
    live.pump(0.3)
    live.send(" ")  # drop
    live.wait_for("idle")
    live.send("q")
    live.wait_for("unsaved changes")
    live.send("n")  # go back
    live.pump(0.2)
    assert live.child.isalive()
    live.send("q")
    live.wait_for("unsaved changes")
    live.send("y")  # write and quit
    assert live.finish() == 0
    assert open(path).read() == "a\nc\nd\nb\n"


def test_ctrl_c_restores_the_terminal_and_writes_nothing(binary):
    home, path = workspace("a\nb\nc\n")
    live = Live(binary, path)
    live.wait_for("- a")
    live.send(" ")
    live.send("\x1b[B")
    live.send(" ")
    live.wait_for("*")
    live.send("\x03")
    assert live.finish() == 130
    assert live.raw.endswith(b"\x1b[?1049l"), live.raw[-40:]
    assert open(path).read() == "a\nb\nc\n"


def test_sigterm_restores_the_terminal(binary):
    home, path = workspace("a\nb\n")
    live = Live(binary, path)
    live.wait_for("- a")
    live.child.kill(15)
    live.finish()
    assert b"\x1b[?1002l" in live.raw.split(b"\x1b[?1002h")[-1], live.raw[-60:]
    assert live.child.signalstatus == 15


def test_every_terminating_signal_restores_the_terminal(binary):
    # Issue 22: SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU (ulimit -t), SIGVTALRM, SIGPROF left
    # the shell raw, on the alternate screen, with mouse reporting on.
    import signal

    home, path = workspace("a\nb\n")
    # (SIGPIPE and SIGXFSZ are left out: Python ignores them, and pexpect's children
    # inherit that; they are the ignored case below.)
    signals = [signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT, signal.SIGINT, signal.SIGALRM,
               signal.SIGUSR1, signal.SIGUSR2, signal.SIGXCPU, signal.SIGVTALRM,
               signal.SIGPROF, signal.SIGSYS, signal.SIGPWR, signal.SIGIO,
               signal.SIGRTMIN, signal.SIGRTMIN + 5, signal.SIGRTMAX]
    for number in signals:
        # Without the Swift runtime's interactive backtrace, which SIGQUIT would start.
        live = Live(binary, path, env={"SWIFT_BACKTRACE": "enable=no"})
        live.wait_for("- a")
        live.child.kill(number)
        live.finish()
        tail = live.raw.split(b"\x1b[?1049h")[-1]
        assert b"\x1b[?1002l" in tail and b"\x1b[?1049l" in tail, (number, live.raw[-60:])
        assert live.child.signalstatus == number, (number, live.child.exitstatus)
    # An ignored signal stays ignored (as nohup leaves SIGHUP): the view goes on.
    live = Live(binary, path)
    live.wait_for("- a")
    with open(f"/proc/{live.child.pid}/status") as f:
        ignored = int(f.read().split("SigIgn:")[1].split()[0], 16)
    for number in (signal.SIGPIPE, signal.SIGXFSZ, signal.SIGWINCH):
        if number == signal.SIGWINCH or ignored & (1 << (number - 1)):
            live.child.kill(number)
    live.pump(0.3)
    assert live.child.isalive()
    live.send("q")
    assert live.finish() == 0


def test_sigabrt_from_outside_is_no_out_of_memory(binary):
    # Issue 22: every SIGABRT was reported as "out of memory ... see ulimit -v", exit 4.
    # (Tested from Python: the Swift test runner's children inherit blocked signals.)
    import signal

    home, path = workspace("a\nb\n")
    fifo = os.path.join(home, "fifo")
    os.mkfifo(fifo)
    # It waits in open(2) on a FIFO nobody writes; the signal reaches it there.
    child = subprocess.Popen([binary, "-n", "-e", "state", fifo], stderr=subprocess.PIPE)
    time.sleep(0.5)
    child.send_signal(signal.SIGABRT)
    _, err = child.communicate(timeout=10)
    assert child.returncode == -signal.SIGABRT, (child.returncode, err)
    assert b"out of memory" not in err, err
    # In the live view the terminal is given back first.
    live = Live(binary, path)
    live.wait_for("- a")
    live.child.kill(signal.SIGABRT)
    live.finish()
    assert live.child.signalstatus == signal.SIGABRT, live.child.exitstatus
    assert b"out of memory" not in live.raw
    assert b"\x1b[?1049l" in live.raw.split(b"\x1b[?1049h")[-1], live.raw[-80:]


def test_ctrl_z_gives_the_terminal_back_and_fg_redraws(binary):
    import signal

    home, path = workspace(numbered(30))
    live = Live(binary, path)
    live.wait_for("item 1 ")
    live.send("\x1a")
    deadline = time.time() + 5
    while time.time() < deadline:
        live.pump(0.05)
        with open(f"/proc/{live.child.pid}/stat") as f:
            if f.read().rsplit(")", 1)[1].split()[0] == "T":
                break
    else:
        raise AssertionError("Ctrl-Z did not stop the process")
    assert live.raw.endswith(b"\x1b[?1049l"), live.raw[-40:]  # the terminal given back
    live.raw = b""
    os.kill(live.child.pid, signal.SIGCONT)  # fg
    live.wait_for("item 1 ")
    assert b"\x1b[?1049h" in live.raw and b"\x1b[?1002h" in live.raw
    live.send("q")
    assert live.finish() == 0


def test_pixel_mouse_reports_reach_a_point_within_a_line(binary):
    """Issue 46, item 5: a terminal that says it reports the mouse in pixels (SGR-Pixels,
    mode 1016) and how large a cell is gets drags to the point within a line (a tenth
    of a point), so every auto-scroll speed can be reached; the recording says those
    points and replays to the same bytes. Before, the view took cells only."""
    home, path = workspace(numbered(100))
    record = os.path.join(home, "session.rowdrag")
    live = Live(binary, path, "--record", record)
    live.wait_for("item 1 ")
    assert b"\x1b[?1016h\x1b[?1016$p\x1b[16t" in live.raw  # asked when it opened
    live.send("\x1b[?1016;1$y\x1b[6;20;10t")  # the terminal: pixels, cells of 10x20
    live.pump(0.2)
    # Press a quarter of the way down item 2's line (the table's line 1): pixel 46.
    live.send("\x1b[<0;51;46M")
    live.wait_for("lifted", 3)
    # Down to 35% of the table's line 20, and a little lower, held: it scrolls.
    live.send("\x1b[<32;51;428M")
    live.pump(0.1)
    live.send("\x1b[<32;51;436M")
    live.pump(0.6)
    live.send("\x1b[<0;51;436m")
    live.wait_for("idle")
    live.send("w")
    live.wait_for("wrote")
    live.send("q")
    assert live.finish() == 0
    assert live.raw.endswith(b"\x1b[?1016l\x1b[?1006l\x1b[?1002l\x1b[?25h\x1b[?1049l")
    script = open(record).read()
    # (46 - 1) / 20 = 2.25 rows: line 1 of the table, a quarter down: 1.25 x 44 = 55.
    assert "press y=55\n" in script, script
    # (428 - 1) / 20 = 21.35 rows: 20.35 x 44 = 895.4; (436 - 1) / 20: 20.75 x 44 = 913.
    assert "drag y=895.4\n" in script and "drag y=913\n" in script, script
    copy = os.path.join(home, "copy.txt")
    with open(copy, "w") as f:
        f.write(numbered(100))
    replay = subprocess.run([binary, "-f", record, copy], capture_output=True, text=True)
    assert replay.returncode == 0 and replay.stdout == open(path).read(), (replay, script)
    assert open(path).read() != numbered(100)


def test_a_quick_press_then_a_drag_pans_by_its_first_motion(binary):
    """Issue 46, item 5: a press moved before the hold is a pan; the motion that crossed
    the slop used to be lost (a whole line of 44 points: the first line of motion did
    nothing). Now the pan starts where the pointer crossed the slop, so the list scrolls
    by the motion less the slop (10 points), as Android's ScrollView does."""
    home, path = workspace(numbered(100))
    record = os.path.join(home, "session.rowdrag")
    live = Live(binary, path, "--record", record)
    live.wait_for("item 1 ")
    live.mouse("press", 10)  # the table's line 8: y = 8.5 x 44 = 374
    live.mouse("motion", 9)  # a line up at once: y = 330
    live.mouse("motion", 8)  # and another: y = 286
    live.mouse("release", 8)
    live.wait_for("idle")
    live.send("q")
    assert live.finish() == 0
    script = open(record).read()
    gesture = [line for line in script.splitlines() if line.split(" ")[0] in ("press", "drag", "release")]
    assert gesture == ["press y=374", "drag y=363.999", "drag y=330", "drag y=286", "release"], script
    state = subprocess.run([binary, "-n", "-f", record, "-e", "state", path], capture_output=True,
                           text=True)
    # 33.999 points of the first line, and all 44 of the second.
    assert '"offset":77.999,' in state.stdout, (state.stdout, state.stderr)


def test_random_keys_and_mouse_reports_never_crash_it(binary):
    import random

    rng = random.Random(15)
    home, path = workspace("# A\n" + numbered(40) + "# B\n# C\n" + numbered(5))
    live = Live(binary, path, "--header", "^# ", "--lock", "item 3$", "--pin", "item 7$")
    live.wait_for("item 1 ")
    keys = ["\x1b[A", "\x1b[B", "\x1b[5~", "\x1b[6~", "\x1b[H", "\x1b[F", " ", "\x1b", "u",
            "\x12", "/", "item 2", "\r", "\x7f", "?", "x", "w", "\x1b[<0;", "\x1b[<99;1;1M"]
    for _ in range(400):
        if rng.random() < 0.5:
            live.send(rng.choice(keys))
        else:
            kind = rng.choice(["press", "motion", "release"])
            live.mouse(kind, rng.randint(-2, ROWS + 5), rng.randint(1, COLUMNS),
                       button=rng.choice([0, 0, 0, 2, 64, 65]))
        if rng.random() < 0.1:
            live.pump(0.05)
    live.pump(0.5)
    assert live.child.isalive(), live.text()
    live.send("\x1b\x1b")  # out of any gesture, search or key list
    live.pump(0.3)
    live.send("q")
    live.pump(0.3)
    live.send("d")  # if it asks
    assert live.finish() == 0
    assert b"Fatal error" not in live.raw


def test_mouse_reports_with_overflowing_numbers_are_ignored(binary):
    # Issue 22: a row of -2^63 made 'row - 2' trap and every unsaved change was lost.
    home, path = workspace("a\nb\nc\n")
    live = Live(binary, path)
    live.wait_for("- a")
    live.send(" \x1b[B ")  # a change not yet written
    live.wait_for("*")
    for report in ("\x1b[<0;1;-9223372036854775808M", "\x1b[<0;-9223372036854775808;1M",
                   "\x1b[<0;1;99999999999999999999M", "\x1b[<32;1;-9223372036854775807M",
                   "\x1b[<0;1;-9223372036854775808m"):
        live.send(report)
    live.pump(0.5)
    assert live.child.isalive(), live.raw[-300:]
    assert "*" in live.line(1), live.line(1)
    live.send("w")
    live.wait_for("wrote")
    live.send("q")
    assert live.finish() == 0
    assert b"Fatal error" not in live.raw
    assert open(path).read() == "b\na\nc\n"


def test_w_asks_when_another_program_changed_the_file(binary):
    # Issue 22: 'echo four >> f.txt' while the view is open, move a row, w: the appended
    # line was lost. Now w asks: o overwrite, r reload, c cancel.
    home, path = workspace("one\ntwo\nthree\n")
    live = Live(binary, path)
    live.wait_for("- one")
    with open(path, "a") as f:
        f.write("four\n")
    live.send(" \x1b[B ")  # one down a slot
    live.wait_for("*")
    live.send("w")
    live.wait_for("changed since it was read")
    assert open(path).read() == "one\ntwo\nthree\nfour\n"
    live.send("c")  # cancel: nothing written, the question gone
    live.pump(0.3)
    assert "changed since" not in live.text()
    assert open(path).read() == "one\ntwo\nthree\nfour\n"
    live.send("w")
    live.wait_for("changed since it was read")
    live.send("r")  # reload: the session's move is dropped, the new line is there
    live.wait_for("- four")
    assert "of 4" in live.line(1) and "*" not in live.line(1), live.line(1)
    live.send("\x1b[H \x1b[B ")  # move one again and write: no question now
    live.wait_for("*")
    live.send("w")
    live.wait_for("wrote")
    live.send("q")
    assert live.finish() == 0
    assert open(path).read() == "two\none\nthree\nfour\n"


def test_the_overwrite_question_fits_a_narrow_terminal(binary):
    """Issue 46, item 4: in 60 columns the question still shows its three answers;
    the file's name is what gets cut."""
    home = tempfile.mkdtemp(prefix="rowdrag-live-")
    path = os.path.join(home, "a-rather-long-name-for-a-todo-list.txt")
    with open(path, "w") as f:
        f.write("one\ntwo\n")
    live = Live(binary, path, columns=60)
    live.wait_for("- one")
    with open(path, "a") as f:
        f.write("three\n")
    live.send(" \x1b[B ")
    live.wait_for("*")
    live.send("w")
    live.wait_for("o overwrite, r reload, c cancel")
    bottom = live.line(ROWS)
    assert "a-rather-long" in bottom and "…" in bottom, bottom
    live.send("c")
    live.send("q")
    live.pump(0.3)
    live.send("d")  # leave without the changes
    assert live.finish() == 0
    assert open(path).read() == "one\ntwo\nthree\n"


def test_quit_write_over_a_changed_file_asks_then_overwrites(binary):
    home, path = workspace("one\ntwo\nthree\n")
    live = Live(binary, path)
    live.wait_for("- one")
    with open(path, "a") as f:
        f.write("four\n")
    live.send(" \x1b[B ")
    live.wait_for("*")
    live.send("q")
    live.wait_for("unsaved changes")
    live.send("y")  # write and quit: the file changed, so it asks first
    live.wait_for("changed since it was read")
    assert live.child.isalive()
    live.send("o")  # overwrite, then quit
    assert live.finish() == 0
    assert open(path).read() == "two\none\nthree\n"


def test_record_into_a_full_disk_is_reported_once_and_the_session_goes_on(binary):
    # Issue 22: --record ignored write errors: into /dev/full the recording was lost and
    # rowdrag exited 0.
    home, path = workspace("a\nb\nc\n")
    live = Live(binary, path, "--record", "/dev/full")
    live.wait_for("- a")
    assert "--record: /dev/full: cannot write" in live.text(), live.text()
    live.send(" \x1b[B ")
    live.wait_for("*")
    live.send("w")
    live.wait_for("wrote")
    live.send("q")
    assert live.finish() == 4
    tail = live.raw.split(b"\x1b[?1049l")[-1]
    assert tail.count(b"rowdrag: --record: /dev/full: cannot write: no space left on device") == 1, tail
    assert open(path).read() == "b\na\nc\n"
    # A recording that cannot be opened is said too (the line was lost unflushed).
    live = Live(binary, path, "--record", os.path.join(home, "missing", "r.rowdrag"))
    assert live.finish() == 4
    assert b"rowdrag: --record: cannot open" in live.raw, live.raw


def test_record_onto_the_list_itself_is_refused(binary):
    home, path = workspace("a\nb\n")
    live = Live(binary, path, "--record", path)
    assert live.finish() == 2
    assert b"--record: " + path.encode() + b" is the list itself" in live.raw, live.raw
    assert open(path).read() == "a\nb\n"
    link = os.path.join(home, "link.txt")
    os.symlink(path, link)
    live = Live(binary, path, "--record", link)
    assert live.finish() == 2
    assert open(path).read() == "a\nb\n"


def test_replaying_a_recording_writes_only_with_i(binary):
    # Issue 22: a recording ended with 'write', so 'rowdrag -f REC copy.txt' (no -i)
    # silently rewrote copy.txt. The write is now a comment; -i writes the final list.
    home, path = workspace("a\nb\nc\n")
    record = os.path.join(home, "session.rowdrag")
    live = Live(binary, path, "--record", record)
    live.wait_for("- a")
    live.send(" \x1b[B ")
    live.wait_for("*")
    live.send("w")
    live.wait_for("wrote")
    live.send("q")
    assert live.finish() == 0
    assert open(path).read() == "b\na\nc\n"
    script = open(record).read()
    assert f"# wrote {path}\n" in script, script
    assert "\nwrite" not in script, script
    copy = os.path.join(home, "copy.txt")
    with open(copy, "w") as f:
        f.write("a\nb\nc\n")
    printed = subprocess.run([binary, "-f", record, copy], capture_output=True, text=True)
    assert printed.returncode == 0, printed.stderr
    assert printed.stdout == "b\na\nc\n", printed.stdout
    assert open(copy).read() == "a\nb\nc\n"  # untouched
    written = subprocess.run([binary, "-i", "-f", record, copy], capture_output=True, text=True)
    assert written.returncode == 0, written.stderr
    assert written.stdout == ""
    assert open(copy).read() == open(path).read()


def test_a_recording_replays_only_with_the_options_the_list_was_read_with(binary):
    # Issue 45, item 1: --record wrote no load options, so a drag the pin stopped in the
    # live view moved the row to the top when replayed without --pin. The recording now
    # starts with `require`, and a replay without the options refuses, writing nothing.
    home, path = workspace("a\nb\nc\nd\n")
    record = os.path.join(home, "session.rowdrag")
    live = Live(binary, path, "--pin", "^b$", "--record", record)
    live.wait_for("- a")
    live.mouse("press", 4)  # row 3, c
    live.wait_for("lifted", 3)
    for row in (3, 2):
        live.mouse("motion", row)
        live.pump(0.1)
    live.mouse("release", 2)
    live.wait_for("idle")
    live.send("w")
    live.pump(0.3)
    live.send("q")
    assert live.finish() == 0
    written = open(path).read()
    script = open(record).read()
    assert "\nrequire --format /text/ --pin /^b$/\n" in script, script[:400]
    assert "--pin '^b$' -f THIS LIST" in script, script[:400]
    copy = os.path.join(home, "copy.txt")
    with open(copy, "w") as f:
        f.write("a\nb\nc\nd\n")
    refused = subprocess.run([binary, "-i", "-f", record, copy], capture_output=True, text=True)
    assert refused.returncode == 1, refused
    assert "require: the list was read with --format 'text'; this script needs --format 'text' " \
        "--pin '^b$': run rowdrag --format 'text' --pin '^b$' -f SCRIPT LIST" in refused.stderr, \
        refused.stderr
    assert open(copy).read() == "a\nb\nc\nd\n"
    replayed = subprocess.run([binary, "-i", "--pin", "^b$", "-f", record, copy],
                              capture_output=True, text=True)
    assert replayed.returncode == 0, replayed.stderr
    assert open(copy).read() == written


def test_search_errors_are_those_of_press(binary):
    # Issue 22: '/' then Enter answered every error with "no row matches".
    home, path = workspace("alpha\nbeta\n")
    live = Live(binary, path)
    live.wait_for("- alpha")
    live.send("/(\r")
    live.wait_for("invalid /REGEX/ '(': unmatched ( or")
    live.send("/((a{1,40}){1,40}){1,40}\r")
    live.wait_for("too complex")
    live.send("/zzz\r")
    live.wait_for("no row matches /zzz/")
    live.send("/bet\r")
    live.pump(0.3)
    assert "›" in live.line(3) or ">" in live.line(3), live.text()
    live.send("q")
    assert live.finish() == 0


def test_resize_redraws_at_the_new_size(binary):
    home, path = workspace(numbered(100))
    live = Live(binary, path)
    live.wait_for("item 1 ")
    live.child.setwinsize(12, 60)
    live.screen.resize(12, 60)
    live.pump(0.5)
    assert "item 10 " in live.text() and "item 11 " not in live.text(), live.text()
    assert "of 100" in live.line(1), live.line(1)
    # Nothing moves: the loop sleeps (under 50 ms of CPU in a second, most of it
    # the redraw above settling).
    def cpu():
        with open(f"/proc/{live.child.pid}/schedstat") as f:
            return int(f.read().split()[0]) / 1e9
    before = cpu()
    time.sleep(1)
    assert cpu() - before < 0.05, cpu() - before
    live.send("q")
    assert live.finish() == 0


def test_without_a_terminal_it_is_a_usage_error_that_draws_nothing(binary):
    home, path = workspace("a\n")
    # (In a session of its own: no controlling terminal, so no /dev/tty either.)
    result = subprocess.run([binary, "--live", path], stdin=subprocess.DEVNULL,
                            capture_output=True, start_new_session=True)
    assert result.returncode == 2, result
    assert result.stdout == b"", result.stdout
    assert b"--live needs a terminal" in result.stderr, result.stderr
    # A terminal that cannot draw.
    child = pexpect.spawn(binary, ["--live", path], env=dict(os.environ, TERM="dumb"))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    assert b"\x1b" not in child.before and b"TERM is dumb" in child.before, child.before


def test_live_from_the_shell_returns_to_the_prompt(binary):
    import repl_tests

    home, path = repl_tests.workspace()
    child = repl_tests.spawn(binary, path, home)
    child.sendline("live")
    child.expect_exact("\x1b[?1049h")  # the alternate screen
    child.expect("walk dog")
    child.send("\x1b[B ")  # cursor to row 2, lift it
    child.send("\x1b[B ")  # one slot down, drop
    child.send("q")  # no question: the change stays in the shell's session
    child.expect_exact("\x1b[?1049l")
    child.expect(repl_tests.PROMPT)
    assert child.after == "rowdrag[5*]> ", child.after
    out = repl_tests.command(child, "list")
    assert "2\t-\tmilk cows" in out and "3\t-\twalk dog" in out, out
    out = repl_tests.command(child, "state")
    assert '"phase":"idle"' in out, out
    child.sendline("quit!")
    child.expect(pexpect.EOF)
    # In a script there is no terminal to take.
    result = subprocess.run([binary, "-n", "-e", "live", path], capture_output=True, text=True)
    assert result.returncode == 1
    assert "live: the live view needs the interactive shell" in result.stderr, result.stderr


def readme_screen(binary):
    """The live view of examples/todo.txt in a 72x14 terminal while 'book the dentist'
    is dragged up into Today's first slot: the picture in the README."""
    home = tempfile.mkdtemp(prefix="rowdrag-live-")
    path = os.path.join(home, "todo.txt")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with open(os.path.join(root, "examples", "todo.txt")) as src, open(path, "w") as dst:
        dst.write(src.read())
    live = Live(binary, path, "--header", "^# ", "--lock", r"^\[x\]", rows=14, columns=72)
    live.wait_for("reply to the landlord")
    live.mouse("press", 5)  # book the dentist
    live.wait_for("lifted", 3)
    for row in (4, 3, 2):
        live.mouse("motion", row)
    live.wait_for(">>      1  [ ] book the dentist")
    live.pump(0.3)
    picture = "\n".join(line.rstrip() for line in live.screen.display)
    live.send("\x1b")  # put it back
    live.send("q")
    live.finish()
    return picture


def readme_block(marker):
    """The text block the README shows after `<!-- MARKER -->`: a screen the tests
    print again and compare."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with open(os.path.join(root, "README.md")) as f:
        readme = f.read()
    return readme.split(f"<!-- {marker} -->\n```text\n", 1)[1].split("```", 1)[0]


def test_the_readme_shows_the_live_view_as_it_is(binary):
    shown = readme_block("live screen")
    assert shown.rstrip("\n") == readme_screen(binary), (
        "README's live screen is out of date; print it with "
        "python3 Tests/interactive/live_tests.py --readme-screen BINARY")


def test_a_markdown_item_covers_its_lines_and_moves_with_them(binary):
    """FORMATS.md §5: a row of n lines covers n lines of the screen and draws them all;
    lifted and moved with the keys, it is written back whole, the trivia in place."""
    home = tempfile.mkdtemp(prefix="rowdrag-live-")
    path = os.path.join(home, "list.md")
    with open(path, "w") as f:
        f.write("# List\n\n- milk\n- eggs\n  - free range\n  - a dozen\n- bread\n\nThe end.\n")
    live = Live(binary, path)
    live.wait_for("- milk")
    screen = live.screen.display
    eggs = next(k for k, line in enumerate(screen) if "- eggs" in line)
    assert "- free range" in screen[eggs + 1] and "- a dozen" in screen[eggs + 2], live.text()
    assert "- bread" in screen[eggs + 3], live.text()
    live.send("\x1b[B")  # cursor to eggs
    live.send(" ")  # lift
    live.wait_for("lifted")
    live.send("\x1b[B")  # one slot down, past bread
    live.pump(0.3)
    live.send(" ")  # drop
    live.wait_for("idle")
    live.send("w")
    live.wait_for("wrote")
    live.send("q")
    assert live.finish() == 0
    assert open(path).read() == (
        "# List\n\n- milk\n- bread\n- eggs\n  - free range\n  - a dozen\n\nThe end.\n"), open(path).read()


def test_a_terminal_that_is_not_utf8_gets_ascii(binary):
    """Under LANG=C the live view draws its marks, its key hints and a label that is not
    UTF-8 in ASCII, keeping every line's width (issue 26)."""
    home, path = workspace("caf\xe9 au lait\nb\nc\n")
    with open(path, "wb") as f:
        f.write(b"caf\xc3\xa9 au lait\nbad \xff byte\nc\n")
    live = Live(binary, path, env={"LANG": "C", "LC_ALL": "C"})
    live.wait_for("au lait")
    live.send(" ")  # lift: the slot's dots and the snapshot's marks
    live.wait_for("lifted")
    live.pump(0.3)
    live.send("\x1b")
    live.pump(0.3)
    assert all(b < 0x80 for b in live.raw), [hex(b) for b in live.raw if b >= 0x80][:8]
    assert "- caf? au lait" in live.text(), live.text()
    live.send("q")
    assert live.finish() == 0


def lifted_line(live):
    """The screen line of the lifted row's snapshot (its first line), or None."""
    return next((line for line in live.screen.display if line.startswith(">>") and line[2:9].strip()),
                None)


def test_keyboard_moves_are_one_slot_per_key_and_keep_the_row_in_view(binary):
    """Issue 22 item 14: each Down ran 'drag +45' on 44-point rows, so after about 22
    presses the row left the screen and a press moved it two slots, and the status kept
    saying 'autoscroll +1188/s' when nothing moved. One key is one slot now."""
    home, path = workspace(numbered(100))
    record = os.path.join(home, "session.rowdrag")
    live = Live(binary, path, "--record", record)
    live.wait_for("item 1 ")
    live.send(" ")
    live.wait_for("lifted")
    for k in range(1, 41):
        live.send("\x1b[B")
        live.wait_for(f">>{k + 1:7d}  item 1")
        assert "autoscroll" not in live.line(1), (k, live.line(1))
    for k in range(1, 6):
        live.send("\x1b[A")
        live.wait_for(f">>{41 - k:7d}  item 1")
    written = drop_write_quit(live, path).splitlines()
    assert written.index("item 1") == 35, written[:40]
    original = os.path.join(home, "original.txt")
    with open(original, "w") as f:
        f.write(numbered(100))
    replay = subprocess.run([binary, "-i", "-f", record, original], capture_output=True, text=True)
    assert replay.returncode == 0, replay.stderr
    assert open(original).read() == open(path).read()


def test_keyboard_moves_of_rows_of_several_lines_are_one_slot_per_key(binary):
    """A row of n lines is n x 44 points; one key is still one slot, past short and tall
    neighbours alike, the row on screen all the way."""
    home = tempfile.mkdtemp(prefix="rowdrag-live-")
    path = os.path.join(home, "list.md")
    items = []
    for k in range(1, 41):
        items.append(f"- task {k}\n" + "".join(f"  - note {k}.{j}\n" for j in range(k % 3)))
    with open(path, "w") as f:
        f.write("".join(items))
    live = Live(binary, path)
    live.wait_for("- task 1")
    live.send(" ")
    live.wait_for("lifted")
    for k in range(1, 31):
        live.send("\x1b[B")
        live.wait_for(f">>{k + 1:7d}  - task 1")
        assert "autoscroll" not in live.line(1), (k, live.line(1))
    # Up again, past the top of the view: the list scrolls back under it, one slot a key.
    for k in range(1, 31):
        live.send("\x1b[A")
        live.wait_for(f">>{31 - k:7d}  - task 1")
    for k in range(1, 31):
        live.send("\x1b[B")
        live.wait_for(f">>{k + 1:7d}  - task 1")
    order = [line for line in drop_write_quit(live, path).splitlines() if line.startswith("- ")]
    assert order.index("- task 1") == 30, order
    assert open(path).read().count("note") == sum(k % 3 for k in range(1, 41))


def test_pgdn_pgup_home_end_move_a_lifted_row_a_screen_and_to_its_section_ends(binary):
    """Issue 26: while a row is lifted PgUp/PgDn move it a screen (less a line, as less
    pages), Home/End (g/G) to the first/last slot of its section it may take."""
    home, path = workspace("# A\n" + numbered(60) + "# B\n" + "".join(f"other {k}\n" for k in range(1, 6)))
    live = Live(binary, path, "--header", "^# ", "--pin", "^item 50$")
    live.wait_for("item 1 ")
    live.send(" ")
    live.wait_for("lifted")
    live.send("\x1b[6~")  # PgDn: 21 slots of a 22-line table
    live.wait_for(">>     22  item 1")
    assert "row 22 of 65" in live.line(1), live.line(1)
    live.send("\x1b[5~")  # PgUp: back
    live.wait_for(">>      1  item 1")
    live.send("\x1b[F")  # End: the pinned item 50 is a barrier, so the slot above it
    live.wait_for(">>     49  item 1")
    live.send("G")  # no further
    live.wait_for("the row cannot move further")
    assert "row 49 of 65" in live.line(1), live.line(1)
    live.send("g")  # Home
    live.wait_for(">>      1  item 1")
    live.send(" ")
    live.wait_for("idle")
    assert "*" not in live.line(1), live.line(1)
    # Below the pin, End stops at its section's last slot, not in section B.
    live.send("\x1b[F")  # cursor to the last row
    live.wait_for("row 65 of 65")
    live.send("g")
    for _ in range(50):
        live.send("j")
    live.wait_for("row 51 of 65")
    live.send(" ")
    live.wait_for("lifted")
    live.send("\x1b[F")
    live.wait_for(">>     60  item 51")
    lines = drop_write_quit(live, path).splitlines()
    assert lines.index("item 51") == lines.index("# B") - 1, lines


def test_vim_keys_search_again_undo_reveals_and_the_message_clears(binary):
    """Issue 26: j/k as Down/Up, g/G first/last row, n/N the next/previous match of the
    last search (wrapping, as vim says), u and Ctrl-R put the cursor on the row they
    moved, on screen; a message goes at the next key; the status reads in rows."""
    home, path = workspace(numbered(100))
    live = Live(binary, path)
    live.wait_for("item 1 ")
    assert "row 1 of 100" in live.line(1) and "offset" not in live.line(1), live.line(1)
    live.send("G")
    live.wait_for("row 100 of 100")
    assert "item 100" in live.text()
    live.send("g")
    live.wait_for("row 1 of 100")
    live.send("jjjk")
    live.wait_for("row 3 of 100")
    live.send("/item 5\r")
    live.wait_for("row 5 of 100")
    live.send("n")
    live.wait_for("row 50 of 100")
    live.send("n")
    live.wait_for("row 51 of 100")
    live.send("NN")
    live.wait_for("row 5 of 100")
    live.send("N")  # wraps to the last match
    live.wait_for("search hit TOP, continuing at BOTTOM")
    assert "row 59 of 100" in live.line(1), live.line(1)
    live.send("j")  # the message goes
    live.wait_for("row 60 of 100")
    assert "search hit" not in live.text() and "mouse: hold" in live.line(ROWS), live.line(ROWS)
    # u and Ctrl-R bring the moved row into view with the cursor on it.
    live.send("g ")
    live.wait_for("lifted")
    live.send("G")
    live.wait_for(">>    100  item 1")
    live.send(" ")
    live.wait_for("idle")
    live.send("u")
    live.wait_for("row 1 of 100")
    assert "item 1 " in live.line(2) and "›" in live.line(2), live.text()
    live.send("\x12")
    live.wait_for("row 100 of 100")
    assert any("›" in line and "item 1 " in line for line in live.screen.display), live.text()
    live.send("q")
    live.wait_for("unsaved changes")
    live.send("d")
    assert live.finish() == 0


def test_the_number_column_widens_for_big_lists(binary):
    """Issue 26: with a million rows the numbers touched the cursor ('›1000000'); the
    status groups its digits."""
    home, path = workspace("".join(f"{k}\n" for k in range(1, 1_000_001)))
    live = Live(binary, path)
    live.wait_for("row 1 of 1,000,000", 30)
    live.send("G")
    live.wait_for("row 1,000,000 of 1,000,000", 30)
    assert "› 1000000 - 1000000" in live.text(), live.text()
    live.send("q")
    assert live.finish() == 0


def test_the_help_screen_lists_what_help_live_lists(binary):
    """The '?' screen and `help live` come from one list: every key line the screen shows
    (a table that writes its file) is a line of `help live`, Space and Shift among them."""
    home, path = workspace("".join(f"item {k}\n" for k in range(1, 40)))
    live = Live(binary, path, rows=40, columns=100)
    live.wait_for("row 1 of 39")
    live.send("?")
    live.wait_for("Keys:")
    shown = [line.rstrip() for line in live.screen.display[1:-1] if line.strip()]
    live.send("x")
    live.send("q")
    assert live.finish() == 0
    help_text = subprocess.run([binary, "-n", "-e", "help live"], capture_output=True, text=True,
                               stdin=subprocess.DEVNULL, check=True).stdout.splitlines()
    assert any("Space" in line for line in shown) and any("Shift+" in line for line in shown), shown
    missing = [line for line in shown if line not in help_text]
    assert not missing, f"on the ? screen but not in help live: {missing}"
    assert help_text[0] == "usage: live", help_text


def piped(binary, command, keys, needle, rows=ROWS, columns=COLUMNS):
    """Runs `command` (a shell line; ROWDRAG is the binary) in a pty that is the
    controlling terminal, sends `keys` once `needle` is drawn; the exit status and the
    screen."""
    screen = pyte.Screen(columns, rows)
    stream = pyte.ByteStream(screen)
    env = dict(os.environ, TERM="xterm", NO_COLOR="1", ROWDRAG=binary)
    child = pexpect.spawn("/bin/sh", ["-c", command], env=env, dimensions=(rows, columns),
                          timeout=10)
    raw = b""
    end = time.time() + 5
    while needle not in "\n".join(screen.display) and time.time() < end:
        try:
            data = child.read_nonblocking(65536, timeout=0.05)
        except pexpect.TIMEOUT:
            continue
        raw += data
        stream.feed(data)
    assert needle in "\n".join(screen.display), "\n".join(screen.display)
    for key in keys:
        child.send(key)
        time.sleep(0.05)
    child.expect(pexpect.EOF)
    raw += child.before
    child.close()
    return child.exitstatus, raw


def test_a_list_piped_in_is_ordered_on_the_terminal_and_goes_to_standard_output(binary):
    """Issue 26: 'git log --oneline | rowdrag --live - > ordered.txt' works as fzf and
    less do: the list from standard input, the keys and the picture on /dev/tty, the
    final list on standard output at q or w; Ctrl-C sends nothing (exit 130)."""
    home = tempfile.mkdtemp(prefix="rowdrag-live-")
    log = "".join(f"{k:07x} commit {k}\n" for k in range(1, 6))
    with open(os.path.join(home, "log.txt"), "w") as f:
        f.write(log)
    out = os.path.join(home, "ordered.txt")
    for leave in ("q", "w"):
        status, raw = piped(binary, f'cat {home}/log.txt | "$ROWDRAG" --live - > {out}',
                            [" ", "\x1b[B", "\x1b[B", " ", leave], "commit 1")
        assert status == 0, (leave, status, raw[-300:])
        assert open(out).read() == ("0000002 commit 2\n0000003 commit 3\n0000001 commit 1\n"
                                    "0000004 commit 4\n0000005 commit 5\n"), open(out).read()
    status, raw = piped(binary, f'cat {home}/log.txt | "$ROWDRAG" --live - > {out}',
                        [" ", "\x1b[B", " ", "\x03"], "commit 1")
    assert status == 130, status
    assert open(out).read() == ""
    # The picture went to the terminal, not into the file; the terminal was given back.
    assert b"\x1b[?1049l" in raw
    # From a terminal, '-' has no list to read; without any terminal, nothing to draw on.
    status, raw = piped(binary, '"$ROWDRAG" --live -; echo "status $?"', [], "status 2")
    assert b"--live needs a FILE, or a list piped in" in raw, raw
    result = subprocess.run([binary, "--live", "-"], input=b"a\nb\n", capture_output=True,
                            start_new_session=True)
    assert result.returncode == 2 and result.stdout == b"", result
    assert b"--live needs a terminal" in result.stderr, result.stderr


def test_as_the_editor_of_vipe(binary):
    """Issue 26: EDITOR='rowdrag --live' vipe. vipe writes the pipe to a temporary file,
    runs the editor on it with the terminal as its input (some versions leave its output
    on the pipe), and passes the file on: w writes it, q leaves."""
    home = tempfile.mkdtemp(prefix="rowdrag-live-")
    out = os.path.join(home, "out.txt")
    vipe = ('t=$(mktemp); cat > "$t"; $EDITOR "$t" < /dev/tty; s=$?; cat "$t"; rm -f "$t"; '
            'exit $s')
    command = f"printf 'a\\nb\\nc\\n' | EDITOR=\"$ROWDRAG --live\" sh -c '{vipe}' > {out}"
    status, raw = piped(binary, command, [" ", "\x1b[B", " ", "w", "q"], "- a")
    assert status == 0, (status, raw[-300:])
    assert open(out).read() == "b\na\nc\n", open(out).read()


def test_a_drop_the_hook_refused_is_recorded_and_its_output_goes_to_the_message_line(binary):
    """Issue 22 items 10 and 11: the hook's output was written over the picture (row 3
    read 'hook says nohree'), and a refused drop was not recorded, so the replay
    stopped at the next press with 'a gesture is in progress'. Its last line now goes
    to the message line (all of it to standard error once the view is left), and the
    refusal is recorded as the 'cancel' it amounts to: the replay gives the same bytes,
    with the hook or without."""
    home, path = workspace("alpha\nbravo\ncharlie\ndelta\n")
    hook = os.path.join(home, "hook.sh")
    with open(hook, "w") as f:
        f.write('#!/bin/sh\necho "checking $ROWDRAG_LABEL"\n'
                'if [ "$ROWDRAG_LABEL" = alpha ]; then echo "hook says no"; exit 1; fi\n'
                'echo "hook says yes to $ROWDRAG_LABEL"\n')
    os.chmod(hook, 0o755)
    record = os.path.join(home, "session.rowdrag")
    live = Live(binary, path, "--on-drop", hook, "--record", record)
    live.wait_for("- alpha")
    live.send(" ")
    live.wait_for("lifted")
    live.send("\x1b[B")
    live.wait_for(">>      2  alpha")
    live.send(" ")  # refused
    live.wait_for("hook says no")
    assert "the --on-drop command failed" in live.line(ROWS), live.line(ROWS)
    # Nothing of it over the picture: every table line is a row as drawn.
    for line in live.screen.display[1:ROWS - 1]:
        assert "hook says" not in line and "checking" not in line, live.text()
    assert "- alpha" in live.line(2) and "- bravo" in live.line(3), live.text()
    live.send("gj ")  # bravo, lifted
    live.wait_for("lifted")
    live.send("\x1b[B\x1b[B")
    live.wait_for(">>      4  bravo")
    live.send(" ")  # accepted
    live.wait_for("hook says yes to bravo")
    live.send("w")
    live.wait_for("wrote")
    live.send("q")
    assert live.finish() == 0
    assert open(path).read() == "alpha\ncharlie\ndelta\nbravo\n"
    after = live.raw.split(b"\x1b[?1049l")[-1]
    assert b"hook says no" in after and b"hook says yes to bravo" in after, after
    script = open(record).read()
    assert "\ncancel\n" in script and "# release: the --on-drop command failed" in script, script
    for hooked in ([], ["--on-drop", hook]):
        copy = os.path.join(home, "copy.txt")
        with open(copy, "w") as f:
            f.write("alpha\nbravo\ncharlie\ndelta\n")
        replay = subprocess.run([binary, *hooked, "-i", "-f", record, copy], capture_output=True,
                                text=True)
        assert replay.returncode == 0, (hooked, replay.stderr)
        assert open(copy).read() == open(path).read(), (hooked, open(copy).read())


def test_ctrl_c_stops_a_slow_drop_hook_and_gives_the_view_back(binary):
    """Issue 22 item 9, the live view: its terminal is raw, so Ctrl-C is a key; while a
    drop hook that ignores SIGINT runs, Ctrl-C stops it (its group killed after the
    grace), the drop is refused and the view goes on."""
    home, path = workspace("alpha\nbravo\ncharlie\n")
    hook = os.path.join(home, "hook.sh")
    with open(hook, "w") as f:
        f.write("#!/bin/sh\ntrap '' INT\nsleep 60\n")
    os.chmod(hook, 0o755)
    live = Live(binary, path, "--on-drop", hook)
    live.wait_for("- alpha")
    live.send(" ")
    live.wait_for("lifted")
    live.send("\x1b[B")
    live.wait_for(">>      2  alpha")
    started = time.time()
    live.send(" ")  # the hook starts and would sleep a minute
    live.pump(0.5)
    live.send("\x03")
    live.wait_for("interrupted", 10)
    assert time.time() - started < 8, time.time() - started
    assert "- alpha" in live.line(2), live.text()  # the drop was refused
    assert live.child.isalive()
    live.send("q")
    assert live.finish() == 0
    assert open(path).read() == "alpha\nbravo\ncharlie\n"


def test_tab_in_the_search_completes_a_literal_pattern(binary):
    """Issue 26: Tab in the live view's search completes a label to a pattern that
    matches it literally, so '[x] w' finds the row '[x] water the plants' (escaped, not
    anchored: issue 46 anchors only a search that begins with '^')."""
    home, path = workspace("a\n[x] water the plants\n(live) set\nb\n")
    live = Live(binary, path)
    live.wait_for("- a")
    live.send("/[x] w\t")
    live.wait_for("/\\[x\\] water the plants")
    assert "/\\[x\\] water the plants$" not in live.text()
    live.send("\r")
    live.pump(0.3)
    assert "›" in live.line(3), live.text()  # the cursor on row 2
    live.send("/(li\t\r")
    live.pump(0.3)
    assert "›" in live.line(4), live.text()
    live.send("q")
    assert live.finish() == 0


def readme_rebase_screen(binary):
    """The README's git rebase picture: examples/git-rebase-todo as git would hand it to
    the live view, the typo fix dropped with `d` and the fixup moved under its commit
    with the keys (72 x 12, no colour)."""
    home = tempfile.mkdtemp(prefix="rowdrag-live-")
    path = os.path.join(home, "git-rebase-todo")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with open(os.path.join(root, "examples", "git-rebase-todo")) as src, open(path, "w") as dst:
        dst.write(src.read())
    live = Live(binary, path, rows=12, columns=72)
    live.wait_for("Fix a typo")
    live.send("\x1b[B")  # the cursor to the typo fix
    live.send("d")
    live.wait_for("drop   8d04b7e")
    live.send("\x1b[B")  # to the fixup, lift it, one slot up
    live.send(" ")
    live.wait_for("lifted")
    live.send("\x1b[A")
    live.send(" ")
    live.wait_for("idle")
    live.pump(0.3)
    picture = "\n".join(line.rstrip() for line in live.screen.display)
    live.send("q")
    live.send("d")  # discard
    live.finish()
    return picture


def test_todo_commands_in_their_column_in_girts_colours(binary):
    """Issue 42, item 2: each command of a todo by its full name, padded to a column,
    coloured as git-interactive-rebase-tool colours it (pick green, fixup magenta, drop
    red, reword yellow), the cursor's underlined with it; plain under NO_COLOR."""
    home, _ = workspace("")
    path = os.path.join(home, "git-rebase-todo")
    with open(path, "w") as f:
        f.write("pick a1 A\nf b2 B\nd c3 C\nreword d4 D\nexec make\n")
    live = Live(binary, path, env={"NO_COLOR": ""})
    live.wait_for("reword d4 D")
    for code, command in ((b"4;92", b"pick  "), (b"95", b"fixup "), (b"91", b"drop  "),
                          (b"93", b"reword")):
        assert b"\x1b[" + code + b"m" + command + b"\x1b[0m" in live.raw, (command, live.raw)
    assert "fixup  b2 B" in live.text() and "exec make" in live.text(), live.text()
    live.send("q")
    assert live.finish() == 0


def test_the_readme_shows_the_rebase_editor_as_it_is(binary):
    shown = readme_block("live rebase screen")
    assert shown.rstrip("\n") == readme_rebase_screen(binary), (
        "README's live rebase screen is out of date; print it with "
        "python3 Tests/interactive/live_tests.py --readme-rebase-screen BINARY")


if __name__ == "__main__":
    import sys

    if sys.argv[1:2] == ["--readme-screen"]:
        print(readme_screen(os.path.abspath(sys.argv[2])))
    if sys.argv[1:2] == ["--readme-rebase-screen"]:
        print(readme_rebase_screen(os.path.abspath(sys.argv[2])))


def test_shift_down_selects_rows_space_lifts_them_as_one_block_and_the_recording_replays(binary):
    """Ranges in the live view (issue 23, SPEC §10): Shift+Down selects consecutive rows,
    marked with + (no colour here: NO_COLOR), Space lifts them as one block, each Down
    moves the block one slot, and --record writes 'press A,B' so the replay is exact."""
    home, path = workspace("a\nb\nc\nd\ne\nf\ng\nh\n")
    record = os.path.join(home, "session.rowdrag")
    live = Live(binary, path, "--record", record)
    live.wait_for("- a")
    live.send("\x1b[B")  # cursor to b
    live.send("\x1b[1;2B")
    live.send("\x1b[1;2B")  # b, c, d selected
    live.wait_for("3 rows selected")
    assert "row 4 of 8" in live.line(1), live.line(1)
    assert live.line(2).startswith("       1 - a"), live.line(2)
    assert live.line(3).startswith(" +     2 - b"), live.line(3)
    assert live.line(4).startswith(" +     3 - c"), live.line(4)
    assert live.line(5).startswith("›+     4 - d"), live.line(5)
    assert live.line(6).startswith("       5 - e"), live.line(6)
    live.send(" ")  # lift the selection
    live.wait_for("lifted 3 rows")
    assert "selected" not in live.line(1), live.line(1)
    for k, letter in ((2, "b"), (3, "c"), (4, "d")):
        assert live.line(k + 1).startswith(f">>{k:7d}  {letter}"), live.text()
    live.send("\x1b[A")
    live.wait_for(">>      1  b")
    live.send("\x1b[A")  # the block is at the top
    live.wait_for("the rows cannot move further")
    live.send("\x1b[B")
    live.send("\x1b[B")
    live.wait_for(">>      3  b")
    live.send("\x1b[B")  # two slots down
    live.wait_for(">>      4  b")
    assert live.line(6).startswith(">>      5  c") and live.line(7).startswith(">>      6  d"), \
        live.text()
    live.send(" ")  # drop
    live.wait_for("idle")
    block_moved_written_and_replayed(binary, live, home, path, record)


def block_moved_written_and_replayed(binary, live, home, path, record):
    """Writes and quits; rows b-d of a..h went down two slots as one block, the recording
    lifted them with `press 2,4`, and replaying it on the original list gives the same file."""
    live.send("w")
    live.wait_for("wrote")
    live.send("q")
    assert live.finish() == 0
    assert open(path).read() == "a\ne\nf\nb\nc\nd\ng\nh\n"
    script = open(record).read()
    assert re.search(r"\npress 2,4( y=\d+)?\n", script), script
    original = os.path.join(home, "original.txt")
    with open(original, "w") as f:
        f.write("a\nb\nc\nd\ne\nf\ng\nh\n")
    replay = subprocess.run([binary, "-i", "-f", record, original], capture_output=True, text=True)
    assert replay.returncode == 0, replay.stderr
    assert open(original).read() == open(path).read()


def test_a_selection_stays_in_its_section_and_esc_or_a_plain_move_clears_it(binary):
    home, path = workspace("# one\na\nb\n# two\nc\nd\n")
    live = Live(binary, path, "--header", "^# ")
    live.wait_for("- a")
    live.send("\x1b[B")  # cursor to b
    live.send("\x1b[1;2A")  # a, b selected
    live.wait_for("2 rows selected")
    live.send("\x1b[1;2B")
    live.send("\x1b[1;2B")  # back to b alone, then c is in another section
    live.wait_for("a selection stays within one section")
    assert "row 2 of 4" in live.line(1) and "selected" not in live.line(1), live.line(1)
    live.send("\x1b[1;2A")
    live.wait_for("2 rows selected")
    live.send("\x1b")  # Esc clears it
    live.pump(0.3)
    assert "selected" not in live.line(1) and "+" not in live.text(), live.text()
    live.send("\x1b[1;2B")
    live.wait_for("2 rows selected")
    live.send("\x1b[B")  # a plain move clears it too
    live.pump(0.3)
    assert "selected" not in live.line(1), live.line(1)
    live.send(" ")  # Space lifts the cursor row alone
    live.wait_for("lifted")
    assert "rows" not in live.line(1), live.line(1)
    live.send("\x1b")
    live.wait_for("idle")
    live.send("q")
    assert live.finish() == 0
    assert open(path).read() == "# one\na\nb\n# two\nc\nd\n"


def test_shift_click_selects_rows_a_long_press_on_them_drags_the_block_a_click_clears(binary):
    """Ranges with the mouse (issue 23): Shift+click extends the selection from the
    cursor to the clicked row, a long press on a selected row lifts the whole
    selection, which follows the pointer without a jump (the finger keeps its distance
    from the pointer), and a plain click elsewhere clears a selection."""
    home, path = workspace("a\nb\nc\nd\ne\nf\ng\nh\n")
    record = os.path.join(home, "session.rowdrag")
    live = Live(binary, path, "--record", record)
    live.wait_for("- a")
    # A plain click on g, then Shift+click on h: two rows; a click on a clears them.
    live.mouse("press", 8)
    live.mouse("release", 8)
    live.pump(0.2)
    live.mouse("press", 9, button=4)
    live.mouse("release", 9, button=4)
    live.wait_for("2 rows selected")
    live.mouse("press", 2)
    live.mouse("release", 2)
    live.pump(0.3)
    assert "selected" not in live.line(1) and "row 1 of 8" in live.line(1), live.line(1)
    # Click b (screen row 3), Shift+click d (row 5): b, c, d.
    live.mouse("press", 3)
    live.mouse("release", 3)
    live.pump(0.2)
    live.mouse("press", 5, button=4)
    live.mouse("release", 5, button=4)
    live.wait_for("3 rows selected")
    assert live.line(3).startswith(" +     2 - b") and live.line(5).startswith("›+     4 - d"), \
        live.text()
    # A long press on b, the block's first row, lifts all three where they are.
    live.mouse("press", 3)
    live.wait_for("lifted 3 rows", 3)
    assert live.line(3).startswith(">>      2  b") and live.line(5).startswith(">>      4  d"), \
        live.text()
    # Two lines down: the block follows the pointer two slots (the finger went to the
    # block's centre, c, a line below the pointer; without keeping that distance the
    # block would take one slot only).
    live.mouse("motion", 4)
    live.pump(0.1)
    live.mouse("motion", 5)
    live.wait_for(">>      4  b")
    live.pump(0.3)
    assert live.line(5).startswith(">>      4  b") and live.line(7).startswith(">>      6  d"), \
        live.text()
    live.mouse("release", 5)
    live.wait_for("idle")
    # The press held the block where the pointer was (screen row 3: y=66), not at its centre.
    assert "\npress 2,4 y=66\n" in open(record).read(), open(record).read()
    block_moved_written_and_replayed(binary, live, home, path, record)


def test_a_selection_taller_than_the_view_is_held_at_the_pointer(binary):
    """Issue 45 item 2 (SPEC §2.1 and §10, turn 4): a long press on a selection taller than
    the view puts the finger at the pointer, not at the block's centre below the view, and
    scrolls nothing. With a profile that measures the finger, a move of one line in the
    middle of the view then scrolls nothing either: the block takes one slot, no more (the
    finger at the centre, 858 points below the pointer, ran the list to its end)."""
    home, path = workspace(numbered(100))
    record = os.path.join(home, "session.rowdrag")
    options = ("--autoscroll", "linear point=finger")
    live = Live(binary, path, "--record", record, *options)
    live.wait_for("item 1")
    for _ in range(59):
        live.send("\x1b[1;2B")
    live.wait_for("60 rows selected")
    # Rows 39 to 60 show; screen row 12 is row 49, at y = 10.5 lines of 44 points.
    assert live.line(12).startswith("›+    49") or live.line(12).startswith(" +    49"), live.text()
    live.mouse("press", 12)
    live.wait_for("lifted 60 rows", 3)
    live.mouse("motion", 13)
    live.pump(1.0)
    assert "scroll" not in live.line(1), live.line(1)
    live.mouse("release", 13)
    live.wait_for("idle")
    live.send("w")
    live.wait_for("wrote")
    live.send("q")
    assert live.finish() == 0
    script = open(record).read()
    assert "\npress 1,60 y=462\n" in script, script
    order = open(path).read().split("\n")
    assert order.index("item 1") <= 1, order[:5]
    # The recording up to the drag, then `state`: the finger at the pointer, the view
    # where it was when the block was pressed (row 39 at the top).
    upto = script[:script.index("\ndrag y=506\n") + len("\ndrag y=506\n")]
    original = os.path.join(home, "original.txt")
    with open(original, "w") as f:
        f.write(numbered(100))
    probe = os.path.join(home, "probe.rowdrag")
    with open(probe, "w") as f:
        f.write(upto + "state\n")
    state = subprocess.run([binary, "-n", "-f", probe, original], capture_output=True, text=True)
    assert state.returncode == 0, state.stderr
    assert '"offset":1672,' in state.stdout and '"finger":506,' in state.stdout, state.stdout


def test_todo_verbs_and_task_boxes_by_key(binary):
    """Issue 42, item 2: on a git rebase todo, p r e s f d mark the cursor's row or the
    selection as git-interactive-rebase-tool's keys do (a one-letter line stays one
    letter), recorded so the replay gives the same bytes; on Markdown task items x ticks
    and unticks; a key that does nothing says so, naming ?."""
    home, _ = workspace("")
    path = os.path.join(home, "git-rebase-todo")
    with open(path, "w") as f:
        f.write("pick a1 A\np b2 B\npick c3 C\npick d4 D\n\n# Rebase a..d\n")
    record = os.path.join(home, "session.rowdrag")
    live = Live(binary, path, "--record", record)
    # The command in a column of its own, by its full name (issue 42, item 2).
    live.wait_for("pick   a1 A")
    assert "pick   b2 B" in live.text(), live.text()
    live.send("\x1b[B")  # the cursor to row 2
    live.send("f")
    live.wait_for("fixup  b2 B")
    live.send("\x1b[B")
    live.send("\x1b[1;2B")  # Shift+Down: rows 3 and 4 selected
    live.send("d")
    live.wait_for("drop   d4 D")
    assert "drop   c3 C" in live.text(), live.text()
    live.send("Z")
    live.wait_for("'Z' does nothing here; ? lists the keys")
    live.send("w")
    live.wait_for("wrote")
    live.send("q")
    assert live.finish() == 0
    written = "pick a1 A\nf b2 B\ndrop c3 C\ndrop d4 D\n\n# Rebase a..d\n"
    assert open(path).read() == written, open(path).read()
    # The recording replays to the same bytes.
    replay = os.path.join(home, "replay-todo")
    with open(replay, "w") as f:
        f.write("pick a1 A\np b2 B\npick c3 C\npick d4 D\n\n# Rebase a..d\n")
    subprocess.run([binary, "--format", "todo", "-i", "-f", record, replay], check=True)
    assert open(replay).read() == written, open(replay).read()

    tasks = os.path.join(home, "tasks.md")
    with open(tasks, "w") as f:
        f.write("- [ ] milk\n- [x] eggs\n")
    live = Live(binary, tasks)
    live.wait_for("- [ ] milk")
    live.send("x")
    live.wait_for("- [x] milk")
    live.send("\x1b[B")
    live.send("x")
    live.wait_for("- [ ] eggs")
    live.send("p")  # no verbs on a Markdown list
    live.wait_for("'p' does nothing here")
    live.send("w")
    live.wait_for("wrote")
    live.send("q")
    assert live.finish() == 0
    assert open(tasks).read() == "- [x] milk\n- [ ] eggs\n", open(tasks).read()


def test_live_as_git_sequence_editor_marks_and_aborts(binary):
    """Issue 42, items 2 and 3 with real git: GIT_SEQUENCE_EDITOR='rowdrag --live' in a
    terminal; `c` shows the cursor's commit, `f` fixes a commit up into the one above
    it, `w` and `q` let git run the todo; `Q` then `y` empties it, git stops the
    rebase, and the branch is as it was."""
    home = tempfile.mkdtemp(prefix="rowdrag-live-git-")
    env = {"HOME": home, "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "A",
           "GIT_AUTHOR_EMAIL": "a@example.com", "GIT_COMMITTER_NAME": "A",
           "GIT_COMMITTER_EMAIL": "a@example.com", "GIT_EDITOR": "true", "LC_ALL": "C"}
    repo = os.path.join(home, "repo")
    os.mkdir(repo)

    def git(*arguments):
        return subprocess.run(["git", "-C", repo, *arguments], env=dict(os.environ, **env),
                              check=True, capture_output=True, text=True).stdout

    git("init", "-q", "-b", "main")
    for subject in ["base", "one", "two", "three"]:
        with open(os.path.join(repo, subject), "w") as f:
            f.write(subject + "\n")
        git("add", subject)
        git("commit", "-q", "-m", subject)
    exports = " ".join(f"{k}={v!r}" for k, v in env.items())
    rebase = (f"cd {repo} && {exports} GIT_SEQUENCE_EDITOR=\"$ROWDRAG --live\" "
              "git rebase -i HEAD~3")
    # The todo's rows: one, two, three. `c` shows the cursor's commit (git show --stat
    # in the repository the todo is in), Esc closes it; the cursor to `two`, f, w, q.
    status, raw = piped(binary, rebase, ["c", "\x1b", "\x1b[B", "f", "w", "q"], "pick")
    assert status == 0, raw[-400:]
    assert b"one | 1 +" in raw and b"1 file changed" in raw and b"A, 20" in raw, raw[-1500:]
    assert git("log", "--format=%s").split() == ["three", "one", "base"]
    assert os.path.exists(os.path.join(repo, "two"))  # fixed up into `one`, not dropped
    head = git("rev-parse", "HEAD")
    # Two commits on base now: the todo of HEAD~2.
    status, raw = piped(binary, rebase.replace("HEAD~3", "HEAD~2"), ["Q", "y"], "pick")
    assert git("rev-parse", "HEAD") == head
    assert not os.path.exists(os.path.join(repo, ".git", "rebase-merge")), "the rebase is still on"
