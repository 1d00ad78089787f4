"""An independent reading of FORMATS.md (the structured list formats), written from
the document alone: a file's bytes and a format become lines classified as items,
headers and trivia; items are rows with a label, a height and a block of lines;
rows move (`move A B`, `move A S:R`, SPEC §9.15) and the list is written back with
the trivia gap rule of FORMATS §4 and the terminator rule of SPEC §9.21.
formats_model_tests.py runs it side by side with the binary."""

import json
import re

ROW_HEIGHT = 44.0
TITLED = 28.0
PRIORITY = ("title", "name", "label", "text", "id")


class FormatError(Exception):
    """An input error (exit 3) at a 1-based line and byte column."""

    def __init__(self, line, col, message):
        super().__init__("%d:%d: %s" % (line, col, message))
        self.line, self.col, self.message = line, col, message


class Refused(Exception):
    """A command the binary must refuse (exit 1 under --keep-going)."""


# -- lines ----------------------------------------------------------------------
def split_lines(data):
    """SPEC §5.1: lines keep their own terminator (LF or CR LF); the last may have none.
    Returns [(content, terminator)]."""
    lines, start = [], 0
    while start < len(data):
        end = data.find(b"\n", start)
        if end < 0:
            lines.append((data[start:], b""))
            break
        if end > start and data[end - 1:end] == b"\r":
            lines.append((data[start:end - 1], b"\r\n"))
        else:
            lines.append((data[start:end], b"\n"))
        start = end + 1
    return lines


def position(data, offset):
    """(line, column) of a byte offset, both 1-based, the column in bytes."""
    line = data.count(b"\n", 0, offset) + 1
    return line, offset - (data.rfind(b"\n", 0, offset) + 1) + 1


def is_blank(content):
    return content.strip(b" \t\r") == b""


def matches(regex, content):
    return regex is not None and re.search(regex.encode(), content) is not None


class Row:
    """One item: its block (input line numbers, 0-based), label and height."""

    def __init__(self, lines, label, height=None, locked=False, pinned=False):
        self.lines, self.label, self.height = list(lines), label, height
        self.locked, self.pinned = locked, pinned


class Section:
    """A section as loaded: header line (or None), row ids, and the trivia of each gap."""

    def __init__(self, header=None, label=None):
        self.header, self.label, self.rows, self.gaps = header, label, [], {}

    def add_trivia(self, line):
        self.gaps.setdefault(len(self.rows), []).append(line)


# -- the line-based document ------------------------------------------------------
class LineDocument:
    """FORMATS §1: every line is an item line, a header or trivia. Entries are added in
    file order; `finish` builds the sections of SPEC §9.3 and §4."""

    def __init__(self, data):
        self.data = data
        self.lines = split_lines(data)
        self.rows = []
        self.lead = []  # trivia written first (before the first header, no leading rows)
        self.sections = [Section()]

    def trivia(self, i):
        self.sections[-1].add_trivia(i)

    def header(self, i):
        self.sections.append(Section(i, self.lines[i][0]))

    def item(self, lines, label=None, height=None, locked=False, pinned=False):
        if label is None:
            label = self.lines[lines[0]][0]
        self.sections[-1].rows.append(len(self.rows))
        self.rows.append(Row(lines, label, height, locked, pinned))

    def finish(self):
        """SPEC §9.3: a leading untitled section exists only when it has rows."""
        first = self.sections[0]
        if not first.rows and len(self.sections) > 1:
            self.lead = first.gaps.get(0, [])
            self.sections.pop(0)
        return self

    def titled(self, s):
        return self.sections[s].header is not None

    def section_label(self, s):
        """A section's header label: its line (untitled: empty)."""
        return self.sections[s].label or b""

    def render(self, order):
        """The bytes for `order` (row ids per section): FORMATS §4."""
        out = list(self.lead)
        for section, rows in zip(self.sections, order):
            if section.header is not None:
                out.append(section.header)
            n, m = len(section.rows), len(rows)
            placed = {g: list(lines) for g, lines in section.gaps.items() if g < min(n, m)}
            for g in sorted(section.gaps):
                if g >= min(n, m):
                    placed.setdefault(m, []).extend(section.gaps[g])
            for g in range(m + 1):
                out.extend(placed.get(g, []))
                if g < m:
                    out.extend(self.rows[rows[g]].lines)
        return self.join(out)

    def join(self, order):
        """SPEC §9.21 for the file as a whole: the formerly unterminated line takes the
        terminator of the last terminated input line when it is no longer last; the
        line now last is written without its terminator."""
        lines = self.lines
        assert sorted(order) == list(range(len(lines))), "every line written once"
        terms = [lines[i][1] for i in order]
        if lines and lines[-1][1] == b"" and order[-1] != len(lines) - 1:
            last = len(lines) - 1
            terms[order.index(last)] = lines[-2][1] if len(lines) > 1 else b"\n"
            terms[-1] = b""
        return b"".join(lines[i][0] + t for i, t in zip(order, terms))


