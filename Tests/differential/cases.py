"""Random cases for the differential check (run.py): a list in one of the formats, the
options it is read and shown with, and a script of commands, all drawn from one seed.

A case is what one run of rowdrag needs: the files of its working directory (the list,
a script file, a trace to compare with, a drop hook), its arguments and its standard
input. The generator knows the list it wrote (its rows, sections and labels), so most
addresses name rows that exist and most gestures move something; a share of every
kind of command is wrong on purpose (a row past the end, a bad word, a gesture while
idle), so that the error paths are compared too.

Nothing here runs rowdrag: the same seed always gives the same case, byte for byte.
"""

import json
import random
from dataclasses import dataclass, field

# Presets as `presets` lists them; a wrong name now and then is an error path.
PRESETS = [
    "rowdrag", "uikit-longpress", "swiftreorder", "itemtouchhelper", "flutter", "sortablejs",
    "rbd", "dndkit", "bvreorder", "fmmove", "ats", "jqueryui", "qt", "displaylink-fixed",
    "half-row", "edge-ramp", "hpreorder-rate",
]
TABLE_RULES = ["edge", "midpoint", "under", "nearest", "far", "guarded", "intersect", "overlap",
               "drop", "halves", "itemview"]
BOARD_RULES = ["edge", "midpoint", "under"]
LAWS = ["linear zone=150", "linear zone=30 max=280 min=60 point=edge edges=inset", "fixed speed=240",
        "rate divisor=6 scale=600", "ramp max=10", "power max=28", "quintic max=20 time=2000",
        "overflow cap=20", "count cap=1v", "off", "linear clock=step max=8",
        "linear clock=timer:24 rearm=30", "fixed speed=300 clock=move", "linear gate=intent",
        "linear order=closer test=le", "ramp max=10 round=ceil", "linear range=helper",
        "linear rows=cached", "linear range=helper rows=cached", "power damp=360:1200",
        "linear sample=move", "count cap=1v expiry=coarse clock=timer:50"]
SETTINGS = {
    "viewport": lambda r: [str(r.choice([200, 300, 600, 800, 44, 1]))],
    "inset": lambda r: [str(r.choice([0, 20, 64])), str(r.choice([0, 34]))],
    "fps": lambda r: [str(r.choice([30, 60, 120, 1, 240]))],
    "hold": lambda r: [r.choice(["0", "0.5", "0.2", "1"])],
    "rule": lambda r: [r.choice(TABLE_RULES)],
    "grab": lambda r: [r.choice(["keep", "center", "press"])],
    "sections": lambda r: [r.choice(["cross", "keep"])],
    "autoscroll": lambda r: r.choice(LAWS).split(" "),
    "slop": lambda r: [r.choice(["10", "0", "30"])],
    "distance": lambda r: [r.choice(["0", "8", "20"])],
    "start": lambda r: [r.choice(["first", "armed"])],
    "reveal": lambda r: r.choice([["off"], ["0.3"], ["0.3", "coarse"]]),
    "clamp": lambda r: [r.choice(["none", "inset"])],
    "row-height": lambda r: [str(r.choice([44, 20, 60, 700]))],
    "preset": lambda r: [r.choice(PRESETS)],
    "board": lambda r: [r.choice(["on", "off"])],
    "screen": lambda r: [str(r.choice([375, 800, 200]))],
    "column": lambda r: [r.choice(["screen", "150", "300"])],
    "spacing": lambda r: [r.choice(["0", "10"])],
    "paging": lambda r: r.choice([["off"], ["on"], ["on", "edge=40", "delay=0.2"],
                                  ["on", "edge=60", "delay=0", "duration=0.1"]]),
}
GET_KEYS = list(SETTINGS) + ["format", "bogus"]

WORDS = ["milk", "eggs", "bread", "dentist", "passport", "bike", "laptop", "plants", "photos",
         "taxes", "Write spec", "Fix login bug", "Ship 1.2", "Review PR", "Release notes",
         "Zürich", "naïve café", "日本語", "emoji 🚲", "tab\there", "a,b", "quote \"x\"", "Done"]
TITLES = ["Todo", "Doing", "Done", "Later", "Ideas"]


