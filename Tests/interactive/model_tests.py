"""The binary against model.py, an independent reading of SPEC.md and of the behaviour
catalogue: random lists (text, nested JSON arrays, titled JSON sections with mixed
heights and flags) and random scripts with random presets, laws, keys and rules;
every `state` line and the final order must agree."""

import json
import os
import random
import subprocess
import tempfile

import catalogue
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
    if pick < 0.90:
        return "set preset %s" % rng.choice(sorted(catalogue.PRESETS))
    if pick < 0.93:
        return "set autoscroll " + random_autoscroll(rng)
    choices = [
        "set rule edge", "set rule midpoint", "set rule under", "set rule under end=1", "set rule under visible=1 end=1", "set rule under open=1",
        "set rule under every=50", "set rule under every=8.5", "set rule under every=0",
        "set rule under shadow=1", "set rule under shadow=1 every=50 end=1", "set rule under shadow=1 open=1",
        "set rule under visible=1", "set rule nearest", "set rule far",
        "set rule guarded", "set rule intersect", "set rule overlap", "set rule drop", "set rule halves", "set rule itemview",
        "set sections cross", "set sections keep", "set grab keep", "set grab center", "set grab press", "set hold 0", "set hold 0.1", "set fps 60",
        "set fps 120", "set autoscroll linear", "set autoscroll linear zone=150", "set autoscroll fixed",
        "set autoscroll rate", "set autoscroll off", "set viewport 300", "set viewport 600", "set inset 20 10",
        "set inset 0 0", "set slop 0", "set slop 10", "set distance 0", "set distance 5", "set start armed", "set start first", "set reveal 0.3",
        "set reveal 0.5 coarse", "set reveal off", "set clamp none",
        "set clamp inset",
    ]
    return rng.choice(choices)


def random_autoscroll(rng):
    """A law with random keys, as `set autoscroll` takes them (some the binary refuses)."""
    law = rng.choice(sorted(catalogue.LAWS))
    words = [law]
    values = {
        "clock": ["frame", "step", "move", "timer:5", "timer:20", "timer:1000/60", "timer:50"],
        "sample": ["frame", "move"], "point": ["center", "finger", "edge"],
        "edges": ["view", "inset", "top-inset", "pixel"], "zone": ["0", "30", "0.25v", "v/6", "0.5h+6", "2h-10"],
        "order": ["top", "bottom", "closer"], "test": ["lt", "le"], "gate": ["none", "net", "intent", "inside"],
        "restart": ["dir", "drag"], "round": ["none", "ceil", "trunc"], "damp": ["none", "360:1200", "0:100"],
        "range": ["content", "helper"], "lift": ["none", "drag"], "rows": ["live", "cached"],
        "rearm": ["none", "30", "7.5", "100"], "latch": ["none", "30", "7.5", "100"],
        "expiry": ["exact", "coarse"],
    }
    for key in catalogue.KEY_ORDER:
        if rng.random() < 0.3:
            words.append("%s=%s" % (key, rng.choice(values[key])))
    return " ".join(words)


def agree(binary, what, text, suffix, commands, model, options=(), label_field=2):
    """Runs `commands` over `text` with a `state` after each and a `list` at the end;
    every state line and the final order must be the model's."""
    path = os.path.join(tempfile.mkdtemp(prefix="rowdrag-model-"), "list" + suffix)
    with open(path, "w") as f:
        f.write(text)
    script = "".join("%s\nstate\n" % c for c in commands) + "list\n"
    out = subprocess.run([binary, *options, "-n", "--keep-going", "-e", script, path], capture_output=True,
                         text=True)
    lines = out.stdout.splitlines()
    states, listing = lines[: len(commands)], lines[len(commands):]
    for k, command in enumerate(commands):
        model.run(command)
        expected = model.state()
        if states[k] != expected:
            history = "\n".join(commands[: k + 1])
            raise AssertionError(f"{what}, command {k + 1} '{command}':\n binary {states[k]}\n model  {expected}"
                                 f"\nscript:\n{history}\nlist:\n{text}")
    # A section's line (`S:`, FORMATS.md §5) names no row.
    labels = [line.split("\t")[label_field].split(" ")[0] for line in listing
              if not line.split("\t")[0].endswith(":")]
    assert labels == ["r%d" % rid for rid in model.order()], f"{what}: final order {labels} vs {model.order()}"


