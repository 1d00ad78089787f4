"""Commands through pipes run as their lines arrive: a program holds a conversation with
rowdrag (Popen with pipes, no terminal; a bash coproc), reading each answer before it
sends the next command. Every read has a deadline, so a rowdrag that waits for the end
of its input before answering fails the test instead of hanging it."""

import json
import os
import select
import subprocess
import tempfile
import time

DEADLINE = 10  # seconds for one answer: a deadlock, not a slow machine


class Conversation:
    """rowdrag on pipes; `ask` sends one line and reads the answer's lines."""

    def __init__(self, argv):
        self.process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE)
        self.pending = b""

    def send(self, line):
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()

    def read_line(self):
        end = time.monotonic() + DEADLINE
        while b"\n" not in self.pending:
            left = end - time.monotonic()
            ready, _, _ = select.select([self.process.stdout], [], [], max(0, left))
            if not ready:
                self.process.kill()
                raise AssertionError(f"no answer within {DEADLINE} s: rowdrag waits for more input")
            chunk = os.read(self.process.stdout.fileno(), 65536)
            if not chunk:
                raise AssertionError(f"rowdrag ended: {self.process.stderr.read().decode()}")
            self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        return line.decode()

    def ask(self, line, lines=1):
        self.send(line)
        return [self.read_line() for _ in range(lines)]

    def close(self):
        self.process.stdin.close()
        rest = self.process.stdout.read()
        err = self.process.stderr.read().decode()
        return self.process.wait(timeout=DEADLINE), self.pending + rest, err


def rows_file(work, count=30):
    path = os.path.join(work, "rows.txt")
    with open(path, "w") as f:
        f.write("".join(f"row {i}\n" for i in range(1, count + 1)))
    return path


def test_python_conversation_over_pipes(binary):
    with tempfile.TemporaryDirectory() as work:
        talk = Conversation([binary, "-n", rows_file(work)])
        talk.send("press 3")
        state = json.loads(talk.ask("state")[0])
        assert state["phase"] == "lifted" and state["lifted"]["row"] == 3, state
        # Decide from the answer: down to the bottom edge, one frame at a time, until the
        # list has scrolled; each answer is read before the next command goes.
        talk.send("drag y=590")
        frames = 0
        while state["offset"] == 0:
            talk.send("tick 1")
            state = json.loads(talk.ask("state")[0])
            frames += 1
            assert frames < 100, state
        assert state["lifted"]["row"] > 3, state
        talk.send("release")
        listing = talk.ask("list", lines=state["rows"])
        labels = [line.split("\t")[2] for line in listing]
        assert sorted(labels) == sorted(f"row {i}" for i in range(1, 31)), labels
        assert labels.index("row 3") == state["lifted"]["row"] - 1, labels
        status, rest, err = talk.close()
        assert (status, rest, err) == (0, b"", ""), (status, rest, err)


def test_verbose_conversation_hears_each_change(binary):
    """Issue 46, item 7: with --verbose a program knows a move, a drop, a mark and a
    write took from the line each prints, read before the next command is sent, without
    asking `state`; `set verbose off` ends the lines, `get verbose` says which."""
    with tempfile.TemporaryDirectory() as work:
        path = rows_file(work, 5)
        talk = Conversation([binary, "-n", "--verbose", path])
        assert talk.ask("move 3 1") == ["moved 3 → 1"]
        assert talk.ask("press 1; drag +60; tick 1; release") == ["moved 1 → 2"]
        assert talk.ask("move 4,5 1") == ["moved 4,5 → 1,2"]
        out = os.path.join(work, "out.txt")
        assert talk.ask(f"write {out}") == [f"wrote 5 rows to {out}"]
        talk.send("set verbose off")
        talk.send("move 1 2")
        assert talk.ask("get verbose") == ["off"]  # the move said nothing
        status, rest, err = talk.close()
        assert (status, rest, err) == (0, b"", ""), (status, rest, err)
    todo = subprocess.run([binary, "-v", "--format", "todo", "-e", "mark 1,2 fixup"],
                          input="pick a1 A\npick b2 B\n", capture_output=True, text=True)
    assert todo.stdout == "marked 1,2 fixup\nfixup a1 A\nfixup b2 B\n", todo


def test_streamed_error_stops_with_status_1(binary):
    with tempfile.TemporaryDirectory() as work:
        talk = Conversation([binary, "-n", rows_file(work)])
        assert json.loads(talk.ask("state")[0])["phase"] == "idle"
        talk.send("prss 2")
        status = talk.process.wait(timeout=DEADLINE)  # stops without waiting for the end
        assert status == 1, status
        assert "<stdin>:2: prss: unknown command" in talk.process.stderr.read().decode()
        talk.process.stdin.close()
        # --keep-going goes on, and exits 1 at the end.
        talk = Conversation([binary, "-n", "--keep-going", rows_file(work)])
        talk.send("prss 2")
        assert json.loads(talk.ask("state")[0])["phase"] == "idle"
        status, _, err = talk.close()
        assert status == 1 and "<stdin>:1: prss" in err, (status, err)


