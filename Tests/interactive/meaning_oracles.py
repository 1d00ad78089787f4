"""What a file *means*, read by parsers no one here wrote (FORMATS.md §7), for
meaning_tests.py: Markdown through markdown-it-py (CommonMark), CSV and TSV through
Python's `csv`, JSON and JSON Lines through Python's `json`, M3U through a small reader
written from the playlist convention (there is no outside M3U parser). Beside the
readers: a model of which rows a `move` script puts where (SPEC §6, §9.15, §10 and
FORMATS §4's gaps), so the tests know the order to expect, and the §3.4 delimiter
detection, written again from its text, to check `get format` by."""

import csv
import io
import json
import re

from markdown_it import MarkdownIt

BOM = b"\xef\xbb\xbf"


# -- the order a script gives ----------------------------------------------------------
class Layout:
    """Rows (any ids) in sections, as loaded; `move` as SPEC §9.15 and §10 define it.
    Sections are fixed for a run (an emptied section stays and can receive rows)."""

    def __init__(self, sections):
        self.loaded = [list(s) for s in sections]
        self.sections = [list(s) for s in sections]
        self.moved = set()

    def copy(self):
        other = Layout(self.loaded)
        other.sections = [list(s) for s in self.sections]
        other.moved = set(self.moved)
        return other

    def command(self, text):
        """Runs a `move SOURCE TARGET` command."""
        _, source, target = text.split(" ")
        self.move(source, target)

    def flat(self):
        return [r for s in self.sections for r in s]

    def where(self, row):
        """(section index, index in section) of a row id."""
        for si, s in enumerate(self.sections):
            if row in s:
                return si, s.index(row)
        raise KeyError(row)

    def move(self, source, target):
        """`move SOURCE TARGET` with SOURCE `N` or `A,B` and TARGET `N`, `$`, `S:R` or
        `S:$` (FORMATS §5 widens §9.15 to `S:$`)."""
        flat = self.flat()
        a, _, b = source.partition(",")
        first, last = int(a), int(b or a)
        block = flat[first - 1:last]
        k = len(block)
        si, ri = self.where(block[0])
        if self.where(block[-1])[0] != si:
            raise ValueError("a range must lie in one section")
        if target == "$":
            target = str(len(flat) - k + 1)
        if ":" in target:
            s, r = target.split(":")
            ts = int(s) - 1
            rest = [x for x in self.sections[ts] if x not in block]
            pos = len(rest) if r == "$" else int(r) - 1
            if pos == ri and ts == si:
                return
            self._remove(block)
            self.sections[ts][pos:pos] = block
        else:
            n = int(target)
            if n == first:
                return
            anchor = flat[n + k - 2] if n > first else flat[n - 1]
            self._remove(block)
            ts, ti = self.where(anchor)
            at = ti + 1 if n > first else ti
            self.sections[ts][at:at] = block
        self.moved.update(block)

    def _remove(self, block):
        for s in self.sections:
            s[:] = [x for x in s if x not in block]


def random_move(rng, layout):
    """A random `move` command of every kind (a row or a range, to `N`, `$`, `S:R`,
    `S:$`); None when the list has fewer than two rows."""
    flat = layout.flat()
    total = len(flat)
    if total < 2:
        return None
    si = rng.choice([i for i, s in enumerate(layout.sections) if s])
    sec = layout.sections[si]
    start = sum(len(s) for s in layout.sections[:si])
    i = rng.randrange(len(sec))
    j = i if rng.random() < 0.6 or len(sec) == 1 else rng.randrange(i, min(len(sec), i + 3))
    k = j - i + 1
    source = str(start + i + 1) if j == i else f"{start + i + 1},{start + j + 1}"
    roll = rng.random()
    if roll < 0.45 and total - k + 1 >= 1:
        target = str(rng.randint(1, total - k + 1))
    elif roll < 0.55:
        target = "$"
    else:
        ts = rng.randrange(len(layout.sections))
        n = len(layout.sections[ts])
        if roll < 0.65:
            target = f"{ts + 1}:$"
        else:
            top = n - k + 1 if ts == si else n + 1
            if top < 1:
                return random_move(rng, layout)
            target = f"{ts + 1}:{rng.randint(1, top)}"
    return f"move {source} {target}"


