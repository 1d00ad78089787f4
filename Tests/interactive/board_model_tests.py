"""The binary in board mode against board_model.py, an independent reading of BOARD.md:
random boards (Markdown and JSON, titled columns, mixed heights, locked and pinned
cards) and random scripts; every `state` line and the final order must agree."""

import json
import random

from board_model import Board
from model_tests import SCRIPTS, agree

COMMANDS = 80


def random_board(rng):
    """(file text, suffix, columns, heights, flags, extra options)."""
    columns, heights, flags, doc = [], {}, {}, []
    rid = 0
    json_list = rng.random() < 0.5
    for c in range(rng.randint(1, 4)):
        rows, elements = [], []
        for _ in range(rng.choice([0, 1, 3, 6, 20])):
            element = {"title": "r%d" % rid}
            if json_list and rng.random() < 0.3:
                element["height"] = rng.choice([20, 60, 100])
                heights[rid] = float(element["height"])
            roll = rng.random()
            if roll < 0.06:
                element["locked"] = True
                flags[rid] = "L"
            elif json_list and roll < 0.1:
                element["pinned"] = True
                flags[rid] = "P"
            elements.append(element)
            rows.append(rid)
            rid += 1
        columns.append((True, rows))
        doc.append(("C%d" % c, elements))
    if json_list:
        return json.dumps(dict(doc), indent=1) + "\n", ".json", columns, heights, flags, []
    text = "".join("## C%d\n" % c + "".join(
        ("r%d done\n" if flags.get(r) == "L" else "r%d\n") % r for r in rows) for c, (_, rows) in enumerate(columns))
    # .txt: a .md name is read as Markdown (FORMATS.md §1.4), where these lines are no items.
    return text, ".txt", columns, heights, flags, ["--header", "^## ", "--lock", " done$"]


def random_command(rng, board):
    ncols = len(board.cols)
    pick = rng.random()
    if pick < 0.12:
        c = rng.randint(1, ncols)
        return "press %d:%d" % (c, rng.randint(1, max(1, len(board.cols[c - 1][1]))))
    if pick < 0.17:
        return "press x=%d y=%d" % (rng.randint(-5, 380), rng.randint(0, 300))
    if pick < 0.20:
        return "press y=%d" % rng.randint(0, 300)
    if pick < 0.36:
        x = rng.choice([rng.randint(0, 374), rng.randint(340, 380), rng.randint(-10, 30)])
        return "drag x=%d y=%s" % (x, rng.choice([rng.randint(0, 600), rng.randint(560, 620)]))
    if pick < 0.42:
        return "drag x=%d" % rng.choice([rng.randint(340, 390), rng.randint(-10, 40), rng.randint(0, 374)])
    if pick < 0.48:
        return "drag %+d" % rng.randint(-80, 80)
    if pick < 0.52:
        return "drag %+d %+d" % (rng.randint(-40, 40), rng.randint(-40, 40))
    if pick < 0.72:
        return "tick %d" % rng.choice([1, 5, 29, 30, 40, rng.randint(0, 90)])
    if pick < 0.78:
        return rng.choice(["release", "release", "cancel"])
    if pick < 0.82:
        return rng.choice(["undo", "redo", "reject"])
    if pick < 0.86:
        return "page %s" % rng.choice(["next", "prev", "$", "1", "2", "3"])
    return rng.choice(["set rule edge", "set rule midpoint", "set rule under", "set sections keep",
                       "set sections cross", "set grab center", "set grab keep", "set hold 0", "set hold 0.1",
                       "set column 300", "set column screen", "set spacing 10", "set spacing 0",
                       "set paging off", "set paging on"])


def compare(binary, seed):
    rng = random.Random(seed)
    text, suffix, columns, heights, flags, options = random_board(rng)
    board = Board(columns, heights, flags)
    commands = []
    for _ in range(COMMANDS):
        commands.append(random_command(rng, board))
        board.run(commands[-1])  # only to aim the next command; replayed below
    model = Board(columns, heights, flags)
    agree(binary, "board seed %d" % seed, text, suffix, commands, model, ["--board", *options], label_field=3)


def test_binary_agrees_with_the_board_model(binary):
    for seed in range(SCRIPTS):
        compare(binary, seed)


def random_range_command(rng, board):
    """random_command's mix, or a press of a range of one column (SPEC §10)."""
    if rng.random() >= 0.12:
        return random_command(rng, board)
    c = rng.randint(1, len(board.cols))
    r = rng.randint(1, max(1, len(board.cols[c - 1][1])))
    return "press %d:%d,%d:%d" % (c, r, c, r + rng.choice([0, 1, 2, 3, 6]))


def compare_ranges(binary, seed):
    rng = random.Random(30_000 + seed)
    text, suffix, columns, heights, flags, options = random_board(rng)
    board = Board(columns, heights, flags)
    commands = []
    for _ in range(COMMANDS):
        commands.append(random_range_command(rng, board))
        board.run(commands[-1])  # only to aim the next command; replayed below
    model = Board(columns, heights, flags)
    agree(binary, "board ranges seed %d" % seed, text, suffix, commands, model, ["--board", *options],
          label_field=3)


def test_binary_agrees_with_the_board_model_on_ranges(binary):
    for seed in range(SCRIPTS):
        compare_ranges(binary, seed)