@dataclass
class ListShape:
    """What the generator knows of the list it wrote: its rows and sections."""
    labels: list = field(default_factory=list)
    sections: list = field(default_factory=list)  # (title or None, row count)
    # Whether addresses and commands are all meant to work (most do anyway).
    clean: bool = False

    @property
    def rows(self):
        return len(self.labels)


@dataclass
class Case:
    index: int
    seed: str
    files: dict  # name -> bytes, written into an empty working directory
    argv: list
    stdin: bytes
    list_name: str  # the list file in `files`, or None when it comes on standard input
    list_bytes: bytes
    tags: set = field(default_factory=set)

    def shell_line(self):
        """The command as one could type it in the case's directory."""
        import shlex
        return " ".join(shlex.quote(a) for a in ["rowdrag"] + self.argv)


# -- lists -------------------------------------------------------------------------


def labels(r, n):
    out = []
    for i in range(n):
        word = r.choice(WORDS)
        out.append(f"{word} {i + 1}" if r.random() < 0.8 else word)
    return out


def section_sizes(r, n):
    """Split n rows into 1-4 sections (some empty)."""
    k = r.randint(1, 4)
    cuts = sorted(r.randint(0, n) for _ in range(k - 1))
    sizes, last = [], 0
    for c in cuts + [n]:
        sizes.append(c - last)
        last = c
    return sizes


def row_count(r):
    return r.choice([0, 1, 2, 3, 5, 8, 12, 20, 30, 60, 150, 400, 1200] + [6, 10, 15] * 3)


def text_list(r, shape, options):
    n = row_count(r)
    names = labels(r, n)
    crlf = r.random() < 0.1
    nl = "\r\n" if crlf else "\n"
    lines = []
    if r.random() < 0.35 and n > 0:
        # Sections by --header.
        options += ["--header", "^## "]
        sizes = section_sizes(r, n)
        lead_untitled = r.random() < 0.3
        i = 0
        for k, size in enumerate(sizes):
            title = None if (k == 0 and lead_untitled) else TITLES[k % len(TITLES)]
            if title:
                lines.append("## " + title)
            shape.sections.append((title, size))
            for _ in range(size):
                lines.append(names[i])
                i += 1
    else:
        lines = list(names)
        shape.sections.append((None, n))
    shape.labels = names
    if r.random() < 0.2 and lines:
        # Lines kept in place by --skip.
        options += ["--skip", "^$"]
        for _ in range(r.randint(1, 3)):
            lines.insert(r.randint(0, len(lines)), "")
    text = nl.join(lines) + (nl if lines and r.random() < 0.9 else "")
    return text.encode()


def markdown_list(r, shape, options):
    n = row_count(r) if r.random() < 0.8 else r.randint(1, 8)
    names = labels(r, n)
    ordered = r.random() < 0.3
    out = []
    if r.random() < 0.3:
        out += ["# Notes", "", "A paragraph that stays where it is.", ""]
    sections = r.random() < 0.45 and n > 0
    sizes = section_sizes(r, n) if sections else [n]
    if sections:
        options += ["--header", "^## "] if r.random() < 0.5 else []
    i = 0
    for k, size in enumerate(sizes):
        title = TITLES[k % len(TITLES)] if sections else None
        if title:
            out += ["## " + title, ""] if r.random() < 0.5 else ["## " + title]
        shape.sections.append((title, size))
        for j in range(size):
            marker = f"{j + 1}." if ordered else r.choice(["-", "-", "*", "+"])
            out.append(f"{marker} {names[i]}")
            if r.random() < 0.1:
                out.append("  - nested " + names[i])
            if r.random() < 0.05:
                out += ["", "  a paragraph of the item", ""]
            i += 1
        out.append("")
    shape.labels = names
    if ordered and r.random() < 0.3:
        options += ["--format", "markdown renumber=no"]
    return "\n".join(out).encode()


