"""Meaning kept (FORMATS.md §7, issue 40): random files of every format and random moves
(rows, ranges `A,B` of SPEC §10, moves across sections `S:R` and `S:$`), run through the
binary with `-i`, and the file read before and after by parsers no one here wrote:
markdown-it-py (CommonMark) for Markdown, Python's `csv` with the detected dialect for
CSV and TSV, real `git rebase -i` for the todo, Python's `json` for JSON Lines and
`json path=`, and a reader written from the playlist convention for M3U. The invariants:
the same items in the new order, every non-item block unchanged and in its place, no
item moved into or out of a list unless the command moved it there, ordered lists
counting as before, a load/print round trip byte-identical, a refused move writing
nothing. Then every example of issue 40.

Where FORMATS.md's letter and CommonMark disagree, CommonMark decides (§7 checks what a
reader sees), except where FORMATS.md's own rules change the meaning, which the
generators keep away from unless MEANING_DISAGREE=1: a bullet list above an ordered list
in one section (meaning_oracles.ordered_starts_kept), paragraph text right under the
header of a section that had no rows (lazy_into_empty), paragraph text right after a
list whose last item ends in code (gen_markdown's `disagree`), the blank lines an
unclosed fence in an item takes into its code (Item.loose_content), and a CSV file with
header=no whose first record, once moved, detects another delimiter (gen_csv's `steady`).

Knobs: MEANING_SEED (default 40), MEANING_FILES (files of each format, default 60),
MEANING_REPOS (git repositories, default 6), MEANING_DISAGREE=1, MEANING_SHOW=N (failing
cases shown in full, default 3). A failure prints the seed, the file as a printf line and
the command line."""

import json
import os
import random
import re
import shlex
import shutil
import subprocess
import tempfile
import traceback

import meaning_oracles as oracle
from meaning_oracles import BOM, Layout, MarkdownDoc, printf

SEED = int(os.environ.get("MEANING_SEED", "40"))
FILES = int(os.environ.get("MEANING_FILES", "60"))
REPOS = int(os.environ.get("MEANING_REPOS", "6"))
DISAGREE = os.environ.get("MEANING_DISAGREE") == "1"
SHOWN = int(os.environ.get("MEANING_SHOW", "3"))  # failures shown in full


# -- running the binary ------------------------------------------------------------------
class Run:
    """One run of the binary on a file: what went in, what came out, and how to redo it."""

    def __init__(self, binary, data, name, arguments=(), script=None, stdin=b""):
        self.directory = tempfile.mkdtemp(prefix="rowdrag-meaning-")
        self.path = os.path.join(self.directory, name)
        with open(self.path, "wb") as f:
            f.write(data)
        self.data, self.name, self.arguments, self.script = data, name, list(arguments), script
        command = [binary, *self.arguments]
        if script is not None:
            command += ["-i", "-e", script]
        out = subprocess.run([*command, self.path], input=stdin, capture_output=True, timeout=60)
        self.code, self.stdout, self.stderr = out.returncode, out.stdout, out.stderr
        with open(self.path, "rb") as f:
            self.after = f.read()
        shutil.rmtree(self.directory, ignore_errors=True)

    def reproducer(self):
        words = " ".join(shlex.quote(a if isinstance(a, str) else a.decode("latin-1")) for a in self.arguments)
        script = f" -i -e {shlex.quote(self.script)}" if self.script is not None else ""
        return f"{printf(self.data)} > {self.name}; rowdrag {words}{script} {self.name}"


class Failures:
    """Collects the failing cases of a test, so a report shows how many and the first few."""

    def __init__(self, what):
        self.what, self.cases, self.failed = what, 0, []

    def case(self, seed, check):
        self.cases += 1
        try:
            check()
        except AssertionError as error:
            self.failed.append(f"[MEANING_SEED={SEED} case {seed}] {error}")
        except Exception as error:  # e.g. a written file no parser reads: still one case
            where = traceback.extract_tb(error.__traceback__)[-1]
            self.failed.append(f"[MEANING_SEED={SEED} case {seed}] {type(error).__name__}: {error} "
                               f"(at {os.path.basename(where.filename)}:{where.lineno})")

    def finish(self):
        if self.failed:
            shown = "\n\n".join(self.failed[:SHOWN])
            raise AssertionError(f"{self.what}: {len(self.failed)} of {self.cases} cases fail\n{shown}")
        assert self.cases, f"{self.what}: no case ran"


def expect_ok(run, context=""):
    wrote = " (and the file was written: a failed run writes nothing)" \
        if run.code and run.script is not None and run.after != run.data else ""
    assert run.code == 0, f"{context}exit {run.code}{wrote}: {run.stderr.decode(errors='replace').strip()}\n" \
                          f"  {run.reproducer()}"


def round_trip(binary, data, name, arguments=()):
    """A load and a print with no command give the file's bytes back (FORMATS §4)."""
    run = Run(binary, data, name, arguments)
    expect_ok(run, "round trip: ")
    assert run.stdout == data, f"round trip changed the bytes\n  {run.reproducer()}\n" \
                               f"  got {run.stdout!r}"


def get_format(binary, data, name, arguments=()):
    run = Run(binary, data, name, [*arguments, "-n", "-e", "get format"])
    expect_ok(run, "get format: ")
    return run.stdout.decode("latin-1").strip()


def script_of(rng, layout, count=None):
    """1–3 random moves on a copy of `layout`; (script, layout after them)."""
    trial = layout.copy()
    commands = []
    for _ in range(count or rng.choice([1, 1, 2, 3])):
        command = oracle.random_move(rng, trial)
        if command is None:
            break
        trial.command(command)
        commands.append(command)
    return "; ".join(commands), trial


# -- Markdown -------------------------------------------------------------------------------
class Words:
    """Unique words, so that no two items read alike."""

    def __init__(self, rng):
        self.rng, self.n = rng, 0

    def __call__(self):
        self.n += 1
        return self.rng.choice(["milk", "eggs", "hammer", "nails", "tea", "Install", "Run", "fig",
                                "Zürich", "plan", "fix", "dentist"]) + str(self.n)

    def text(self):
        return " ".join(self() for _ in range(self.rng.randint(1, 3)))


