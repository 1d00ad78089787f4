"""The REPL in a real pseudo-terminal, driven by pexpect."""

import os
import re
import subprocess
import tempfile

import pexpect

PROMPT = re.compile(r"rowdrag\[[^\]]*\]> ")


def spawn(binary, path, home):
    """Starts the REPL in `home` (the working directory, for file-name completion)."""
    env = dict(os.environ)
    env.update(
        {
            "TERM": "xterm",
            "HOME": home,
            "XDG_STATE_HOME": os.path.join(home, "state"),
            "INPUTRC": os.path.join(home, "inputrc"),
            "NO_COLOR": "1",
        }
    )
    env.pop("ROWDRAG_HISTORY", None)
    with open(env["INPUTRC"], "w") as f:
        f.write("set enable-bracketed-paste off\nset bell-style none\n")
    child = pexpect.spawn(binary, [path], cwd=home, env=env, encoding="utf-8", timeout=10, dimensions=(40, 120))
    child.expect("Type 'help' for commands")
    child.expect(PROMPT)
    return child


def workspace(lines="buy milk\nwalk dog\nmilk cows\nwrite code\nread book\n"):
    home = tempfile.mkdtemp(prefix="rowdrag-repl-")
    path = os.path.join(home, "todo.txt")
    with open(path, "w") as f:
        f.write(lines)
    return home, path


def command(child, line):
    child.sendline(line)
    child.expect(PROMPT)
    return child.before


def test_gesture_session_writes_the_file(binary):
    home, path = workspace()
    child = spawn(binary, path, home)
    assert "rowdrag[5 lifted 2→2]> " in (command(child, "press 2") + child.after)
    command(child, "drag +50")
    assert child.after == "rowdrag[5 lifted 2→3]> ", child.after
    command(child, "tick 3")
    command(child, "release")
    assert child.after == "rowdrag[5*]> ", child.after
    out = command(child, "list")
    assert "3\t-\twalk dog" in out, out
    out = command(child, "press 9")
    assert "error: press: row 9 does not exist; rows are 1 to 5" in out, out
    command(child, "write")
    assert child.after == "rowdrag[5]> ", child.after
    child.sendline("quit")
    child.expect(pexpect.EOF)
    with open(path) as f:
        assert f.read() == "buy milk\nmilk cows\nwalk dog\nwrite code\nread book\n"


