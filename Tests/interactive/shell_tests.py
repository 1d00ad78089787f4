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


def lists(path):
    """The list files the label and mark completions read: a text list, a CSV whose
    labels are a named column, Markdown tasks and a git-rebase todo."""
    files = {
        "labels.txt": "milk\nbutter\nbuns\neggs (free range)\n",
        "people.csv": "id,name\n1,butter\n2,bread\n",
        "tasks.md": "- [ ] write report\n- [x] buy milk\n",
        "git-rebase-todo": "pick abc123 first\npick def456 second\n",
        "app.jsonl": "",
    }
    for name, text in files.items():
        with open(os.path.join(path, name), "w") as f:
            f.write(text)
    return path


def shell_env(binary, **extra):
    """The scripts ask `rowdrag --complete`: the binary under test comes first on PATH."""
    path = os.path.dirname(binary) + os.pathsep + os.environ["PATH"]
    return dict(os.environ, PATH=path, **extra)


def bash_complete(words, cwd, binary):
    """Runs the bash completion function for `words` (the last is being completed) as
    readline would: COMP_LINE up to the cursor, and the word after an opening quote."""
    quoted = " ".join("'" + w.replace("'", "'\\''") + "'" for w in words)
    line = " ".join(words)
    word = words[-1][1:] if words[-1][:1] in ("'", '"') else words[-1]
    script = f"""
        source /usr/share/bash-completion/bash_completion
        source {COMPLETIONS}/rowdrag.bash
        COMP_WORDS=({quoted}); COMP_CWORD={len(words) - 1}
        COMP_LINE=$1; COMP_POINT=${{#COMP_LINE}}
        _rowdrag rowdrag "$2" "${{COMP_WORDS[COMP_CWORD - 1]}}"
        printf '%s\\n' "${{COMPREPLY[@]}}"
    """
    out = subprocess.run(["bash", "-c", script, "bash", line, word], cwd=cwd, env=shell_env(binary),
                         capture_output=True, text=True, check=True)
    return sorted(line for line in out.stdout.splitlines() if line)


def test_bash(binary):
    cwd = lists(scratch())
    assert bash_complete(["rowdrag", "--au"], cwd, binary) == ["--autoscroll"]
    # A profile is a whole argument unquoted (parameters need quotes): the blank ends it.
    assert bash_complete(["rowdrag", "--autoscroll", ""], cwd, binary) == [
        "count ", "fixed ", "linear ", "off ", "overflow ", "power ", "quintic ", "ramp ", "rate "]
    assert bash_complete(["rowdrag", "--rule", ""], cwd, binary) == [
        "drop ", "edge ", "far ", "guarded ", "halves ", "intersect ", "itemview ", "midpoint ", "nearest ",
        "overlap ", "under "]
    assert bash_complete(["rowdrag", "--preset", "fl"], cwd, binary) == ["flutter"]
    assert bash_complete(["rowdrag", "--compare", "d"], cwd, binary) == ["displaylink-fixed", "dndkit"]
    # After a comma, the next name, the ones before kept (issue 25).
    assert bash_complete(["rowdrag", "--compare", "flutter,q"], cwd, binary) == ["flutter,qt"]
    assert bash_complete(["rowdrag", "--compare", "flutter,a"], cwd, binary) == ["flutter,all", "flutter,ats"]
    assert bash_complete(["rowdrag", "--compare", "flutter,cu"], cwd, binary) == ["flutter,current"]
    assert bash_complete(["rowdrag", "-f", "a"], cwd, binary) == ["alpha.txt", "app.jsonl"]
    assert bash_complete(["rowdrag", "-e", "'pr"], cwd, binary) == ["presets ", "press ", "print "]
    assert bash_complete(["rowdrag", "al"], cwd, binary) == ["alpha.txt"]
    # Labels of the list file on the line, read in its format (issue 46).
    assert bash_complete(["rowdrag", "labels.txt", "-e", "'move /bu"], cwd, binary) == ["move /buns/ ", "move /butter/ "]
    assert bash_complete(["rowdrag", "--format", "'csv label=name'", "people.csv", "-e", "'move /br"], cwd, binary) == [
        "move /bread/ ", "move /bread/  "]
    assert bash_complete(["rowdrag", "git-rebase-todo", "-e", "'mark 1 fi"], cwd, binary) == [
        "mark 1 fixup ", "mark 1 fixup -C ", "mark 1 fixup -c "]
    assert bash_complete(["rowdrag", "--format", "'csv "], cwd, binary) == ["csv delimiter=", "csv header=", "csv label="]
    assert bash_complete(["rowdrag", "--compare", "flutter,tr"], cwd, binary) == ["flutter,trace:"]


def fish_complete(line, cwd, binary, descriptions=False):
    out = subprocess.run(
        ["fish", "--no-config", "-c", f"source {COMPLETIONS}/rowdrag.fish; complete -C $argv[1]", line],
        cwd=cwd, env=shell_env(binary), capture_output=True, text=True, check=True,
    )
    return sorted(line if descriptions else line.split("\t")[0] for line in out.stdout.splitlines() if line)


