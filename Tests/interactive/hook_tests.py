"""The drop hook under signals (issue 22, item 9): Ctrl-C during a hook that ignores it,
or that left rowdrag's process group, gives the shell back and refuses the drop; in a
script it ends rowdrag as Ctrl-C ends a filter. These run here, not in the Swift suite:
children of the Swift test runner start with signals blocked."""

import os
import re
import signal
import subprocess
import tempfile
import time

import pexpect

PROMPT = re.compile(r"rowdrag\[[^\]]*\]> ")
GRACE = 2  # seconds between SIGINT to the hook's group and SIGKILL


def workspace():
    home = tempfile.mkdtemp(prefix="rowdrag-hook-")
    path = os.path.join(home, "f.txt")
    with open(path, "w") as f:
        f.write("a\nb\nc\n")
    return home, path


def wait_for(path, seconds=10):
    end = time.monotonic() + seconds
    while not os.path.exists(path):
        assert time.monotonic() < end, f"the hook never started ({path})"
        time.sleep(0.02)
    time.sleep(0.1)  # the hook is now in its sleep


def gone(pid_file):
    """Whether the process whose pid the hook wrote has ended (or is a zombie)."""
    with open(pid_file) as f:
        pid = int(f.read())
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[1].startswith("Z")
    except FileNotFoundError:
        return True


def kill_stray(pid_file):
    if not gone(pid_file):
        with open(pid_file) as f:
            os.kill(int(f.read()), signal.SIGKILL)


def hooks(home):
    """A hook that ignores SIGINT and SIGTERM, and one in a session of its own."""
    started = os.path.join(home, "started")
    pid = os.path.join(home, "pid")
    ignoring = f"trap '' INT TERM; echo $$ > {pid}; touch {started}; exec sleep 60"
    detached = f"setsid -w sh -c \"echo \\$\\$ > {pid}; touch {started}; exec sleep 60\""
    return started, pid, {"ignoring": ignoring, "detached": detached}


def spawn_shell(binary, path, home, hook):
    env = dict(os.environ, TERM="xterm", HOME=home, NO_COLOR="1",
               INPUTRC=os.path.join(home, "inputrc"), ROWDRAG_HISTORY=os.path.join(home, "h"))
    with open(env["INPUTRC"], "w") as f:
        f.write("set enable-bracketed-paste off\nset bell-style none\n")
    child = pexpect.spawn(binary, ["--on-drop", hook, path], cwd=home, env=env, encoding="utf-8",
                          timeout=10, dimensions=(40, 120))
    child.expect(PROMPT)
    return child


def test_ctrl_c_during_a_hook_gives_the_shell_back(binary):
    """Before: a hook that ignores SIGINT hung the shell for good."""
    for kind in ("ignoring", "detached"):
        home, path = workspace()
        started, pid, hook = hooks(home)
        child = spawn_shell(binary, path, home, hook[kind])
        child.sendline("move 1 2")
        wait_for(started)
        begun = time.monotonic()
        child.send("\x03")  # VINTR as the terminal sends it
        try:
            child.expect(r"error: move: the --on-drop command failed \(interrupted\); "
                         r"the row is back at 1:1")
            child.expect(PROMPT)
        except pexpect.TIMEOUT:
            child.terminate(force=True)
            kill_stray(pid)
            raise AssertionError(f"{kind}: the shell still waits for the hook")
        assert time.monotonic() - begun < GRACE + 3, kind
        if kind == "ignoring":
            assert gone(pid), "the hook's process was not killed"
        child.sendline("list")
        child.expect(PROMPT)
        assert re.search(r"1\t-\ta\r\n\s+2\t-\tb", child.before), child.before
        child.sendline("quit!")
        child.expect(pexpect.EOF)
        kill_stray(pid)  # the detached hook left rowdrag's reach, as it meant to


def test_ctrl_c_during_a_hook_ends_a_script_as_an_interrupt(binary):
    """A script: the hook is stopped, the drop refused, -i writes nothing it did not
    accept, and rowdrag dies of SIGINT (the calling shell's loop stops)."""
    home, path = workspace()
    started, pid, hook = hooks(home)
    process = subprocess.Popen([binary, "-i", "--on-drop", hook["ignoring"], "-e", "move 1 2", path],
                               stderr=subprocess.PIPE)
    wait_for(started)
    begun = time.monotonic()
    process.send_signal(signal.SIGINT)
    try:
        _, err = process.communicate(timeout=GRACE + 5)
    except subprocess.TimeoutExpired:
        process.kill()
        kill_stray(pid)
        raise AssertionError("rowdrag still waits for the hook")
    assert time.monotonic() - begun < GRACE + 3
    assert process.returncode == -signal.SIGINT, process.returncode
    assert gone(pid), "the hook's process was not killed"  # (then it is left running)
    assert b"the --on-drop command failed (interrupted)" in err, err
    with open(path) as f:
        assert f.read() == "a\nb\nc\n"


def test_sigterm_or_sighup_during_a_hook_reaches_the_hook(binary):
    """Issue 45, item 5: SIGTERM or SIGHUP ending rowdrag while a drop hook runs left the
    hook running; now its process group gets the signal too. rowdrag still dies of the
    signal, writing nothing (-i); in the REPL the terminal is given back as before."""
    for sig in (signal.SIGTERM, signal.SIGHUP):
        home, path = workspace()
        started = os.path.join(home, "started")
        pid = os.path.join(home, "pid")
        hook = f"echo $$ > {pid}; touch {started}; exec sleep 60"
        process = subprocess.Popen([binary, "-i", "--on-drop", hook, "-e", "move 1 2", path],
                                   stderr=subprocess.PIPE)
        wait_for(started)
        process.send_signal(sig)
        try:
            process.communicate(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            kill_stray(pid)
            raise AssertionError(f"{sig.name}: rowdrag did not end")
        assert process.returncode == -sig, (sig.name, process.returncode)
        end = time.monotonic() + 3
        while not gone(pid) and time.monotonic() < end:
            time.sleep(0.02)
        still = not gone(pid)
        kill_stray(pid)
        assert not still, f"{sig.name}: the hook outlived rowdrag"
        with open(path) as f:
            assert f.read() == "a\nb\nc\n"
    home, path = workspace()
    started = os.path.join(home, "started")
    pid = os.path.join(home, "pid")
    child = spawn_shell(binary, path, home, f"echo $$ > {pid}; touch {started}; exec sleep 60")
    child.sendline("move 1 2")
    wait_for(started)
    child.kill(signal.SIGTERM)
    child.expect(pexpect.EOF)
    child.close()
    end = time.monotonic() + 3
    while not gone(pid) and time.monotonic() < end:
        time.sleep(0.02)
    still = not gone(pid)
    kill_stray(pid)
    assert not still, "REPL: the hook outlived rowdrag"
    assert child.signalstatus == signal.SIGTERM, (child.exitstatus, child.signalstatus)