def test_completion(binary):
    home, path = workspace()
    child = spawn(binary, path, home)
    child.send("pr\t\t")  # ambiguous: the second Tab lists them
    child.expect(r"presets\s+press\s+print")
    child.expect(PROMPT)
    child.send("ess\t")
    child.expect_exact("press ")
    child.send("/mi\t")
    child.expect_exact("lk cows/ ")  # the one label's pattern, closed
    child.sendcontrol("u")
    child.send("set auto\t")
    child.expect_exact("autoscroll ")
    child.send("\t\t")
    child.expect(r"quintic")  # the nine laws, in columns
    child.expect(PROMPT)
    child.send("rat\t")
    child.expect_exact("rate ")
    child.send("sc\t")
    child.expect_exact("scale=")
    child.sendline("900")
    child.expect(PROMPT)
    out = command(child, "get autoscroll")
    assert "rate divisor=6 scale=900" in out, out
    # A pattern with a blank before the word: the word completed, and the command then
    # finds the row.
    child.send("move /read b\t")
    child.expect_exact("book/")
    child.send(" 1\r")
    child.expect(PROMPT)
    out = command(child, "list")
    assert "1\t-\tread book" in out, out
    command(child, "undo")
    child.send("write tod\t")  # file names after write
    child.expect_exact("todo.txt")
    child.sendcontrol("u")
    child.send("tick 1\t\t")
    child.sendcontrol("u")
    out = command(child, "state")
    assert '"t":0,' in out, out  # the Tab after a number offered nothing and ran nothing
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_completion_lists_labels_on_the_second_tab(binary):
    """Issue 46, item 1: `/mi` Tab changes nothing (the candidates all begin with it),
    the second Tab lists the labels (not their patterns), and typing on completes the
    escaped pattern, which finds the row; `/^` asks for an anchored one."""
    home, path = workspace("milk\nmilk shake (large)\nmince pies\nwalk dog\n")
    child = spawn(binary, path, home)
    for anchor, more, completed, row in (("", "lk s", "hake \\(large\\)/ ", 2),
                                         ("^", "n", "ce pies$/ ", 3)):
        child.send(f"press /{anchor}mi\t\t")
        child.expect(r"milk\s+milk shake \(large\)\s+mince pies")
        child.expect(PROMPT)
        assert "\\(" not in child.before, child.before  # labels listed, not patterns
        child.expect_exact(f"press /{anchor}mi")  # the line as typed, redrawn under the list
        child.send(more + "\t")
        child.expect_exact(completed)
        child.sendline("")
        child.expect(PROMPT)
        out = command(child, "state")
        assert f'"row":{row},' in out, out
        command(child, "release")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_history_persists_at_xdg_path(binary):
    home, path = workspace()
    child = spawn(binary, path, home)
    command(child, "get rule")
    command(child, "get rule")
    command(child, "state")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    history = os.path.join(home, "state", "rowdrag", "history")
    with open(history) as f:
        assert f.read().splitlines() == ["get rule", "state", "quit"]
    child = spawn(binary, path, home)
    child.send("\x1b[A\x1b[A\x1b[A")  # up three times: quit, state, get rule
    child.expect_exact("get rule")
    child.sendline("")
    child.expect(PROMPT)
    assert "edge" in child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_unwritable_history_warns_and_goes_on(binary):
    home, path = workspace()
    env_history = os.path.join(home, "no-such-dir-file")
    os.makedirs(env_history)  # a directory where the history file should be
    env = dict(os.environ, TERM="xterm", ROWDRAG_HISTORY=env_history, HOME=home)
    child = pexpect.spawn(binary, [path], env=env, encoding="utf-8", timeout=10)
    child.expect("warning: history not saved")
    child.expect(PROMPT)
    command(child, "state")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_ctrl_c_stops_a_long_search_and_keeps_the_session(binary):
    """Before: the handler redrew a prompt while the command ran on to its end."""
    home, path = workspace("".join(f"row {n}\n" for n in range(2_000_000)))
    child = spawn(binary, path, home)
    command(child, "move 1 2")  # an unsaved change that must survive
    # No literal to look for and a start at every digit: over a second of matching.
    child.sendline("press /(.*[0-9]){3}(zz|yy)/")
    child.expect_exact("press /(.*[0-9]){3}(zz|yy)/")
    child.send("\x03")
    child.expect("error: press: interrupted")
    child.expect(PROMPT)
    assert child.after == "rowdrag[2000000*]> ", child.after
    out = command(child, "state")
    assert '"dirty":true' in out and '"phase":"idle"' in out, out
    assert child.isalive()
    child.sendline("quit!")
    child.expect(pexpect.EOF)


def test_ctrl_c_stops_a_write_to_a_fifo_without_reader(binary):
    home, path = workspace()
    fifo = os.path.join(home, "pipe")
    os.mkfifo(fifo)
    child = spawn(binary, path, home)
    child.sendline(f"write {fifo}")
    child.expect_exact(f"write {fifo}")
    child.send("\x03")
    child.expect(r"error: write: .*pipe: cannot open: interrupted system call")
    child.expect(PROMPT)
    out = command(child, "state")
    assert '"phase":"idle"' in out, out
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_labels_cannot_steer_the_terminal(binary):
    home, path = workspace("\x1b]0;owned\x07title\nplain\nc1 \u009b2J\n")
    child = spawn(binary, path, home)
    out = command(child, "list")
    assert "^[]0;owned^Gtitle" in out, repr(out)
    assert "c1 \\x9b2J" in out, repr(out)
    assert "\x1b]" not in out and "\u009b" not in out, repr(out)
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_ctrl_c_clears_the_line(binary):
    home, path = workspace()
    child = spawn(binary, path, home)
    child.send("move 1 5")
    child.send("\x03")  # VINTR as the terminal sends it (not sendintr, which guesses)
    child.expect(PROMPT)
    out = command(child, "list")
    assert "1\t-\tbuy milk" in out, out  # the half-typed move never ran
    assert child.isalive()
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_unsaved_changes_warn_once(binary):
    home, path = workspace()
    child = spawn(binary, path, home)
    command(child, "move 1 2")
    child.sendline("quit")
    child.expect("warning: unsaved changes")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    with open(path) as f:
        assert f.read().startswith("buy milk\n")
    # Ctrl-D warns the same way; quit! leaves at once.
    child = spawn(binary, path, home)
    command(child, "move 1 2")
    child.sendeof()
    child.expect("warning: unsaved changes")
    child.expect(PROMPT)
    child.sendeof()
    child.expect(pexpect.EOF)
    child = spawn(binary, path, home)
    command(child, "move 1 2")
    child.sendline("quit!")
    child.expect(pexpect.EOF)


def test_no_prompt_into_a_pipe(binary):
    home, path = workspace()
    out = pexpect.run(f"sh -c 'echo state | {binary} {path} | cat'", encoding="utf-8")
    assert "rowdrag[" not in out and "Type 'help'" not in out, out
    assert out.startswith('{"t":0,'), out