def json_list(r, shape, options, name):
    n = row_count(r)
    names = labels(r, n)
    shape.labels = names

    def item(label):
        kind = r.random()
        if kind < 0.4:
            return label
        obj = {"title": label, "n": r.randint(1, 9)}
        if r.random() < 0.2:
            obj["height"] = r.choice([30, 60, 100])
        if r.random() < 0.1:
            obj["locked"] = True
        if r.random() < 0.05:
            obj["pinned"] = True
        return obj

    if r.random() < 0.35 and n > 0:
        # An object of arrays: titled sections (a board).
        sizes = section_sizes(r, n)
        doc, i = {}, 0
        for k, size in enumerate(sizes):
            title = TITLES[k % len(TITLES)]
            doc[title] = [item(names[i + j]) for j in range(size)]
            shape.sections.append((title, size))
            i += size
    else:
        doc = [item(x) for x in names]
        shape.sections.append((None, n))
        if r.random() < 0.25:
            doc = {"name": "Road trip", "tracks": doc, "shuffle": False}
            options += ["--format", "json path=/tracks"]
    if r.random() < 0.3:
        options += ["--label-key", "title"]
    indent = r.choice([None, 2])
    return (json.dumps(doc, indent=indent, ensure_ascii=r.random() < 0.5) + "\n").encode()


def jsonl_list(r, shape, options):
    n = row_count(r)
    names = labels(r, n)
    shape.labels = names
    shape.sections.append((None, n))
    lines = []
    for i, label in enumerate(names):
        obj = {"title": label, "seconds": 200 + i}
        if r.random() < 0.1:
            obj["locked"] = True
        lines.append(json.dumps(obj, ensure_ascii=False))
        if r.random() < 0.05:
            lines.append("")
    if r.random() < 0.5:
        options += ["--label-key", "title"]
    return ("\n".join(lines) + ("\n" if lines else "")).encode()


def todo_list(r, shape, options):
    n = row_count(r) if r.random() < 0.5 else r.randint(1, 10)
    names = []
    lines = []
    for i in range(n):
        verb = r.choice(["pick", "pick", "fixup", "squash", "reword", "edit", "drop", "exec"])
        if verb == "exec":
            line = f"exec make test {i}"
        else:
            line = f"{verb} {r.getrandbits(28):07x} {r.choice(WORDS)} {i}"
        lines.append(line)
        names.append(line)
    shape.labels = names
    shape.sections.append((None, n))
    lines += ["", "# Rebase 2fe9470..c93e0f1 onto 2fe9470", "#", "# Commands:"]
    return ("\n".join(lines) + "\n").encode()


def csv_list(r, shape, options, tsv):
    n = row_count(r)
    names = labels(r, n)
    shape.labels = names
    shape.sections.append((None, n))
    delim = "\t" if tsv else r.choice([",", ",", ";"])
    header = r.random() < 0.7
    rows = []
    if header:
        rows.append(delim.join(["Name", "City", "Note"]))
    for i, label in enumerate(names):
        cell = label
        if delim in cell or '"' in cell or r.random() < 0.1:
            cell = '"' + cell.replace('"', '""') + '"'
        rows.append(delim.join([cell, r.choice(["Berlin", "Wien", "Zürich"]), str(i)]))
    if not header:
        options += ["--format", ("tsv" if tsv else "csv") + " header=no"]
    elif r.random() < 0.2:
        options += ["--format", ("tsv" if tsv else "csv") + " label=Note"]
    bom = "\ufeff" if r.random() < 0.1 else ""
    return (bom + "\n".join(rows) + "\n").encode()


def m3u_list(r, shape, options):
    n = row_count(r) if r.random() < 0.5 else r.randint(1, 10)
    names = labels(r, n)
    shape.labels = names
    shape.sections.append((None, n))
    lines = ["#EXTM3U", "#PLAYLIST:Road trip"]
    for i, label in enumerate(names):
        lines.append(f"#EXTINF:{180 + i},{label}")
        if r.random() < 0.1:
            lines.append("#EXTVLCOPT:start-time=10")
        lines.append(f"music/{i}.mp3")
    return ("\n".join(lines) + "\n").encode()


FORMATS = {
    # name: (file name, weight)
    "text": ("list.txt", 5),
    "markdown": ("list.md", 4),
    "json": ("list.json", 3),
    "jsonl": ("list.jsonl", 2),
    "todo": ("git-rebase-todo", 2),
    "csv": ("list.csv", 2),
    "tsv": ("list.tsv", 1),
    "m3u": ("list.m3u8", 1),
}