def compare(binary, seed):
    rng = random.Random(seed)
    text, suffix, sections, heights, flags = random_list(rng)
    model = Model(sections, heights)
    model.flags = dict(flags)
    n = sum(len(rows) for _, rows in sections)
    commands = [random_command(rng, n) for _ in range(COMMANDS)]
    agree(binary, "seed %d" % seed, text, suffix, commands, model)


def test_binary_agrees_with_the_model(binary):
    for seed in range(SCRIPTS):
        compare(binary, seed)


def long_list(rng):
    """A list long enough to scroll: text lines, or titled JSON sections with mixed
    heights and some pinned rows."""
    if rng.random() < 0.5:
        count = rng.randint(20, 120)
        return "".join("r%d\n" % i for i in range(count)), ".txt", [(False, list(range(count)))], {}, {}
    sections, heights, flags, doc, rid = [], {}, {}, [], 0
    for s in range(rng.randint(1, 4)):
        rows, elements = [], []
        for _ in range(rng.randint(0, 30)):
            element = {"title": "r%d" % rid}
            if rng.random() < 0.3:
                element["height"] = rng.choice([20, 60, 100, 13.5])
                heights[rid] = float(element["height"])
            if rng.random() < 0.04:
                element["pinned"] = True
                flags[rid] = "P"
            elements.append(element)
            rows.append(rid)
            rid += 1
        sections.append((True, rows))
        doc.append(("S%d" % s, elements))
    return json.dumps(dict(doc), indent=1) + "\n", ".json", sections, heights, flags


def random_gesture(rng, n, V):
    """One gesture that lifts a row and keeps it near the edges, where the presets differ:
    press, wait out any hold (or drag past any drag distance), then drags and ticks."""
    commands = ["press %d" % rng.randint(1, max(1, n))]
    commands.append(rng.choice(["tick 40", "tick 40", "drag +12", "tick %d" % rng.randint(0, 40)]))
    for _ in range(rng.randint(2, 10)):
        pick = rng.random()
        if pick < 0.4:
            y = rng.choice([rng.uniform(-20, 40), rng.uniform(V - 40, V + 20), rng.uniform(0, V)])
            commands.append("drag y=%s" % round(y, rng.choice([0, 1, 2])))
        elif pick < 0.55:
            commands.append("drag %+d" % rng.choice([rng.randint(-3, 3), rng.randint(-60, 60)]))
        elif pick < 0.95:
            commands.append("tick %d" % rng.choice([1, 2, 3, rng.randint(1, 90)]))
        else:
            commands.append("set autoscroll " + random_autoscroll(rng))
    commands.append(rng.choice(["release", "release", "release", "cancel"]))
    return commands


def random_setting(rng):
    """An override on top of the preset."""
    pick = rng.random()
    if pick < 0.4:
        return "set autoscroll " + random_autoscroll(rng)
    if pick < 0.6:
        return "set rule " + rng.choice(["edge", "midpoint", "under", "under end=1", "under visible=1",
                                           "under end=1 visible=1", "under open=1 end=1 visible=1", "under every=50",
                                           "under end=1 visible=1 open=1 every=50", "under every=17", "under shadow=1",
                                           "under shadow=1 end=1 every=8.5", "nearest", "far", "guarded",
                                           "intersect", "overlap", "drop", "halves", "itemview"])
    if pick < 0.7:
        return "scroll %+d" % rng.randint(-300, 300)
    return rng.choice(["set clamp inset", "set clamp none", "set grab center", "set grab keep", "set grab press",
                       "set inset 30 20",
                       "set inset 0 0", "set sections keep", "set sections cross", "set slop 0", "set distance 3",
                       "set distance 0", "set start armed", "set start first", "set fps 120", "set fps 60", "set viewport 300", "set viewport 600"])