# -- text and todo ----------------------------------------------------------------
def read_text(data, header=None, skip=None):
    """§3.1: one line one item; --header lines are headers, --skip lines trivia."""
    doc = LineDocument(data)
    for i, (content, _) in enumerate(doc.lines):
        if matches(header, content):
            doc.header(i)
        elif matches(skip, content):
            doc.trivia(i)
        else:
            doc.item([i])
    return doc.finish()


def read_todo(data):
    """§3.2: comments (first non-blank byte `#`) and blank lines are trivia."""
    doc = LineDocument(data)
    for i, (content, _) in enumerate(doc.lines):
        if is_blank(content) or content.lstrip(b" \t").startswith(b"#"):
            doc.trivia(i)
        else:
            doc.item([i])
    return doc.finish()


# -- markdown ---------------------------------------------------------------------
# FORMATS.md §3.3 says "then a space or the end of the line"; CommonMark (which §3.3
# follows where it is silent) also takes a tab, and so does the binary: a decision the
# Swift tests state.
HEADING = re.compile(rb"^ {0,3}#{1,6}( |\t|$)")
THEMATIC = re.compile(rb"^ {0,3}((\*[ \t]*){3,}|(-[ \t]*){3,}|(_[ \t]*){3,})$")
MARKER = re.compile(rb"^( {0,3})([-*+]|[0-9]{1,9}[.)])( *)(.?)")
FENCE = re.compile(rb"^ {0,3}(`{3,}|~{3,})(.*)$")


def indent(content):
    return len(content) - len(content.lstrip(b" "))


def fence_open(content):
    """(character, length) of an opening fence, or None."""
    m = FENCE.match(content)
    if not m or (m.group(1)[:1] == b"`" and b"`" in m.group(2)):
        return None
    return m.group(1)[:1], len(m.group(1))


def fence_closes(content, fence):
    m = FENCE.match(content)
    return bool(m) and m.group(1)[:1] == fence[0] and len(m.group(1)) >= fence[1] and not m.group(2).strip(b" \t")


def item_column(content):
    """The content column of a line that starts a list item, or None (§3.3)."""
    if THEMATIC.match(content):
        return None
    m = MARKER.match(content)
    if not m:
        return None
    spaces, rest = len(m.group(3)), m.group(4)
    if spaces == 0 and rest not in (b"", b"\t"):
        return None
    width = len(m.group(1)) + len(m.group(2))
    if rest == b"" or spaces >= 5:
        return width + 1
    return width + spaces


def ends_item(content):
    """A line indented less than the content column that ends an item by itself."""
    return item_column(content) is not None or HEADING.match(content) or fence_open(content) or \
        THEMATIC.match(content)