def test_fish(binary):
    cwd = lists(scratch())
    assert fish_complete("rowdrag --au", cwd, binary) == ["--autoscroll"]
    assert fish_complete("rowdrag --autoscroll ", cwd, binary) == [
        "count", "fixed", "linear", "off", "overflow", "power", "quintic", "ramp", "rate"]
    assert fish_complete("rowdrag --preset it", cwd, binary) == ["itemtouchhelper"]
    assert fish_complete("rowdrag -f ", cwd, binary) == ["alpha.txt", "app.jsonl", "beta.rowdrag", "git-rebase-todo",
                                                         "labels.txt", "people.csv", "tasks.md"]
    assert fish_complete("rowdrag -e pr", cwd, binary) == ["presets", "press", "print"]
    assert fish_complete("rowdrag --compare flutter,q", cwd, binary) == ["flutter,qt"]
    # Each command with its own summary, not -e's.
    described = fish_complete("rowdrag -e mo", cwd, binary, descriptions=True)
    assert described == ["move\tmove a row directly so it ends as row TO (N, $, S:R, S:$, +N, -N, before ADDR, after ADDR)"], described
    # Each value its own description, none where the tables have none (issue 46).
    assert fish_complete("rowdrag --autoscroll of", cwd, binary, descriptions=True) == ["off\tno auto-scroll"]
    assert fish_complete("rowdrag --paging o", cwd, binary, descriptions=True) == ["off", "on"]


def test_fish_labels_marks_and_values(binary):
    """The list file's labels (with the label as description), its format's marks,
    --format's parameters and --compare's trace:FILE (issues 42 and 46)."""
    cwd = lists(scratch())
    assert fish_complete("rowdrag labels.txt -e 'move /bu", cwd, binary, descriptions=True) == [
        "move /buns/\tbuns", "move /butter/\tbutter"]
    assert fish_complete("rowdrag --format 'csv label=name' people.csv -e 'move /b", cwd, binary) == [
        "move /bread/", "move /butter/"]
    assert fish_complete("rowdrag tasks.md -e 'mark 2 ", cwd, binary) == ["mark 2 done", "mark 2 todo"]
    assert fish_complete("rowdrag git-rebase-todo -e 'mark 1 s", cwd, binary) == ["mark 1 squash"]
    assert fish_complete("rowdrag -e 'mark 1 ", cwd, binary) == []
    assert fish_complete("rowdrag --format 'csv h", cwd, binary, descriptions=True) == ["csv header=\theader=yes|no"]
    assert fish_complete("rowdrag --compare flutter,trace:ap", cwd, binary) == ["flutter,trace:app.jsonl"]
    # A setting option's parameters, as `set autoscroll` completes them; the name first,
    # with its own description.
    assert fish_complete("rowdrag --autoscroll 'linear m", cwd, binary) == ["linear max=", "linear min="]
    assert fish_complete("rowdrag --rule ha", cwd, binary, descriptions=True) == [
        "halves\tthe first row whose top half holds the snapshot's top or bottom half its bottom (Flutter)"]


def test_setting_parameters_in_bash(binary):
    """--autoscroll and --rule complete past their first word, as `set` does."""
    cwd = scratch()
    assert bash_complete(["rowdrag", "--autoscroll", "'linear m"], cwd, binary) == ["linear max=", "linear min="]
    assert bash_complete(["rowdrag", "--autoscroll", "'count c"], cwd, binary) == ["count cap=", "count clock="]
    assert bash_complete(["rowdrag", "--autoscroll", "ov"], cwd, binary) == ["overflow "]
    assert bash_complete(["rowdrag", "--paging", "'on d"], cwd, binary) == ["on delay=", "on duration="]


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
    env = shell_env(binary, TERM="dumb", HOME=cwd)
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


def test_quote_stays_open_in_bash_and_zsh(binary):
    """Readline and zsh close a quote after a single match (`-e 'move'`); the script goes
    on, so the quote stays open: a label, a command, a mark (issues 42 and 46). Each line
    is finished by hand and echoed: with the quote closed, the `'` typed would open
    another and the echo would not come."""
    cwd = lists(scratch())
    cases = [  # typed, what Tab adds, the rest typed, what echo prints
        ("rowdrag labels.txt -e 'move /butt", "er/ ", "1'", "rowdrag labels.txt -e move /butter/ 1"),
        ("rowdrag labels.txt -e 'move /eg", "gs \\(free range\\)/ ", "1'",
         "rowdrag labels.txt -e move /eggs \\(free range\\)/ 1"),
        ("rowdrag -e 'mo", "ve ", "1 2'", "rowdrag -e move 1 2"),
        ("rowdrag tasks.md -e 'mark 2 d", "one ", "'", "rowdrag tasks.md -e mark 2 done "),
        ("rowdrag --format 'csv la", "bel=", "name'", "rowdrag --format csv label=name"),
        ("rowdrag --autoscroll 'linear zo", "ne=", "150'", "rowdrag --autoscroll linear zone=150"),
    ]
    bash = pexpect.spawn("bash", ["--norc", "--noprofile", "-i"], cwd=cwd, encoding="utf-8", timeout=30,
                         dimensions=(30, 200), env=shell_env(binary, TERM="dumb", INPUTRC="/dev/null"))
    bash.sendline(f"PS1='% '; source /usr/share/bash-completion/bash_completion; source {COMPLETIONS}/rowdrag.bash")
    zsh = pexpect.spawn("zsh", ["-f", "-i"], cwd=cwd, encoding="utf-8", timeout=30, dimensions=(30, 200),
                        env=shell_env(binary, TERM="dumb", HOME=cwd))
    zsh.sendline(f"PS1='%% '; fpath=({COMPLETIONS} $fpath); autoload -U compinit; compinit -u -D; unsetopt beep")
    for child in (bash, zsh):
        child.expect("% ")
        for typed, added, rest, echoed in cases:
            child.send(typed + "\t")
            child.expect_exact(added)  # (bash rings the bell before it: two matches)
            child.send(rest)
            child.sendcontrol("a")
            child.send("echo \r")
            child.expect_exact("\n" + echoed + "\r")
            child.expect("% ")
        child.sendline("exit")
        child.expect(pexpect.EOF)