def md_item(rng, w, indent, marker, spaces, empty_ok):
    """One top-level item: its lines, its content column and whether it ends in paragraph
    text. Nested items, continuation and lazy lines, fences (on the item's line too,
    closed or not), quotes, HTML, paragraphs after blank lines, tab-indented sub-items,
    `2019. …` continuation lines."""
    lead = " " * indent + marker
    cc = indent + len(marker) + spaces
    pad = " " * cc
    r = rng.random()
    lines = []
    paragraph = True  # the item's last line is paragraph text (a lazy line may follow)
    if empty_ok and not marker[0].isdigit() and r < 0.08:
        cc = indent + len(marker) + 1
        pad = " " * cc
        if rng.random() < 0.5:
            return [lead], cc, False
        lines = [lead, pad + w.text()]
    elif r < 0.2:
        fence = rng.choice(["```", "~~~", "````"])
        lines = [lead + " " * spaces + fence + rng.choice(["sh", "", "python"]),
                 pad + rng.choice(["- not an item", "echo hi", "# not a heading"])]
        if rng.random() < 0.25:
            return lines, cc, False  # unclosed: CommonMark closes it with the item
        lines.append(pad + fence)
        paragraph = False
    elif r < 0.3:
        lines = [lead + " " * spaces + rng.choice(["[ ] ", "[x] "]) + w.text()]
    else:
        lines = [lead + " " * spaces + w.text()]
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
        piece = rng.choice(["cont", "lazy", "2019", "sub", "sub", "para", "fence", "quote", "html"])
        if piece == "cont":
            lines.append(pad + w.text())
            paragraph = True
        elif piece == "lazy" and paragraph:
            lines.append(rng.choice(["and more ", "lazy "]) + w())
        elif piece == "2019" and paragraph:
            lines.append(pad + "2019. Everyone came,")
        elif piece == "sub":
            # under a number that gains a digit, spaces put before the tab would vanish in
            # it (FORMATS §3.3's letter); meaning decides (§7)
            tab = cc <= 4 and rng.random() < 0.3
            for _ in range(rng.randint(1, 2)):
                sub = rng.choice(["- ", "* ", "1. ", "- [ ] "])
                lines.append(("\t" if tab else pad) + sub + w())
                if rng.random() < 0.2:
                    lines.append(("\t" if tab else pad) + " " * len(sub) + w())
            paragraph = True
        elif piece == "para":
            lines += ["", pad + w.text()]
            paragraph = True
        elif piece == "fence":
            fence = rng.choice(["```", "~~~"])
            lines += [pad + fence, pad + "- code " + w()]
            if rng.random() < 0.25:
                return lines, cc, False
            lines.append(pad + fence)
            paragraph = False
        elif piece == "quote":
            lines += [pad + "> " + w(), pad + "> - quoted " + w()]
            paragraph = False
            if rng.random() < 0.3:
                # the quote's lazy line, in the item for CommonMark (FORMATS §3.3's letter
                # says a lazy line cannot continue a quote); meaning decides (§7)
                lines.append("lazy " + w())
        elif piece == "html":
            lines.append(pad + "<!-- note " + w() + " -->")
            paragraph = False
    return lines, cc, paragraph


def md_list(rng, w, kind, first_one, empty_ok, previous_cc=None):
    """A list of one marker kind (a bullet character or an ordered delimiter): its lines,
    whether its last item ends in paragraph text, and that item's content column.
    `previous_cc`: the content column of the item right above (a list just before)."""
    ordered = kind in ".)"
    start = 1 if first_one else rng.choice([1, 1, 1, 1, 0, 3, 8, 9, 98, "01"])
    numbering = rng.choice(["count", "count", "count", "same", "any"])
    lines, paragraph = [], True
    for n in range(rng.randint(1, 5)):
        if n and rng.random() < 0.2:
            lines.append("")
        indent = 0 if rng.random() < 0.65 else rng.randint(1, 3)
        if previous_cc is not None and indent >= previous_cc:
            indent = 0
        if ordered:
            if start == "01":
                number = "%02d" % (n + 1) if numbering != "same" else "01"
            elif numbering == "count" or n == 0:
                number = str(start + n)
            elif numbering == "same":
                number = str(start)
            else:
                number = str(rng.randint(0, 120))
            marker = number + kind
        else:
            marker = kind
        # 4 spaces after a number that loses a digit: FORMATS §3.3's letter gives 5, which
        # CommonMark reads as indented code; meaning decides (§7)
        spaces = 1 if rng.random() < 0.8 else rng.randint(2, 4)
        item, previous_cc, paragraph = md_item(rng, w, indent, marker, spaces, empty_ok)
        lines += item
    return lines, paragraph, previous_cc


def md_block(rng, w, kind):
    if kind == "atx":
        return ["#" * rng.randint(1, 3) + " " + w.text()]
    if kind == "para":
        first = rng.choice(["Hardware store:", "Steps:", "Last year", w.text()])
        extra = rng.choice([[], [], ["2019. Everyone came,", "and left."], [w.text()]])
        return [first, *extra]
    if kind == "comment":
        return rng.choice([["<!-- " + w() + " -->"], ["<!--", "- hidden " + w(), "- hidden " + w(), "-->"]])
    if kind == "div":
        return ["<div>", "- not an item " + w(), "</div>"]
    if kind == "quote":
        return ["> " + w.text(), "> - quoted " + w(), "> " + w()]
    if kind == "fence":
        fence = rng.choice(["```", "~~~"])
        return [fence, "- in code " + w(), "1. in code", fence]
    if kind == "hr":
        return [rng.choice(["***", "- - -", "___", "* * *"])]
    if kind == "table":
        return ["| item | qty |", "|------|-----|", "| " + w() + " | 2 |"]
    if kind == "setext":
        return [w.text(), rng.choice(["====", "----"])]
    if kind == "kanban":
        return ["%% kanban:settings", "```", '{"kanban-plugin":"basic"}', "```", "%%"]
    raise ValueError(kind)


# blocks that interrupt a paragraph (and end a list item whose line is less indented), so
# that they may follow a list with no blank line between
INTERRUPTING = ("atx", "comment", "fence", "quote")


def gen_markdown(rng, disagree=DISAGREE):
    """A random Markdown file; (bytes, whether a list follows paragraph text directly)."""
    w = Words(rng)
    adjacent = rng.random() < 0.35  # lists right after paragraph text: no empty items then
    kinds = ["list"] * 6 + ["atx"] * 3 + ["para"] * 2 + ["comment", "div", "quote", "fence", "hr",
                                                          "table", "setext"]
    blocks = [rng.choice(kinds) for _ in range(rng.randint(2, 9))]
    if blocks.count("list") < 2:
        blocks.insert(rng.randrange(len(blocks) + 1), "list")
        blocks.insert(rng.randrange(len(blocks) + 1), "list")
    if rng.random() < 0.1:
        blocks.append("kanban")
    lines = []
    if rng.random() < 0.2:
        lines += ["---", "title: " + w(), "kanban-plugin: basic", "---", ""]
    previous, previous_kind, paragraph, last_cc = None, None, False, None
    for kind in blocks:
        # two blank lines after a list: markdown-it ends a list after an empty item there,
        # cmark does not; kept out
        blank = 1 if rng.random() < 0.85 or previous == "list" else 2
        if previous == "atx" and rng.random() < 0.4:
            blank = 0
        elif previous == "para" and kind == "list" and adjacent:
            blank = 0
        elif previous == "list" and kind in INTERRUPTING and rng.random() < 0.3:
            blank = 0
        elif previous in ("comment", "fence", "hr") and kind == "list" and rng.random() < 0.3:
            blank = 0
        elif previous == "list" and kind == "para" and disagree and not paragraph and rng.random() < 0.5:
            blank = 0  # FORMATS §4 leaves it after whichever item ends up last: CommonMark may read it lazy
        elif previous == "list" and kind == "list" and rng.random() < 0.3:
            blank = 0
        if previous is not None:
            lines += [""] * blank
        if kind == "list":
            if previous == "list" and rng.random() < 0.4:
                # right after a list (blank lines only): one section, two kinds of marker
                kind_of = rng.choice([c for c in "-*+.)" if c != previous_kind])
            elif previous == "list":
                kind_of = previous_kind  # the same list goes on
            else:
                kind_of = rng.choice(["-", "-", "*", "+", ".", ".", ")"])
            first_one = previous == "para" and blank == 0
            body, paragraph, last_cc = md_list(rng, w, kind_of, first_one, not adjacent,
                                               last_cc if previous == "list" else None)
            lines += body
            previous_kind = kind_of
        else:
            lines += md_block(rng, w, kind)
            paragraph = kind == "para"
        previous = kind
    if rng.random() < 0.07:
        lines += ["", "```", "- after an unclosed fence " + w(), "text"]
    newline = "\r\n" if rng.random() < 0.1 else "\n"
    text = newline.join(lines) + (newline if rng.random() < 0.85 else "")
    data = text.encode("utf-8")
    if rng.random() < 0.1:
        data = BOM + data
    return data, adjacent