def test_fifo_script_runs_as_it_arrives(binary):
    with tempfile.TemporaryDirectory() as work:
        fifo = os.path.join(work, "commands")
        os.mkfifo(fifo)
        talk = Conversation([binary, "-n", "-f", fifo, rows_file(work)])
        with open(fifo, "w") as commands:
            commands.write("press 2\nstate\n")
            commands.flush()
            assert json.loads(talk.read_line())["lifted"]["row"] == 2
            commands.write("drag +44\nrelease\nstate\n")
            commands.flush()
            assert json.loads(talk.read_line())["phase"] == "idle"
        status, rest, err = talk.close()
        assert (status, rest, err) == (0, b"", ""), (status, rest, err)


def test_bash_coproc_conversation(binary):
    with tempfile.TemporaryDirectory() as work:
        script = r"""
        set -euo pipefail
        coproc ROWDRAG { "$BINARY" -n "$LIST"; }
        pid=$ROWDRAG_PID  # bash unsets ROWDRAG_PID once it reaps the coproc
        ask() {  # one command, one answer line, with a deadline
          echo "$1" >&"${ROWDRAG[1]}"
          IFS= read -r -t 10 answer <&"${ROWDRAG[0]}" || { echo "deadlock on '$1'" >&2; exit 9; }
        }
        echo 'press 3' >&"${ROWDRAG[1]}"
        ask state
        [[ $answer =~ \"rows\":([0-9]+) ]] && rows=${BASH_REMATCH[1]}
        [[ $answer =~ \"row\":([0-9]+) ]] && row=${BASH_REMATCH[1]}
        if (( row + 2 <= rows )); then step=+88; else step=-88; fi
        echo "drag $step" >&"${ROWDRAG[1]}"
        ask state
        echo "$answer"
        echo release >&"${ROWDRAG[1]}"
        echo list >&"${ROWDRAG[1]}"
        for (( i = 0; i < rows; i++ )); do
          IFS= read -r -t 10 line <&"${ROWDRAG[0]}" || { echo "deadlock on list" >&2; exit 9; }
          echo "$line"
        done
        exec {ROWDRAG[1]}>&-
        wait "$pid"
        """
        env = dict(os.environ, BINARY=binary, LIST=rows_file(work, 8))
        out = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out
        lines = out.stdout.splitlines()
        assert json.loads(lines[0])["lifted"]["row"] == 5, lines
        assert [line.split("\t")[2] for line in lines[1:]] == [
            "row 1", "row 2", "row 4", "row 5", "row 3", "row 6", "row 7", "row 8"], lines


def test_terminal_script_runs_as_typed(binary):
    """`-f -` on a terminal: each typed line runs at once (no shell, no prompt)."""
    import pexpect

    with tempfile.TemporaryDirectory() as work:
        child = pexpect.spawn(binary, ["-n", "-f", "-", rows_file(work)], encoding="utf-8",
                              timeout=DEADLINE)
        child.sendline("press 2")
        child.sendline("state")
        child.expect(r'"phase":"lifted","rows":30,"lifted":\{"row":2,')
        child.sendline("drag +44")
        child.sendline("release")
        child.sendline("list")
        child.expect(r" 2\t-\trow 3\r\n +3\t-\trow 2\r\n")
        child.sendeof()
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0, child.exitstatus


def test_list_is_one_line_a_row_with_section_lines_over_pipes(binary):
    """FORMATS.md §5 (r2): a program reading `list` a line at a time stays in step even
    when a label holds a newline (a CSV `label=` field, a JSON string), and tells the
    section lines (`S:`) from the rows; a section named by its header takes a move."""
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, "notes.json")
        with open(path, "w") as f:
            f.write('{"Todo": ["call\\nmum", "pay\\rrent"], "Done": ["file taxes"]}\n')
        talk = Conversation([binary, "-n", path])
        state = json.loads(talk.ask("state")[0])
        # Two rows and a section line a section: exactly five lines, then the next answer.
        listing = talk.ask("list", lines=state["rows"] + 2)
        assert listing == ["    1:\t#\tTodo", "     1\t-\tcall\\nmum", "     2\t-\tpay\\rrent",
                           "    2:\t#\tDone", "     3\t-\tfile taxes"], listing
        talk.send("move /call/ /Done/:$")
        assert json.loads(talk.ask("state")[0])["dirty"] is True
        assert talk.ask("list /Done/:1,/Done/:$", lines=3) == [
            "    2:\t#\tDone", "     2\t-\tfile taxes", "     3\t-\tcall\\nmum"]
        # The CSV reading of a quoted field across lines, as the issue showed it.
        csv = os.path.join(work, "n.csv")
        with open(csv, "w") as f:
            f.write('name,note\n"a","x\ny"\nb,z\n')
        other = Conversation([binary, "-n", "--format", "csv label=note", csv])
        assert other.ask("list", lines=2) == ["     1\t-\tx\\ny", "     2\t-\tz"]
        assert json.loads(other.ask("state")[0])["rows"] == 2
        for conversation in (talk, other):
            status, rest, err = conversation.close()
            assert (status, rest, err) == (0, b"", ""), (status, rest, err)