def test_prompts_go_to_stderr_when_stdout_is_a_pipe(binary):
    home, path = workspace()
    out_path = os.path.join(home, "out.txt")
    env = dict(os.environ, TERM="xterm", HOME=home, XDG_STATE_HOME=os.path.join(home, "state"))
    child = pexpect.spawn("sh", ["-c", f"{binary} {path} > {out_path}"], env=env, encoding="utf-8", timeout=10)
    child.expect("Type 'help' for commands")
    child.expect(PROMPT)
    child.sendline("list")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    with open(out_path) as f:
        text = f.read()
    assert "rowdrag[" not in text and "Type 'help'" not in text, text
    assert text.startswith("     1\t-\tbuy milk\n"), text


def test_session_keeps_its_list_when_the_file_is_rewritten(binary):
    """The REPL holds a copy: another program truncating and rewriting the file
    meanwhile changes neither the list nor the session (a mapping would crash)."""
    home, path = workspace()
    child = spawn(binary, path, home)
    with open(path, "w") as f:
        f.write("x\n")
    out = command(child, "list")
    assert "5\t-\tread book" in out, out
    command(child, "move 1 $")
    # Issue 22: 'write' no longer replaces a file another program changed; it says so
    # and names the ways out, and 'write!' overwrites.
    out = command(child, "write")
    assert "changed since it was read; 'write!' overwrites it" in out, out
    with open(path) as f:
        assert f.read() == "x\n"
    command(child, "write!")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    with open(path) as f:
        assert f.read() == "walk dog\nmilk cows\nwrite code\nread book\nbuy milk\n"


def test_the_shell_says_what_a_move_and_a_write_did(binary):
    """On a terminal the shell answers a move or a write with one line (issue 26); a
    script on the same list prints nothing of the kind."""
    home, path = workspace()
    child = spawn(binary, path, home)
    assert "moved 3 → 1" in command(child, "move 3 1")
    assert "moved 1 → 2" in command(child, "press 1; drag +60; release")
    assert f"wrote 5 rows to {path}" in command(child, "w")
    assert "on" in command(child, "get verbose")
    command(child, "set verbose off")  # issue 46, item 7: the person may silence it
    assert "moved" not in command(child, "move 3 1"), child.before
    child.sendline("quit!")
    child.expect(pexpect.EOF)
    quiet = subprocess.run([binary, "-n", "-e", "move 3 1; write", path], capture_output=True, text=True)
    assert quiet.stdout == "" and quiet.stderr == "", quiet


def test_commands_that_need_no_list_run_from_a_terminal_without_file(binary):
    """`rowdrag -e presets` and `rowdrag -e 'help move'` typed at a terminal need no
    list (issue 26); `rowdrag presets`, naming no file, runs the command (issue 46, item
    6; before, it said to use -e), and a command that needs a list says to use -e."""
    for args, expected in ((["-e", "presets"], "flutter"), (["-e", "help move"], "usage: move ADDR TO")):
        child = pexpect.spawn(binary, args, encoding="utf-8", timeout=10)
        child.expect(pexpect.EOF)
        assert expected in child.before, (args, child.before)
        child.close()
        assert child.exitstatus == 0, (args, child.exitstatus)
    work = tempfile.mkdtemp(prefix="rowdrag-nolist-")
    child = pexpect.spawn(binary, ["presets"], cwd=work, encoding="utf-8", timeout=10)
    child.expect(pexpect.EOF)
    assert "flutter" in child.before, child.before
    child.close()
    assert child.exitstatus == 0
    child = pexpect.spawn(binary, ["state"], cwd=work, encoding="utf-8", timeout=10)
    child.expect(pexpect.EOF)
    assert "to run the command, give it with -e: rowdrag -e state" in child.before, child.before
    child.close()
    assert child.exitstatus == 4


def test_a_list_typed_at_the_terminal_is_announced(binary):
    """Issue 46, item 6: `rowdrag -e 'move 1 2'` with the terminal as standard input
    waits for the list; it says so on standard error, and reads what is typed up to
    Ctrl-D."""
    child = pexpect.spawn(binary, ["-e", "move 1 2"], encoding="utf-8", timeout=10)
    child.expect("reading the list from standard input \\(the terminal\\); end it with Ctrl-D")
    child.send("x\ny\n")
    child.sendeof()
    child.expect(pexpect.EOF)
    assert child.before.endswith("y\r\nx\r\n"), child.before
    child.close()
    assert child.exitstatus == 0
