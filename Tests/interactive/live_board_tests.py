"""The live board (--live --board, issue 20 stage 5) in a real pseudo-terminal, read
back through pyte: a card dragged across columns with the mouse while the page turns
at the screen's edge, a drop the hook refuses, Left/Right with a card lifted, a
locked card, and the recording replayed to the same bytes."""

import os
import re
import subprocess
import tempfile
import time

from live_tests import Live, ROWS, drop_write_quit, readme_block, workspace

BOARD = "## Todo\n- Write spec\n- Fix login bug\n- Ship 1.2\n## Doing\n- Review PR\n" \
        "## Done\n- Release notes done\n"
OPTIONS = ("--board", "--header", "^## ", "--lock", " done$")
# One column a screen, as before the view fitted columns to the terminal (issue 46,
# item 4): the tests of page turns need pages to turn.
ONE_COLUMN = ("--column", "screen")


def board(binary, *options, rows=ROWS, columns=80, env=None):
    home, path = workspace(BOARD)
    live = Live(binary, path, *OPTIONS, *ONE_COLUMN, *options, rows=rows, columns=columns,
                env=env)
    live.wait_for("Write spec")
    return home, path, live


def recorded_board(binary):
    """The board in a fresh workspace, opened with --record: home, path, live, record."""
    home, path, live = board(binary)
    record = os.path.join(home, "session.rowdrag")
    live.send("q")
    live.finish()
    live = Live(binary, path, *OPTIONS, *ONE_COLUMN, "--record", record)
    live.wait_for("Fix login bug")
    return home, path, live, record


def wait_until(live, check, what, seconds=5):
    end = time.time() + seconds
    while time.time() < end:
        live.pump(0.03)
        if check():
            return
    raise AssertionError(f"{what} never drawn:\n{live.text()}")


