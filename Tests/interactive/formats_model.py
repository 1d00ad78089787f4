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
BOM = b"\xef\xbb\xbf"


class LineDocument:
    """FORMATS §1: every line is an item line, a header or trivia. Entries are added in
    file order; `finish` builds the sections of SPEC §9.3 and §4.

    With `mark`, a UTF-8 byte-order mark that starts the file is a line of its own
    (three bytes, no terminator) and trivia (§1.4 r2): no part of the first line, so
    it stays first whatever moves. `body()` gives the lines after it."""

    # A function (doc, order) -> {line index: new content} for the lines a format
    # rewrites where the rows stand (Markdown's renumbering), or None.
    rewrite = None
    # A function (doc, order, before, after, moved) raising Refused for an arrangement
    # the format refuses (Markdown's nesting), or None.
    veto = None

    def __init__(self, data, mark=False):
        self.data = data
        self.lines = split_lines(data)
        self.first = 0  # the index of the first line after the mark
        self.rows = []
        self.lead = []  # trivia written first (before the first header, no leading rows)
        self.sections = [Section()]
        if mark and data.startswith(BOM):
            self.lines = [(BOM, b"")] + split_lines(data[len(BOM):])
            self.first = 1
            self.trivia(0)

    def body(self):
        """(index, content) of every line after the byte-order mark."""
        return [(i, self.lines[i][0]) for i in range(self.first, len(self.lines))]

    def number(self, i):
        """The 1-based line number of line `i` in the file."""
        return i + 1 - self.first

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
        return self.join(out, self.rewrite(self, order) if self.rewrite else {})

    def join(self, order, rewrites=None):
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
        rewrites = rewrites or {}
        return b"".join(rewrites.get(i, lines[i][0]) + t for i, t in zip(order, terms))


# -- text and todo ----------------------------------------------------------------
def read_text(data, header=None, skip=None):
    """§3.1: one line one item; --header lines are headers, --skip lines trivia; a
    byte-order mark is trivia (§1.4)."""
    doc = LineDocument(data, mark=True)
    for i, content in doc.body():
        if matches(header, content):
            doc.header(i)
        elif matches(skip, content):
            doc.trivia(i)
        else:
            doc.item([i])
    return doc.finish()


def read_todo(data):
    """§3.2: comments (first non-blank byte `#`) and blank lines are trivia; so is a
    byte-order mark."""
    doc = LineDocument(data, mark=True)
    for i, content in doc.body():
        if is_blank(content) or content.lstrip(b" \t").startswith(b"#"):
            doc.trivia(i)
        else:
            doc.item([i])
    return doc.finish()


# -- markdown ---------------------------------------------------------------------
# §3.3 reads CommonMark's block structure, and says CommonMark decides where it is
# silent. This follows CommonMark's own strategy (spec, appendix A): each line matches
# the open containers (block quotes, list items), then continues the open leaf block,
# is a lazy paragraph line, or opens blocks. Tabs are expanded to spaces first (stops of
# 4): every test here depends on columns, none on which blank byte makes them.
# FORMATS.md §3.3 says "then a space or the end of the line" for a heading; CommonMark
# also takes a tab, and so does the binary: a decision the Swift tests state.
HEADING = re.compile(rb"#{1,6}(?: |$)")
THEMATIC = re.compile(rb"(?:(?:\* *){3,}|(?:- *){3,}|(?:_ *){3,})$")
SETEXT = re.compile(rb"(?:=+|-+) *$")
MARKER = re.compile(rb"([-*+]|([0-9]{1,9})[.)])(?= |$)")
FENCE = re.compile(rb"(`{3,}|~{3,})(.*)$")
BLOCK_TAGS = (b"address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|"
              b"details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|"
              b"h1|h2|h3|h4|h5|h6|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|"
              b"noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|"
              b"thead|title|tr|track|ul")
