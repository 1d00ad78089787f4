"""The binary against formats_model.py, an independent reading of FORMATS.md: the
worked examples of §6 byte for byte, random files of every format (nasty but valid)
under random `move` scripts (rows, heights, labels, flags, written-back bytes),
malformed inputs (exit 3, `FILE:LINE:COL:`), unchanged write-back, detection by
file name and `get format`."""

import json
import os
import random
import re
import subprocess
import tempfile

from formats_model import BOM, ROW_HEIGHT, FormatError, JsonParser, ListModel, Refused, load

SCRIPTS = int(os.environ.get("MODEL_SCRIPTS", "150"))
RANGES = os.environ.get("FORMATS_RANGES") == "1"  # `move A,B TO` (SPEC §10) once the binary has ranges
WORDS = ["milk", "eggs", "bread", "tea", "a1", "b2", "x y", "plum", "kiwi", "fig", "rye", "oat"]


def run(binary, data, arguments, script, name="list.dat"):
    """Runs the binary on a file holding `data`; returns the CompletedProcess (bytes)."""
    path = os.path.join(tempfile.mkdtemp(prefix="rowdrag-formats-"), name)
    with open(path, "wb") as f:
        f.write(data)
    command = [binary, *arguments, "-n", "--keep-going", "-e", script, path] if script is not None \
        else [binary, *arguments, path]
    out = subprocess.run(command, capture_output=True)
    out.path = path
    return out


def shell(arguments, data, script):
    """A reproducer line for a report."""
    quoted = " ".join("'%s'" % a for a in arguments)
    return "printf %r > F; rowdrag %s -n --keep-going -e '%s' F" % (data.decode("latin-1"), quoted, script)


# -- §6, the worked examples ----------------------------------------------------------
EXAMPLES = [
    ("todo", b"pick a1 A\npick b2 B\npick c3 C\n\n# Rebase x..y\n# Commands:\n", [], "move 1 $",
     [b"pick a1 A", b"pick b2 B", b"pick c3 C"], None,
     b"pick b2 B\npick c3 C\npick a1 A\n\n# Rebase x..y\n# Commands:\n"),
    ("markdown", b"- milk\n- eggs\n  - free range\n  - a dozen\n- bread\n", [], "move /^- eggs/ 1",
     [b"- milk", b"- eggs", b"- bread"], 44 + 132 + 44,
     b"- eggs\n  - free range\n  - a dozen\n- milk\n- bread\n"),
    ("markdown", b"---\nkanban-plugin: basic\n---\n\n## Todo\n\n- [ ] a\n- [ ] b\n\n## Done\n\n- [x] c\n", [],
     "move 2 2:1", [b"- [ ] a", b"- [ ] b", b"- [x] c"], 28 + 28 + 3 * 44,
     b"---\nkanban-plugin: basic\n---\n\n## Todo\n\n- [ ] a\n\n## Done\n\n- [ ] b\n- [x] c\n"),
    ("csv", b'name,qty\napples,3\n"cherries, dark","2\nboxes"\npears,5\n', [], "move 3 1",
     [b"apples,3", b'"cherries, dark","2', b"pears,5"], 44 + 88 + 44,
     b'name,qty\npears,5\napples,3\n"cherries, dark","2\nboxes"\n'),
    ("csv label=name", b'name,qty\napples,3\n"cherries, dark","2\nboxes"\npears,5\n', [], "move 3 1",
     [b"apples", b"cherries, dark", b"pears"], 44 + 88 + 44,
     b'name,qty\npears,5\napples,3\n"cherries, dark","2\nboxes"\n'),
    ("m3u", b"#EXTM3U\n#EXTINF:201,Toto - Africa\nafrica.mp3\n#EXTINF:180,Kiss - Poison\npoison.mp3\n", [],
     "move 2 1", [b"Toto - Africa", b"Kiss - Poison"], 88 + 88,
     b"#EXTM3U\n#EXTINF:180,Kiss - Poison\npoison.mp3\n#EXTINF:201,Toto - Africa\nafrica.mp3\n"),
    ("json path=/tracks", b'{"name":"Trip","tracks":[{"title":"A"},{"title":"B"}]}', [], "move 2 1",
     [b"A", b"B"], 88, b'{"name":"Trip","tracks":[{"title":"B"},{"title":"A"}]}'),
    ("text skip=^$", b"a\n\nb\nc\n", [], "move 1 $", [b"a", b"b", b"c"], 132, b"b\n\nc\na\n"),
]


def parse_format(word):
    """'csv label=name' -> ('csv', {'label': 'name'})."""
    name, *rest = word.split(" ")
    return name, dict(w.split("=", 1) for w in rest)


def labels_of(listing):
    """The labels of `list` output (one row a line, label after the second tab; a
    section's line, `S:`, names no row)."""
    return [line.split(b"\t", 2)[2] for line in listing.split(b"\n")
            if line and not line.split(b"\t")[0].endswith(b":")]


def test_model_reads_the_worked_examples(binary):
    """The model itself against §6 (so a model error is not blamed on the binary)."""
    for word, data, _, command, labels, content, expected in EXAMPLES:
        name, params = parse_format(word)
        model = ListModel(load(data, name, params))
        assert model.labels() == labels, (word, model.labels())
        if content is not None:
            assert model.content() == content, (word, model.content())
        source, target = command[len("move "):].rsplit(" ", 1)
        if source.startswith("/"):
            source = str(1 + next(k for k, lab in enumerate(model.labels()) if re.search(source[1:-1].encode(), lab)))
        model.move(source, target)
        assert model.render() == expected, (word, model.render())
    doc = load(EXAMPLES[2][1], "markdown")
    trivia = sorted(i + 1 for s in [*doc.sections] for g in s.gaps.values() for i in g) + [i + 1 for i in doc.lead]
    assert sorted(trivia) == [1, 2, 3, 4, 6, 9, 11], trivia


def test_worked_examples(binary):
    """§6 through the binary: labels and heights before, bytes after the move."""
    for word, data, options, command, labels, content, expected in EXAMPLES:
        arguments = ["--format", word, *options]
        out = run(binary, data, arguments, "list; state; %s; print" % command)
        where = shell(arguments, data, "%s; print" % command)
        assert out.returncode == 0, f"{where}\nexit {out.returncode}: {out.stderr!r}"
        name, params = parse_format(word)
        listed = ListModel(load(data, name, params)).listing()
        lines = listed.count(b"\n")  # the rows' and the sections' lines
        parts = out.stdout.split(b"\n", lines + 1)
        listing, state, printed = b"\n".join(parts[:lines]) + b"\n", parts[lines], parts[-1]
        assert listing == listed, f"{where}\nlist {listing!r} expected {listed!r}"
        assert labels_of(listing) == labels, f"{where}\nlabels {labels_of(listing)} expected {labels}"
        if content is not None:
            assert json.loads(state)["content"] == content, f"{where}\nstate {state}, content {content}"
        assert printed == expected, f"{where}\n expected {expected!r}\n got      {printed!r}"