def make_list(r, fmt, shape, options):
    if fmt == "text":
        return text_list(r, shape, options)
    if fmt == "markdown":
        return markdown_list(r, shape, options)
    if fmt == "json":
        return json_list(r, shape, options, "list.json")
    if fmt == "jsonl":
        return jsonl_list(r, shape, options)
    if fmt == "todo":
        return todo_list(r, shape, options)
    if fmt in ("csv", "tsv"):
        return csv_list(r, shape, options, fmt == "tsv")
    return m3u_list(r, shape, options)


# -- addresses and commands ---------------------------------------------------------


def pattern_for(r, shape):
    if shape.rows and r.random() < 0.85:
        label = r.choice(shape.labels)
        word = label.split(" ")[0]
        return "/" + "".join(c for c in word if c.isalnum())[:6] + "/"
    return r.choice(["/./"] if shape.clean else ["/nomatch/", "/^$/", "/[/", "/./"])


def section_ref(r, shape):
    k = r.randint(1, max(1, len(shape.sections)))
    titled = [t for t, _ in shape.sections if t]
    if titled and r.random() < 0.3:
        return "/" + r.choice(titled) + "/"
    return str(k if r.random() < 0.9 else len(shape.sections) + 1)


def address(r, shape):
    n = shape.rows
    x = r.random()
    if x < 0.5:
        if n == 0 or (not shape.clean and r.random() < 0.06):
            return str(r.choice([0, n + 1, n + 5, -1, 99999999999999999999]))
        return str(r.randint(1, n))
    if x < 0.6:
        return "$"
    if x < 0.75:
        s = section_ref(r, shape)
        size = shape.sections[0][1] if shape.sections else 0
        return f"{s}:{r.randint(1, max(1, size + (1 if r.random() < 0.1 else 0)))}"
    if x < 0.8:
        return f"{section_ref(r, shape)}:$"
    return pattern_for(r, shape)


def address_range(r, shape):
    a = address(r, shape)
    if a.isdigit() and r.random() < 0.7:
        b = str(min(int(a) + r.randint(0, 4), max(int(a), shape.rows)))
    else:
        b = address(r, shape)
    return f"{a},{b}"


def move_target(r, shape):
    x = r.random()
    if x < 0.45:
        return address(r, shape) if r.random() < 0.8 else str(r.randint(1, max(1, shape.rows)))
    if x < 0.65:
        return r.choice(["+", "-"]) + str(r.randint(1, 5))
    if x < 0.85:
        return r.choice(["before", "after"]) + " " + address(r, shape)
    return f"{section_ref(r, shape)}:{r.choice(['1', '$', '2'])}"


def number(r, lo, hi, step=1):
    return str(round(r.uniform(lo, hi) / step) * step).rstrip("0").rstrip(".") if step < 1 else \
        str(r.randint(lo, hi))


def signed(r, lo, hi):
    d = r.randint(lo, hi)
    return ("+" if d >= 0 else "") + str(d)