# -- Markdown through markdown-it-py -----------------------------------------------------
MD = MarkdownIt("commonmark")
LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")
ORDERED = re.compile(r"( {0,3})(\d{1,9})([.)])")
BULLET = re.compile(r"( {0,3})([-*+])")


def lines_of(text):
    """Lines without terminators, numbered as markdown-it numbers them."""
    return [re.sub(r"\r?\n$|\r$", "", x) for x in LINE.findall(text)]


def columns(prefix):
    """The column after `prefix` (spaces and tabs, tab stops of 4, as CommonMark)."""
    col = 0
    for ch in prefix:
        col = col + 4 - col % 4 if ch == "\t" else col + 1
    return col


def text_of(token):
    """A token's text as it counts: a paragraph's lines without their leading spaces
    (CommonMark 4.8; renumbering may indent a lazy line), an HTML block without the line
    end that the file's last line lacks."""
    if token.type == "inline":
        return re.sub(r"\n[ \t]+", "\n", token.content)
    if token.type == "html_block":
        return token.content.rstrip("\n")
    return token.content


class Item:
    """A top-level list item as CommonMark reads it: its source lines (trailing blank
    lines dropped), its marker, and the tokens of its content (what it says)."""

    def __init__(self, lines, tokens, list_kind):
        self.lines = lines
        first = lines[0]
        m = ORDERED.match(first) or BULLET.match(first)
        self.indent = len(m.group(1))
        self.ordered = m.re is ORDERED
        self.digits = m.group(2) if self.ordered else None
        self.kind = list_kind  # the bullet character or the ordered delimiter
        after = first[m.end():]
        gap = re.match(r"[ \t]*", after).group(0)
        spaces = columns(first[:m.end()] + gap) - m.end()
        self.bare = gap == after or "\t" in gap  # nothing or a tab after the marker
        self.spaces = len(gap)
        if gap == after or spaces > 4 or spaces < 1:  # empty first line, or indented code
            spaces = 1
        self.content_column = m.end() + spaces
        self.content = tuple((t.type, t.tag, t.nesting, t.markup, t.info, text_of(t),
                              tuple(sorted((t.attrs or {}).items()))) for t in tokens)
        # An unclosed fence in an item takes the blank lines after it into its code
        # (CommonMark), where FORMATS §3.3 makes them trivia that stays in its gap: a
        # move gives that code one blank line more or less at its end. A disagreement
        # between FORMATS and CommonMark, read past unless asked for (`strict`).
        self.loose_content = tuple(
            (*x[:5], x[5].rstrip("\n") if x[0] in ("fence", "code_block") else x[5], x[6]) for x in self.content)

    def content_column_as(self, digits):
        """The content column once renumbered to `digits` (FORMATS §3.3): the spaces after
        the delimiter absorb a longer number while one remains, the rest moves the
        content; after a tab or nothing the content moves by the whole change."""
        if not self.ordered or digits is None:
            return self.content_column
        change = len(digits) - len(self.digits)
        if self.bare:
            return self.content_column + change
        return self.content_column + max(0, change - (self.spaces - 1))

    def masked(self):
        """Its text with the number of an ordered marker left out (renumbering changes
        only the digits, FORMATS §3.3)."""
        if not self.ordered:
            return tuple(self.lines)
        return (ORDERED.sub(r"\1#\3", self.lines[0], count=1), *self.lines[1:])

    def label(self):
        return self.lines[0]


class Block:
    """A top-level block that is not a list: paragraph, heading, HTML block, fence,
    block quote, thematic break, code block."""

    def __init__(self, kind, lines, atx, start=0):
        self.kind = kind
        self.lines = tuple(lines)
        self.start, self.end = start, start + len(lines)  # 0-based lines, end excluded
        self.atx = atx  # an ATX heading: a section header (FORMATS §3.3, default --header)