def read_markdown(data, header=None):
    """§3.3: front matter, fences, ATX headings and top-level list items with their
    nested, continuation and lazy lines; everything else is trivia."""
    doc = LineDocument(data)
    lines = [c for c, _ in doc.lines]
    start = 0
    if lines and lines[0] == b"---":
        close = next((j for j in range(1, len(lines)) if lines[j] in (b"---", b"...")), 0)
        for j in range(close + 1):
            doc.trivia(j)
        start = close + 1
    fence = None  # a fence outside items
    item = None  # dict(lines, column, blanks, fence)
    for i in range(start, len(lines)):
        content = lines[i]
        if fence is not None:
            doc.trivia(i)
            if fence_closes(content, fence):
                fence = None
            continue
        if item is not None:
            if continue_item(item, i, content):
                continue
            close_item(doc, item)
            item = None
        if is_blank(content):
            doc.trivia(i)
        elif fence_open(content):
            fence = fence_open(content)
            doc.trivia(i)
        elif HEADING.match(content):
            if header is None or matches(header, content):
                doc.header(i)
            else:
                doc.trivia(i)
        elif item_column(content) is not None:
            item = {"lines": [i], "column": item_column(content), "blanks": [], "fence": None}
        else:
            doc.trivia(i)
    if item is not None:
        close_item(doc, item)
    return doc.finish()


def continue_item(item, i, content):
    """Whether line i belongs to the open item (adding it); False ends the item."""
    if item["fence"] is not None:
        item["lines"] += item["blanks"] + [i]
        item["blanks"] = []
        if fence_closes(content, item["fence"]):
            item["fence"] = None
        return True
    if is_blank(content):
        item["blanks"].append(i)
        return True
    if indent(content) < item["column"] and (ends_item(content) or item["blanks"]):
        return False
    item["lines"] += item["blanks"] + [i]
    item["blanks"] = []
    if indent(content) >= item["column"] and fence_open(content):
        item["fence"] = fence_open(content)
    return True


def close_item(doc, item):
    """The item's block; its trailing blank lines are trivia."""
    doc.item(item["lines"])
    for j in item["blanks"]:
        doc.trivia(j)


# -- csv and tsv ------------------------------------------------------------------
def parse_records(data, delimiter):
    """RFC 4180 records as (start, end, fields, blank): `end` includes the terminator;
    fields are unquoted values; blank records are empty or CR-only lines."""
    records, i, n = [], 0, len(data)
    while i < n:
        if data.startswith(b"\n", i) or data.startswith(b"\r\n", i) or data[i:] == b"\r":
            end = data.find(b"\n", i)
            end = n if end < 0 else end + 1
            records.append((i, end, [], True))
            i = end
            continue
        start, fields = i, []
        while True:
            if data[i:i + 1] == b'"':
                value, i = quoted_field(data, i, delimiter)
            else:
                j = i
                while j < n and data[j] != delimiter and data[j] != 10:
                    j += 1
                value = data[i:j]
                if j < n and data[j] == 10 and value.endswith(b"\r"):
                    value = value[:-1]
                i = j
            fields.append(value)
            if i >= n:
                break
            if data[i] == delimiter:
                i += 1
                continue
            if data[i] == 13:  # CR LF after a closing quote
                i += 1
            i += 1  # the LF
            break
        records.append((start, i, fields, False))
    return records


def quoted_field(data, i, delimiter):
    """(value, offset after the closing quote); errors of §3.4."""
    opening, j, value = i, i + 1, b""
    while True:
        k = data.find(b'"', j)
        if k < 0:
            line, col = position(data, opening)
            raise FormatError(line, col, "quote still open at the end of the input")
        value += data[j:k]
        if data[k + 1:k + 2] == b'"':
            value += b'"'
            j = k + 2
            continue
        after = k + 1
        if after < len(data) and data[after] not in (delimiter, 10, 13):
            line, col = position(data, after)
            raise FormatError(line, col, "byte after a closing quote")
        if data[after:after + 1] == b"\r" and data[after + 1:after + 2] != b"\n":
            line, col = position(data, after)
            raise FormatError(line, col, "CR after a closing quote not followed by LF")
        return value, after


def read_csv(data, delimiter=b",", header=True, label=None):
    """§3.4: one record one item (its physical lines); the first record is trivia
    with header=yes; blank lines are trivia; labels from a field when asked."""
    doc = LineDocument(data)
    starts, offset = [], 0
    for content, term in doc.lines:
        starts.append(offset)
        offset += len(content) + len(term)
    records = parse_records(data, delimiter[0])
    field = None
    if label is not None and not label.isdigit():
        names = next((r[2] for r in records if not r[3]), None) if header else None
        if names is None or label.encode() not in names:
            raise FormatError(1, 1, "no field named '%s' in the header record" % label)
        field = names.index(label.encode())
    elif label is not None:
        field = int(label) - 1
    seen_header = not header
    for start, end, fields, blank in records:
        covered = [k for k, s in enumerate(starts) if start <= s < end]
        if blank or not seen_header:
            seen_header = seen_header or not blank
            for k in covered:
                doc.trivia(k)
            continue
        text = None
        if field is not None:
            text = fields[field] if field < len(fields) else b""
        doc.item(covered, text)
    return doc.finish()