# -- random files -------------------------------------------------------------------
def finish(rng, lines, crlf=False):
    """Joins lines with LF, CR LF (crlf True) or either at random (crlf "mixed");
    sometimes without the final terminator."""
    terms = [("\r\n" if crlf is True or (crlf == "mixed" and rng.random() < 0.5) else "\n") for _ in lines]
    if lines and rng.random() < 0.3:
        terms[-1] = ""
    return "".join(line + term for line, term in zip(lines, terms)).encode("utf-8")


def random_text(rng):
    """Lines, some blank, some comments; --header and skip=REGEX sometimes."""
    pool = WORDS + ["", "", "# note", "#x", "  ", "## Part", "x,y"]
    lines = [rng.choice(pool) + ("%d" % k if rng.random() < 0.5 else "") for k in range(rng.randint(0, 14))]
    options, header, params, word = [], None, {}, "text"
    if rng.random() < 0.3:
        header = rng.choice(["^## ", "^#x"])
        options += ["--header", header]
    pick = rng.random()
    if pick < 0.5:
        params["skip"] = rng.choice(["^$", "^#", "^$|^#", "1$"])
        word = "text skip=" + params["skip"]
    elif pick < 0.7:
        params["skip"] = rng.choice(["^ *$", "^# "])
        options += ["--skip", params["skip"]]
    crlf = rng.choice([False, False, False, True, "mixed"])
    mark = BOM if rng.random() < 0.15 else b""  # a byte-order mark stays first (§1.4 r2)
    return mark + finish(rng, lines, crlf), "text", params, ["--format", word, *options], header


def random_todo(rng):
    """A rebase todo: commands, comments (some indented), blank lines."""
    pool = ["pick %s msg", "fixup %s", "exec make %s", "label l%s", "reword %s r", " pick %s", "merge -C %s x",
            "# comment %s", "   # indented %s", "#", "", "  \t", "update-ref refs/heads/%s"]
    lines = [rng.choice(pool).replace("%s", "%x" % rng.randint(256, 4095)) for _ in range(rng.randint(0, 14))]
    if rng.random() < 0.6:
        lines += ["", "# Rebase 1..2 onto 3", "# Commands:", "# p, pick <commit> = use commit"]
    mark = BOM if rng.random() < 0.15 else b""
    return mark + finish(rng, lines, rng.choice([False, False, False, True, "mixed"])), "todo", {}, \
        ["--format", "todo"], None


def md_item(rng, indent0):
    """The lines of one top-level list item: nested items, continuation, lazy and blank
    lines, and (FORMATS r2) fences, HTML blocks and block quotes on its own line and
    inside it, some left open, and lines after them that CommonMark does not take as
    lazy."""
    marker = rng.choice(["-", "-", "*", "+", "1.", "- [ ]", "- [x]", "2)", "10.", "3.", "123456789."])
    spaces = rng.choice([1, 1, 1, 1, 2, 3, 4, 5])
    text = rng.choice(WORDS * 3 + ["```sh", "~~~", "<!-- note", "<div>", "> quoted", "# heading", ""])
    if marker.startswith("- [") or text == "":
        spaces = 1
    first = " " * indent0 + marker + (" " * spaces + text if text else "")
    col = indent0 + len(marker) + (1 if spaces >= 5 or not text else spaces)
    lines = [first]
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3, 4])):
        pick = rng.random()
        pad = " " * col
        if pick < 0.2:
            lines.append(pad + " " * rng.choice([0, 0, 1, 2]) + rng.choice(WORDS))
        elif pick < 0.32:
            lines.append(rng.choice(WORDS + ["#tag", "| a | b |", "1234567890. x", "####### x", "2019. x",
                                             "<span>", "===", "-", "- " + rng.choice(WORDS), "    - four"]))
        elif pick < 0.47:
            nested = rng.choice(["- ", "* ", "1. ", "- [ ] ", "2) "])
            lines.append(" " * (col + rng.choice([0, 0, 1])) + nested + rng.choice(WORDS + ["```", "<!-- x"]))
        elif pick < 0.6:
            lines += [rng.choice(["", "  "])] * rng.randint(1, 2)
            lines.append(" " * max(0, col + rng.choice([0, 1, 2, 4, -1])) +
                         rng.choice(WORDS + ["- deep", "1. deep", "> deep", "```"]))
        elif pick < 0.72:
            fence = rng.choice(["```", "~~~", "````"])
            lines.append(pad + " " * rng.choice([0, 0, 1, 3, 4]) + fence + rng.choice(["", "sh"]))
            for _ in range(rng.randint(0, 3)):
                code = rng.choice(["- not an item", "# not a heading", "1. no", "", "x = 1", "---", "~~~"])
                lines.append(rng.choice([pad, pad, pad + "  ", ""]) + code if code else "")
            if rng.random() < 0.75:
                lines.append(pad + fence + rng.choice(["", fence[0]]))
        elif pick < 0.84:
            lines.append(pad + rng.choice(["<!-- ", "<div>", "<pre>", "<?x ", "<span>"]) + rng.choice(WORDS))
            for _ in range(rng.randint(0, 2)):
                lines.append(rng.choice([pad, pad, ""]) + rng.choice(["- in html", "", "-->", "</pre>", "?>"]))
        else:
            lines.append(pad + rng.choice(["> ", ">", "  > "]) + rng.choice(WORDS))
            if rng.random() < 0.5:
                lines.append(rng.choice(["", pad]) + rng.choice(["> ", ""]) + rng.choice(WORDS))
    return lines


