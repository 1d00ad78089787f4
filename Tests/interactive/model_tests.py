"""The binary against model.py, an independent reading of SPEC.md: random lists (text,
nested JSON arrays, titled JSON sections with mixed heights and flags) and random
scripts; every `state` line and the final order must agree."""

import json
import os
import random
import subprocess
import tempfile

from model import Model

SCRIPTS = int(os.environ.get("MODEL_SCRIPTS", "150"))
COMMANDS = 60


def random_list(rng):
    """Returns (file text, file suffix, model sections, model heights, flags)."""
    kind = rng.choice(["text", "nested", "titled"])
    count = rng.randint(0, 30)
    if kind == "text":
        return "".join("r%d\n" % i for i in range(count)), ".txt", [(False, list(range(count)))], {}, {}
    sections, heights, flags, doc = [], {}, {}, []
    rid = 0
    for s in range(rng.randint(1, 4)):
        rows, elements = [], []
        for _ in range(rng.randint(0, 8)):
            element = {"title": "r%d" % rid}
            if rng.random() < 0.4:
                element["height"] = rng.choice([20, 44, 60, 100, 13.5, 250])
                heights[rid] = float(element["height"])
            roll = rng.random()
            if roll < 0.08:
                element["locked"] = True
                flags[rid] = "L"
            elif roll < 0.14:
                element["pinned"] = True
                flags[rid] = "P"
            elements.append(element)
            rows.append(rid)
            rid += 1
        sections.append((kind == "titled", rows))
        doc.append(("S%d" % s, elements))
    if kind == "titled":
        text = json.dumps(dict(doc) if len({k for k, _ in doc}) == len(doc) else {}, indent=1)
    else:
        text = json.dumps([elements for _, elements in doc])
    return text + "\n", ".json", sections, heights, flags


def random_command(rng, n):
    y = lambda: rng.choice([rng.randint(-50, 650), rng.randint(0, 600) + 0.5])
    pick = rng.random()
    row = rng.randint(0, n + 1)
    if pick < 0.14:
        return "press %d" % row
    if pick < 0.22:
        return "press y=%s" % y()
    if pick < 0.36:
        return "drag y=%s" % y()
    if pick < 0.44:
        return "drag %+d" % rng.randint(-200, 200)
    if pick < 0.48:
        return "drag %d" % max(1, row)
    if pick < 0.62:
        return "tick %d" % rng.randint(0, 40)
    if pick < 0.70:
        return "release"
    if pick < 0.73:
        return "cancel"
    if pick < 0.78:
        return "move %d %d" % (row, rng.randint(0, n + 1))
    if pick < 0.81:
        return rng.choice(["undo", "redo"])
    if pick < 0.84:
        return "%s %d" % (rng.choice(["lock", "pin", "unlock"]), row)
    if pick < 0.87:
        return "scroll %+d" % rng.randint(-300, 300)
    choices = [
        "set rule edge", "set rule midpoint", "set rule under", "set sections cross", "set sections keep", "set grab keep",
        "set grab center", "set hold 0", "set hold 0.1", "set fps 60", "set fps 120", "set autoscroll linear",
        "set autoscroll linear zone=150", "set autoscroll fixed", "set autoscroll rate", "set autoscroll off",
        "set viewport 300", "set viewport 600", "set inset 20 10", "set inset 0 0",
    ]
    return rng.choice(choices)


def compare(binary, seed):
    rng = random.Random(seed)
    text, suffix, sections, heights, flags = random_list(rng)
    model = Model(sections, heights)
    model.flags = dict(flags)
    n = sum(len(rows) for _, rows in sections)
    commands = [random_command(rng, n) for _ in range(COMMANDS)]
    path = os.path.join(tempfile.mkdtemp(prefix="rowdrag-model-"), "list" + suffix)
    with open(path, "w") as f:
        f.write(text)
    script = "".join("%s\nstate\n" % c for c in commands) + "list\n"
    out = subprocess.run([binary, "-n", "--keep-going", "-e", script, path], capture_output=True, text=True)
    lines = out.stdout.splitlines()
    states, listing = lines[:COMMANDS], lines[COMMANDS:]
    for k, command in enumerate(commands):
        model.run(command)
        expected = model.state()
        if states[k] != expected:
            history = "\n".join(commands[: k + 1])
            raise AssertionError(f"seed {seed}, command {k + 1} '{command}':\n binary {states[k]}\n model  {expected}"
                                 f"\nscript:\n{history}\nlist:\n{text}")
    labels = [line.split("\t")[2] for line in listing]
    assert labels == ["r%d" % rid for rid in model.order()], f"seed {seed}: final order {labels} vs {model.order()}"


def test_binary_agrees_with_the_model(binary):
    for seed in range(SCRIPTS):
        compare(binary, seed)