# -- m3u --------------------------------------------------------------------------
BOM = b"\xef\xbb\xbf"


def read_m3u(data):
    """§3.5: the file's own `#` lines at the top are trivia; an item is the `#` lines
    (and blank lines after the first of them) before a path line, and that line."""
    doc = LineDocument(data)
    top, pending = True, []
    for i, (content, _) in enumerate(doc.lines):
        bare = content[len(BOM):] if i == 0 and content.startswith(BOM) else content
        if top and (is_blank(bare) or (bare.startswith(b"#") and not bare.startswith(b"#EXTINF"))):
            doc.trivia(i)
            continue
        top = False
        if is_blank(bare):
            if pending:
                pending.append(i)
            else:
                doc.trivia(i)
        elif bare.startswith(b"#"):
            pending.append(i)
        else:
            block = pending + [i]
            doc.item(block, m3u_label(doc, block))
            pending = []
    for i in pending:
        doc.trivia(i)
    return doc.finish()


def m3u_label(doc, block):
    for i in block:
        content = doc.lines[i][0]
        if content.startswith(b"#EXTINF:"):
            if b"," in content:
                return content.split(b",", 1)[1]
            break
    return doc.lines[block[-1]][0]


# -- JSON -------------------------------------------------------------------------
class Node:
    """A JSON value with its byte span; arrays have `items`, objects `members`
    [(raw key bytes, key, node)], strings `value`."""

    def __init__(self, kind, start):
        self.kind, self.start, self.end = kind, start, start
        self.items, self.members, self.value = [], [], None

    def compact(self, data):
        if self.kind == "array":
            return b"[" + b",".join(e.compact(data) for e in self.items) + b"]"
        if self.kind == "object":
            return b"{" + b",".join(k + b":" + v.compact(data) for k, _, v in self.members) + b"}"
        return data[self.start:self.end]

    def member(self, key):
        return next((v for _, k, v in self.members if k == key), None) if self.kind == "object" else None


class JsonParser:
    """Strict RFC 8259 (no trailing commas, comments, NaN, control characters)."""

    NUMBER = re.compile(rb"-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")
    STRING = re.compile(rb'"([^"\\\x00-\x1f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"')

    def __init__(self, data):
        self.data, self.i = data, 0

    def fail(self, message):
        line, col = position(self.data, self.i)
        raise FormatError(line, col, message)

    def document(self):
        value = self.value()
        self.space()
        if self.i != len(self.data):
            self.fail("more after the JSON value")
        return value

    def space(self):
        while self.i < len(self.data) and self.data[self.i] in b" \t\r\n":
            self.i += 1

    def value(self):
        self.space()
        node = Node(None, self.i)
        c = self.data[self.i:self.i + 1]
        if c == b"{":
            self.container(node, "object", b"}")
        elif c == b"[":
            self.container(node, "array", b"]")
        elif c == b'"':
            node.kind, node.value = "string", self.string()
        else:
            for word in (b"true", b"false", b"null"):
                if self.data.startswith(word, self.i):
                    node.kind = word.decode()
                    self.i += len(word)
                    break
            else:
                m = self.NUMBER.match(self.data, self.i)
                if not m or not c:
                    self.fail("expected a JSON value")
                node.kind = "number"
                self.i = m.end()
        node.end = self.i
        return node

    def string(self):
        m = self.STRING.match(self.data, self.i)
        if not m:
            self.fail("invalid string")
        self.i = m.end()
        return json.loads(m.group(0).decode("utf-8"))

    def container(self, node, kind, close):
        node.kind = kind
        self.i += 1
        self.space()
        if self.data[self.i:self.i + 1] == close:
            self.i += 1
            return
        while True:
            if kind == "object":
                self.space()
                start = self.i
                if self.data[self.i:self.i + 1] != b'"':
                    self.fail("expected a member name")
                key = self.string()
                raw = self.data[start:self.i]
                self.space()
                if self.data[self.i:self.i + 1] != b":":
                    self.fail("expected ':'")
                self.i += 1
                node.members.append((raw, key, self.value()))
            else:
                node.items.append(self.value())
            self.space()
            c = self.data[self.i:self.i + 1]
            self.i += 1
            if c == close:
                return
            if c != b",":
                self.i -= 1
                self.fail("expected ',' or a closing bracket")