class MarkdownDoc:
    """A Markdown file as CommonMark reads it, and the sections FORMATS §3.3 makes of that
    reading: ATX headings are headers; after an item, the first non-item block starts a
    section when an item follows before the next heading ("lists stay apart")."""

    def __init__(self, data):
        self.bom = data.startswith(BOM)
        text = data[len(BOM) if self.bom else 0:].decode("utf-8")
        self.lines = lines_of(text)
        self.items = []
        self.blocks = []
        self.sequence = []  # ("item", index) and ("block", index) in document order
        self.lists = []  # per top-level list: (item indices, ordered start or None)
        tokens = MD.parse(text)
        i = 0
        while i < len(tokens):
            t = tokens[i]
            j = i + 1
            if t.nesting == 1:
                depth = 1
                while depth:
                    depth += tokens[j].nesting
                    j += 1
            group = tokens[i:j]
            if t.type in ("bullet_list_open", "ordered_list_open"):
                self._list(group, t)
            else:
                a, b = t.map
                atx = t.type == "heading_open" and t.markup.startswith("#")
                self.blocks.append(Block(t.type, self.lines[a:b], atx, a))
                self.sequence.append(("block", len(self.blocks) - 1))
            i = j
        self._sections()

    def _list(self, group, opening):
        members = []
        k = 1
        while k < len(group) - 1:
            t = group[k]
            e = k + 1
            depth = 1
            while depth:
                depth += group[e].nesting
                e += 1
            a, b = t.map
            lines = self.lines[a:b]
            while lines and not lines[-1].strip():
                lines.pop()
            self.items.append(Item(lines, group[k + 1:e - 1], t.markup))
            members.append(len(self.items) - 1)
            self.sequence.append(("item", len(self.items) - 1))
            k = e
        start = (opening.attrs or {}).get("start", 1) if opening.type == "ordered_list_open" else None
        self.lists.append((members, start))

    def _sections(self):
        """sections: item indices per section (a leading untitled one only when it has
        items); place: per block, (section, "header"|"gap0"|"end") or None (before all)."""
        self.sections = []
        self.place = [None] * len(self.blocks)
        current = None
        pending = []
        lead = []
        for what, index in self.sequence:
            if what == "block" and self.blocks[index].atx:
                for p in pending:
                    self.place[p] = (current, "end")
                pending = []
                self.sections.append([])
                current = len(self.sections) - 1
                self.place[index] = (current, "header")
            elif what == "item":
                if current is None:
                    self.sections.append([])
                    current = 0
                    for p in lead:
                        self.place[p] = (current, "gap0")
                elif pending:
                    self.sections.append([])
                    current = len(self.sections) - 1
                    self.place[pending[0]] = (current, "header")
                    for p in pending[1:]:
                        self.place[p] = (current, "gap0")
                    pending = []
                self.sections[current].append(index)
            elif current is None:
                lead.append(index)
            elif self.sections[current]:
                pending.append(index)
            else:
                self.place[index] = (current, "gap0")
        for p in pending:
            self.place[p] = (current, "end")

    def list_of(self):
        """Item index -> index of its CommonMark list."""
        return {i: n for n, (members, _) in enumerate(self.lists) for i in members}

    def blocks_before(self):
        """Per block, how many items stand before it."""
        counts, seen = [], 0
        for what, _ in self.sequence:
            if what == "item":
                seen += 1
            else:
                counts.append(seen)
        return counts


def kind_runs(doc, section_rows):
    """A section's rows (item indices) cut into runs of one marker kind: the lists
    CommonMark reads in it."""
    runs = []
    for r in section_rows:
        if runs and doc.items[runs[-1][-1]].kind == doc.items[r].kind:
            runs[-1].append(r)
        else:
            runs.append([r])
    return runs


def nests(doc, layout, renumber=True):
    """The first pair (above, below) of neighbouring rows of a section whose lower row's
    marker stands at or past the upper row's content column as written (renumbered):
    CommonMark would read it as a child (FORMATS §3.3 refuses such a move)."""
    numbers = expected_numbers(doc, layout) if renumber else {}
    for s in layout.sections:
        for above, below in zip(s, s[1:]):
            if doc.items[below].indent >= doc.items[above].content_column_as(numbers.get(above)):
                return above, below
    return None


def expected_numbers(doc, layout):
    """FORMATS §3.3 renumbering: per row id, the digits its ordered marker must show."""
    out = {}
    for s, (loaded, now) in enumerate(zip(layout.loaded, layout.sections)):
        previous = None
        for p, r in enumerate(now):
            if not doc.items[r].ordered:
                continue
            if p < len(loaded) and doc.items[loaded[p]].ordered:
                digits = doc.items[loaded[p]].digits
            else:
                digits = str(previous + 1 if previous is not None else 1)
            out[r] = digits
            previous = int(digits)
    return out