class Script:
    """Commands drawn one at a time; `board` says which gestures make sense."""

    def __init__(self, r, shape, board, allow_files, stdin_list):
        self.r = r
        self.shape = shape
        self.board = board
        self.allow_files = allow_files
        self.stdin_list = stdin_list
        self.commands = []
        self.tags = set()

    def add(self, *cmds):
        self.commands.extend(cmds)

    def ticks(self, big_ok):
        r = self.r
        if big_ok and r.random() < 0.04:
            return "tick 2147483647"
        if r.random() < 0.3:
            return f"wait {r.choice(['0.1', '0.6', '1', '0'])}"
        return "tick" if r.random() < 0.15 else f"tick {r.choice([1, 3, 10, 30, 60, 120, 300])}"

    def gesture(self):
        """press, some drags and ticks, release or cancel: the kind of script that reorders."""
        r, shape = self.r, self.shape
        self.tags.add("gesture")
        if self.board and r.random() < 0.6:
            press = r.choice([f"press {address(r, shape)}",
                              f"press x={r.randint(0, 375)} y={r.randint(0, 600)}",
                              f"press {address_range(r, shape)} x={r.randint(0, 375)} "
                              f"y={r.randint(0, 600)}"])
        else:
            top = min(600, 44 * shape.rows)
            press = r.choice([f"press {address(r, shape)}", f"press y={r.randint(0, top)}",
                              f"press {address(r, shape)}", f"press {address_range(r, shape)}",
                              f"press {address_range(r, shape)} y={r.randint(0, top)}"])
        self.add(press)
        if r.random() < 0.3:
            self.add("wait 0.6")  # past every preset's hold
        elif r.random() < 0.5:
            self.add(self.ticks(big_ok=False))
        for _ in range(r.randint(1, 5)):
            self.add(self.drag())
            if r.random() < 0.7:
                self.add(self.ticks(big_ok=not self.board))
        self.add(r.choice(["release"] * 6 + ["drop", "cancel", "release"]))

    def drag(self):
        r, shape = self.r, self.shape
        if self.board and r.random() < 0.6:
            return r.choice([f"drag x={r.randint(-20, 400)} y={r.randint(-20, 650)}",
                             f"drag x={r.randint(0, 375)}",
                             f"drag {signed(r, -200, 200)} {signed(r, -300, 300)}"])
        x = r.random()
        if x < 0.35:
            return f"drag y={r.randint(-50, 700)}"
        if x < 0.75:
            return f"drag {signed(r, -400, 400)}"
        if x < 0.95:
            return f"drag {address(r, shape)}"
        return r.choice(["drag", "drag y=", "drag +1 +2 +3", "drag x=1 y=2 y=3", "drag 10 -20"])

    def one(self):
        """One command (or a gesture of several), drawn by the weights of `KINDS`."""
        kinds = [k for k in KINDS
                 if (k[0] != "page" or self.board or (not self.shape.clean and self.r.random() < 0.2))
                 and not (self.shape.clean and k[0] in ("bad", "stray", "require", "quit"))]
        kind = self.r.choices([k[0] for k in kinds], weights=[k[1] for k in kinds])[0]
        getattr(self, "kind_" + kind.replace("-", "_"))()

    def kind_gesture(self):
        self.gesture()

    def kind_move(self):
        r, shape = self.r, self.shape
        self.tags.add("move")
        a = address_range(r, shape) if r.random() < 0.3 else address(r, shape)
        self.add(f"move {a} {move_target(r, shape)}")

    def kind_scroll(self):
        r, shape = self.r, self.shape
        self.add(r.choice([
            f"scroll y={r.randint(0, 2000)}", f"scroll {signed(r, -300, 300)}",
            f"scroll {address(r, shape)}", "scroll top", "scroll bottom"]))

    def kind_flags(self):
        r, shape = self.r, self.shape
        verb = r.choice(["lock", "pin", "unlock"])
        a = address_range(r, shape) if r.random() < 0.3 else address(r, shape)
        self.add(f"{verb} {a}")

    def kind_history(self):
        self.add(self.r.choice(["undo", "redo", "reject", "undo", "redo"]))

    def kind_page(self):
        self.tags.add("page")
        self.add("page " + self.r.choice(["1", "2", "$", "next", "prev", "/Done/", "9", "x"]))

    def kind_output(self):
        r, shape = self.r, self.shape
        self.tags.add("output")
        self.add(r.choice([
            "print", "list", f"list {address(r, shape)}", f"list {address_range(r, shape)}",
            "show", "state", "state", "show"]))

    def kind_set(self):
        r = self.r
        self.tags.add("set")
        key = r.choice(list(SETTINGS) + ["bogus"])
        values = SETTINGS[key](r) if key in SETTINGS else ["1"]
        if self.board and key == "rule" and r.random() < 0.7:
            values = [r.choice(BOARD_RULES)]
        self.add("set " + key + " " + " ".join(values))

    def kind_get(self):
        self.add("get " + self.r.choice(GET_KEYS))

    def kind_compare(self):
        r = self.r
        if self.shape.clean and "gesture" not in self.tags:
            self.gesture()
        self.tags.add("compare")
        names = r.sample(PRESETS, r.randint(1, 3))
        if r.random() < 0.2:
            names.append("current")
        if r.random() < 0.1:
            names = ["all"]
        if r.random() < 0.1:
            names.append("trace:app.jsonl")
        if r.random() < 0.05:
            names.append("nosuchpreset")
        sep = r.choice([" ", ","])
        plot = ""
        if self.allow_files and r.random() < 0.15:
            plot = " plot=" + r.choice(["chart.svg", "report.html"])
        self.add("compare " + sep.join(names) + plot)

    def kind_trace(self):
        self.tags.add("trace-command")
        self.add(self.r.choice(["trace -", "trace off", "trace t2.jsonl", "trace -"]))

    def kind_help(self):
        self.add(self.r.choice(["help", "help set", "help move", "help live", "help nope",
                                "presets", "help compare", "help get"]))

    def kind_file(self):
        if not self.allow_files:
            return self.kind_output()
        self.tags.add("file")
        self.add(self.r.choice(["write out.txt", "write", "write!", "w copy.txt", "reload",
                                "write out.txt", "reload", "write nodir/x.txt"]))

    def kind_require(self):
        self.add(self.r.choice([
            "require", "require --format /text/", "require --header /^## /",
            "require --format /markdown/ --header /^## /", "require --bogus /x/"]))

    def kind_bad(self):
        self.tags.add("bad")
        self.add(self.r.choice([
            "bogus", "press", "move 1", "tick -1", "tick x", "wait -2", "set", "set fps",
            "set fps 0", "get", "press y=abc", "press x=10", "list 1,2,3", "live",
            "move 1 /x/", "'unterminated", "press /(/", "page", "trace", "compare",
            "set viewport -1", "set autoscroll linear zone=-5", "set rule sideways",
            "scroll 1 2", "undo 1", "tick 99999999999", "scroll", "set format csv"]))

    def kind_stray(self):
        self.add(self.r.choice(["cancel", "release", "drag +10", "tick 5"]))

    def kind_quit(self):
        self.add(self.r.choice(["quit", "q", "quit!"]))