def random_markdown(rng):
    """Front matter, headings, paragraphs (some with wrapped `2019.` lines and setext
    underlines), HTML blocks with list-like lines inside, block quotes, fences with
    list-like lines, thematic breaks, indented code and list items with nested, lazy
    and blank lines (md_item); lists of different kinds side by side."""
    lines = []
    if rng.random() < 0.3:
        lines += ["---", "title: x", "- not an item"][: rng.randint(1, 3)]
        if rng.random() < 0.8:
            lines.append(rng.choice(["---", "..."]))
        elif rng.random() < 0.3:
            lines[0] = "--- "  # not front matter: a thematic break
    for k in range(rng.randint(0, 12)):
        pick = rng.random()
        lines += [rng.choice(["", "", "  "])] * rng.choice([0, 0, 1, 1, 2])
        if pick < 0.13:
            lines.append(rng.choice(["## Todo", "# Title", "### Done ###", "#", "## Doing", " ## Later"]))
        elif pick < 0.25:
            lines += [rng.choice(WORDS + ["#tag", "| a | b |", "Some text.", "####### seven", "-not an item",
                                          "1234567890. ten digits"]) for _ in range(rng.randint(1, 2))]
            if rng.random() < 0.4:
                lines.append(rng.choice(["2019. a year", "2) two", "1. one", "-", "---", "===", "- x", "<span>"]))
        elif pick < 0.31:
            kind = rng.choice(["<!--", "<!-- note -->", "<div>", "<span class='x'>", "<?php", "<!DOCTYPE x",
                               "<![CDATA[", "<script>", "</table>"])
            lines.append(kind)
            lines += [rng.choice(["- hidden", "", "1. hidden", "text"]) for _ in range(rng.randint(0, 3))]
            if rng.random() < 0.85:
                lines.append(rng.choice(["-->", "?>", ">", "]]>", "</script>", "x -->"]))
        elif pick < 0.36:
            lines.append("> " + rng.choice(WORDS))
            lines += [rng.choice(["> " + rng.choice(WORDS), rng.choice(WORDS), ">", "> - q"])
                      for _ in range(rng.randint(0, 2))]
        elif pick < 0.42:
            fence = rng.choice(["```", "~~~~"])
            lines.append(fence + rng.choice(["", "md"]))
            lines += [rng.choice(["- inside", "# inside", "", "1. inside", "  - x", "~~~", "``"])
                      for _ in range(rng.randint(0, 3))]
            if rng.random() < 0.9:
                lines.append(fence + rng.choice(["", fence[0]]))
            else:
                lines.append("- after an unclosed fence")
                break
        elif pick < 0.47:
            lines.append(" " * rng.choice([0, 0, 1, 3]) + rng.choice(["***", "- - -", "___", "* * *", "-----"]))
        elif pick < 0.51:
            lines.append("    - indented code")
        else:
            for _ in range(rng.choice([1, 1, 2, 3])):
                lines += md_item(rng, 0 if rng.random() < 0.7 else rng.randint(1, 3))
    header = None
    options = []
    if rng.random() < 0.3:
        header = rng.choice(["^## ", "Todo", "^# ", "a"])
        options = ["--header", header]
    params, word = ({"renumber": "no"}, "markdown renumber=no") if rng.random() < 0.2 else ({}, "markdown")
    return finish(rng, lines, rng.random() < 0.1), "markdown", params, ["--format", word, *options], header


def csv_field(rng, delimiter, crlf):
    """A field: plain, empty, quoted with "" and delimiters and line breaks, or
    unquoted with a quote inside."""
    pick = rng.random()
    if pick < 0.45:
        return rng.choice(WORDS)
    if pick < 0.55:
        return ""
    if pick < 0.65:
        return rng.choice(['ab"c', ' "x"', '5"'])
    inner = rng.choice(WORDS) + rng.choice(["", delimiter, '""', "\n", "\r\n" if crlf else "\n", "\n\n"]) + \
        rng.choice(["", rng.choice(WORDS)])
    return '"%s"' % inner


def random_csv(rng):
    """CSV or TSV records (some spanning lines), blank lines, CR LF, header=no,
    label=N, label=NAME; csv with `,` `;` tab `|` or a Latin-1 byte, detected (§3.4 r2)
    or given (`delimiter=C`, `\\t`, `\\xHH`), Excel's `sep=` line; a byte-order mark."""
    name = rng.choice(["csv", "csv", "csv", "tsv"])
    delimiter = "\t" if name == "tsv" else rng.choice([",", ",", ";", ";", "|", "\t", "\u00a7"])
    crlf = rng.random() < 0.25
    columns = rng.randint(1, 4)
    names = ["name", "qty", "note", "when"][:columns]
    params, words = {}, [name]
    header = rng.random() < 0.8
    if not header:
        params["header"] = "no"
        words.append("header=no")
    excel = name == "csv" and rng.random() < 0.15
    given = name == "csv" and (delimiter == "\u00a7" and not excel or rng.random() < 0.2)
    pick = rng.random()
    if pick < 0.25:
        params["label"] = str(rng.randint(1, columns + 1))
    elif pick < 0.45 and header:
        params["label"] = rng.choice(names)
    quoted = [('"%s"' % n) if rng.random() < 0.3 else n for n in names]
    records = [delimiter.join(quoted)] if header else []
    for _ in range(rng.randint(0, 10)):
        if rng.random() < 0.15:
            records.append(rng.choice(["", " "]) if crlf else rng.choice(["", "\r", " "]))
        else:
            width = rng.choice([columns, columns, columns, 1, columns + 1])
            fields = [csv_field(rng, delimiter, crlf) for _ in range(width)]
            if delimiter == "\u00a7" and not fields[0]:
                # A label starting with a Latin-1 byte: regcomp and Python's re read a
                # byte that is not UTF-8 apart (--lock '^[^-]'), which is no CSV matter.
                fields[0] = rng.choice(WORDS)
            records.append(delimiter.join(fields))
    if rng.random() < 0.1:
        records.insert(0, "")
    if excel:
        records.insert(0, "sep=" + delimiter)
    data = finish(rng, records, crlf)
    if data.endswith(b"\r"):
        data = data[:-1]
    data = data.replace("\u00a7".encode(), b"\xa7")  # a Latin-1 export's §
    if rng.random() < 0.15:
        data = BOM + data
    if name == "csv" and not given and not excel:
        # Detected, another delimiter reads the file too (the sample is every record),
        # unless no candidate takes part and `,` meets an error, or the header has no
        # field label=NAME names: then the file says which it is.
        try:
            load(data, name, params)
        except FormatError:
            given = True
    if given or (name == "tsv" and rng.random() < 0.1):
        word = {"\t": "\\t", "\u00a7": "\\xa7"}.get(delimiter, delimiter)
        params["delimiter"] = word
        words.append("delimiter=" + word)
    if "label" in params:
        words.append("label=" + params["label"])
    return data, name, params, ["--format", " ".join(words)], None