def lists_kept(doc, layout):
    """Whether the moves keep every list as CommonMark reads it (FORMATS §7): unmoved items
    keep their list-mates, and a moved item lands in a list that holds an unmoved item or
    in a section holding no other list. False for the case §3.3 accepts (an item moved
    among items of another marker kind reads as a list of its own there)."""
    moved = layout.moved
    before = {}
    for s, rows in enumerate(layout.loaded):
        for n, run in enumerate(kind_runs(doc, rows)):
            for r in run:
                before[r] = (s, n)
    for s, rows in enumerate(layout.sections):
        runs = kind_runs(doc, rows)
        after = {r: (s, n) for n, run in enumerate(runs) for r in run}
        still = [r for r in rows if r not in moved]
        for a in still:
            for b in still:
                if (before[a] == before[b]) != (after[a] == after[b]):
                    return False
        for run in runs:
            if all(r in moved for r in run) and len(runs) > 1:
                return False
    return True


def ordered_starts_kept(doc, layout):
    """Whether every ordered list holding an unmoved item still starts at the position it
    started at. Where it does not (a section holding a bullet list above an ordered list,
    FORMATS §3.3 "two lists of different kinds … stay one section", and rows moved into
    or out of the bullet list), §3.3's "numbers belong to positions" gives the ordered
    list the number of another position: CommonMark then reads it counting from another
    number. A disagreement between FORMATS and CommonMark, kept out unless asked for."""
    for s, rows in enumerate(layout.sections):
        position = 0
        for run in kind_runs(doc, rows):
            if doc.items[run[0]].ordered:
                for r in run:
                    if r not in layout.moved:
                        was = 0
                        for old in kind_runs(doc, layout.loaded[s]):
                            if r in old:
                                break
                            was += len(old)
                        if was != position:
                            return False
                        break
            position += len(run)
    return True


def lazy_into_empty(doc, layout):
    """Whether rows land in a section that had none, whose header is directly followed by
    paragraph text: FORMATS §4 writes that trivia (gap 0 of an empty section) after the
    rows, where CommonMark reads it as a lazy line of the last item. A disagreement
    between FORMATS and CommonMark, kept out unless asked for."""
    for s, (loaded, now) in enumerate(zip(layout.loaded, layout.sections)):
        if loaded or not now:
            continue
        header = doc.place.index((s, "header"))
        gap0 = [b for b, p in enumerate(doc.place) if p == (s, "gap0")]
        if gap0 and doc.blocks[gap0[0]].kind in ("paragraph_open", "heading_open") \
                and doc.blocks[gap0[0]].start == doc.blocks[header].end:
            return True
    return False