def markdown_script(rng, doc, disagree=DISAGREE, renumber=True):
    """A random script for a Markdown file: (script, layout, refused). Moves that would
    nest an item are kept sometimes (rowdrag must refuse them); moves FORMATS §3.3 lets
    read otherwise (an item among items of another marker kind) are left out, and so
    are the disagreements unless asked for."""
    for _ in range(40):
        layout = Layout(doc.sections)
        commands = []
        refused = False
        for _ in range(rng.choice([1, 1, 2, 3])):
            for attempt in range(12):
                trial = layout.copy()
                command = oracle.random_move(rng, trial)
                if command is None:
                    break
                trial.command(command)
                if oracle.nests(doc, trial, renumber) is None or rng.random() < 0.3 or attempt == 11:
                    break
            if command is None:
                break
            commands.append(command)
            if oracle.nests(doc, trial, renumber) is not None:
                refused = True
                break
            layout = trial
        if not commands:
            return None
        if refused:
            return "; ".join(commands), layout, True
        if not oracle.lists_kept(doc, layout):
            continue
        if not disagree and (not oracle.ordered_starts_kept(doc, layout) or oracle.lazy_into_empty(doc, layout)):
            continue
        return "; ".join(commands), layout, False
    return None


def assume_lists_are_runs(doc, data):
    """The model's premise on the generated file: in each section, CommonMark's lists are
    the runs of one marker kind."""
    of = doc.list_of()
    section = {r: s for s, rows in enumerate(doc.sections) for r in rows}
    for k in range(len(doc.items) - 1):
        together = section[k] == section[k + 1] and doc.items[k].kind == doc.items[k + 1].kind
        assert (of[k] == of[k + 1]) == together, \
            f"generator: items {k + 1}, {k + 2} break the model's premise\n  {printf(data)}"


def markdown_case(binary, rng, runs=2):
    data, adjacent = gen_markdown(rng)
    round_trip(binary, data, "list.md")
    renumber = adjacent or rng.random() < 0.85  # renumber=no keeps numbers: not after paragraphs
    arguments = [] if renumber else ["--format", "markdown renumber=no"]
    for _ in range(runs):
        doc = MarkdownDoc(data)
        assume_lists_are_runs(doc, data)
        made = markdown_script(rng, doc, renumber=renumber)
        if made is None:
            return
        script, layout, refused = made
        run = Run(binary, data, "list.md", arguments, script)
        if refused:
            assert run.code == 1 and run.after == data, \
                f"a move that nests an item (FORMATS §3.3) must be refused and write nothing: " \
                f"exit {run.code}\n  {run.reproducer()}"
            continue
        expect_ok(run)
        try:
            oracle.check_markdown(data, run.after, layout, renumber, strict=DISAGREE)
        except AssertionError as error:
            raise AssertionError(f"{error}\n  {run.reproducer()}\n  wrote {printf(run.after)}") from None
        data = run.after


def test_markdown_meaning_kept(binary):
    """Random Markdown files under random moves, read by markdown-it-py before and after."""
    failures = Failures("markdown")
    for n in range(FILES):
        rng = random.Random(f"{SEED}-markdown-{n}")
        failures.case(n, lambda: markdown_case(binary, rng))
    failures.finish()


# -- CSV and TSV ----------------------------------------------------------------------------
def csv_field(rng, w, d):
    r = rng.random()
    other = [c for c in ",;\t|" if c != d]
    if r < 0.45:
        return w()
    if r < 0.52:
        return ""
    if r < 0.62:
        return '"' + w() + d + " " + w() + '"'
    if r < 0.7:
        return '"say ""' + w() + '"""'
    if r < 0.78:
        return '"line1' + rng.choice(["\n", "\r\n"]) + 'line2 ' + w() + '"'
    if r < 0.86:
        return w() + rng.choice(other) + w()
    if r < 0.9:
        return w() + '"inch'
    if r < 0.95:
        return '"' + rng.choice(other) + w() + '"'
    return "Z\u00fcrich " + w()


def gen_csv(rng, tsv=False):
    """A random CSV (TSV) file: (bytes, delimiter, sep line, header=yes, arguments, noisy).
    `noisy` files put the other candidate delimiters in the header record, where the
    §3.4 scores decide; the others have one answer by construction."""
    w = Words(rng)
    d = "\t" if tsv else rng.choice([",", ";", "\t", "|"])
    header_yes = rng.random() < 0.9
    # With header=no the first record moves, and §3.4 detects the delimiter from it on the
    # next load: a record of one field there, or the other candidates there, change what
    # the file is read with (a FORMATS §3.4 instability, kept out unless asked for).
    steady = header_yes or DISAGREE
    noisy = not tsv and steady and rng.random() < 0.25
    fields = rng.randint(2, 5)
    header = [w() for _ in range(fields)]
    if noisy:
        header = [h + rng.choice(["", ",x", ";y", "|z", " a\tb"]) for h in header]
    records = [d.join(header)]
    for _ in range(rng.randint(1, 19 if noisy else 28)):
        count = fields if rng.random() < 0.9 else rng.randint(1 if steady else 2, fields)
        records.append(d.join(csv_field(rng, w, d) for _ in range(count)))
    terminator = rng.choice(["\n", "\r\n", "mixed"])
    out = []
    sep = not tsv and not noisy and rng.random() < 0.15
    if sep:
        out.append("sep=" + d + ("\r\n" if terminator == "\r\n" else "\n"))
    for record in records:
        end = rng.choice(["\n", "\r\n"]) if terminator == "mixed" else terminator
        out.append(record + end)
        if rng.random() < 0.06:
            out.append(rng.choice(["\n", "\r\n"]))
    if rng.random() < 0.2:
        out[-1] = out[-1].rstrip("\r\n")
    data = "".join(out).encode("utf-8")
    if not sep and rng.random() < 0.2:
        data = BOM + data
    arguments = [] if header_yes else ["--format", ("tsv" if tsv else "csv") + " header=no"]
    return data, d.encode(), sep, header_yes, arguments, noisy


