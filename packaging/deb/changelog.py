#!/usr/bin/env python3
"""The Debian changelog of the package, made from CHANGELOG.md: one entry for the
packaged version and one for each older one, newest first, each section's prose and
bullets as Debian's `  * ` items (a `### Heading` becomes an item whose bullets are
`    - ` lines), wrapped to 78 columns.

Usage: changelog.py CHANGELOG.md VERSION REVISION MAINTAINER UNRELEASED_EPOCH

A released section (`## [0.2.0] - 2026-12-01`) goes to `unstable` dated that day at
midnight UTC; an unreleased one (`## [0.3.0] - unreleased`) to `UNRELEASED` dated
UNRELEASED_EPOCH (the last commit's time, so that the package is the same bytes every
time it is built from the same tree). Sections newer than VERSION are left out; no
section for VERSION is an error, so a version bump without its CHANGELOG section
cannot be packaged.
"""

import datetime
import email.utils
import re
import sys
import textwrap

HEADING = re.compile(r"^## \[(?P<version>[^\]]+)\] - (?P<date>\S+)\s*$")
WIDTH = 78


def sections(text):
    """(version, date, lines) for each `## [VERSION] - DATE` section, in file order."""
    found, current = [], None
    for line in text.splitlines():
        match = HEADING.match(line)
        if match:
            current = (match["version"], match["date"], [])
            found.append(current)
        elif line.startswith("## "):
            current = None
        elif current is not None:
            current[2].append(line)
    return found


def blocks(lines):
    """('prose' | 'heading' | 'bullet', text) with each paragraph or bullet on one line."""
    out, kind, words = [], None, []

    def flush():
        if kind and words:
            out.append((kind, " ".join(words)))

    for line in lines:
        stripped = line.strip()
        if not stripped:
            flush()
            kind, words = None, []
        elif line.startswith("### "):
            flush()
            out.append(("heading", line[4:].strip()))
            kind, words = None, []
        elif line.startswith("- ") or line.startswith("* "):
            flush()
            kind, words = "bullet", [stripped[2:]]
        elif kind is None:
            kind, words = "prose", [stripped]
        else:
            words.append(stripped)
    flush()
    return out


def wrap(text, first, rest):
    return textwrap.wrap(text, WIDTH, initial_indent=first, subsequent_indent=rest,
                         break_long_words=False, break_on_hyphens=False)


def entry(version, date, lines, revision, maintainer, unreleased_epoch):
    if date.lower() == "unreleased":
        distribution = "UNRELEASED"
        when = datetime.datetime.fromtimestamp(unreleased_epoch, datetime.timezone.utc)
    else:
        distribution = "unstable"
        when = datetime.datetime.strptime(date, "%Y-%m-%d").replace(tzinfo=datetime.timezone.utc)
    body, under_heading = [], False
    for kind, text in blocks(lines):
        if kind == "heading":
            body += wrap(text + ":", "  * ", "    ")
            under_heading = True
        elif kind == "bullet" and under_heading:
            body += wrap(text, "    - ", "      ")
        else:
            body += wrap(text, "  * ", "    ")
    if not body:
        body = [f"  * Upstream release {version}."]
    stamp = email.utils.format_datetime(when).replace("-0000", "+0000")
    return "\n".join([f"rowdrag ({version}-{revision}) {distribution}; urgency=medium", ""] + body
                     + ["", f" -- {maintainer}  {stamp}", ""])


def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__.split("\n\n")[1])
    path, version, revision, maintainer, epoch = sys.argv[1:]
    with open(path, encoding="utf-8") as f:
        found = sections(f.read())
    versions = [v for v, _, _ in found]
    if version not in versions:
        sys.exit(f"{path}: no '## [{version}] - DATE' section for the version being packaged "
                 f"(sections: {', '.join(versions) or 'none'})")
    kept = found[versions.index(version):]
    sys.stdout.write("\n".join(entry(v, d, lines, revision, maintainer, int(epoch)) for v, d, lines in kept))


if __name__ == "__main__":
    main()