def random_m3u(rng):
    """#EXTM3U, the file's own # lines, entries with #EXTINF (commas in titles, none at
    all), entry directives before it (§3.5 r2: #EXTVLCOPT, #EXTGRP, #KODIPROP, …, which
    start the first entry), comments and blank lines inside, and comments after the
    last path; a byte-order mark, before #EXTM3U or an entry."""
    lines = []
    if rng.random() < 0.8:
        lines.append("#EXTM3U")
        lines += rng.sample(["#PLAYLIST:Mix", "#EXTGRP:Top", "", "# made by hand", "#EXTINF", "#EXTENC:UTF-8"],
                            rng.randint(0, 2))
    for k in range(rng.randint(0, 8)):
        entry = []
        if rng.random() < 0.25:
            entry.append(rng.choice(["#EXTVLCOPT:start-time=%d" % k, "#EXTGRP:Pop", "#KODIPROP:a=%d" % k,
                                     "#EXTBYT:%d" % (k * 1000), "#EXTALB:Album", "#EXTART:Band", "#EXTIMG:c.jpg"]))
        if rng.random() < 0.8:
            entry.append(rng.choice(["#EXTINF:%d,Artist %d - Song" % (k * 10, k), "#EXTINF:-1,Crosby, Stills %d" % k,
                                     "#EXTINF:%d" % k, "#EXTINF:5 tvg-id=\"x\",Channel %d" % k, "#EXTINF:1,",
                                     "#EXTINF:-1 tvg-name=\"a,b\",Title %d" % k]))
        for _ in range(rng.choice([0, 0, 1, 2])):
            entry.append(rng.choice(["#EXTVLCOPT:network-caching=1000", "#EXTGRP:Rock", "# comment", ""]))
        entry.append(rng.choice(["song%d.mp3" % k, "dir/Song %d.flac" % k, "http://radio.example/%d" % k,
                                 " lead%d.mp3" % k, "  #not-a-comment%d.mp3" % k]))
        if entry[0] == "":
            entry.pop(0)
        lines += [""] * rng.choice([0, 0, 1]) + entry
    lines += rng.sample(["", "# end", "#EXTVLCOPT:x"], rng.randint(0, 3))
    data = finish(rng, lines, rng.random() < 0.2)
    return (BOM if rng.random() < 0.2 else b"") + data, "m3u", {}, ["--format", "m3u"], None


KEY_OPTIONS = {"height": "--height-key", "locked": "--lock-key", "pinned": "--pin-key"}


def random_jsonl(rng):
    """JSON Lines: objects (label members in any order, heights, locked, pinned, under
    their own names or others given by --*-key), strings, other values, blank lines,
    spaces around values, CR LF."""
    keys = {key: rng.choice([key, key, "x" + key]) for key in KEY_OPTIONS}
    lines = []
    for k in range(rng.randint(0, 10)):
        pick = rng.random()
        if pick < 0.15:
            lines.append(rng.choice(["", "  ", "\t"]))
            continue
        if pick < 0.22:
            value = rng.choice(["[1, 2]", "3", "true", "null", '{"x": {"y": [ ]}}', "-0", "[]"])
        elif pick < 0.3:
            value = json.dumps("s%d %s" % (k, rng.choice(WORDS + ['a"b', "c\\d", "caf\u00e9"])),
                               ensure_ascii=rng.random() < 0.5)
        else:
            members = [("id", "i%d" % k)]
            if rng.random() < 0.7:
                members.append((rng.choice(["title", "name", "text"]), "r%d" % k))
            if rng.random() < 0.3:
                members.append((keys["height"], rng.choice([60, 13.5, 100, 1e2])))
            if rng.random() < 0.15:
                members.append((keys["locked"], rng.choice([True, True, False])))
            if rng.random() < 0.1:
                members.append((keys["pinned"], rng.choice([True, False])))
            if rng.random() < 0.1:
                members.append(("height" if keys["height"] != "height" else "xheight", 7))
            if rng.random() < 0.3:
                members.append(("tags", [1, {"a": None}]))
            rng.shuffle(members)
            value = json.dumps(dict(members), separators=rng.choice([(",", ":"), (", ", ": ")]))
        lines.append(rng.choice(["", "", " "]) + value + rng.choice(["", "", "  "]))
    options = [w for key, option in KEY_OPTIONS.items() if keys[key] != key for w in (option, keys[key])]
    mark = BOM if rng.random() < 0.15 else b""
    return mark + finish(rng, lines, rng.random() < 0.2), "jsonl", {"keys": keys}, \
        ["--format", "jsonl", *options], None


def random_json(rng):
    """A document holding the list at a pointer (escaped names, array indices, the
    whole document); the list flat, nested or titled; compact or indented."""
    def element(k):
        if rng.random() < 0.2:
            return "t%d" % k
        e = {"id": "e%d" % k, rng.choice(["title", "name"]): "T%d" % k}
        if rng.random() < 0.2:
            e["height"] = rng.choice([20, 60.5])
        return e
    counter = iter(range(1000))
    shape = rng.choice(["flat", "flat", "nested", "titled"])
    if shape == "flat":
        target = [element(next(counter)) for _ in range(rng.randint(1, 7))]
    elif shape == "nested":
        target = [[element(next(counter)) for _ in range(rng.randint(0, 3))] for _ in range(rng.randint(1, 3))]
    else:
        target = {"S%d" % s: [element(next(counter)) for _ in range(rng.randint(0, 3))] for s in range(1, 4)}
    pointer = rng.choice(["/tracks", "/data/0/items", "/a~1b", "/m~0n", "", "/"])
    if pointer == "/tracks":
        doc = {"name": "Trip", "tracks": target, "n": 1}
    elif pointer == "/data/0/items":
        doc = {"data": [{"items": target}, {"items": []}]}
    elif pointer == "/a~1b":
        doc = {"a": [1], "a/b": target}
    elif pointer == "/m~0n":
        doc = {"m~n": target}
    elif pointer == "":
        doc = target
    else:
        doc = {"": target, "x": {"": 2}}
    text = json.dumps(doc, indent=rng.choice([None, None, 2, 4]), separators=None)
    if "  " not in text and "\n" not in text:
        text = json.dumps(doc, separators=(",", ":"))
    data = (text + rng.choice(["", "\n"])).encode()
    return data, "json", {"path": pointer}, ["--format", "json path=" + pointer], None


GENERATORS = {"text": random_text, "todo": random_todo, "markdown": random_markdown, "csv": random_csv,
              "m3u": random_m3u, "jsonl": random_jsonl, "json": random_json}
FORMATS = ("text", "json", "jsonl", "markdown", "todo", "csv", "tsv", "m3u")
DETECTED = {"todo": "git-rebase-todo", "markdown": "list.md", "csv": "list.csv", "m3u": "list.m3u8",
            "jsonl": "list.ndjson"}


def random_move(rng, model):
    """`move A B`: A a number or `$`, B a number, `$` or `S:R` (some out of range)."""
    n, sections = len(model.flat()), model.order
    source = rng.choice([str(rng.randint(0, n + 1)), str(rng.randint(1, max(1, n))), "$"])
    pick = rng.random()
    if pick < 0.15 and n and RANGES:
        first = rng.randint(1, n)
        source = "%d,%s" % (first, rng.choice([str(min(n, first + rng.randint(0, 3))), "$"]))
        return "move %s %s" % (source, rng.choice([str(rng.randint(0, n + 1)), "$"]))
    if pick < 0.4:
        return "move %s %d" % (source, rng.randint(0, n + 1))
    if pick < 0.5:
        return "move %s $" % source
    s = rng.choice([rng.randint(1, len(sections))] * 4 + [len(sections) + 1])
    k = len(sections[s - 1]) if s <= len(sections) else 0
    return "move %s %d:%d" % (source, s, rng.choice([rng.randint(1, k + 1)] * 5 + [0, k + 2]))