def check_markdown(before, after, layout, renumber=True, strict=False):
    """FORMATS §7 for Markdown: the file `after`, read by markdown-it, holds the items of
    `before` in the layout's order, every non-item block unchanged and in its place (§4's
    gaps), the same lists, and ordered lists counting as before. Raises AssertionError."""
    old, new = MarkdownDoc(before), MarkdownDoc(after)
    assert new.bom == old.bom, "the byte-order mark is no longer first" if old.bom else "a byte-order mark appeared"
    order = layout.flat()
    assert len(new.items) == len(order), \
        f"CommonMark reads {len(new.items)} top-level items, expected {len(order)}: " \
        f"{[i.label() for i in new.items]}"
    numbers = expected_numbers(old, layout) if renumber else {}
    for k, (item, r) in enumerate(zip(new.items, order)):
        was = old.items[r]
        what = f"item {k + 1} ({item.label()!r}, expected {was.label()!r})"
        assert item.kind == was.kind and item.indent == was.indent, f"{what}: marker changed"
        if strict:
            assert item.content == was.content, f"{what}: CommonMark reads other content"
        assert item.loose_content == was.loose_content, f"{what}: CommonMark reads other content"
        if not was.ordered:
            assert tuple(item.lines) == tuple(was.lines), f"{what}: text changed {item.lines} != {was.lines}"
        elif len(item.digits) == len(was.digits):
            assert item.masked() == was.masked(), f"{what}: text changed {item.lines} != {was.lines}"
        if was.ordered:
            want = numbers.get(r, was.digits)
            assert item.digits == want, f"{what}: numbered {item.digits}, expected {want} (§3.3)"
    was, now = [b.lines for b in old.blocks], [b.lines for b in new.blocks]
    if was != now:
        k = next((k for k, (x, y) in enumerate(zip(was, now)) if x != y), min(len(was), len(now)))
        raise AssertionError(f"non-item block {k + 1} changed: {was[k:k + 1]} became {now[k:k + 1]}"
                             f" ({len(was)} blocks before, {len(now)} after)")
    counts = [len(s) for s in layout.sections]
    loaded = [len(s) for s in layout.loaded]
    for b, (place, seen) in enumerate(zip(old.place, new.blocks_before())):
        if place is None:
            want = 0
        else:
            s, where = place
            want = sum(counts[:s])
            if where == "end" or (where == "gap0" and not 0 < min(loaded[s], counts[s])):
                want += counts[s]
        assert seen == want, f"the block {old.blocks[b].lines[0]!r} stands after item {seen}, " \
                             f"expected after item {want} (FORMATS §4: trivia keeps its gap)"
    # the same lists: neighbouring items share a list exactly when they share a section
    # and a marker kind (lists_kept() keeps the moves to where that is the rule)
    of = new.list_of()
    section_of = {r: s for s, rows in enumerate(layout.sections) for r in rows}
    for k in range(len(order) - 1):
        a, b = order[k], order[k + 1]
        together = section_of[a] == section_of[b] and old.items[a].kind == old.items[b].kind
        assert (of[k] == of[k + 1]) == together, \
            f"items {k + 1} and {k + 2} ({new.items[k].label()!r}, {new.items[k + 1].label()!r}) " + \
            ("are in separate lists, expected one" if together else "are in one list, expected separate ones")
    starts_before = {}
    for members, start in old.lists:
        for m in members:
            starts_before[m] = start
    for members, start in new.lists:
        if start is None:
            continue
        unmoved = [order[m] for m in members if order[m] not in layout.moved]
        if unmoved and renumber:
            assert start == starts_before[unmoved[0]], \
                f"the ordered list of {new.items[members[0]].label()!r} counts from {start}, " \
                f"it counted from {starts_before[unmoved[0]]}"
    return old, new


# -- CSV and TSV ------------------------------------------------------------------------
class CsvError(Exception):
    pass


def rfc_records(data, delimiter, limit=None, window=None):
    """FORMATS §3.4's reading, written again from its text (for the detection check
    only): records as field counts, blank lines skipped. Raises CsvError."""
    d = delimiter
    out = []
    i, n = 0, len(data)
    while i < n and (limit is None or len(out) < limit):
        if window is not None and i >= window:
            break
        end = data.find(b"\n", i)
        line = data[i:end if end >= 0 else n]
        if line in (b"", b"\r"):
            i = n if end < 0 else end + 1
            continue
        fields = 1
        while True:
            if i < n and data[i:i + 1] == b'"':
                j = i + 1
                while True:
                    q = data.find(b'"', j)
                    if q < 0:
                        raise CsvError("a quote still open at the end")
                    if data[q + 1:q + 2] == b'"':
                        j = q + 2
                        continue
                    break
                i = q + 1
                c = data[i:i + 1]
                if c == d:
                    i += 1
                    fields += 1
                    continue
                if c == b"\n" or c == b"" or data[i:i + 2] == b"\r\n" or c == b"\r" and i + 1 == n:
                    break
                raise CsvError("a quoted field followed by another byte")
            while i < n and data[i:i + 1] not in (d, b"\n") and data[i:i + 2] != b"\r\n":
                i += 1
            if i < n and data[i:i + 1] == d:
                i += 1
                fields += 1
                continue
            break
        if data[i:i + 2] == b"\r\n":
            i += 2
        elif data[i:i + 1] == b"\n":
            i += 1
        out.append(fields)
    return out