ATTRIBUTE = rb"""(?:[ \t\n\v\f\r]+[a-zA-Z_:][a-zA-Z0-9:._-]*(?:[ \t\n\v\f\r]*=[ \t\n\v\f\r]*(?:[^"'=<>`\x00-\x20]+|'[^']*'|"[^"]*"))?)"""
# CommonMark's HTML blocks: (start, end, can interrupt a paragraph); end None: a blank line.
HTML_KINDS = [
    (re.compile(rb"<(?:script|pre|style|textarea)(?:[ \t\n\v\f\r>]|$)", re.I),
     re.compile(rb"</(?:script|pre|style|textarea)>", re.I), True),
    (re.compile(rb"<!--"), re.compile(rb"-->"), True),
    (re.compile(rb"<\?"), re.compile(rb"\?>"), True),
    (re.compile(rb"<![A-Za-z]"), re.compile(rb">"), True),
    (re.compile(rb"<!\[CDATA\["), re.compile(rb"\]\]>"), True),
    (re.compile(rb"</?(?:" + BLOCK_TAGS + rb")(?:[ \t\n\v\f\r]|/?>|$)", re.I), None, True),
    (re.compile(rb"(?:<[A-Za-z][A-Za-z0-9-]*" + ATTRIBUTE + rb"*[ \t\n\v\f\r]*/?>|</[A-Za-z][A-Za-z0-9-]*"
                rb"[ \t\n\v\f\r]*>)[ \t\n\v\f\r]*$"), None, False),
]


def expand(content):
    """The line with tabs as spaces to the next multiple of 4, a final CR dropped."""
    if content.endswith(b"\r"):
        content = content[:-1]
    out = bytearray()
    for b in content:
        if b == 9:
            out += b" " * (4 - len(out) % 4)
        else:
            out.append(b)
    return bytes(out)


def html_kind(text):
    """The index in HTML_KINDS of the HTML block `text` opens, or None."""
    return next((k for k, (start, _, _) in enumerate(HTML_KINDS) if start.match(text)), None)


def fence_of(text):
    m = FENCE.match(text)
    if not m or (m.group(1)[:1] == b"`" and b"`" in m.group(2)):
        return None
    return m.group(1)[:1], len(m.group(1)), m.group(2).strip(b" ") == b""


def marker_of(text, column):
    """(content column, where the item's text starts, ordered, number is 1, empty) of a
    list marker starting `text` (at `column`), or None."""
    m = MARKER.match(text)
    if not m or THEMATIC.match(text):
        return None
    end = column + m.end()
    rest = text[m.end():]
    spaces = len(rest) - len(rest.lstrip(b" "))
    empty = rest.strip(b" ") == b""
    content = end + 1 if empty or spaces > 4 else end + spaces
    number = m.group(2)
    return content, content, number is not None, number is not None and int(number) == 1, empty