def expected_run(model, data, moves):
    """(script, expected standard output after the state line, exit status, list shown)."""
    failed = False
    for command in moves:
        try:
            if command in ("undo", "redo"):
                model.step(command)
            else:
                model.move(*command.split(" ")[1:])
        except Refused:
            failed = True
    shown = True  # list is one line a row whatever the labels hold (FORMATS §5)
    final = model.render()
    script = "state\n" + ("print\n" if data else "") + "".join(c + "\n" for c in moves) + \
        ("list\n" if shown else "") + "print\n"
    out = data + (b"\n" if data and not data.endswith(b"\n") else b"")  # the final print follows
    out += (model.listing() if shown else b"") + (final or b"")
    return script, out, 1 if failed else 0, shown


def compare(binary, kind, seed):
    """One random file of format `kind` and one random move script, binary against model."""
    rng = random.Random("%s-%d" % (kind, seed))
    data, name, params, arguments, header = GENERATORS[kind](rng)
    file_name = "list.dat"
    if arguments == ["--format", name] and name in DETECTED and rng.random() < 0.3:
        arguments, file_name = [], DETECTED[name]
    lock = pin = None
    if rng.random() < 0.25:
        lock = rng.choice(["1", "^-", "a", "T2", "milk", "Song", "^ {0,3}[-*+] \\[[xX]\\]"])
        arguments = arguments + ["--lock", lock]
    if rng.random() < 0.15:
        pin = rng.choice(["2", "e", "^[^-]", "Song 3"])
        arguments = arguments + ["--pin", pin]
    row_height = ROW_HEIGHT
    if rng.random() < 0.15:
        row_height = rng.choice([30.0, 12.5])
        arguments = arguments + ["--row-height", "%g" % row_height]
    model = ListModel(load(data, name, params, header), lock, pin, row_height)
    content, rows = model.content(), len(model.flat())
    moves = [random_move(rng, model) if rng.random() < 0.85 else rng.choice(["undo", "redo"])
             for _ in range(rng.randint(1, 6))]
    script, expected, status, _ = expected_run(model, data, moves)
    out = run(binary, data, arguments, script, file_name)
    where = "%s seed %d (file %s)\n%s" % (kind, seed, file_name, shell(arguments, data, script.replace("\n", "; ")))
    state, _, rest = out.stdout.partition(b"\n")
    assert out.returncode == status, f"{where}\nexit {out.returncode}, expected {status}; stderr {out.stderr!r}"
    if model.render() is None:  # an indented JSON list: bytes outside it kept, elements in order
        rest = check_indented_json(where, model, expected, rest)
    try:
        state = json.loads(state)
    except ValueError:
        raise AssertionError(f"{where}\nno state line: {out.stdout!r} {out.stderr!r}")
    assert (state["rows"], state["content"]) == (rows, content), \
        f"{where}\nrows, content {state['rows']}, {state['content']}; model {rows}, {content}"
    if rest != expected:
        raise AssertionError(f"{where}\nexpected {expected!r}\ngot      {rest!r}")


def check_indented_json(where, model, expected, rest):
    """Checks the final print of an indented JSON list (the part of `rest` after
    `expected`): the bytes outside the list as they were, the list's elements in the
    model's order. Returns the part before it."""
    before, after = model.doc.outside()
    head, printed = rest[:len(expected)], rest[len(expected):]
    assert printed.startswith(before) and printed.endswith(after), \
        f"{where}\nthe bytes outside the list changed: {printed!r}"
    middle = printed[len(before):len(printed) - len(after)]
    if model.doc.shape == "titled":
        outer = JsonParser(middle).document()
        value = [(k, [json.loads(middle[e.start:e.end]) for e in v.items]) for _, k, v in outer.members]
    else:
        value = json.loads(middle)
    assert value == model.doc.value(model.order), f"{where}\nlist {value}\nmodel {model.doc.value(model.order)}"
    return head


def compare_format(binary, kind):
    for seed in range(SCRIPTS):
        compare(binary, kind, seed)


def test_random_text_files(binary):
    compare_format(binary, "text")


def test_random_todo_files(binary):
    compare_format(binary, "todo")


def test_random_markdown_files(binary):
    compare_format(binary, "markdown")


def test_random_csv_and_tsv_files(binary):
    compare_format(binary, "csv")


def test_random_m3u_files(binary):
    compare_format(binary, "m3u")


def test_random_jsonl_files(binary):
    compare_format(binary, "jsonl")


def test_random_json_path_files(binary):
    compare_format(binary, "json")


# -- malformed input, unchanged write-back, choosing a format ---------------------------
MALFORMED = [
    # (format word, file bytes, line, column or None, words the message must hold)
    ("csv", b'a,b\nc,"d\ne\n', 2, 3, []),  # a quote still open at the end: where it opened
    ("csv", b'a,b\n"c"x,d\n', 2, 4, []),  # a byte after a closing quote
    ("csv header=no", b'a\n"b\nc"d\n', 3, 3, []),  # ... on the second line of a record
    ("tsv", b'a\tb\n"c"\t"d" \n', 2, 8, []),
    ("csv delimiter=;", b'x;y\n"a";"b",c\n', 2, 8, []),
    ("jsonl", b'{"a":1}\n\n{"b":2,}\n', 3, None, []),  # an invalid line
    ("jsonl", b'"a"\n"b" "c"\n', 2, None, []),  # two values on a line
    ("jsonl", b'{"a":1}\r\nNaN\r\n', 2, None, []),
    ("jsonl", b'{"title":"a","height":0}\n', 1, None, []),  # SPEC §9.23: height > 0
    ("json path=/songs", b'{"tracks":[]}', None, None, ["songs"]),  # a pointer that does not resolve
    ("json path=/tracks/0/x", b'{"tracks":[{"y":[]}]}', None, None, ["x"]),
    ("json path=/name", b'{"name":"Trip","tracks":[]}', None, None, ["string"]),  # another shape
    ("json path=/data/01", b'{"data":[[],[]]}', None, None, ["01"]),  # RFC 6901: no leading zeros
    ("json path=/data/2", b'{"data":[[],[]]}', None, None, ["2"]),
    ("json path=/data/-", b'{"data":[[],[]]}', None, None, ["-"]),
]