def replayed(binary, home, record):
    """The recording replayed on a fresh copy of the board, with -i: the copy's bytes."""
    # Named as the list was, so that it is read in the same format: a recording checks
    # that it replays on a list read as it was recorded (`require`).
    copy = os.path.join(home, "copy.txt")
    with open(copy, "w") as f:
        f.write(BOARD)
    result = subprocess.run([binary, *OPTIONS, "-i", "-f", record, copy], capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stderr
    printed = subprocess.run([binary, *OPTIONS, "-f", record, os.path.join(home, "list.txt")],
                             capture_output=True, text=True)
    return open(copy).read(), result, printed


def test_the_board_is_no_longer_refused_and_shows_a_column_per_page(binary):
    home, path, live = board(binary)
    assert "page 1/3 ▶" in live.line(1) and "idle" in live.line(1), live.line(1)
    assert live.line(2).startswith("== ## Todo =="), live.text()
    assert "1:1 - - Write spec" in live.line(3) and "1:3 - - Ship 1.2" in live.line(5)
    # Every line exactly the terminal's width: the picture never wraps.
    assert all(len(line) == 80 for line in live.screen.display)
    live.send("q")
    assert live.finish() == 0


def test_narrower_columns_stand_side_by_side(binary):
    home, path, live = board(binary, "--column", "120", "--spacing", "5")
    top = live.line(2)
    assert top.index("== ## Todo") < top.index("== ## Doing") < top.index("== ## Done"), top
    assert "3:1 L - Release notes d" in live.line(3), live.text()
    live.send("q")
    assert live.finish() == 0


def test_mouse_drag_to_the_right_edge_turns_the_page_and_drops_in_column_2(binary):
    home, path, live, record = recorded_board(binary)
    live.mouse("press", 4, 10)  # Fix login bug, held: lifted
    live.wait_for("lifted", 3)
    assert ">> - Fix login bug" in live.line(4), live.text()
    for column in range(15, 81, 5):
        live.mouse("motion", 4, column)
        live.pump(0.02)
    # Held at the right edge: after the dwell (0.5 s) the page turns (0.3 s), animated.
    wait_until(live, lambda: "▶▶" in live.line(1), "the dwell's ▶▶", 2)
    wait_until(live, lambda: live.line(2).startswith("== ## Doing =="), "the Doing column", 3)
    live.mouse("release", 4, 80)
    live.wait_for("idle")
    assert "page 2/3" in live.line(1) and "*" in live.line(1), live.line(1)
    assert "2:1 - - Review PR" in live.line(3), live.text()
    assert "2:2 - - Fix login bug" in live.line(4), live.text()
    live.send("w")
    live.wait_for("wrote")
    live.send("q")
    assert live.finish() == 0
    assert live.raw.endswith(b"\x1b[?1006l\x1b[?1002l\x1b[?25h\x1b[?1049l"), live.raw[-40:]
    expected = BOARD.replace("- Fix login bug\n", "").replace("- Review PR\n",
                                                              "- Review PR\n- Fix login bug\n")
    assert open(path).read() == expected, open(path).read()
    script = open(record).read()
    assert "press x=" in script and "drag x=" in script and "tick " in script, script
    copy, result, printed = replayed(binary, home, record)
    assert copy == open(path).read(), copy


def test_a_drop_the_hook_refuses_goes_back_and_says_so_on_the_message_line(binary):
    hook = 'test "$ROWDRAG_TO_TITLE" != "## Done" || { echo "Done is for finished work"; exit 1; }'
    home, path, live = board(binary, "--on-drop", hook)
    live.send(" ")  # Write spec, lifted
    live.wait_for("lifted")
    live.send("\x1b[C")  # to Doing
    wait_until(live, lambda: live.line(2).startswith("== ## Doing"), "Doing")
    live.send("\x1b[C")  # to Done
    wait_until(live, lambda: live.line(2).startswith("== ## Done"), "Done")
    assert ">> - Write spec" in live.text(), live.text()
    live.send(" ")  # refused
    live.wait_for("Done is for finished work")
    assert "the --on-drop command failed" in live.line(ROWS), live.line(ROWS)
    for line in live.screen.display[1:ROWS - 1]:
        assert "finished work" not in line, live.text()
    assert "idle" in live.line(1) and "*" not in live.line(1), live.line(1)
    # The cursor followed the card back to where it was lifted from, and the board
    # turned back to show it (issue 46, item 4).
    wait_until(live, lambda: live.line(2).startswith("== ## Todo"), "Todo")
    assert "card 1:1 of 5" in live.line(1), live.line(1)
    assert "›1:1 - - Write spec" in live.line(3), live.text()
    live.send("q")
    assert live.finish() == 0
    assert open(path).read() == BOARD
    assert b"Done is for finished work" in live.raw.split(b"\x1b[?1049l")[-1]


def test_keyboard_left_right_move_the_lifted_card_across_columns(binary):
    home, path, live, record = recorded_board(binary)
    live.send("j ")  # Fix login bug, lifted
    live.wait_for("lifted")
    live.send("\x1b[C")
    wait_until(live, lambda: live.line(2).startswith("== ## Doing") and "2:" in live.line(1)
               or "page 2/3" in live.line(1) and live.line(2).startswith("== ## Doing"), "Doing")
    assert ">> - Fix login bug" in live.text(), live.text()
    live.send("\x1b[D")  # back to Todo
    wait_until(live, lambda: live.line(2).startswith("== ## Todo"), "Todo")
    assert ">> - Fix login bug" in live.text(), live.text()
    live.send("l")  # vim's l: Doing again
    wait_until(live, lambda: live.line(2).startswith("== ## Doing"), "Doing")
    live.send(" ")
    live.wait_for("idle")
    assert "2:2 - - Fix login bug" in live.text() or "2:1 - - Fix login bug" in live.text()
    # Left/Right without a card move the cursor between columns.
    live.send("\x1b[D")
    wait_until(live, lambda: live.line(2).startswith("== ## Todo"), "Todo")
    live.send("w")
    live.wait_for("wrote")
    live.send("q")
    assert live.finish() == 0
    written = open(path).read()
    assert written.index("## Doing") < written.index("Fix login bug") < written.index("## Done")
    copy, result, printed = replayed(binary, home, record)
    assert copy == written, (copy, open(record).read())


def test_a_locked_card_cannot_be_lifted(binary):
    home, path, live = board(binary)
    live.send("G")  # the last card: Release notes done, in Done
    wait_until(live, lambda: live.line(2).startswith("== ## Done"), "Done")
    assert "›3:1 L - Release notes done" in live.line(3), live.text()
    live.send(" ")
    live.wait_for("locked")
    assert "idle" in live.line(1), live.line(1)
    live.mouse("press", 3, 10)
    live.pump(0.8)
    assert "idle" in live.line(1) and "locked" in live.line(ROWS), live.text()
    live.send("q")
    assert live.finish() == 0


def test_cards_of_several_lines_and_tabs_are_drawn_whole(binary):
    """FORMATS.md §5 (r2): a card of n lines covers n lines, each with its text (no
    blank continuation lines), and a tab (Obsidian indents sub-tasks with tabs) is
    spaces to the next multiple of 8 from where the card's text starts, not a `?`; the
    floating card shows its lines too."""
    home = tempfile.mkdtemp(prefix="rowdrag-live-")
    path = os.path.join(home, "kanban.md")
    with open(path, "w") as f:
        f.write("## Todo\n\n- [ ] card\n\t- [ ] sub\n\t\t- [ ] deeper\n- [ ] next\n\n"
                "## Done\n\n- [x] one\n  - two\n  - three\n")
    live = Live(binary, path, "--board", "--column", "180", "--spacing", "5", columns=80)
    live.wait_for("card")
    screen = live.screen.display
    card = next(k for k, line in enumerate(screen) if "1:1 - - [ ] card" in line)
    # The label starts after ` 1:1 - ` (column 7); the tab stops count from there.
    assert screen[card + 1].startswith(" " * 7 + " " * 8 + "- [ ] sub"), live.text()
    assert screen[card + 2].startswith(" " * 7 + " " * 16 + "- [ ] deeper"), live.text()
    assert "1:2 - - [ ] next" in screen[card + 3], live.text()
    assert "?" not in "".join(screen[card:card + 3]), live.text()
    # Done, side by side: a card of three lines, each with its text.
    done = screen[card].index(" 2:1 - - [x] one")
    assert screen[card + 1][done:].startswith(" " * 9 + "- two"), live.text()
    assert screen[card + 2][done:].startswith(" " * 9 + "- three"), live.text()
    # Lifted, the floating card carries its lines.
    live.send(" ")
    live.wait_for("lifted")
    live.pump(0.3)
    lines = [line.split("│")[0].rstrip() for line in live.screen.display if line.startswith(">>")]
    assert lines[:3] == [">> - [ ] card", ">>         - [ ] sub", ">>                 - [ ] deeper"], \
        live.text()
    live.send("\x1b")
    live.send("q")
    assert live.finish() == 0


def test_live_with_the_board_on_from_the_shell(binary):
    import pexpect
    import repl_tests

    home, path = workspace(BOARD)
    inputrc = os.path.join(home, "inputrc")
    with open(inputrc, "w") as f:
        f.write("set enable-bracketed-paste off\nset bell-style none\n")
    env = dict(os.environ, TERM="xterm", NO_COLOR="1", HOME=home, INPUTRC=inputrc,
               XDG_STATE_HOME=os.path.join(home, "state"))
    env.pop("ROWDRAG_HISTORY", None)
    child = pexpect.spawn(binary, [*OPTIONS, path], cwd=home, env=env, dimensions=(24, 80),
                          timeout=10, encoding="utf-8")
    child.expect(repl_tests.PROMPT)
    child.sendline("live")
    child.expect_exact("\x1b[?1049h")
    child.expect("Write spec")
    child.send(" ")
    child.send("\x1b[C")
    child.expect(r"card 2:\d")  # in Doing, which the fitted board shows beside Todo
    child.send(" ")
    child.send("q")
    child.expect_exact("\x1b[?1049l")
    child.expect(repl_tests.PROMPT)
    out = repl_tests.command(child, "list")
    assert "2:2\t-\t- Write spec" in out or "2:1\t-\t- Write spec" in out, out
    child.sendline("quit!")
    child.expect(pexpect.EOF)


def readme_screen(binary):
    """The live board of examples/board.md in a 90x12 terminal, its columns fitted to
    the width, while `Fix login bug` is carried into Doing with Space and Right: the
    picture in the README's board section."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    home, path = workspace(open(os.path.join(root, "examples", "board.md")).read())
    live = Live(binary, path, *OPTIONS, rows=12, columns=90)
    live.wait_for("Fix login bug")
    live.send("j ")
    live.wait_for("lifted")
    live.send("\x1b[C")
    live.wait_for("2:1 - - Review PR")
    live.pump(0.5)
    picture = "\n".join(line.rstrip() for line in live.screen.display)
    live.send("\x1b")  # put it back
    live.send("q")
    live.finish()
    return picture


def test_the_readme_shows_the_live_board_as_it_is(binary):
    shown = readme_block("live board screen")
    assert shown.rstrip("\n") == readme_screen(binary), (
        "README's live board screen is out of date; print it with "
        "python3 Tests/interactive/live_board_tests.py --readme-screen BINARY")


def test_the_board_fits_as_many_columns_as_the_terminal_holds(binary):
    """Issue 46, item 4: without --column, the view fits columns of about 30
    characters side by side (two in 80 columns, all three in 100, one in 50); a card
    carried by the keys is drawn on its slot; the status names it C:R; the recording
    says the width it ran with, so it replays to the same bytes."""
    for columns, shown in ((50, 1), (80, 2), (100, 3), (160, 3)):
        home, path = workspace(BOARD)
        live = Live(binary, path, *OPTIONS, columns=columns)
        live.wait_for("Write spec")
        titles = [t for t in ("## Todo", "## Doing", "## Done") if t in live.line(2)]
        assert len(titles) == shown, (columns, live.line(2))
        assert "card 1:1 of 5" in live.line(1), live.line(1)
        live.send("q")
        assert live.finish() == 0
    home, path = workspace(BOARD)
    record = os.path.join(home, "session.rowdrag")
    live = Live(binary, path, *OPTIONS, "--record", record, columns=100)
    live.wait_for("Write spec")
    live.send("jj ")  # Ship 1.2, lifted from the third line of Todo
    live.wait_for("lifted")
    live.send("\x1b[C")  # into Doing, whose one card leaves the slot on the second line
    wait_until(live, lambda: "card 2:2 of 5" in live.line(1), "card 2:2")
    slot = next(i for i, line in enumerate(live.screen.display) if ">> - Ship 1.2" in line)
    assert "2:1 - - Review PR" in live.screen.display[slot - 1], live.text()
    live.send(" ")
    live.wait_for("idle")
    assert "2:2 - - Ship 1.2" in live.screen.display[slot], live.text()
    live.send("w")
    live.wait_for("wrote")
    live.send("q")
    assert live.finish() == 0
    script = open(record).read()
    assert "set column 125\n" in script, script
    copy, result, printed = replayed(binary, home, record)
    assert copy == open(path).read() == BOARD.replace("- Ship 1.2\n", "").replace(
        "- Review PR\n", "- Review PR\n- Ship 1.2\n"), copy


def test_holding_a_card_at_the_bottom_edge_scrolls_its_column(binary):
    cards = "".join(f"- card {k}\n" for k in range(1, 41))
    home, path = workspace("## Long\n" + cards + "## Short\n- other\n")
    live = Live(binary, path, "--board", "--header", "^## ")
    live.wait_for("card 1")
    live.mouse("press", 3, 10)  # card 1
    live.wait_for("lifted", 3)
    for row in range(4, ROWS):
        live.mouse("motion", row, 10)
        live.pump(0.02)
    live.pump(1.5)
    # The column scrolled under the held card: its first cards are gone from the top.
    assert "1:2 - - card 2" not in live.text(), live.text()
    assert ">> - card 1" in live.text(), live.text()
    live.mouse("release", ROWS - 1, 10)
    live.wait_for("idle")
    live.send("w")
    live.wait_for("wrote")
    live.send("q")
    assert live.finish() == 0
    written = open(path).read().splitlines()
    assert written.index("- card 1") > 10, written
    assert written.index("## Short") > written.index("- card 1"), written


def test_a_terminal_that_is_not_utf8_gets_an_ascii_board(binary):
    home, path = workspace(BOARD)
    live = Live(binary, path, *OPTIONS, "--column", "120", env={"LANG": "C", "LC_ALL": "C"})
    live.wait_for("Write spec")
    live.send(" \x1b[C")
    live.wait_for("lifted")
    live.pump(0.3)
    live.send("\x1b")
    live.pump(0.3)
    assert all(b < 0x80 for b in live.raw), [hex(b) for b in live.raw if b >= 0x80][:8]
    assert all(len(line) == 80 for line in live.screen.display)
    assert "?" not in "".join(live.screen.display[1:-1]), live.text()
    live.send("q")
    assert live.finish() == 0


def test_mouse_drag_to_the_left_edge_turns_the_page_back(binary):
    home, path, live = board(binary)
    live.send("\x1b[C")  # the cursor to Doing: the board pages there
    wait_until(live, lambda: live.line(2).startswith("== ## Doing"), "Doing")
    live.mouse("press", 3, 40)  # Review PR
    live.wait_for("lifted", 3)
    for column in range(35, 0, -5):
        live.mouse("motion", 3, column)
        live.pump(0.02)
    live.mouse("motion", 3, 1)
    wait_until(live, lambda: live.line(2).startswith("== ## Todo"), "the Todo column", 3)
    live.mouse("release", 3, 1)
    live.wait_for("idle")
    assert "page 1/3" in live.line(1), live.line(1)
    assert "Review PR" in live.text(), live.text()
    live.send("w")
    live.wait_for("wrote")
    live.send("q")
    assert live.finish() == 0
    written = open(path).read()
    assert written.index("Review PR") < written.index("## Doing"), written


def test_shift_down_selects_cards_of_a_column_space_lifts_them_and_right_moves_them_as_one(binary):
    """Ranges on the live board (issue 23, SPEC §10): Shift+Down selects cards of one
    column (marked +), Space lifts them as one block drawn card by card, Right takes the
    block to the next column, Space drops it there; the file and the replay agree."""
    home, path, live, record = recorded_board(binary)
    live.send("\x1b[1;2B")  # Write spec and Fix login bug
    live.wait_for("2 rows selected")
    assert " +1:1 - - Write spec" in live.text() and "›+1:2 - - Fix login bug" in live.text(), \
        live.text()
    live.send("\x1b[1;2B")
    live.wait_for("3 rows selected")
    live.send("\x1b[1;2B")  # Ship 1.2 is the column's last card: no further
    live.wait_for("a selection stays within one column")
    live.send(" ")
    live.wait_for("lifted 3 rows")
    for label in ("Write spec", "Fix login bug", "Ship 1.2"):
        assert ">> - " + label in live.text(), live.text()
    live.send("\x1b[C")
    wait_until(live, lambda: live.line(2).startswith("== ## Doing"), "Doing")
    written = drop_write_quit(live, path)
    doing = written[written.index("## Doing"):written.index("## Done")]
    assert "- Write spec\n- Fix login bug\n- Ship 1.2\n" in doing, written
    assert written.startswith("## Todo\n## Doing\n"), written
    assert "press 1,3" in open(record).read(), open(record).read()
    copy, result, printed = replayed(binary, home, record)
    assert copy == written, (copy, open(record).read())


def test_a_selection_pressed_with_the_mouse_follows_the_pointer_across_columns(binary):
    """Issue 45 item 2: a long press on a selected card holds the selection at the pointer
    (`press 1,2 x=… y=…`, the finger at the pointer in both axes), so dragging to the right
    edge turns the page and the block lands in Doing. The view held the block at its
    centre and then dragged by y alone, so the pointer's x was lost."""
    home, path, live, record = recorded_board(binary)
    live.send("\x1b[1;2B")  # Write spec and Fix login bug
    live.wait_for("2 rows selected")
    live.mouse("press", 4, 10)  # on Fix login bug, a selected card
    live.wait_for("lifted 2 rows", 3)
    for column in range(15, 81, 5):
        live.mouse("motion", 4, column)
        live.pump(0.02)
    wait_until(live, lambda: live.line(2).startswith("== ## Doing =="), "the Doing column", 4)
    live.mouse("release", 4, 80)
    live.wait_for("idle")
    written = drop_write_quit_mouse(live, path)
    doing = written[written.index("## Doing"):written.index("## Done")]
    assert "- Write spec\n- Fix login bug\n" in doing, written
    script = open(record).read()
    assert re.search(r"\npress 1,2 x=\S+ y=\S+\n", script), script
    copy, result, printed = replayed(binary, home, record)
    assert copy == written, (copy, script)


def drop_write_quit_mouse(live, path):
    """After a mouse drop: w writes, q quits; the file's text."""
    live.send("w")
    live.wait_for("wrote")
    live.send("q")
    assert live.finish() == 0
    return open(path).read()


if __name__ == "__main__":
    import sys

    if sys.argv[1:2] == ["--readme-screen"]:
        print(readme_screen(os.path.abspath(sys.argv[2])))
