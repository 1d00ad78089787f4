"""The completions in the real shells: what bash, zsh and fish offer."""

import os
import subprocess
import tempfile

import pexpect

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
COMPLETIONS = os.path.join(ROOT, "completions")


def scratch():
    path = tempfile.mkdtemp(prefix="rowdrag-complete-")
    for name in ("alpha.txt", "beta.rowdrag"):
        open(os.path.join(path, name), "w").close()
    return path


def bash_complete(words, cwd):
    """Runs the bash completion function for `words` (the last is being completed)."""
    quoted = " ".join("'" + w.replace("'", "'\\''") + "'" for w in words)
    script = f"""
        source /usr/share/bash-completion/bash_completion
        source {COMPLETIONS}/rowdrag.bash
        COMP_WORDS=({quoted}); COMP_CWORD={len(words) - 1}
        _rowdrag
        printf '%s\\n' "${{COMPREPLY[@]}}"
    """
    out = subprocess.run(["bash", "-c", script], cwd=cwd, capture_output=True, text=True, check=True)
    return sorted(line for line in out.stdout.splitlines() if line)


def test_bash(binary):
    cwd = scratch()
    assert bash_complete(["rowdrag", "--au"], cwd) == ["--autoscroll"]
    assert bash_complete(["rowdrag", "--autoscroll", ""], cwd) == ["count", "fixed", "linear", "off", "overflow", "power", "quintic", "ramp", "rate"]
    assert bash_complete(["rowdrag", "--rule", ""], cwd) == [
        "drop", "edge", "far", "guarded", "halves", "intersect", "itemview", "midpoint", "nearest", "overlap", "under"]
    assert bash_complete(["rowdrag", "--preset", "fl"], cwd) == ["flutter"]
    assert bash_complete(["rowdrag", "--compare", "d"], cwd) == ["displaylink-fixed", "dndkit"]
    # After a comma, the next name, the ones before kept (issue 25).
    assert bash_complete(["rowdrag", "--compare", "flutter,q"], cwd) == ["flutter,qt"]
    assert bash_complete(["rowdrag", "--compare", "flutter,a"], cwd) == ["flutter,all", "flutter,ats"]
    assert bash_complete(["rowdrag", "--compare", "flutter,cu"], cwd) == ["flutter,current"]
    assert bash_complete(["rowdrag", "-f", ""], cwd) == ["alpha.txt", "beta.rowdrag"]
    assert bash_complete(["rowdrag", "-e", "'pr"], cwd) == ["'presets", "'press", "'print"]
    assert bash_complete(["rowdrag", "al"], cwd) == ["alpha.txt"]


def fish_complete(line, cwd, descriptions=False):
    out = subprocess.run(
        ["fish", "--no-config", "-c", f"source {COMPLETIONS}/rowdrag.fish; complete -C {line!r}"],
        cwd=cwd, capture_output=True, text=True, check=True,
    )
    return sorted(line if descriptions else line.split("\t")[0] for line in out.stdout.splitlines() if line)


def test_fish(binary):
    cwd = scratch()
    assert fish_complete("rowdrag --au", cwd) == ["--autoscroll"]
    assert fish_complete("rowdrag --autoscroll ", cwd) == ["count", "fixed", "linear", "off", "overflow", "power", "quintic", "ramp", "rate"]
    assert fish_complete("rowdrag --preset it", cwd) == ["itemtouchhelper"]
    assert fish_complete("rowdrag -f ", cwd) == ["alpha.txt", "beta.rowdrag"]
    assert fish_complete("rowdrag -e pr", cwd) == ["presets", "press", "print"]
    assert fish_complete("rowdrag --compare flutter,q", cwd) == ["flutter,qt"]
    # Each command with its own summary, not -e's.
    described = fish_complete("rowdrag -e mo", cwd, descriptions=True)
    assert described == ["move\tmove a row directly so it ends as row TO (N, $, S:R, S:$, +N, -N, before ADDR, after ADDR)"], described


def interrupt_to_prompt(child):
    """Ctrl-C back to a fresh prompt. Under load zsh may still be drawing a completion
    list when the key arrives, and swallow it (a CI run timed out here once): then a
    second Ctrl-C is sent."""
    child.sendcontrol("c")
    try:
        child.expect("% ", timeout=10)
    except pexpect.TIMEOUT:
        child.sendcontrol("c")
        child.expect("% ")


def test_zsh(binary):
    cwd = scratch()
    env = dict(os.environ, TERM="dumb", HOME=cwd)
    child = pexpect.spawn("zsh", ["-f", "-i"], cwd=cwd, env=env, encoding="utf-8", timeout=30, dimensions=(30, 200))
    child.sendline(
        f"PS1='%% '; fpath=({COMPLETIONS} $fpath); autoload -U compinit; compinit -u -D; unsetopt beep"
    )
    child.expect("% ")
    child.send("rowdrag --au\t")
    child.expect_exact("rowdrag --autoscroll")
    child.sendcontrol("u")
    child.send("rowdrag --autoscroll \t")
    child.expect(r"count\s+fixed\s+linear\s+off\s+overflow\s+power\s+quintic\s+ramp\s+rate")
    interrupt_to_prompt(child)
    child.send("rowdrag --preset fl\t")
    child.expect_exact("rowdrag --preset flutter")
    interrupt_to_prompt(child)
    child.send("rowdrag --compare flutter,q\t")
    child.expect_exact("flutter,qt")
    interrupt_to_prompt(child)
    child.send("rowdrag -f \t")
    child.expect(r"alpha\.txt\s+beta\.rowdrag")
    child.sendcontrol("c")
    # zsh drops what was typed ahead of the prompt after Ctrl-C: wait for it (a flake
    # under load).
    child.expect("% ")
    child.sendline("exit")
    child.expect(pexpect.EOF)