def compare_catalogue(binary, seed):
    rng = random.Random(10_000 + seed)
    text, suffix, sections, heights, flags = long_list(rng)
    n = sum(len(rows) for _, rows in sections)
    preset = sorted(catalogue.PRESETS)[seed % len(catalogue.PRESETS)]
    commands = ["set preset " + preset]
    while len(commands) < 2 * COMMANDS:
        if rng.random() < 0.3:
            commands.append(random_setting(rng))
        commands += random_gesture(rng, n, 600)
    model = Model(sections, heights)
    model.flags = dict(flags)
    agree(binary, "catalogue seed %d" % seed, text, suffix, commands, model)


def test_binary_agrees_with_the_model_on_presets(binary):
    for seed in range(3 * SCRIPTS):
        compare_catalogue(binary, seed)


def random_range_command(rng, n):
    """A command of random_command's mix, or one of a range (SPEC §10): presses and
    moves of blocks, flags over ranges."""
    if rng.random() >= 0.3:
        return random_command(rng, n)
    first = rng.randint(0, n + 1)
    last = first + rng.choice([0, 1, 2, 3, 5, rng.randint(-2, 8)])
    pick = rng.random()
    if pick < 0.55:
        return "press %d,%d" % (first, last)
    if pick < 0.85:
        to = rng.choice(["$", str(rng.randint(0, n + 1)), str(first + rng.randint(-3, 3))])
        return "move %d,%d %s" % (first, last, to)
    return "%s %d,%d" % (rng.choice(["lock", "pin", "unlock"]), first, last)


def compare_ranges(binary, seed):
    rng = random.Random(20_000 + seed)
    text, suffix, sections, heights, flags = random_list(rng) if seed % 2 else long_list(rng)
    model = Model(sections, heights)
    model.flags = dict(flags)
    n = sum(len(rows) for _, rows in sections)
    commands = [random_range_command(rng, n) for _ in range(COMMANDS)]
    agree(binary, "ranges seed %d" % seed, text, suffix, commands, model)


def test_binary_agrees_with_the_model_on_ranges(binary):
    for seed in range(SCRIPTS):
        compare_ranges(binary, seed)


def end_gesture(rng, V):
    """A gesture at the end of a list scrolled to its end, where `range=helper`'s lift
    clamps the offset and `rows=cached` keeps the rule on the rows as they were: a press
    low in the view, the lifting drag, drags outside the zones (nothing measures the rows
    again but a move) and inside them (a zone found measures them), ticks."""
    commands = ["scroll +100000", "press y=%d" % rng.randint(V // 3, V - 25), "drag +1"]
    for _ in range(rng.randint(2, 8)):
        pick = rng.random()
        if pick < 0.6:
            commands.append("drag y=%d" % rng.randint(21, V - 21))
        elif pick < 0.8:
            commands.append("drag y=%d" % rng.choice([rng.randint(0, 19), rng.randint(V - 19, V + 30)]))
        else:
            commands.append("tick %d" % rng.randint(1, 30))
    commands.append(rng.choice(["release", "release", "cancel"]))
    return commands


def compare_cached_rows(binary, seed):
    rng = random.Random(30_000 + seed)
    text, suffix, sections, heights, flags = long_list(rng)
    commands = ["set preset jqueryui"]
    while len(commands) < COMMANDS:
        roll = rng.random()
        if roll < 0.15:
            commands.append("set rule " + rng.choice(["intersect", "edge", "under", "halves", "overlap"]))
        elif roll < 0.25:
            rows = rng.choice(["live", "cached"])
            commands.append("set autoscroll fixed speed=20 clock=%s point=finger zone=20 order=bottom range=helper "
                            "lift=drag rows=%s" % (rng.choice(["move", "move", "step"]), rows))
        commands += end_gesture(rng, 600)
    model = Model(sections, heights)
    model.flags = dict(flags)
    agree(binary, "cached rows seed %d" % seed, text, suffix, commands, model)


def test_binary_agrees_with_the_model_at_the_end_of_the_list(binary):
    for seed in range(SCRIPTS // 2):
        compare_cached_rows(binary, seed)