def detect_delimiter(data):
    """FORMATS §3.4 detection: (delimiter byte, has a `sep=` line)."""
    if data.startswith(BOM):
        data = data[len(BOM):]
    first = re.match(rb"[^\n]*", data).group(0)
    first = first[:-1] if first.endswith(b"\r") else first
    if len(first) == 5 and first.startswith(b"sep="):
        return first[4:5], True
    best, score = b",", -1
    for cand in (b",", b";", b"\t", b"|"):
        try:
            counts = rfc_records(data, cand, limit=20)
            if len(counts) < 20:
                counts = rfc_records(data, cand, limit=20, window=65536)
        except CsvError:
            continue
        if not counts or counts[0] < 2:
            continue
        s = sum(1 for c in counts if c == counts[0])
        if s > score:
            best, score = cand, s
    return best, False


def read_csv(data, delimiter, sep_line):
    """(BOM first, `sep=` line or None, records as lists of fields) by Python's csv with
    the given delimiter; blank lines are not records."""
    bom = data.startswith(BOM)
    text = data[len(BOM) if bom else 0:].decode("latin-1")
    sep = None
    if sep_line:
        sep, _, text = text.partition("\n")
    rows = [r for r in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter.decode("latin-1"),
                                  quotechar='"', doublequote=True, strict=True) if r]
    return bom, sep, rows


# -- M3U --------------------------------------------------------------------------------
# No parser of M3U exists outside players, so this reader is written from the convention
# the players follow (VLC, mpv, Kodi): a first `#EXTM3U` line (after a byte-order mark)
# and the playlist's own `#` lines at the top; then each entry is a path or URI line with
# every `#` line before it (`#EXTINF:`, `#EXTVLCOPT:`, `#EXTGRP:` … apply to the next
# media); the entry directives begin an entry even at the top; blank lines mean nothing.
ENTRY_DIRECTIVES = ("#EXTINF:", "#EXTVLCOPT:", "#EXTGRP:", "#KODIPROP:", "#EXTBYT:", "#EXTALB:",
                    "#EXTART:", "#EXTIMG:")


def read_m3u(data):
    """(BOM first, header `#` lines, entries as tuples of lines, trailing `#` lines)."""
    bom = data.startswith(BOM)
    lines = [x for x in lines_of(data[len(BOM) if bom else 0:].decode("utf-8", "surrogateescape"))]
    header, entries, pending = [], [], []
    top = True
    for line in lines:
        if not line.strip():
            continue
        if line.startswith("#"):
            if top and not line.startswith(ENTRY_DIRECTIVES):
                header.append(line)
            else:
                top = False
                pending.append(line)
        else:
            top = False
            entries.append((*pending, line))
            pending = []
    return bom, header, entries, pending


# -- JSON -------------------------------------------------------------------------------
def json_value(text):
    """A JSON text as a comparable value: objects as their member lists (order and
    duplicates kept), numbers as written."""
    return json.loads(text, object_pairs_hook=lambda pairs: ("object", tuple(pairs)),
                      parse_float=lambda s: ("number", s), parse_int=lambda s: ("number", s),
                      parse_constant=lambda s: ("constant", s))


def json_pointer(value, pointer):
    """The path of keys (and indices) of an RFC 6901 pointer in a json_value()."""
    if pointer == "":
        return []
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer[1:].split("/")]


def json_get(value, path):
    for key in path:
        if isinstance(value, tuple) and value and value[0] == "object":
            value = next(v for k, v in value[1] if k == key)
        else:
            value = value[int(key)]
    return value


def json_without(value, path):
    """The document with the value at `path` replaced by a marker."""
    if not path:
        return "<removed>"
    key, rest = path[0], path[1:]
    if isinstance(value, tuple) and value and value[0] == "object":
        return ("object", tuple((k, json_without(v, rest) if k == key else v) for k, v in value[1]))
    return [json_without(v, rest) if str(i) == key else v for i, v in enumerate(value)]


def json_sections(value):
    """SPEC §5.2's shapes: the rows of each section (a list of lists)."""
    if isinstance(value, tuple) and value[0] == "object":
        return [list(v) for _, v in value[1]]
    if value and all(isinstance(v, list) for v in value):
        return [list(v) for v in value]
    return [list(value)]


# -- reproducers ------------------------------------------------------------------------
def printf(data):
    """A shell `printf '…'` that writes `data` exactly."""
    out = []
    for byte in data:
        ch = chr(byte)
        if ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "%":
            out.append("%%")
        elif ch == "'" or not 0x20 <= byte < 0x7F:
            out.append("\\%03o" % byte)
        else:
            out.append(ch)
    return "printf '" + "".join(out) + "'"