def test_malformed_input_is_an_error_with_its_place(binary):
    """§3.4, §3.6, §3.7, §5: exit 3, `FILE:LINE:COL:` with the line (and column) of the fault."""
    for word, data, line, col, words in MALFORMED:
        out = run(binary, data, ["--format", word], "print")
        where = shell(["--format", word], data, "print")
        message = out.stderr.decode("utf-8", "replace")
        assert out.returncode == 3 and out.stdout == b"", f"{where}\nexit {out.returncode}: {message}"
        m = re.match(r"(rowdrag: )?%s:(\d+):(\d+): " % re.escape(out.path), message)
        assert m, f"{where}\nno FILE:LINE:COL: in {message!r}"
        if line is not None:
            assert int(m.group(2)) == line, f"{where}\nline {m.group(2)}, expected {line}: {message}"
        if col is not None:
            assert int(m.group(3)) == col, f"{where}\ncolumn {m.group(3)}, expected {col}: {message}"
        for w in words:
            assert w in message, f"{where}\n{w!r} not in {message!r}"
        try:
            name, params = parse_format(word)
            load(data, name, params)
        except FormatError as e:
            assert line is None or e.line == line, (word, e)
        else:
            raise AssertionError("the model reads %r as %s" % (data, word))


def test_label_name_needs_a_header_field(binary):
    """§3.4: label=NAME with no such field, or with header=no, is an input error (exit 3)."""
    for word in ["csv label=zz", "csv header=no label=a", "tsv label=b"]:
        out = run(binary, b"a,b\n1,2\n", ["--format", word], "print")
        assert out.returncode == 3, (word, out.returncode, out.stderr)


def test_json_without_path_names_the_pointer(binary):
    """§3.7: an object holding one array of objects is an error that names the pointer."""
    out = run(binary, b'{"name": "Trip", "tracks": [{"title": "A"}]}\n', [], "print", "trip.json")
    assert out.returncode == 3, (out.returncode, out.stderr)
    assert b"--format 'json path=/tracks'" in out.stderr, out.stderr


def test_usage_errors(binary):
    """§2: unknown names and parameters, malformed values, --header outside text and
    markdown: exit 2; `set format` is a command error."""
    for arguments in (["--format", "yaml"], ["--format", "csv colour=red"], ["--format", "csv delimiter=ab"],
                      ["--format", "json path=tracks"], ["--format", "csv", "--header", "x"],
                      ["--format", "m3u", "--header", "x"], ["--format", "todo", "--header", "x"],
                      ["--format", "jsonl", "--header", "x"], ["--format", "markdown header=x"],
                      ["--header", "x"]):
        name = "list.json" if arguments == ["--header", "x"] else "list.txt"
        out = run(binary, b"[1]\n", arguments, "print", name)
        assert out.returncode == 2, (arguments, out.returncode, out.stderr)
    out = run(binary, b"a\n", [], "set format csv")
    assert out.returncode == 1, out.stderr
    out = run(binary, b"a\n", ["--format", "yaml"], "print")
    assert all(name.encode() in out.stderr for name in FORMATS), ("the valid names", out.stderr)
    out = run(binary, b"a\n", ["--format", "csv colour=red"], "print")
    assert all(key in out.stderr for key in (b"header", b"delimiter", b"label")), ("the valid keys", out.stderr)


def test_get_format_and_detection(binary):
    """§2: detection by file name (case-insensitive, the base name for todo) and
    `get format` with its parameters in a fixed order."""
    cases = [("list.md", [], "markdown"), ("NOTES.MarkDown", [], "markdown"), ("a.csv", [], "csv header=yes delimiter=,"),
             ("a.TSV", [], "tsv header=yes delimiter=\\t"), ("a.tab", [], "tsv header=yes delimiter=\\t"),
             ("a.m3u", [], "m3u"), ("a.M3U8", [], "m3u"), ("a.jsonl", [], "jsonl"), ("a.ndjson", [], "jsonl"),
             ("git-rebase-todo", [], "todo"), ("notes.txt", [], "text"), ("notes.md", ["--format", "text"], "text"),
             ("x", ["--format", "text skip=^#"], "text skip=^#"), ("x", ["--skip", "^#"], "text skip=^#"),
             ("x", ["--format", "tsv,header=no,label=2"], "tsv header=no delimiter=\\t label=2"),
             ("x", ["--format", "csv label=2 delimiter=; header=no"], "csv header=no delimiter=; label=2"),
             ("x", ["--format", "csv delimiter=\\t"], "csv header=yes delimiter=\\t"),
             ("x", ["--format", "json path=/tracks"], "json path=/tracks"), ("x.md", ["--text"], "text"),
             ("x.txt", ["--json"], "json")]
    for name, arguments, expected in cases:
        data = b'{"tracks": []}' if "json" in " ".join(arguments) else b""
        out = run(binary, data, arguments, "get format", name)
        assert out.returncode == 0 and out.stdout == expected.encode() + b"\n", (name, arguments, out.stdout,
                                                                                 out.stderr)


def test_standard_input_is_detected_by_shape(binary):
    """§2: standard input uses SPEC §5.2's detection (JSON by shape, else text)."""
    for data, expected in ((b"[1, 2]\n", b"json\n"), (b"- a\n- b\n", b"text\n"), (b"a,b\n", b"text\n")):
        out = subprocess.run([binary, "-n", "-e", "get format"], input=data, capture_output=True)
        assert out.stdout == expected, (data, out.stdout, out.stderr)


def test_show_draws_every_line_of_a_block(binary):
    """§5: `show` draws a row's block lines (a row of n lines covers n lines)."""
    data = b"- milk\n- eggs\n  - free range\n  - a dozen\n- bread\n"
    lines = run(binary, data, ["--format", "markdown"], "show").stdout.decode().split("\n")
    at = next(k for k, line in enumerate(lines) if "- eggs" in line)
    assert "- free range" in lines[at + 1] and "- a dozen" in lines[at + 2] and "- bread" in lines[at + 3], lines


def test_examples_are_written_back_unchanged(binary):
    """§4: every example file, read by its name, is printed byte for byte."""
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples")
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if not os.path.isfile(path):
            continue
        with open(path, "rb") as f:
            data = f.read()
        out = run(binary, data, [], "print", name)
        hint = re.search(rb"--format '([^']+)'", out.stderr)
        if out.returncode == 3 and hint:  # a JSON document holding the list at a pointer
            out = run(binary, data, ["--format", hint.group(1).decode()], "print", name)
        assert out.returncode == 0 and out.stdout == data, (name, out.returncode, out.stderr)