def json_label(node, data):
    """SPEC §5.2 and §9.23: the string, the first priority string member, else compact text."""
    if node.kind == "string":
        return node.value.encode("utf-8")
    for key in PRIORITY:
        member = node.member(key)
        if member is not None and member.kind == "string":
            return member.value.encode("utf-8")
    return node.compact(data)


KEYS = {"height": "height", "locked": "locked", "pinned": "pinned"}


def json_row(node, data, lines, keys=KEYS):
    """A row from a JSON element: label, `height`, `locked` and `pinned` members (their
    names from --height-key, --lock-key, --pin-key)."""
    height = node.member(keys["height"])
    if height is not None:
        h = float(data[height.start:height.end]) if height.kind == "number" else -1.0
        if not h > 0:
            raise FormatError(*position(data, height.start), "height must be a number > 0")
        height = h
    flag = lambda key: node.member(keys[key]) is not None and node.member(keys[key]).kind == "true"
    return Row(lines, json_label(node, data), height, flag("locked"), flag("pinned"))


def read_jsonl(data, keys=KEYS):
    """§3.6: every non-blank line one JSON value; blank lines trivia."""
    doc = LineDocument(data)
    for i, (content, _) in enumerate(doc.lines):
        if is_blank(content):
            doc.trivia(i)
            continue
        try:
            row = json_row(JsonParser(content).document(), content, [i], keys)
        except FormatError as e:
            raise FormatError(i + 1, e.col, e.message)
        doc.item([i], row.label, row.height, row.locked, row.pinned)
    return doc.finish()


class JsonDocument:
    """§3.7: the value at a JSON Pointer is the list; bytes outside it are kept."""

    def __init__(self, data, path, keys=KEYS):
        self.data = data
        root = JsonParser(data).document()
        self.target = resolve(root, path, data)
        t = self.target
        if t.kind == "array" and t.items and all(e.kind == "array" for e in t.items):
            self.shape, groups = "nested", [(None, e.items) for e in t.items]
        elif t.kind == "array":
            self.shape, groups = "flat", [(None, t.items)]
        elif t.kind == "object" and all(v.kind == "array" for _, _, v in t.members):
            self.shape, groups = "titled", [(raw, v.items) for raw, _, v in t.members]
        else:
            raise FormatError(*position(data, t.start), "the value at '%s' is a %s, not a list" % (path, t.kind))
        self.nodes, self.rows, self.sections = [], [], []
        for raw, items in groups:
            section = Section(raw, raw)
            for node in items:
                row = json_row(node, data, [], keys)
                section.rows.append(len(self.rows))
                self.rows.append(row)
                self.nodes.append(node)
            self.sections.append(section)

    def titled(self, s):
        return self.shape == "titled"

    def section_label(self, s):
        """A section's header label: its member name, decoded (untitled: empty)."""
        header = self.sections[s].header
        return json.loads(header).encode() if header is not None else b""

    def compact(self):
        """Whether the target value holds no whitespace outside strings."""
        return self.target.compact(self.data) == self.data[self.target.start:self.target.end]

    def render(self, order):
        """The bytes for `order`, when the target is compact (the layout of a pretty
        target is SPEC §5.2's style detection, not modelled here)."""
        if not self.compact():
            return None
        element = lambda r: self.data[self.nodes[r].start:self.nodes[r].end]
        arrays = [b"[" + b",".join(element(r) for r in rows) + b"]" for rows in order]
        if self.shape == "titled":
            body = b"{" + b",".join(s.header + b":" + a for s, a in zip(self.sections, arrays)) + b"}"
        elif self.shape == "nested":
            body = b"[" + b",".join(arrays) + b"]"
        else:
            body = arrays[0]
        return self.data[:self.target.start] + body + self.data[self.target.end:]


    def outside(self):
        """The bytes before and after the target value, kept as they are (§3.7)."""
        return self.data[:self.target.start], self.data[self.target.end:]

    def value(self, order):
        """The target value for `order` as Python data (for a layout not modelled)."""
        element = lambda r: json.loads(self.data[self.nodes[r].start:self.nodes[r].end])
        arrays = [[element(r) for r in rows] for rows in order]
        if self.shape == "titled":
            return [(json.loads(s.header), a) for s, a in zip(self.sections, arrays)]
        return arrays if self.shape == "nested" else arrays[0]