# The kinds of command a script draws, and how often.
KINDS = [("gesture", 30), ("move", 14), ("scroll", 5), ("flags", 4), ("history", 5),
         ("page", 4), ("output", 8), ("set", 7), ("get", 3), ("compare", 5), ("trace", 2),
         ("help", 2), ("file", 3), ("require", 1), ("bad", 2), ("stray", 2), ("quit", 1)]


def script_text(r, commands):
    """Commands joined by '; ' or newlines, with a comment now and then."""
    lines, line = [], []
    for c in commands:
        line.append(c)
        if r.random() < 0.45:
            lines.append("; ".join(line))
            line = []
    if line:
        lines.append("; ".join(line))
    if r.random() < 0.2:
        lines.insert(r.randint(0, len(lines)), "# a comment")
    return lines


def app_trace(r, rows):
    """An app's per-frame trace for `compare … trace:app.jsonl`."""
    out, offset, t = [], 0.0, 0.0
    lifted = r.randint(1, max(1, min(rows, 5)))
    for k in range(r.randint(5, 40)):
        t += 1 / 60
        offset += r.choice([0, 0, 2.5, 5])
        line = {"t": round(t, 3), "offset": offset, "finger": 100 + 3 * k}
        if rows and k > 2:
            line["row"] = lifted
        out.append(json.dumps(line))
    return ("\n".join(out) + "\n").encode()