def csv_case(binary, rng, tsv=False):
    data, d, sep, header_yes, arguments, noisy = gen_csv(rng, tsv)
    name = "list.tsv" if tsv else "list.csv"
    round_trip(binary, data, name, arguments)
    if not tsv:
        detected, has_sep = oracle.detect_delimiter(data)
        assert has_sep == sep, f"model: sep= line {has_sep}, generator {sep}"
        if not noisy:
            assert detected == d, f"model: detected {detected!r}, built with {d!r}\n  {printf(data)}"
        d = detected
    shown = "\\t" if d == b"\t" else d.decode("latin-1")
    reported = get_format(binary, data, name, arguments)
    assert re.search(r"(^| )delimiter=" + re.escape(shown) + r"( |$)", reported), \
        f"get format says {reported!r}, FORMATS §3.4 detects {shown!r}\n  {printf(data)} > {name}"
    for _ in range(2):
        bom, sep_line, records = oracle.read_csv(data, d, sep)
        head, rows = (records[:1], records[1:]) if header_yes else ([], records)
        layout = Layout([list(range(len(rows)))])
        script, layout = script_of(rng, layout)
        if not script:
            return
        run = Run(binary, data, name, arguments, script)
        expect_ok(run)
        where = f"\n  {run.reproducer()}\n  wrote {printf(run.after)}"
        bom2, sep2, records2 = oracle.read_csv(run.after, d, sep)
        assert bom2 == bom, "the byte-order mark is not first" + where
        assert sep2 == sep_line, f"the sep= line is {sep2!r}, was {sep_line!r}" + where
        expected = head + [rows[i] for i in layout.flat()]
        assert records2 == expected, f"Python's csv reads {records2}\n  expected {expected}" + where
        data = run.after


def test_csv_meaning_kept(binary):
    """Random CSV files (every delimiter, BOM, CR LF, quoted multi-line fields, `sep=`,
    ragged records) under random moves, read by Python's csv with the detected delimiter."""
    failures = Failures("csv")
    for n in range(FILES):
        rng = random.Random(f"{SEED}-csv-{n}")
        failures.case(n, lambda: csv_case(binary, rng))
    failures.finish()