def resolve(root, path, data):
    """RFC 6901: '' is the whole document; each token names a member or an index."""
    node = root
    if path == "":
        return node
    for token in path.split("/")[1:]:
        key = token.replace("~1", "/").replace("~0", "~")
        child = None
        if node.kind == "object":
            child = node.member(key)
        elif node.kind == "array" and re.fullmatch(r"0|[1-9][0-9]*", key) and int(key) < len(node.items):
            child = node.items[int(key)]
        if child is None:
            raise FormatError(*position(data, node.start), "no '%s' in the pointer '%s'" % (token, path))
        node = child
    return node


# -- choosing a format ----------------------------------------------------------
def load(data, name, params=None, header=None, keys=None):
    """The document for `data` read as format `name` with `params` (a dict of the
    --format words) and `keys` (JSON member names for height, locked, pinned);
    raises FormatError for input errors."""
    params = dict(params or {})
    keys = dict(KEYS, **(keys or params.pop("keys", None) or {}))
    if name == "text":
        return read_text(data, header, params.get("skip"))
    if name == "todo":
        return read_todo(data)
    if name == "markdown":
        return read_markdown(data, header)
    if name in ("csv", "tsv"):
        default = b"," if name == "csv" else b"\t"
        delimiter = params.get("delimiter", default)
        delimiter = b"\t" if delimiter in ("\\t", b"\\t") else (
            delimiter if isinstance(delimiter, bytes) else delimiter.encode())
        return read_csv(data, delimiter, params.get("header", "yes") == "yes", params.get("label"))
    if name == "m3u":
        return read_m3u(data)
    if name == "jsonl":
        return read_jsonl(data, keys)
    if name == "json":
        return JsonDocument(data, params.get("path", ""), keys)
    raise ValueError(name)