class MarkdownBlocks:
    """CommonMark's open containers and leaf block, one line at a time."""

    def __init__(self):
        self.containers = []  # ["quote"] or ["item", content column, empty]
        self.leaf = None  # None, "para", "code", ("fence", char, length), ("html", kind)

    def in_item(self):
        return bool(self.containers) and self.containers[0][0] == "item"

    def read(self, content):
        """'start', 'item', 'item-blank', 'blank', 'heading' or 'other' for one line."""
        s = expand(content)
        line_blank = s.strip(b" ") == b""
        pos = matched = 0
        for c in self.containers:
            first = len(s) - len(s[pos:].lstrip(b" "))
            if c[0] == "quote":
                if first == len(s) or first - pos > 3 or s[first:first + 1] != b">":
                    break
                pos = first + 1 + (s[first + 1:first + 2] == b" ")
            elif first == len(s):
                if c[2]:
                    break
            elif first >= c[1]:
                pos = c[1]
            else:
                break
            matched += 1
        first = len(s) - len(s[pos:].lstrip(b" "))
        rest, blank, indent = s[first:], first == len(s), first - pos
        paragraph = False
        if matched == len(self.containers):
            leaf = self.leaf
            if isinstance(leaf, tuple) and leaf[0] == "fence":
                f = fence_of(rest)
                if indent <= 3 and f and f[0] == leaf[1] and f[1] >= leaf[2] and f[2]:
                    self.leaf = None
                return self.outcome(line_blank)
            if isinstance(leaf, tuple):  # an HTML block
                end = HTML_KINDS[leaf[1]][1]
                if (blank if end is None else end.search(rest)):
                    self.leaf = None
                return self.outcome(line_blank)
            if leaf == "code":
                if blank or indent >= 4:
                    return self.outcome(line_blank)
                self.leaf = None
            elif leaf == "para":
                if blank or (indent <= 3 and SETEXT.match(rest)):
                    self.leaf = None
                    return self.outcome(line_blank)
                paragraph = True
            elif blank:
                return self.outcome(line_blank)
        else:
            lazy = self.leaf == "para" and not blank and not (indent < 4 and (
                rest[:1] == b">" or HEADING.match(rest) or fence_of(rest) or THEMATIC.match(rest)
                or marker_of(rest, first) or (html_kind(rest) is not None and html_kind(rest) < 6)))
            if lazy:
                return self.outcome(line_blank)
            del self.containers[matched:]
            self.leaf = None
            if blank:
                return self.outcome(line_blank)
        return self.open_blocks(s, pos, paragraph, line_blank)

    def open_blocks(self, s, pos, paragraph, line_blank):
        opened = heading = False
        while True:
            first = len(s) - len(s[pos:].lstrip(b" "))
            if first == len(s):
                break
            rest = s[first:]
            if self.containers and self.containers[-1][0] == "item":
                self.containers[-1][2] = False
            if first - pos >= 4:
                if not paragraph:
                    self.leaf = "code"
                break
            if rest[:1] == b">":
                self.containers.append(["quote"])
                pos = first + 1 + (rest[1:2] == b" ")
                paragraph, self.leaf = False, None
                continue
            if HEADING.match(rest):
                self.leaf, heading = None, True
                break
            f = fence_of(rest)
            if f:
                self.leaf = ("fence", f[0], f[1])
                break
            kind = html_kind(rest)
            if kind is not None and (HTML_KINDS[kind][2] or not paragraph):
                end = HTML_KINDS[kind][1]
                self.leaf = None if end is not None and end.search(rest) else ("html", kind)
                break
            if THEMATIC.match(rest):
                self.leaf = None
                break
            m = marker_of(rest, first)
            if m and not (paragraph and (m[4] or (m[2] and not m[3]))):
                opened = opened or not self.containers
                self.containers.append(["item", m[0], m[4]])
                pos, paragraph, self.leaf = m[1], False, None
                continue
            if not paragraph:
                self.leaf = "para"
            break
        if opened:
            return "start"
        return self.outcome(line_blank, heading)

    def outcome(self, line_blank, heading=False):
        if self.in_item():
            return "item-blank" if line_blank else "item"
        if line_blank:
            return "blank"
        return "heading" if heading and not self.containers else "other"


def read_markdown(data, header=None):
    """§3.3: front matter, then CommonMark's blocks: top-level list items (with their
    nested, continuation and lazy lines) are rows, ATX headings outside containers are
    headers (those --header picks), everything else is trivia; the first line of other
    content after an item heads a new section when an item follows it (r2)."""
    doc = LineDocument(data)
    lines = [c for c, _ in doc.lines]
    start = 0
    if lines and lines[0] == b"---":
        close = next((j for j in range(1, len(lines)) if lines[j] in (b"---", b"...")), 0)
        for j in range(close + 1):
            doc.trivia(j)
        start = close + 1
    blocks = MarkdownBlocks()
    item = None  # dict(lines, blanks)
    pending = []  # a candidate section header and the trivia after it
    has_item = False  # the current section has an item

    def close():
        nonlocal item
        if item is not None:
            doc.item(item["lines"])
            for j in item["blanks"]:
                doc.trivia(j)
            item = None

    def flush(as_header):
        if pending:
            if as_header:
                doc.header(pending[0])
            for j in pending[1 if as_header else 0:]:
                doc.trivia(j)
            pending.clear()

    for i in range(start, len(lines)):
        what = blocks.read(lines[i])
        if what == "item":
            item["lines"] += item["blanks"] + [i]
            item["blanks"] = []
            continue
        if what == "item-blank":
            item["blanks"].append(i)
            continue
        close()
        if what == "start":
            flush(True)
            item, has_item = {"lines": [i], "blanks": []}, True
        elif what == "heading" and (header is None or matches(header, lines[i])):
            flush(False)
            doc.header(i)
            has_item = False
        elif what != "blank" and has_item and not pending:
            pending.append(i)
        elif pending:
            pending.append(i)
        else:
            doc.trivia(i)
    close()
    flush(False)
    return doc.finish()