def make_case(index, seed):
    """Case `index` of the run with `seed`: the same pair gives the same case."""
    r = random.Random(f"{seed}:{index}")
    fmt = r.choices(list(FORMATS), weights=[w for _, w in FORMATS.values()])[0]
    file_name = FORMATS[fmt][0]
    shape = ListShape(clean=r.random() < 0.5)
    list_options = []
    list_bytes = make_list(r, fmt, shape, list_options)
    broken = r.random() < 0.03
    if broken:
        # Unreadable input (exit status 3): a cut JSON document, an open quote, a bad format.
        if fmt in ("json", "jsonl") and len(list_bytes) > 2:
            list_bytes = list_bytes[: len(list_bytes) // 2] + b"{"
        elif fmt in ("csv", "tsv"):
            list_bytes += b'"open quote\n'
        else:
            list_options += ["--format", r.choice(["nosuch", "csv delimiter=xx", "json path=x"])]
    files = {}
    argv = []
    tags = {fmt, "clean" if shape.clean else "any"} | ({"broken"} if broken else set())

    # Where the list comes from: a file (usually) or standard input.
    stdin_list = r.random() < 0.12
    board = r.random() < 0.25
    if board:
        tags.add("board")
        argv.append("--board")
        if r.random() < 0.4:
            argv += ["--column", r.choice(["150", "300", "screen"])]
        if r.random() < 0.3:
            argv += ["--spacing", "10"]
        if r.random() < 0.3:
            argv += ["--screen", r.choice(["375", "800"])]
        if r.random() < 0.4:
            argv += ["--paging", r.choice(["off", "on edge=40 delay=0.2", "on"])]
    if r.random() < 0.35:
        preset = r.choice(PRESETS + ["nosuch"] * (1 if r.random() < 0.1 else 0))
        argv += ["--preset", preset]
        tags.add("preset")
    for option, values in [("--autoscroll", LAWS), ("--rule", BOARD_RULES if board else TABLE_RULES),
                           ("--hold", ["0", "0.5"]), ("--viewport", ["300", "600", "150"]),
                           ("--fps", ["30", "60", "120"]), ("--row-height", ["44", "30", "80"])]:
        if r.random() < 0.12:
            argv += [option, r.choice(values)]
    if r.random() < 0.1 and shape.rows:
        argv += [r.choice(["--lock", "--pin"]), pattern_for(r, shape).strip("/")]
    argv += ["--width", str(r.choice([80, 80, 40, 120, 60]))]
    argv += list_options

    # Output and modes.
    compare_option = r.random() < 0.1
    report = False
    if compare_option:
        tags.add("compare-option")
        names = r.sample(PRESETS, r.randint(1, 4))
        if r.random() < 0.2:
            names = ["all"]
        argv += ["--compare", ",".join(names)]
        if r.random() < 0.3:
            plot = r.choice(["chart.svg", "report.html"])
            report = plot == "report.html"
            argv += ["--plot", plot]
    trace = r.random()
    if trace < 0.2:
        argv += ["--trace", "-"]
        tags.add("trace")
    elif trace < 0.3:
        argv += ["--trace", "trace.jsonl"]
        tags.add("trace")

    # The script.
    script = Script(r, shape, board, allow_files=not stdin_list, stdin_list=stdin_list)
    for _ in range(r.choice([1, 2, 3, 5, 8, 12, 20])):
        script.one()
    tags |= script.tags
    # Every frame is written or drawn under a trace, a report or a board: no endless tick.
    if board or trace < 0.3 or report or any(
            c.startswith("trace ") or "report.html" in c or c.startswith("set board on")
            for c in script.commands):
        script.commands = [c.replace("tick 2147483647", "tick 600") for c in script.commands]
    if any(c.startswith("compare") and "trace:" in c for c in script.commands):
        files["app.jsonl"] = app_trace(r, shape.rows)
    lines = script_text(r, script.commands)

    if r.random() < 0.4:
        argv.append("--keep-going")
    if r.random() < 0.25:
        argv.append("-n")
    if r.random() < 0.12 and not stdin_list and not compare_option:
        argv.append(r.choice(["-i", "-i.bak"]))
        tags.add("in-place")
    if r.random() < 0.08 and not stdin_list:
        hook = r.choice(["exit 0", "exit 1", 'test "$ROWDRAG_COUNT" = 1',
                         'case "$ROWDRAG_TO" in 1:1) exit 1;; esac',
                         'printf "%s\\n" "$ROWDRAG_LABEL $ROWDRAG_FROM $ROWDRAG_TO" >&2'])
        argv += ["--on-drop", hook]
        tags.add("hook")

    # How the script arrives: -e, -f or standard input.
    stdin = b""
    delivery = r.random()
    if stdin_list:
        argv += ["--format", fmt] if "--format" not in argv else []
        for line in lines:
            argv += ["-e", line]
        argv.append("-")
        stdin = list_bytes
        list_name = None
    else:
        if delivery < 0.55:
            for line in lines:
                argv += ["-e", line]
        elif delivery < 0.85:
            files["script.rowdrag"] = ("\n".join(lines) + "\n").encode()
            argv += ["-f", "script.rowdrag"]
        else:
            stdin = ("\n".join(lines) + "\n").encode()
            tags.add("stream")
        if r.random() < 0.01:
            argv.append("missing.txt")  # exit status 4
        else:
            argv.append(file_name)
        files[file_name] = list_bytes
        list_name = file_name
    return Case(index=index, seed=str(seed), files=files, argv=argv, stdin=stdin,
                list_name=list_name, list_bytes=list_bytes, tags=tags)