# -- the list and its moves -------------------------------------------------------
class ListModel:
    """Row order per section over a document; `move` as SPEC §6, §9.4 and §9.15."""

    def __init__(self, doc, lock=None, pin=None, row_height=ROW_HEIGHT):
        self.doc, self.row_height = doc, row_height
        self.order = [list(s.rows) for s in doc.sections]
        self.undo, self.redo = [], []
        self.pinned = {r for r, row in enumerate(doc.rows) if row.pinned or matches(pin, row.label)}
        self.locked = {r for r, row in enumerate(doc.rows) if row.locked or matches(lock, row.label)} | self.pinned

    def flat(self):
        return [r for rows in self.order for r in rows]

    def locate(self, g):
        for s, rows in enumerate(self.order):
            if g < len(rows):
                return s, g
            g -= len(rows)
        raise Refused("no row")

    def number(self, token):
        n = len(self.flat())
        value = n if token == "$" else int(token)
        if not 1 <= value <= n:
            raise Refused("no row %s" % token)
        return value

    def move(self, source, target):
        """`move SOURCE TARGET` with SOURCE a number or `$`, TARGET a number, `$` or `S:R`;
        a range `A,B` (SPEC §10) takes a number or `$`."""
        if "," in source:
            return self.move_range(*(self.number(x) for x in source.split(",")), target)
        a = self.number(source)
        s, i = self.locate(a - 1)
        rid = self.order[s][i]
        if rid in self.locked:
            raise Refused("locked")
        order = [list(rows) for rows in self.order]
        if ":" in target:
            ts, tr = (int(x) for x in target.split(":"))
            if not 1 <= ts <= len(order):
                raise Refused("no section")
            if not 1 <= tr <= len(order[ts - 1]) + (0 if ts - 1 == s else 1):
                raise Refused("no row in section")
            order[s].pop(i)
            order[ts - 1].insert(tr - 1, rid)
        else:
            b = self.number(target)
            if b == a:
                return
            anchor = self.flat()[b - 1]
            order[s].pop(i)
            ts, ti = next((k, rows.index(anchor)) for k, rows in enumerate(order) if anchor in rows)
            order[ts].insert(ti + 1 if b > a else ti, rid)
        self.commit(order, [rid])

    def move_range(self, a, b, target):
        """SPEC §10: rows a..b of one section as one block; `target` is the final number
        of its first row (after the row now at target+k-1 going down, before the row
        now at target going up, joining that row's section)."""
        flat = self.flat()
        block = flat[a - 1:b]
        s = self.locate(a - 1)[0]
        if a > b or self.locate(b - 1)[0] != s:
            raise Refused("not a range of one section")
        if any(r in self.locked for r in block):
            raise Refused("locked")
        if ":" in target:
            raise Refused("not modelled")
        k = len(block)
        to = len(flat) - k + 1 if target == "$" else int(target)
        if not 1 <= to <= len(flat) - k + 1:
            raise Refused("no such place")
        anchor = flat[to + k - 2] if to > a else flat[to - 1]
        order = [list(rows) for rows in self.order]
        if to != a:
            start = order[s].index(block[0])
            del order[s][start:start + k]
            ts, ti = next((j, rows.index(anchor)) for j, rows in enumerate(order) if anchor in rows)
            order[ts][ti + 1 if to > a else ti:ti + 1 if to > a else ti] = block
        self.commit(order, block)

    def commit(self, order, moved):
        """Takes the new order unless the moved rows cross a pinned row (SPEC §9.15)."""
        before, after = self.flat(), [r for rows in order for r in rows]
        i, f, k = before.index(moved[0]), after.index(moved[0]), len(moved)
        passed = before[i + k:f + k] if f > i else before[f:i]
        if any(r in self.pinned for r in passed):
            raise Refused("crosses a pinned row")
        if order != self.order:
            self.undo.append(self.order)
            self.redo = []
        self.order = order

    def step(self, command):
        """`undo` or `redo` (SPEC §9.14): whole moves; nothing to take back is an error."""
        stack, other = (self.undo, self.redo) if command == "undo" else (self.redo, self.undo)
        if not stack:
            raise Refused("nothing to %s" % command)
        other.append(self.order)
        self.order = stack.pop()

    def labels(self):
        return [self.doc.rows[r].label for r in self.flat()]

    def flag(self, r):
        return b"P" if r in self.pinned else (b"L" if r in self.locked else b"-")

    def listing(self):
        """`list` (SPEC §5.3): number, flag, label; with more than one section, each but
        a leading untitled one has a line `%5d:<TAB>#<TAB>header` before its rows, and
        a CR or LF in a label is written `^M`, `^J` (FORMATS §5)."""
        shown = lambda label: label.replace(b"\r", b"^M").replace(b"\n", b"^J")
        out, k = [], 0
        for s, rows in enumerate(self.order):
            if len(self.order) > 1 and (s > 0 or self.doc.titled(s)):
                out.append(b"%5d:\t#\t%s\n" % (s + 1, shown(self.doc.section_label(s))))
            for r in rows:
                k += 1
                out.append(b"%6d\t%s\t%s\n" % (k, self.flag(r), shown(self.doc.rows[r].label)))
        return b"".join(out)

    def content(self):
        """The content height: titled headers 28, rows their heights."""
        headers = sum(TITLED for s in range(len(self.order)) if self.doc.titled(s))
        return headers + sum(self.height(r) for r in self.flat())

    def height(self, r):
        """§1.2: the format's height, else row-height × the lines of the block (a JSON
        element is one line)."""
        row = self.doc.rows[r]
        return row.height if row.height is not None else self.row_height * max(1, len(row.lines))

    def render(self):
        return self.doc.render(self.order)