def test_tsv_meaning_kept(binary):
    failures = Failures("tsv")
    for n in range(FILES // 2):
        rng = random.Random(f"{SEED}-tsv-{n}")
        failures.case(n, lambda: csv_case(binary, rng, tsv=True))
    failures.finish()


# -- JSON Lines and json path= ------------------------------------------------------------------
def json_element(rng, w, depth=0):
    r = rng.random()
    if r < 0.4:
        element = {rng.choice(["title", "name", "label", "id"]): w() + rng.choice(["", "\nsecond line", " \u00e9"])}
        if rng.random() < 0.5:
            element["n"] = rng.choice([1, -0.0, 2.5, 1e21, 10])
        if rng.random() < 0.3 and depth < 2:
            element["tags"] = [json_element(rng, w, depth + 1) for _ in range(rng.randint(0, 2))]
        return element
    if r < 0.6:
        return w() + rng.choice(["", "\n", "\t\u2028", '"q"'])
    if r < 0.7:
        return rng.choice([0, 7, -3.25, 12345678901234567890])
    if r < 0.75:
        return rng.choice([True, False, None])
    if r < 0.85 and depth < 2:
        return {"a": [json_element(rng, w, depth + 1)], "b": {}}
    return [w(), rng.randint(0, 9)]


def dump(rng, value, one_line=False):
    if one_line or rng.random() < 0.4:
        separators = rng.choice([(",", ":"), (", ", ": "), (",", ": ")])
        return json.dumps(value, separators=separators, ensure_ascii=rng.random() < 0.5)
    return json.dumps(value, indent=rng.choice([2, 4, "\t"]), ensure_ascii=rng.random() < 0.5)


def gen_jsonl(rng):
    """JSON Lines: one value a line, blank lines, CR LF, a BOM, no final newline."""
    w = Words(rng)
    values = [json_element(rng, w) for _ in range(rng.randint(2, 12))]
    newline = "\r\n" if rng.random() < 0.15 else "\n"
    lines = []
    for v in values:
        lines.append(dump(rng, v, one_line=True))
        if rng.random() < 0.1:
            lines.append("")
    text = newline.join(lines) + (newline if rng.random() < 0.8 else "")
    return (BOM if rng.random() < 0.1 else b"") + text.encode("utf-8")


def jsonl_case(binary, rng):
    data = gen_jsonl(rng)
    round_trip(binary, data, "list.jsonl")
    for _ in range(2):
        bom = data.startswith(BOM)
        body = data[len(BOM) if bom else 0:].decode("utf-8")
        rows = [oracle.json_value(x) for x in oracle.lines_of(body) if x.strip()]
        script, layout = script_of(rng, Layout([list(range(len(rows)))]))
        run = Run(binary, data, "list.jsonl", [], script)
        expect_ok(run)
        where = f"\n  {run.reproducer()}\n  wrote {printf(run.after)}"
        assert run.after.startswith(BOM) == bom, "the byte-order mark is not first" + where
        after = run.after[len(BOM) if bom else 0:].decode("utf-8")
        got = [oracle.json_value(x) for x in oracle.lines_of(after) if x.strip()]
        assert got == [rows[i] for i in layout.flat()], f"Python's json reads other values in {after!r}" + where
        data = run.after


def test_jsonl_meaning_kept(binary):
    failures = Failures("jsonl")
    for n in range(FILES // 2):
        rng = random.Random(f"{SEED}-jsonl-{n}")
        failures.case(n, lambda: jsonl_case(binary, rng))
    failures.finish()


def escape_pointer(key):
    return key.replace("~", "~0").replace("/", "~1")


def gen_json_path(rng):
    """A document holding the array somewhere below: (bytes, pointer); the array of
    SPEC §5.2's shapes (a list, titled sections, untitled sections)."""
    w = Words(rng)
    keys = [rng.choice(["data", "a/b", "m~n", "tracks", "x", ""]) for _ in range(rng.randint(1, 3))]
    shape = rng.random()
    if shape < 0.7:
        target = [json_element(rng, w) for _ in range(rng.randint(2, 8))]
        if all(isinstance(v, list) for v in target):
            target.append("plain")
    elif shape < 0.85:
        target = {"Todo": [json_element(rng, w) for _ in range(rng.randint(1, 4))],
                  "Done": [json_element(rng, w) for _ in range(rng.randint(0, 3))]}
    else:
        target = [[json_element(rng, w) for _ in range(rng.randint(1, 3))] for _ in range(rng.randint(2, 3))]
        for section in target:
            section.append({"title": w()})
    document = target
    for key in reversed(keys):
        document = {"name": w(), key: document, "z": [1, {"keep": w()}]}
    pointer = "".join("/" + escape_pointer(k) for k in keys)
    data = (dump(rng, document) + rng.choice(["", "\n"])).encode("utf-8")
    return data, pointer


def json_path_case(binary, rng):
    data, pointer = gen_json_path(rng)
    arguments = ["--format", "json path=" + pointer]
    round_trip(binary, data, "doc.json", arguments)
    path = oracle.json_pointer(None, pointer)
    for _ in range(2):
        value = oracle.json_value(data.decode("utf-8"))
        sections = oracle.json_sections(oracle.json_get(value, path))
        ids, rows = [], []
        for s in sections:
            ids.append(list(range(len(rows), len(rows) + len(s))))
            rows += s
        script, layout = script_of(rng, Layout(ids))
        run = Run(binary, data, "doc.json", arguments, script)
        expect_ok(run)
        where = f"\n  {run.reproducer()}\n  wrote {printf(run.after)}"
        after = oracle.json_value(run.after.decode("utf-8"))
        got = oracle.json_sections(oracle.json_get(after, path))
        want = [[rows[i] for i in s] for s in layout.sections]
        assert got == want, "Python's json reads other elements at " + pointer + where
        assert oracle.json_without(after, path) == oracle.json_without(value, path), \
            "the document outside " + repr(pointer) + " changed" + where
        data = run.after


def test_json_path_meaning_kept(binary):
    failures = Failures("json path=")
    for n in range(FILES // 2):
        rng = random.Random(f"{SEED}-json-{n}")
        failures.case(n, lambda: json_path_case(binary, rng))
    failures.finish()


# -- M3U --------------------------------------------------------------------------------------
def gen_m3u(rng):
    w = Words(rng)
    lines = []
    if rng.random() < 0.85:
        lines.append("#EXTM3U")
        if rng.random() < 0.3:
            lines.append("#PLAYLIST:" + w())
    for _ in range(rng.randint(2, 7)):
        entry = []
        if rng.random() < 0.2:
            entry.append("#EXTVLCOPT:network-caching=" + str(rng.randint(100, 2000)))
        if rng.random() < 0.15:
            entry.append("#EXTGRP:" + w())
        if rng.random() < 0.85:
            entry.append(f"#EXTINF:{rng.randint(-1, 400)},{w()} - {w()}")
        if entry and rng.random() < 0.1:
            entry.append("# note " + w())
        if entry and rng.random() < 0.1:
            entry.append("")
        entry.append(rng.choice([w() + ".mp3", "http://radio.example/" + w(), "../Music/" + w() + " x.flac",
                                 "C:\\Music\\" + w() + ".ogg"]))
        lines += entry
        if rng.random() < 0.2:
            lines.append("")
    if rng.random() < 0.15:
        lines.append("#EXT-X-ENDLIST")
    newline = "\r\n" if rng.random() < 0.15 else "\n"
    data = (newline.join(lines) + (newline if rng.random() < 0.85 else "")).encode("utf-8")
    return (BOM if rng.random() < 0.2 else b"") + data


def m3u_case(binary, rng):
    data = gen_m3u(rng)
    round_trip(binary, data, "list.m3u")
    for _ in range(3):  # three runs: each reads what the one before wrote
        bom, header, entries, trailing = oracle.read_m3u(data)
        script, layout = script_of(rng, Layout([list(range(len(entries)))]))
        run = Run(binary, data, "list.m3u", [], script)
        expect_ok(run)
        where = f"\n  {run.reproducer()}\n  wrote {printf(run.after)}"
        bom2, header2, entries2, trailing2 = oracle.read_m3u(run.after)
        assert bom2 == bom, "the byte-order mark is not first" + where
        assert header2 == header, f"the playlist's header is {header2}, was {header}" + where
        assert entries2 == [entries[i] for i in layout.flat()], f"entries read {entries2}" + where
        assert trailing2 == trailing, "the trailing # lines changed" + where
        data = run.after


def test_m3u_meaning_kept(binary):
    failures = Failures("m3u")
    for n in range(FILES // 2):
        rng = random.Random(f"{SEED}-m3u-{n}")
        failures.case(n, lambda: m3u_case(binary, rng))
    failures.finish()


# -- the rebase todo, with git ----------------------------------------------------------------
def git(directory, *arguments, env=None, check=True):
    out = subprocess.run(["git", *arguments], cwd=directory, capture_output=True, env=env, timeout=120)
    if check:
        assert out.returncode == 0, f"git {' '.join(arguments)}: {out.stderr.decode(errors='replace')}"
    return out


def todo_case(binary, rng, n):
    home = tempfile.mkdtemp(prefix="rowdrag-meaning-git-")
    try:
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "GIT_CONFIG_NOSYSTEM": "1",
               "GIT_AUTHOR_NAME": "A", "GIT_AUTHOR_EMAIL": "a@example.com", "GIT_COMMITTER_NAME": "A",
               "GIT_COMMITTER_EMAIL": "a@example.com", "GIT_EDITOR": "true", "LC_ALL": "C"}
        repo = os.path.join(home, "repo")
        os.mkdir(repo)
        git(repo, "init", "-q", "-b", "main", env=env)
        count = rng.randint(3, 6)
        subjects = []
        for i in range(count):
            subjects.append(rng.choice(["fix: #%d crash", "Add feature %d", "café %d", "# not a comment %d",
                                        "squash! Add %d", "  spaced %d"]) % i)
            with open(os.path.join(repo, f"f{i}.txt"), "w") as f:
                f.write(f"{i}\n")
            git(repo, "add", f"f{i}.txt", env=env)
            git(repo, "commit", "-q", "--cleanup=verbatim", "-m", subjects[-1], env=env)
        subjects = git(repo, "log", "--reverse", "--format=%s", env=env).stdout.decode().splitlines()
        execs = n % 3 == 2  # `--exec true`: an exec row after every pick
        rows = []
        for i in range(count):
            rows.append(("pick", i))
            if execs:
                rows.append(("exec", i))
        script, layout = script_of(rng, Layout([list(range(len(rows)))]), count=rng.randint(1, 3))
        script_file = os.path.join(home, "moves.rowdrag")
        with open(script_file, "w") as f:
            f.write(script.replace("; ", "\n") + "\n")
        use_file = n % 2 == 1
        rowdrag = f"{shlex.quote(binary)} -i " + (f"-f {shlex.quote(script_file)}" if use_file
                                                   else f"-e {shlex.quote(script)}")
        editor = os.path.join(home, "editor.sh")
        with open(editor, "w") as f:
            f.write(f'#!/bin/sh\ncp "$1" {home}/before\n{rowdrag} "$1" 2>{home}/stderr || exit\n'
                    f'cp "$1" {home}/after\n')
        os.chmod(editor, 0o755)
        env["GIT_SEQUENCE_EDITOR"] = editor
        out = git(repo, "rebase", "-i", "--root", *(["--exec", "true"] if execs else []), env=env, check=False)
        before = open(os.path.join(home, "before"), "rb").read() if os.path.exists(os.path.join(home, "before")) \
            else b""
        where = f"\n  {printf(before)} > git-rebase-todo; rowdrag -i {'-f moves' if use_file else '-e'} " \
                f"{shlex.quote(script)} git-rebase-todo"
        assert out.returncode == 0, f"git rebase -i failed: {out.stderr.decode(errors='replace')}" \
                                    f"{open(os.path.join(home, 'stderr')).read()}" + where
        round_trip(binary, before, "git-rebase-todo")
        after = open(os.path.join(home, "after"), "rb").read()
        log = git(repo, "log", "--reverse", "--format=%s", env=env).stdout.decode().splitlines()
        want = [subjects[rows[i][1]] for i in layout.flat() if rows[i][0] == "pick"]
        assert log == want, f"git log gives {log}, expected {want}" + where
        commands = [x for x in before.split(b"\n") if x.strip() and not x.lstrip().startswith(b"#")]
        lines = after.split(b"\n")
        last = max(k for k, x in enumerate(lines) if x.strip() and not x.lstrip().startswith(b"#"))
        tail = before.split(b"\n")
        first_comment = max(k for k, x in enumerate(tail) if x.strip() and not x.lstrip().startswith(b"#")) + 1
        assert lines[last + 1:] == tail[first_comment:], "the todo's comment block is no longer last" + where
        assert [x for x in lines if x.strip() and not x.lstrip().startswith(b"#")] == \
               [commands[i] for i in layout.flat()], "the todo's commands are not in the new order" + where
    finally:
        shutil.rmtree(home, ignore_errors=True)


def test_todo_meaning_kept_by_git(binary):
    """`git rebase -i` with rowdrag as GIT_SEQUENCE_EDITOR: git applies the commits in the
    order the moves gave, and the todo's comment block stays last."""
    failures = Failures("todo")
    for n in range(REPOS):
        rng = random.Random(f"{SEED}-todo-{n}")
        failures.case(n, lambda: todo_case(binary, rng, n))
    failures.finish()


# -- round trips ----------------------------------------------------------------------------------
def test_round_trip_every_format(binary):
    """A load and a print with no command give every generated file back byte for byte
    (the meaning tests do it too; this one runs before any move can hide a failure)."""
    failures = Failures("round trip")
    for n in range(FILES):
        rng = random.Random(f"{SEED}-round-{n}")
        md, _ = gen_markdown(rng)
        csv_data, _, _, _, csv_arguments, _ = gen_csv(rng)
        tsv_data, _, _, _, tsv_arguments, _ = gen_csv(rng, tsv=True)
        m3u = gen_m3u(rng)
        jsonl = gen_jsonl(rng)
        document, pointer = gen_json_path(rng)
        failures.case(f"{n} md", lambda: round_trip(binary, md, "list.md"))
        failures.case(f"{n} csv", lambda: round_trip(binary, csv_data, "list.csv", csv_arguments))
        failures.case(f"{n} tsv", lambda: round_trip(binary, tsv_data, "list.tsv", tsv_arguments))
        failures.case(f"{n} m3u", lambda: round_trip(binary, m3u, "list.m3u"))
        failures.case(f"{n} jsonl", lambda: round_trip(binary, jsonl, "list.jsonl"))
        failures.case(f"{n} json", lambda: round_trip(binary, document, "doc.json", ["--format", "json path=" + pointer]))
    failures.finish()


# -- the examples of issue 40 ---------------------------------------------------------------------
def md_example(binary, data, script, expected=None, arguments=()):
    """A Markdown example: the move's result read by CommonMark, and its bytes when the
    specification fixes them."""
    doc = MarkdownDoc(data)
    layout = Layout(doc.sections)
    for command in script.split("; "):
        layout.command(command)
    run = Run(binary, data, "list.md", arguments, script)
    expect_ok(run)
    try:
        oracle.check_markdown(data, run.after, layout)
    except AssertionError as error:
        raise AssertionError(f"{error}\n  {run.reproducer()}\n  wrote {run.after!r}") from None
    if expected is not None:
        assert run.after == expected, f"{run.reproducer()}\n  wrote    {run.after!r}\n  expected {expected!r}"
    return doc


def test_issue_excel_semicolon_csv(binary):
    """`;` CSV from Excel: BOM, CR LF, a quoted `;`, a quoted two-line field."""
    data = b'\xef\xbb\xbfName;City;Note\r\nAnna;Berlin;"a;b"\r\nBen;Wien;x\r\nCleo;Z\xc3\xbcrich;"line1\r\nline2"\r\n'
    reported = get_format(binary, data, "excel.csv")
    assert "delimiter=;" in reported, f"get format says {reported!r} (FORMATS §3.4: ';')"
    run = Run(binary, data, "excel.csv", [], "move /Cleo/ 1")
    expect_ok(run)
    bom, _, records = oracle.read_csv(run.after, b";", False)
    assert bom and records == [["Name", "City", "Note"], ["Cleo", "Z\xc3\xbcrich", "line1\r\nline2"],
                               ["Anna", "Berlin", "a;b"], ["Ben", "Wien", "x"]], (records, run.reproducer())


def test_issue_quoted_semicolon_is_read(binary):
    data = b'Name;Note\n"Smith; J.";x\n'
    run = Run(binary, data, "q.csv", ["-n", "-e", "print"])
    expect_ok(run)
    assert run.stdout == data, run.stdout
    reported = get_format(binary, data, "q.csv")
    assert "delimiter=;" in reported, f"get format says {reported!r} (FORMATS §3.4: ';')"


def test_issue_sep_line_stays_first(binary):
    data = b"sep=;\r\nName;City\r\nAnna;Berlin\r\nBen;Wien\r\n"
    run = Run(binary, data, "sep.csv", [], "move 2 1")
    expect_ok(run)
    assert run.after == b"sep=;\r\nName;City\r\nBen;Wien\r\nAnna;Berlin\r\n", \
        f"the sep= line and the header stay first (FORMATS §3.4): {run.after!r}\n  {run.reproducer()}"
    reported = get_format(binary, data, "sep.csv")
    assert "delimiter=;" in reported, f"get format says {reported!r} (FORMATS §3.4: ';')"


def test_issue_shopping_lists_stay_apart(binary):
    data = b"## Shopping\n\n- milk\n- eggs\n\nHardware store:\n\n- hammer\n- nails\n"
    md_example(binary, data, "move 3 1", b"## Shopping\n\n- hammer\n- milk\n- eggs\n\nHardware store:\n\n- nails\n")
    data = b"- milk\n- eggs\n\nHardware store:\n\n- hammer\n"
    md_example(binary, data, "move 3 1", b"- hammer\n- milk\n- eggs\n\nHardware store:\n\n")


def test_issue_ordered_lists_keep_counting(binary):
    md_example(binary, b"1. Install\n2. Configure\n3. Run\n", "move 3 1", b"1. Run\n2. Install\n3. Configure\n")
    md_example(binary, b"Steps:\n1. a\n2. b\n", "move 2 1", b"Steps:\n1. b\n2. a\n")


def test_issue_fence_on_an_item_line(binary):
    data = b"## Todo\n\n- ```sh\n  make\n  ```\n- b\n\n## Done\n\n- c\n- d\n"
    doc = md_example(binary, data, "move 1 2:2")
    assert len(doc.items) == 4 and len(doc.sections) == 2
    md_example(binary, b"1. ~~~\n   x\n   ~~~\n2. y\n3. z\n", "move 1 3")


def test_issue_unclosed_fence_in_a_card(binary):
    data = b"## Todo\n\n- a\n  ```\n  code\n\n## Doing\n\n- b\n\n## Done\n\n- c\n"
    doc = md_example(binary, data, "move 3 1:1")
    assert len(doc.sections) == 3
    md_example(binary, data, "move 1 3:$")


def test_issue_items_in_html_comments(binary):
    data = b"- a\n\n<!--\n- hidden\n-->\n\n- b\n- c\n"
    md_example(binary, data, "move 3 1")
    md_example(binary, data, "move 1 2:2")


def test_issue_block_quote_after_an_item(binary):
    data = b"- a\n> quote\n\n- b\n- c\n"
    md_example(binary, data, "move 1 $")
    md_example(binary, b"- a\n  > quote in a\n- b\n", "move 1 2")


def test_issue_2019_in_a_paragraph(binary):
    data = b"- a\n- b\n\nLast year\n2019. Everyone came,\nand left.\n\n- c\n"
    doc = md_example(binary, data, "move 3 1:1")
    assert len(doc.items) == 3


def test_issue_indented_item_moved_under_another(binary):
    """`-   a` has its content at column 4, so ` - b` and `  - c` are its siblings; `- c`
    under `- d` (content column 2) would nest: refused, or kept top-level."""
    data = b"-   a\n - b\n  - c\n- d\n"
    run = Run(binary, data, "list.md", [], "move 3 4")
    if run.code == 1:
        assert run.after == data, f"a refused move wrote the file\n  {run.reproducer()}"
        assert run.stderr, "a refused move says why"
    else:
        expect_ok(run)
        assert len(MarkdownDoc(run.after).items) == 4, f"CommonMark reads a nested item\n  {run.reproducer()}"
    md_example(binary, data, "move 3 2")  # `  - c` above ` - b`: siblings still


def test_issue_m3u_byte_order_mark(binary):
    """The BOM stays first (FORMATS §1.4), with `#EXTM3U` after it or an entry."""
    for data, header in [(BOM + b"#EXTINF:1,A\na.mp3\n#EXTINF:2,B\nb.mp3\n", []),
                         (BOM + b"#EXTM3U\n#EXTINF:1,A\na.mp3\n#EXTINF:2,B\nb.mp3\n", ["#EXTM3U"])]:
        run = Run(binary, data, "list.m3u", [], "move 1 2")
        expect_ok(run)
        bom, read, entries, _ = oracle.read_m3u(run.after)
        assert bom and read == header and entries == [("#EXTINF:2,B", "b.mp3"), ("#EXTINF:1,A", "a.mp3")], \
            f"wrote {run.after!r}\n  {run.reproducer()}"


def test_issue_m3u_option_before_extinf(binary):
    data = b"#EXTM3U\n#EXTINF:1,A\na.mp3\n#EXTVLCOPT:network-caching=1000\n#EXTINF:2,B\nb.mp3\n"
    first = Run(binary, data, "list.m3u", [], "move 2 1")
    expect_ok(first)
    second = Run(binary, first.after, "list.m3u", [], "move 2 1")
    expect_ok(second)
    _, header, entries, _ = oracle.read_m3u(second.after)
    assert header == ["#EXTM3U"] and entries == [("#EXTINF:1,A", "a.mp3"), (
        "#EXTVLCOPT:network-caching=1000", "#EXTINF:2,B", "b.mp3")], \
        f"the option left its entry (FORMATS §3.5): {second.after!r}\n  {first.reproducer()}, then move 2 1 again"
    assert second.after == data, f"a move and its inverse changed the file: {second.after!r}"


def test_issue_list_is_one_line_a_row_on_a_pipe(binary):
    for data, name, arguments, rows in [
            (b'Name,Note\nA,"x\ny"\nB,z\n', "l.csv", ["--format", "csv label=Note"], 2),
            (b'["a\\nb", {"title": "c\\r\\nd"}, "e"]', "l.json", [], 3)]:
        run = Run(binary, data, name, [*arguments, "-n", "-e", "list"])
        expect_ok(run)
        lines = run.stdout.split(b"\n")
        assert lines[-1] == b"" and len(lines) - 1 == rows and b"\r" not in run.stdout, \
            f"list gives {run.stdout!r}\n  {run.reproducer()}"
        assert all(re.match(rb" *\d+\t.\t", x) for x in lines[:-1]), run.stdout


def test_issue_latin1_delimiter(binary):
    data = b"Name\xa7Ort\nAnna\xa7M\xfcnchen\nBen\xa7Wien\n"
    arguments = [b"--format", b"csv delimiter=\xa7"]
    run = Run(binary, data, "l.csv", arguments, "move 2 1")
    expect_ok(run)
    _, _, records = oracle.read_csv(run.after, b"\xa7", False)
    assert records == [["Name", "Ort"], ["Ben", "Wien"], ["Anna", "M\xfcnchen"]], \
        f"Python's csv reads {records}\n  {run.reproducer()}"


# -- the oracles themselves (no binary): what they accept and what they catch --------------------
def md_verdict(before, script, after, renumber=True):
    """None when check_markdown accepts `after` as `script` applied to `before`, else why not."""
    layout = Layout(MarkdownDoc(before).sections)
    for command in script.split("; "):
        layout.command(command)
    try:
        oracle.check_markdown(before, after, layout, renumber)
    except AssertionError as error:
        return str(error)
    return None


def test_oracles_accept_the_specification_and_catch_the_bugs(binary):
    """The readers and the move model on hand-checked cases: FORMATS' results pass, and
    the outputs issue 40 reports (version 0.2's) fail, so that a failure of the suite is
    the binary's, not the oracle's."""
    shop = b"## Shopping\n\n- milk\n- eggs\n\nHardware store:\n\n- hammer\n- nails\n"
    assert md_verdict(shop, "move 3 1", b"## Shopping\n\n- hammer\n- milk\n- eggs\n\nHardware store:\n\n- nails\n") \
        is None
    assert "block 'Hardware store:'" in md_verdict(
        shop, "move 3 1", b"## Shopping\n\n- hammer\n- milk\n\nHardware store:\n\n- eggs\n- nails\n")
    steps = b"1. Install\n2. Configure\n3. Run\n"
    assert md_verdict(steps, "move 3 1", b"1. Run\n2. Install\n3. Configure\n") is None
    assert "numbered 3, expected 1" in md_verdict(steps, "move 3 1", b"3. Run\n1. Install\n2. Configure\n")
    assert md_verdict(steps, "move 3 1", b"3. Run\n1. Install\n2. Configure\n", renumber=False) is None
    assert md_verdict(b"Steps:\n1. a\n2. b\n", "move 2 1", b"Steps:\n1. b\n2. a\n") is None
    assert "reads 1 top-level items" in md_verdict(b"Steps:\n1. a\n2. b\n", "move 2 1", b"Steps:\n2. b\n1. a\n")
    kanban = b"## Todo\n\n- ```sh\n  make\n  ```\n- b\n\n## Done\n\n- c\n"
    assert MarkdownDoc(kanban).sections == [[0, 1], [2]]
    assert md_verdict(kanban, "move 2 2:1", b"## Todo\n\n- ```sh\n  make\n  ```\n\n## Done\n\n- b\n- c\n") is None
    hidden = b"- a\n\n<!--\n- hidden\n-->\n\n- b\n- c\n"
    assert MarkdownDoc(hidden).sections == [[0], [1, 2]]
    assert "reads 2 top-level items" in md_verdict(hidden, "move 3 1", b"- b\n\n<!--\n- a\n\n- hidden\n-->\n- c\n")
    assert md_verdict(b"- a\n- b\n", "move 2 1", b"- b\n- a\n") is None
    assert "text changed" in md_verdict(b"- a\n- b\n", "move 2 1", b"- b\n- a \n")
    doc = MarkdownDoc(b"-   a\n - b\n  - c\n- d\n")
    layout = Layout(doc.sections)
    layout.command("move 3 4")
    assert oracle.nests(doc, layout) == (3, 2), "`  - c` under `- d` is a child"
    # SPEC §9.15 and §10 on a list of two sections
    layout = Layout([[1, 2, 3, 4, 5]])
    layout.command("move 2,4 3")  # SPEC §10: rows 2-4 down one place
    assert layout.sections == [[1, 5, 2, 3, 4]], layout.sections
    layout = Layout([[1, 2, 3, 4], [5, 6]])
    layout.command("move 2,4 3")  # after the row now at 3 + 3 - 1, joining its section
    assert layout.sections == [[1], [5, 2, 3, 4, 6]], layout.sections
    layout = Layout([[1, 2, 3, 4], [5, 6]])
    layout.command("move 1 2:$")
    layout.command("move 4,5 1:1")  # rows are numbered anew after each move
    assert layout.sections == [[5, 6, 2, 3, 4], [1]], layout.sections
    layout = Layout([[1, 2], [3]])
    layout.command("move 3 1")
    layout.command("move 1 $")
    assert layout.sections == [[1, 2, 3], []] and layout.moved == {3}, (layout.sections, layout.moved)  # `$` joins row 3's section
    # FORMATS §3.4 detection and Python's csv
    excel = b'\xef\xbb\xbfName;City;Note\r\nAnna;Berlin;"a;b"\r\nCleo;Z\xc3\xbcrich;"line1\r\nline2"\r\n'
    assert oracle.detect_delimiter(excel) == (b";", False)
    assert oracle.detect_delimiter(b'Name;Note\n"Smith; J.";x\n') == (b";", False)
    assert oracle.detect_delimiter(b"a,b,c\n1,2\n3,4,5\n") == (b",", False)
    assert oracle.detect_delimiter(b"a|b,c\n1|2,3\n4|5\n") == (b"|", False)  # scores 3 and 2
    assert oracle.detect_delimiter(b"a|b,c\n1|2,3\n") == (b",", False)  # a tie: the earlier candidate
    assert oracle.detect_delimiter(b"sep=;\r\nName;City\r\n") == (b";", True)
    assert oracle.detect_delimiter(b"one\ntwo\n") == (b",", False)
    assert oracle.read_csv(excel, b";", False)[2][2] == ["Cleo", "Z\xc3\xbcrich", "line1\r\nline2"]
    # the M3U convention: entry directives start an entry at the top too
    assert oracle.read_m3u(b"#EXTM3U\n#EXTVLCOPT:x=1\n#EXTINF:1,A\na.mp3\n") == \
        (False, ["#EXTM3U"], [("#EXTVLCOPT:x=1", "#EXTINF:1,A", "a.mp3")], [])


def test_nesting_seen_as_written(binary):
    """Found by the random suite: `1. x` gains a digit at row 10, so `   11. y` may stand
    under it; moved back to the top together, `1. x` has its content at column 3 again
    and `   2.  y` would be its child: the second move must be refused (FORMATS §3.3)."""
    data = b"1. x\n2. p\n3. q\n4. r\n5. s\n6. t\n7. u\n8. v\n9. w\n10. z\n   11. y\n"
    assert len(MarkdownDoc(data).items) == 11
    run = Run(binary, data, "list.md", [], "move 1 10; move 10,11 1")
    assert run.code == 1 and run.after == data, \
        f"exit {run.code}, wrote {run.after!r}: CommonMark reads {len(MarkdownDoc(run.after).items)} items\n" \
        f"  {run.reproducer()}"


# -- marks with real git (issue 42) ---------------------------------------------------------------
def test_marks_rebase_with_real_git(binary):
    """GIT_SEQUENCE_EDITOR set to a rowdrag script that moves, marks and marks a range:
    after `git rebase -i` the history is exactly what was asked — a fixup! commit moved
    under its target and fixed up, a commit dropped, one reworded (GIT_EDITOR edits the
    message), a range of two squashed into the commit above (messages joined) — and a
    mark left nothing else of the todo changed (git read it). An empty todo aborts and
    leaves the branch as it was."""
    home = tempfile.mkdtemp(prefix="rowdrag-marks-git-")
    try:
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "GIT_CONFIG_NOSYSTEM": "1",
               "GIT_AUTHOR_NAME": "A", "GIT_AUTHOR_EMAIL": "a@example.com", "GIT_COMMITTER_NAME": "A",
               "GIT_COMMITTER_EMAIL": "a@example.com", "LC_ALL": "C"}
        repo = os.path.join(home, "repo")
        os.mkdir(repo)
        git(repo, "init", "-q", "-b", "main", env=env)
        for i, subject in enumerate(["base", "c1", "c2", "c3", "c4", "c5", "c6", "fixup! c2"]):
            name = "f2.txt" if subject == "fixup! c2" else f"f{i}.txt"
            with open(os.path.join(repo, name), "a") as f:
                f.write(f"{subject}\n")
            git(repo, "add", name, env=env)
            git(repo, "commit", "-q", "-m", subject, env=env)
        script = ("move /fixup! c2/ after /c2$/; mark /fixup! c2/ fixup; mark /c3$/ drop; "
                  "mark /c4$/ r; mark /c5$/,/c6$/ squash")
        env["GIT_SEQUENCE_EDITOR"] = f"{shlex.quote(binary)} -i -e {shlex.quote(script)}"
        # The reword's message editor renames c4; the squash's keeps the joined message.
        env["GIT_EDITOR"] = "sed -i -e 's/^c4$/c4 reworded/'"
        out = git(repo, "rebase", "-i", "HEAD~7", env=env, check=False)
        assert out.returncode == 0, out.stderr.decode()
        subjects = git(repo, "log", "--format=%s", env=env).stdout.decode().splitlines()
        assert subjects == ["c4 reworded", "c2", "c1", "base"], subjects
        body = git(repo, "log", "-1", "--format=%B", env=env).stdout.decode()
        assert "c5" in body and "c6" in body, body  # squashed into the reworded c4
        assert open(os.path.join(repo, "f2.txt")).read() == "c2\nfixup! c2\n"
        assert not os.path.exists(os.path.join(repo, "f3.txt"))  # c3 dropped
        # An empty todo (every row deleted by the editor) aborts: the branch is unchanged.
        head = git(repo, "rev-parse", "HEAD", env=env).stdout
        env["GIT_SEQUENCE_EDITOR"] = "sed -i -e '/^[a-z]/d'"
        out = git(repo, "rebase", "-i", "HEAD~2", env=env, check=False)
        assert git(repo, "rev-parse", "HEAD", env=env).stdout == head
    finally:
        shutil.rmtree(home, ignore_errors=True)