# -- markdown: ordered lists keep counting, no move may nest an item (§3.3, r2) ------
LIST_MARKER = re.compile(rb"^([ \t]*)([-*+]|([0-9]{1,9})[.)])(?=[ \t]|$)")
LARGEST = 999999999


def columns(text):
    """Columns of leading blanks, a tab to the next multiple of 4."""
    col = 0
    for b in text:
        col = (col // 4 + 1) * 4 if b == 9 else col + 1
    return col


def md_marker(content):
    """A list item's first line: its marker's column, digits (None for a bullet) and
    their offset, the offset past the marker, and the spaces after it when 1-4 spaces
    and then content follow (they absorb a change of width), else None."""
    m = LIST_MARKER.match(content)
    if not m:
        return None
    rest = content[m.end():]
    spaces = len(rest) - len(rest.lstrip(b" "))
    after = rest[spaces:]
    absorbs = 1 <= spaces <= 4 and after[:1] not in (b"", b"\t")
    return {"column": columns(m.group(1)), "digits": m.group(3), "start": m.start(2), "end": m.end(),
            "spaces": spaces if absorbs else None}


def md_content_column(content, m, width=None):
    """CommonMark's content column with the digits `width` wide."""
    marker_end = m["column"] + (1 if m["digits"] is None else (width or len(m["digits"])) + 1)
    col, k = marker_end, m["end"]
    while k < len(content) and content[k] in b" \t":
        col = (col // 4 + 1) * 4 if content[k] == 9 else col + 1
        k += 1
    return marker_end + 1 if k == len(content) or col - marker_end > 4 else col


def md_reindent(content, shift):
    """A nested line moved `shift` columns; one indented less than a removal loses what
    it has; spaces are added or taken at the end of its blanks (rewritten as spaces
    when tabs stand where spaces would go)."""
    blanks = content[:len(content) - len(content.lstrip(b" \t"))]
    rest, have = content[len(blanks):], columns(blanks)
    want = max(0, have + shift)
    if want >= have:
        return blanks + b" " * (want - have) + rest
    trailing = len(blanks) - len(blanks.rstrip(b" "))
    if trailing >= have - want:
        return blanks[:len(blanks) - (have - want)] + rest
    return b" " * want + rest


def md_renumbered(doc, r, m, digits):
    """Row r's lines written with `digits` instead of its own: {line: content}."""
    lines = doc.rows[r].lines
    content = doc.lines[lines[0]][0]
    d = len(digits) - len(m["digits"])
    head = content[:m["start"]] + digits + content[m["start"] + len(m["digits"]):m["end"]]
    rest = content[m["end"]:]
    if m["spaces"] is not None:
        n = m["spaces"]
        kept = min(4, max(1, n - d))
        shift, first = d + kept - n, head + b" " * kept + rest[n:]
    else:
        first = head + rest
        shift = md_content_column(content, m, len(digits)) - md_content_column(content, m)
    out = {lines[0]: first}
    for i in lines[1:]:
        if shift and not is_blank(doc.lines[i][0]):
            out[i] = md_reindent(doc.lines[i][0], shift)
    return out


def md_rewrites(doc, order):
    """§3.3: every ordered row takes the number (digits as written) of the row that
    stood at its position of its section as loaded, when that one was ordered; else
    one more than the ordered row above it as written (1 when none)."""
    out = {}
    for s, rows in enumerate(order):
        given, above = doc.sections[s].rows, 0
        for j, r in enumerate(rows):
            m = md_marker(doc.lines[doc.rows[r].lines[0]][0])
            if m is None or m["digits"] is None:
                continue
            if j < len(given) and given[j] == r:
                above = int(m["digits"])
                continue
            slot = md_marker(doc.lines[doc.rows[given[j]].lines[0]][0]) if j < len(given) else None
            digits = slot["digits"] if slot and slot["digits"] is not None else b"%d" % min(above + 1, LARGEST)
            above = int(digits)
            if digits != m["digits"]:
                out.update(md_renumbered(doc, r, m, digits))
    return out


def md_veto(doc, order, before, after, moved):
    """§3.3: refused when any row would stand with its marker at or past the content
    column of the item above it in its section, as that one is written (renumbered)."""
    rewrites = doc.rewrite(doc, order) if doc.rewrite else {}
    for rows in order:
        for above, below in zip(rows, rows[1:]):
            child = md_marker(doc.lines[doc.rows[below].lines[0]][0])
            line = doc.rows[above].lines[0]
            content = rewrites.get(line, doc.lines[line][0])
            parent = md_marker(content)
            if child and parent and child["column"] > 0 and child["column"] >= md_content_column(content, parent):
                raise Refused("would nest")


def numbered(doc, renumber):
    """A Markdown document with the rules of §3.3 that depend on where rows stand."""
    doc.rewrite = md_rewrites if renumber else None
    doc.veto = md_veto
    return doc


# -- csv and tsv ------------------------------------------------------------------
CANDIDATES = b",;\t|"  # §3.4 r2, in the order that breaks ties
SAMPLE_RECORDS, SAMPLE_BYTES = 20, 64 * 1024


def iter_records(data, delimiter, i=0, sample=False):
    """RFC 4180 records from offset `i` as (start, end, fields, blank): `end` includes
    the terminator; fields are unquoted values; blank records are empty or CR-only
    lines. With `sample`, only §3.4's sample: the first 20 records that are not
    blank, of those that start in the first 64 KiB."""
    n, counted = len(data), 0
    while i < n:
        if sample and (i >= SAMPLE_BYTES or counted == SAMPLE_RECORDS):
            return
        if data.startswith(b"\n", i) or data.startswith(b"\r\n", i) or data[i:] == b"\r":
            end = data.find(b"\n", i)
            end = n if end < 0 else end + 1
            yield (i, end, [], True)
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
        counted += 1
        yield (start, i, fields, False)


def parse_records(data, delimiter, i=0):
    return list(iter_records(data, delimiter, i))


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


def csv_preamble(data, excel):
    """(offset of the first record, delimiter named by Excel's line or None): after a
    byte-order mark, and in csv (`excel`) after a first line that is exactly `sep=C`
    (C one byte, not a quote and not CR), trivia that stays first (§3.4 r2)."""
    start = len(BOM) if data.startswith(BOM) else 0
    if excel:
        end = data.find(b"\n", start)
        line = data[start:] if end < 0 else data[start:end]
        if end >= 0 and line.endswith(b"\r"):
            line = line[:-1]
        if len(line) == 5 and line.startswith(b"sep=") and line[4] not in b'"\r':
            return (len(data) if end < 0 else end + 1), line[4]
    return start, None


def csv_score(data, start, delimiter):
    """How many sampled records have as many fields as the first; None when the
    candidate meets an error or gives the first record fewer than 2 fields."""
    width, score = None, 0
    try:
        for _, _, fields, blank in iter_records(data, delimiter, start, sample=True):
            if blank:
                continue
            if width is None:
                width = len(fields)
                if width < 2:
                    return None
            score += len(fields) == width
    except FormatError:
        return None
    return None if width is None else score


def detect_delimiter(data, start):
    """§3.4 r2: the highest score, a tie to the earlier candidate, `,` when none."""
    best = None
    for d in CANDIDATES:
        score = csv_score(data, start, d)
        if score is not None and (best is None or score > best[1]):
            best = (d, score)
    return ord(",") if best is None else best[0]


def read_csv(data, delimiter=None, header=True, label=None, excel=True):
    """§3.4: one record one item (its physical lines); the first record is trivia
    with header=yes; blank lines are trivia; labels from a field when asked. A
    byte-order mark and Excel's `sep=` line (csv only: `excel`) are trivia before
    it; without `delimiter` (bytes), Excel's line names it, else it is detected."""
    doc = LineDocument(data, mark=True)
    starts, offset = [], 0
    for content, term in doc.lines:
        starts.append(offset)
        offset += len(content) + len(term)
    body, named = csv_preamble(data, excel)
    d = delimiter[0] if delimiter else named if named is not None else detect_delimiter(data, body)
    doc.delimiter = bytes([d])
    records = parse_records(data, d, body)
    for k in range(doc.first, len(starts)):  # Excel's line (the mark is trivia already)
        if starts[k] < body:
            doc.trivia(k)
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
DIRECTIVES = (b"#EXTINF:", b"#EXTVLCOPT:", b"#EXTGRP:", b"#KODIPROP:", b"#EXTBYT:", b"#EXTALB:",
              b"#EXTART:", b"#EXTIMG:")


def read_m3u(data):
    """§3.5: a byte-order mark and the file's own `#` lines at the top are trivia, up
    to the first entry directive (r2) or path line; an item is the `#` lines (and
    blank lines after the first of them) before a path line, and that line."""
    doc = LineDocument(data, mark=True)
    top, pending = True, []
    for i, bare in doc.body():
        if top and (is_blank(bare) or (bare.startswith(b"#") and not bare.startswith(DIRECTIVES))):
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
    """§3.6: every non-blank line one JSON value; blank lines and a byte-order mark
    (§1.4 r2) trivia."""
    doc = LineDocument(data, mark=True)
    for i, content in doc.body():
        if is_blank(content):
            doc.trivia(i)
            continue
        try:
            row = json_row(JsonParser(content).document(), content, [i], keys)
        except FormatError as e:
            raise FormatError(doc.number(i), e.col, e.message)
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
        return numbered(read_markdown(data, header), params.get("renumber", "yes") == "yes")
    if name in ("csv", "tsv"):
        delimiter = params.get("delimiter", None if name == "csv" else b"\t")
        return read_csv(data, delimiter_byte(delimiter), params.get("header", "yes") == "yes",
                        params.get("label"), excel=name == "csv")
    if name == "m3u":
        return read_m3u(data)
    if name == "jsonl":
        return read_jsonl(data, keys)
    if name == "json":
        return JsonDocument(data, params.get("path", ""), keys)
    raise ValueError(name)


def delimiter_byte(word):
    """`delimiter=`'s value as one byte: `\\t` a tab, `\\xHH` the byte HH (§2); None
    stays None (detect it)."""
    if word is None:
        return None
    word = word if isinstance(word, bytes) else word.encode("utf-8", "surrogateescape")
    if word == b"\\t":
        return b"\t"
    if re.fullmatch(rb"\\x[0-9a-fA-F]{2}", word):
        return bytes([int(word[2:], 16)])
    assert len(word) == 1, word
    return word


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
        if order != self.order and getattr(self.doc, "veto", None):
            self.doc.veto(self.doc, order, before, after, moved)
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

    def shown(self, r, rewrites):
        """Row r's label as written where it stands (a renumbered first line)."""
        row = self.doc.rows[r]
        return rewrites.get(row.lines[0], row.label) if rewrites else row.label

    def rewrites(self):
        rewrite = getattr(self.doc, "rewrite", None)
        return rewrite(self.doc, self.order) if rewrite else {}

    def labels(self):
        rewrites = self.rewrites()
        return [self.shown(r, rewrites) for r in self.flat()]

    def flag(self, r):
        return b"P" if r in self.pinned else (b"L" if r in self.locked else b"-")

    def listing(self):
        """`list` (SPEC §5.3): number, flag, label (as written, renumbered); with more than
        one section, each but a leading untitled one has a line `%5d:<TAB>#<TAB>header`
        before its rows, and a CR or LF in a label is written `\\r`, `\\n` (FORMATS §5, issue 46)."""
        visible = lambda label: label.replace(b"\r", b"\\r").replace(b"\n", b"\\n")
        rewrites = self.rewrites()
        out, k = [], 0
        for s, rows in enumerate(self.order):
            if len(self.order) > 1 and (s > 0 or self.doc.titled(s)):
                out.append(b"%5d:\t#\t%s\n" % (s + 1, visible(self.doc.section_label(s))))
            for r in rows:
                k += 1
                out.append(b"%6d\t%s\t%s\n" % (k, self.flag(r), visible(self.shown(r, rewrites))))
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