def test_every_random_file_is_written_back_unchanged(binary):
    """§4 on files of every format through `-e print -n` alone (no other command)."""
    for kind in GENERATORS:
        for seed in range(max(1, SCRIPTS // 5)):
            data, name, params, arguments, header = GENERATORS[kind](random.Random("same-%s-%d" % (kind, seed)))
            out = run(binary, data, arguments, "print")
            assert out.returncode == 0 and out.stdout == data, \
                f"{shell(arguments, data, 'print')}\nexit {out.returncode} {out.stderr!r}\ngot {out.stdout!r}"


def test_in_place_write_back(binary):
    """§4 through `-i`: the file written in place holds the model's bytes (every
    format is tried; the first failure of each is reported)."""
    failures = {}
    for kind in GENERATORS:
        for seed in range(max(1, SCRIPTS // 5)):
            rng = random.Random("in-place-%s-%d" % (kind, seed))
            data, name, params, arguments, header = GENERATORS[kind](rng)
            model = ListModel(load(data, name, params, header))
            moves = []
            for _ in range(rng.randint(1, 5)):
                command = random_move(rng, model)
                try:
                    model.move(*command.split(" ")[1:])
                except Refused:
                    continue
                moves.append(command)
            expected = model.render()
            if expected is None:
                continue
            script = "; ".join(moves) or "state"
            out = run(binary, data, [*arguments, "-i", "-e", script], None)
            with open(out.path, "rb") as f:
                written = f.read()
            if (out.returncode != 0 or written != expected) and kind not in failures:
                failures[kind] = f"{kind} seed {seed}: {shell(arguments + ['-i'], data, script)}\nexit " \
                                 f"{out.returncode} {out.stderr!r}\nexpected {expected!r}\nwritten  {written!r}"
    assert not failures, "\n".join(failures.values())


def test_csv_record_ending_in_a_quote_and_crlf(binary):
    """§3.4: a record ends at the line terminator (CR LF, SPEC §5.1) after a closing
    quote: the CR is the terminator's, not the label's, and the LF stays with it."""
    data = b'"a"\r\nb\r\n'
    out = run(binary, data, ["--format", "csv header=no"], "list; move 2 1; print")
    expected = b"     1\t-\t\"a\"\n     2\t-\tb\nb\r\n\"a\"\r\n"
    assert out.stdout == expected, f"{shell(['--format', 'csv header=no'], data, 'list; move 2 1; print')}\n" \
                                   f"expected {expected!r}\ngot      {out.stdout!r}"


# -- revision 2 outside Markdown: delimiters, byte-order marks, M3U directives --------
EXCEL = b'\xef\xbb\xbfName;City;Note\r\nAnna;Berlin;"a;b"\r\nBen;Wien;x\r\nCleo;Z\xc3\xbcrich;"line1\r\nline2"\r\n'


def test_csv_delimiter_is_detected(binary):
    """§3.4 r2, the issue's examples: Excel's `;` file (a BOM, CR LF, a quoted `;`, a
    quoted two-line field) moves whole records; a quoted `;` is no error; a `sep=`
    line stays first; `get format` names the delimiter. The records are Python's csv
    module's with that delimiter."""
    import csv
    import io
    out = run(binary, EXCEL, [], "move /Cleo/ 1; print; get format", "excel.csv")
    expected = EXCEL[:3] + b'Name;City;Note\r\nCleo;Z\xc3\xbcrich;"line1\r\nline2"\r\nAnna;Berlin;"a;b"\r\n' \
        b"Ben;Wien;x\r\n"
    assert out.returncode == 0 and out.stdout == expected + b"csv header=yes delimiter=;\n", (out.stdout, out.stderr)
    rows = list(csv.reader(io.StringIO(out.stdout[3:len(expected)].decode(), newline=""), delimiter=";"))
    assert [r[0] for r in rows] == ["Name", "Cleo", "Anna", "Ben"] and rows[1][2] == "line1\r\nline2", rows
    model = ListModel(load(EXCEL, "csv"))
    model.move("3", "1")
    assert model.render() == expected, model.render()
    q = b'Name;Note\n"Smith; J.";x\n'
    out = run(binary, q, [], "print", "q.csv")
    assert out.returncode == 0 and out.stdout == q, (out.returncode, out.stderr)
    sep = b"sep=;\na;b\n1;2\n3;4\n"
    for word, labels, moved in (("csv", [b"1;2", b"3;4"], b"sep=;\na;b\n3;4\n1;2\n"),
                                ("csv header=no", [b"a;b", b"1;2", b"3;4"], b"sep=;\n1;2\n3;4\na;b\n")):
        out = run(binary, sep, ["--format", word], "list; move 1 $; print")
        assert labels_of(out.stdout[:-len(moved)]) == labels and out.stdout.endswith(moved), (word, out.stdout)
        name, params = parse_format(word)
        model = ListModel(load(sep, name, params))
        model.move("1", "$")
        assert model.labels() == labels[1:] + labels[:1] and model.render() == moved, (word, model.render())


DETECTIONS = [
    # (file, delimiter): §3.4 r2 — ties to the earlier, a ragged `,` file stays `,`,
    # one column `,`, a quoted delimiter rules `,` out, blank lines are no records.
    (b"a,b;c\n", ","), (b"a;b|c\n1;2|3\n", ";"), (b"a\tb|c\n", "\\t"), (b"a,b;c\n1;2\n3;4\n", ";"),
    (b"a,b,c\n1,2\n3\n", ","), (b"name\nx\n", ","), (b"", ","), (b'"x,y";z\n"u";v\n', ";"),
    (b"\n\r\na|b\n", "|"), (b"sep=|\na;b\n1;2\n", "|"), (b"\xef\xbb\xbfsep=\t\na,b\n", "\\t"),
]


def test_detection_cases(binary):
    """`get format` after detection, binary and model alike."""
    for data, expected in DETECTIONS:
        out = run(binary, data, ["--format", "csv"], "get format")
        assert out.stdout == b"csv header=yes delimiter=%s\n" % expected.encode(), (data, out.stdout, out.stderr)
        shown = {b"\t": "\\t"}.get(load(data, "csv").delimiter, None) or load(data, "csv").delimiter.decode()
        assert shown == expected, (data, shown)


def test_byte_order_mark_stays_first(binary):
    """§1.4 r2: in every line format the mark is trivia that stays the file's first
    bytes: `move 1 $` leaves it first, and it is no part of the first row's label."""
    cases = [("text", b"a\nb\n"), ("text skip=^#", b"a\n#x\nb\n"), ("todo", b"pick a\npick b\n"),
             ("csv", b"h,i\n1,2\n3,4\n"), ("csv header=no", b"h,i\n1,2\n"), ("tsv", b"h\ti\n1\t2\n3\t4\n"),
             ("tsv header=no", b"a\nb\n"), ("m3u", b"#EXTM3U\n#EXTINF:1,A\na.mp3\n#EXTINF:2,B\nb.mp3\n"),
             ("m3u", b"#EXTINF:1,A\na.mp3\n#EXTINF:2,B\nb.mp3\n"), ("jsonl", b'"a"\n"b"\n')]
    for word, data in cases:
        data = BOM + data
        name, params = parse_format(word)
        model = ListModel(load(data, name, params))
        first = model.labels()[0]
        model.move("1", "$")
        out = run(binary, data, ["--format", word], "list; move 1 $; print")
        where = shell(["--format", word], data, "list; move 1 $; print")
        expected = model.render()
        assert out.returncode == 0 and out.stdout.endswith(expected) and expected.startswith(BOM), \
            f"{where}\nexpected {expected!r}\ngot {out.stdout!r}"
        assert labels_of(out.stdout[:-len(expected)])[0] == first and not first.startswith(BOM), (where, first)


def test_m3u_entry_directives(binary):
    """§3.5 r2: the top trivia ends at the first entry directive, which starts the first
    entry; an entry whose #EXTVLCOPT: comes first keeps it at the top, read again."""
    data = b"#EXTM3U\n#EXTINF:1,A\na.mp3\n#EXTVLCOPT:start-time=5\n#EXTINF:2,B\nb.mp3\n"
    path = os.path.join(tempfile.mkdtemp(prefix="rowdrag-formats-"), "p.m3u")
    with open(path, "wb") as f:
        f.write(data)
    out = subprocess.run([binary, "-i", "-e", "move 2 1", path], capture_output=True)
    assert out.returncode == 0, out.stderr
    with open(path, "rb") as f:
        written = f.read()
    assert written == b"#EXTM3U\n#EXTVLCOPT:start-time=5\n#EXTINF:2,B\nb.mp3\n#EXTINF:1,A\na.mp3\n", written
    again = subprocess.run([binary, "-e", "move 1 $", path], capture_output=True)
    assert again.stdout == data, again.stdout
    model = ListModel(load(written, "m3u"))
    model.move("1", "$")
    assert model.render() == data, model.render()


MARKDOWN = [
    # (file, options, labels, content height, command, expected bytes): §3.3 read by hand
    (b"---\n- a\n- b\n", [], [b"- a", b"- b"], 88, "move 2 1", b"---\n- b\n- a\n"),  # front matter unclosed
    (b"---\n- x\n...\n- a\n- b", [], [b"- a", b"- b"], 88, "move 2 1", b"---\n- x\n...\n- b\n- a"),
    (b"- a\n```\n- x\n", [], [b"- a"], 44, "move 1 1", b"- a\n```\n- x\n"),  # an unclosed fence
    # r2: a thematic break after an item heads the next list's section.
    (b"- a\n- - -\n* * *\n- b\n", [], [b"- a", b"- b"], 116, "move 1 2", b"- - -\n* * *\n- b\n- a\n"),
    (b"-     code\n  more\n- b\n", [], [b"-     code", b"- b"], 132, "move 1 2", b"- b\n-     code\n  more\n"),
    (b"- a\n\n\n- b\n", [], [b"- a", b"- b"], 88, "move 2 1", b"- b\n\n\n- a\n"),  # blank lines at the end
    (b"- a\nlazy\n- b\n", [], [b"- a", b"- b"], 132, "move 2 1", b"- b\n- a\nlazy\n"),
    (b"- a\n\npara\n- b\n", [], [b"- a", b"- b"], 116, "move 2 1", b"- b\n- a\n\npara\n"),  # r2
    (b"- a\n\n  more\n\n- b\n", [], [b"- a", b"- b"], 176, "move 2 1", b"- b\n\n- a\n\n  more\n"),
    # Content column 4; `a` then takes the bullet's place, with nothing ordered above: 1.
    (b"10. a\n  - b\n", [], [b"10. a", b"  - b"], 88, "move 2 1", b"  - b\n1.  a\n"),
    (b"# T\n- a\n## D\n- b\n", ["--header", "^## "], [b"- a", b"- b"], 28 + 88, "move 1 2:1",
     b"# T\n## D\n- a\n- b\n"),
    # r2: an item's fence ends with the item.
    (b"- a\n  ```\n- b\n  ```\n- c\n", [], [b"- a", b"- b", b"- c"], 220, "move 2 1",
     b"- b\n  ```\n- a\n  ```\n- c\n"),
    # r2: a fence on an item's line; an HTML comment's items; a block quote after an item;
    # a paragraph's `2019.`; an empty marker after a paragraph (a setext underline).
    (b"- ```sh\n  make\n  ```\n- b\n- c\n", [], [b"- ```sh", b"- b", b"- c"], 220, "move 3 1",
     b"- c\n- ```sh\n  make\n  ```\n- b\n"),
    (b"- a\n<!--\n- b\n-->\n- c\n", [], [b"- a", b"- c"], 116, "move 2 1", b"- c\n- a\n<!--\n- b\n-->\n"),
    (b"- a\n> q\n- b\n", [], [b"- a", b"- b"], 116, "move 1 2", b"> q\n- b\n- a\n"),
    (b"- a\n\nIn\n2019. all\n-\n", [], [b"- a"], 44, "move 1 1", b"- a\n\nIn\n2019. all\n-\n"),
    (b"- a\n  > q\nlazy\n- b\n", [], [b"- a", b"- b"], 176, "move 2 1", b"- b\n- a\n  > q\nlazy\n"),
    (b"- a\n\t- b\n\t```\n- c\n", [], [b"- a", b"- c"], 176, "move 2 1", b"- c\n- a\n\t- b\n\t```\n"),
]


def test_markdown_readings(binary):
    """§3.3 case by case: front matter, fences, thematic breaks, content columns,
    blank and lazy lines, --header choosing headings."""
    for data, options, labels, content, command, expected in MARKDOWN:
        arguments = ["--format", "markdown", *options]
        header = options[1] if options else None
        model = ListModel(load(data, "markdown", {}, header))
        assert (model.labels(), model.content()) == (labels, content), ("model", data, model.labels())
        model.move(*command.split(" ")[1:])
        assert model.render() == expected, ("model", data, model.render())
        out = run(binary, data, arguments, "state; %s; list; print" % command)
        state, _, rest = out.stdout.partition(b"\n")
        where = shell(arguments, data, "%s; list; print" % command)
        assert out.returncode == 0 and json.loads(state)["content"] == content, f"{where}\n{out.stdout!r}"
        listing = rest[: len(rest) - len(expected)]
        assert rest.endswith(expected) and labels_of(listing) == model.labels(), \
            f"{where}\nexpected {expected!r} after the list\ngot {rest!r}"
