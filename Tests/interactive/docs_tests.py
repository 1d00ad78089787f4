"""The man pages lint clean and their examples run, every README example runs, and make
installs the files."""

import os
import re
import shutil
import subprocess
import tempfile

import pexpect

import repl_tests

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))



def with_binary_on_path(binary):
    """The environment the documented commands run in: `rowdrag` is the built binary."""
    return dict(os.environ, PATH=os.path.dirname(binary) + os.pathsep + os.environ["PATH"])


def examples_copy(prefix):
    """A fresh folder holding a copy of examples/, as a reader's clone would."""
    work = tempfile.mkdtemp(prefix=prefix)
    shutil.copytree(os.path.join(ROOT, "examples"), os.path.join(work, "examples"))
    return work


# The manual: the program, its list files, its behaviours (issue 46, item 3).
PAGES = ("rowdrag.1", "rowdrag-formats.5", "rowdrag-presets.7")
OWN = {page.rsplit(".", 1)[0] for page in PAGES}


def page_path(page):
    return os.path.join(ROOT, "man", page)


def lint_manpath():
    """A man hierarchy holding the three pages and their mandoc.db, so that the lint
    checks each page's references to the others (and the system's pages stay out)."""
    root = tempfile.mkdtemp(prefix="rowdrag-manpath-")
    for page in PAGES:
        folder = os.path.join(root, "man" + page[-1])
        os.makedirs(folder, exist_ok=True)
        shutil.copy(page_path(page), folder)
    subprocess.run(["makewhatis", root], check=True)
    return root


def test_man_pages_lint_clean_to_style(binary):
    """`mandoc -T lint -W style` says nothing but that pages of other packages (sed(1),
    git(1), ...) are not in the test's man hierarchy; each page has its sections, and
    SEE ALSO names the other two."""
    env = dict(os.environ, MANPATH=lint_manpath())
    required = {
        "rowdrag.1": ("NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES",
                      "EXIT STATUS", "EXAMPLES", "SEE ALSO", "AUTHORS", "BUGS"),
        "rowdrag-formats.5": ("NAME", "DESCRIPTION", "EXAMPLES", "SEE ALSO", "AUTHORS", "BUGS"),
        "rowdrag-presets.7": ("NAME", "DESCRIPTION", "EXAMPLES", "SEE ALSO", "AUTHORS", "BUGS"),
    }
    for page in PAGES:
        out = subprocess.run(["mandoc", "-T", "lint", "-W", "style", page_path(page)], env=env,
                             capture_output=True, text=True)
        messages = [line for line in (out.stdout + out.stderr).splitlines()
                    if not (m := re.search(r"referenced manual not found: Xr (\S+) \d", line)) or m.group(1) in OWN]
        assert not messages, messages
        text = rendered_page(page)
        for section in required[page]:
            assert re.search(rf"^{section}$", text, re.M), (page, section)
        see_also = text.split("\nSEE ALSO\n")[1].split("\n\n")[0]
        for other in OWN - {page.rsplit(".", 1)[0]}:
            assert re.search(rf"\b{other}\(\d\)", see_also), (page, other, see_also)
        # BUGS says where to report and what to include.
        bugs = " ".join(text.split("\nBUGS\n")[1].split())
        for needed in ("issue tracker", "rowdrag --version", "--record"):
            assert needed in bugs, (page, needed, bugs)


def test_man_page_of_the_program_is_short(binary):
    """rowdrag(1) is read, not searched: at most 600 lines at 80 columns, as man(1) and
    mandoc(1) render it; the rest is in rowdrag-formats(5) and rowdrag-presets(7)."""
    env = dict(os.environ, MANWIDTH="80", MANPAGER="cat", PAGER="cat", LC_ALL="C.UTF-8")
    by_man = subprocess.run(["man", "-l", page_path("rowdrag.1")], env=env, capture_output=True, text=True,
                            check=True).stdout
    by_mandoc = subprocess.run(["mandoc", "-T", "utf8", page_path("rowdrag.1")], capture_output=True,
                               text=True, check=True).stdout
    for rendered in (by_man, by_mandoc):
        assert 300 < len(rendered.splitlines()) <= 600, len(rendered.splitlines())


def rendered_page(page="rowdrag.1"):
    rendered = subprocess.run(
        ["mandoc", "-T", "utf8", "-O", "width=200", page_path(page)],
        capture_output=True, text=True, check=True,
    ).stdout
    return re.sub(".\b", "", rendered)


def test_man_pages_cross_references_name_existing_sections(binary):
    """A reference to a section of another page, as “Writing” in rowdrag-formats(5), names
    a section or subsection that page has: mandoc checks .Sx only within a page."""
    titles = {}
    for page in PAGES:
        lines = rendered_page(page).splitlines()
        titles[page.rsplit(".", 1)[0]] = {line.strip() for line in lines if re.match(r"(   )?\S", line)}
    found = 0
    for page in PAGES:
        text = " ".join(rendered_page(page).split())
        for title, other in re.findall(r"“([^”]+)” in (rowdrag(?:-formats|-presets)?)\(\d\)", text):
            found += 1
            assert title in titles[other], (page, title, other)
    assert found >= 10, found


def test_man_pages_keep_the_details_the_split_had_dropped(binary):
    """Splitting the manual into three pages (issue 46) had dropped these facts from all
    of them; each stays in the page a reader looks in for it."""
    kept = {
        "rowdrag.1": (
            "SIGINT to its group, then SIGKILL after 2 seconds",  # --on-drop and Ctrl-C
            "gets SIGTERM, then SIGKILL 2 seconds later",  # --on-drop-timeout
            "SIGTERM or SIGHUP that ends rowdrag while it runs is passed to its group",
            "SIGXCPU", "nohup(1) leaves SIGHUP", "SIGTSTP",  # the live view's signals
            "cut the recording at its last ‘# wrote’ line",
            "“Writing” in rowdrag-formats(5)", "“Listing” in rowdrag-formats(5)",
            "“The live view” in rowdrag-presets(7)",
        ),
        "rowdrag-formats.5": (
            "less than two seconds before it was read", "(O_TMPFILE)",
            "SIGINT, SIGTERM or SIGHUP at any moment leave no temporary file",
            "fs.protected_symlinks", "‘\\x9b’", "‘\\u202E’", "‘\\xff’",
            "next multiple of 8 columns", "Below 50 columns",
        ),
        "rowdrag-presets.7": (
            "right after the row now at N+k-1", "‘search hit BOTTOM, continuing at TOP’",
            "‘ESC [1;2A’", "\"lifted\":null|{\"column\":C",
        ),
    }
    for page, facts in kept.items():
        text = " ".join(rendered_page(page).split())
        for fact in facts:
            assert fact in text, (page, fact)


def test_man_pages_render_without_garbled_quotes_or_parentheses(binary):
    """Macro arguments that swallow punctuation show as quotes inside quotes, a space
    before a closing parenthesis, or a dash or possessive inside a quote."""
    bad = [
        (r"‘[^’\n]*‘", "a quote opened inside a quote"),
        (r"\S \) ?[.,;:]", "a space before a closing parenthesis ending a clause"),
        (r"—’", "a dash inside a quote"),
        (r"'s’", "a possessive inside a quote"),
        (r"“[^”\n]*\(\d\)”", "a cross-reference swallowed by a quote"),
    ]
    for page in PAGES:
        text = rendered_page(page)
        for pattern, what in bad:
            found = [line.strip() for line in text.splitlines() if re.search(pattern, line)]
            assert not found, f"{page}: {what}: {found}"


def example_commands(page):
    """The commands of a page's EXAMPLES, continuation lines joined."""
    section = rendered_page(page).split("\nEXAMPLES\n")[1].split("\nSEE ALSO\n")[0]
    commands, current = [], ""
    for line in section.splitlines():
        text = line.strip()
        if current:
            current += " " + text
        elif text.startswith("rowdrag "):
            current = text
        else:
            continue
        if current.endswith("\\"):
            current = current[:-1].rstrip()
            continue
        commands.append(current)
        current = ""
    return commands


def test_man_page_examples_run(binary):
    """Every EXAMPLES command of every page runs as written from a folder holding the
    files it names (the git one needs a repository and is the README's rebase example's
    job), with nothing on standard input."""
    counts = {page: len(example_commands(page)) for page in PAGES}
    assert all(count >= 5 for count in counts.values()), counts
    env = with_binary_on_path(binary)
    for page in PAGES:
        work = examples_copy("rowdrag-man-")
        for name in ("todo.txt", "playlist.json", "long.txt"):
            shutil.copy(os.path.join(ROOT, "examples", name), os.path.join(work, name))
        for command in example_commands(page):
            out = subprocess.run(["bash", "-c", command], cwd=work, env=env, capture_output=True, text=True,
                                 stdin=subprocess.DEVNULL, timeout=120)
            assert out.returncode == 0, (page, command, out.stderr)
            assert out.stdout or "-i " in command or "--plot" in command, (page, command)


def readme_blocks():
    with open(os.path.join(ROOT, "README.md")) as f:
        text = f.read()
    return re.findall(r"```sh\n(.*?)```", text, re.S)


def test_readme_examples_run(binary):
    blocks = readme_blocks()
    assert len(blocks) >= 7, len(blocks)
    env = with_binary_on_path(binary)
    for block in blocks:
        work = examples_copy("rowdrag-readme-")
        out = subprocess.run(["bash", "-c", "set -eo pipefail\n" + block], cwd=work, env=env,
                             capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, f"README block failed:\n{block}\n{out.stdout}\n{out.stderr}"
        assert out.stdout.strip(), f"README block printed nothing:\n{block}"
        if "drag -80" in block:
            assert out.stdout == "# Today\n[ ] book the dentist\n[ ] reply to the landlord\n[x] water the plants\n", out.stdout
        if "--fit trace:examples/app-trace.jsonl" in block:
            # The settings the example trace was made with (README, "Compare your app").
            assert out.stdout.splitlines()[0] == (
                "--preset flutter --hold 0.5 --autoscroll 'overflow cap=20 clock=timer:18'"), out.stdout
        if "rebase -q -i" in block:
            assert out.stdout.split() == ["commit", "2", "commit", "4", "commit", "3", "commit", "1"], out.stdout


def drive_blocks():
    """The Python and bash coproc examples of "drive rowdrag from a program": the
    README's and the man page's, which must be the same code."""
    with open(os.path.join(ROOT, "README.md")) as f:
        readme = f.read()
    section = readme[readme.index("### Drive rowdrag from a program"):]
    section = section[:section.index("\n#")]
    shown = re.findall(r"```sh\n(.*?)```", section, re.S)
    with open(os.path.join(ROOT, "man", "rowdrag.1")) as f:
        man = f.read()
    section = man[man.index(".Ss Driving rowdrag from a program"):]
    section = section[:section.index("\n.Ss ", 1) + 1]
    literal = re.findall(r"\.Bd -literal -offset indent\n(.*?)\.Ed\n", section, re.S)
    unescaped = [re.sub(r"^\\&", "", block, flags=re.M).replace("\\e", "\\") for block in literal]
    return shown, unescaped


def test_drive_from_a_program_examples_run(binary):
    shown, manual = drive_blocks()
    assert len(shown) == 2 and "Popen" in shown[0] and "coproc" in shown[1], shown
    assert manual == shown, (manual, shown)
    env = with_binary_on_path(binary)
    for block in shown:
        work = examples_copy("rowdrag-drive-")
        # A rowdrag that read its input to the end before answering would hang here.
        out = subprocess.run(["bash", "-c", "set -eo pipefail\n" + block], cwd=work, env=env,
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 0 and out.stderr == "", (block, out)
        # The rows; a section's line (`S:`) names its header.
        lines = out.stdout.splitlines()
        labels = [line.split("\t")[2] for line in lines if not line.split("\t")[0].endswith(":")]
        assert [line.split("\t")[2] for line in lines if line.split("\t")[0].endswith(":")] == [
            "# Today", "# This week", "# Someday"], lines
        assert labels[:3] == ["[ ] book the dentist", "[ ] reply to the landlord", "[x] water the plants"], labels
        assert len(labels) == 8, labels


def test_readme_setup_commands_exist(binary):
    with open(os.path.join(ROOT, "README.md")) as f:
        text = f.read()
    assert "make demo" in text and "make test" in text
    with open(os.path.join(ROOT, ".ci", "run")) as f:
        assert "make test" in f.read()


def test_readme_names_what_make_test_installs(binary):
    """The set-up section names every package `make test-deps` installs (apt and pip)."""
    with open(os.path.join(ROOT, "Makefile")) as f:
        makefile = f.read()
    recipe = makefile.split("\ntest-deps:")[1].split("\n\n")[0]
    apt = re.search(r"for p in (.*?); do", recipe, re.S).group(1).replace("\\", " ").split()
    apt += [name for name in re.findall(r'missing="\$\$missing (\S+)"', recipe) if not name.startswith("$")]
    pip = re.search(r"pip install -q (.*)", recipe).group(1).split()
    assert "lintian" in apt and "git" in apt and "pyte" in pip, (apt, pip)
    with open(os.path.join(ROOT, "README.md")) as f:
        readme = f.read()
    setup = readme.split("## Set-up")[1].split("\n## ")[0]
    for name in apt + pip + ["libreadline-dev"]:
        assert f"`{name}`" in setup, name
    assert "15-20 minutes" in setup


def test_make_install_and_uninstall(binary):
    prefix = tempfile.mkdtemp(prefix="rowdrag-prefix-")
    # The real target: a release build (static Swift runtime), then the files.
    subprocess.run(["make", "-s", "install", f"PREFIX={prefix}"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    expected = [
        "bin/rowdrag",
        "share/man/man1/rowdrag.1",
        "share/man/man5/rowdrag-formats.5",
        "share/man/man7/rowdrag-presets.7",
        "share/bash-completion/completions/rowdrag",
        "share/zsh/site-functions/_rowdrag",
        "share/fish/vendor_completions.d/rowdrag.fish",
    ]
    for path in expected:
        assert os.path.isfile(os.path.join(prefix, path)), path
    assert os.access(os.path.join(prefix, "bin/rowdrag"), os.X_OK)
    installed = os.path.join(prefix, "bin/rowdrag")
    out = subprocess.run([installed, "--version"], capture_output=True, text=True)
    assert out.stdout.startswith("rowdrag "), out
    # The release binary is fully static (readline, terminfo and the C library's
    # locale inside): its REPL draws, edits and matches UTF-8 like the test build's.
    home, path = repl_tests.workspace("été\nmilk\n")
    child = repl_tests.spawn(installed, path, home)
    child.send("press /^.x")
    child.send("\x7f")
    child.sendline("t.$/")
    child.expect(repl_tests.PROMPT)
    assert child.after == "rowdrag[2 lifted 1→1]> ", child.after
    child.sendline("quit!")
    child.expect(pexpect.EOF)
    subprocess.run(["make", "-s", "uninstall", f"PREFIX={prefix}"], cwd=ROOT, check=True)
    for path in expected:
        assert not os.path.exists(os.path.join(prefix, path)), path


def test_make_demo_runs(binary):
    # The README's first command, as written (it rebuilds nothing when the build is current).
    out = subprocess.run(["make", "-s", "demo"], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "autoscroll +" in out.stdout and ">>" in out.stdout, out.stdout
    # It ends by naming the live view on the todo list, runnable from where make ran
    # (issue 46, item 8); the named command starts the view and q leaves it.
    lines = out.stdout.splitlines()
    assert lines[-2] == ".build/debug/rowdrag --live examples/todo.txt", lines[-3:]
    assert "rowdrag --live examples/todo.txt" in lines[-1] and "make install" in lines[-1], lines[-1]
    named = lines[-2].split()
    child = pexpect.spawn(os.path.join(ROOT, named[0]), named[1:], cwd=ROOT, env=dict(os.environ, TERM="xterm"),
                          dimensions=(24, 80), timeout=10)
    child.expect_exact("book the dentist")
    child.send("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.exitstatus


def test_readme_comparison_is_current(binary):
    # The output the README shows, summary included, and the chart checked into
    # examples/ are exactly what the README's command prints and writes today.
    with open(os.path.join(ROOT, "README.md")) as f:
        text = f.read()
    shown = re.search(r"```console\n(Comparing .*?)```", text, re.S).group(1)
    work = tempfile.mkdtemp(prefix="rowdrag-compare-")
    chart = os.path.join(work, "compare.svg")
    out = subprocess.run(
        [binary, "--compare", "swiftreorder,itemtouchhelper,flutter,rbd", "--plot", chart,
         "-f", "examples/compare.rowdrag", "examples/long.txt"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout
    assert out == shown, out
    with open(chart) as made, open(os.path.join(ROOT, "examples", "compare.svg")) as checked_in:
        assert made.read() == checked_in.read(), "regenerate examples/compare.svg (see compare.rowdrag)"


def test_help_lists_every_command_and_its_examples_run(binary):
    """--help teaches: every command with its summary, and examples that work as written
    (the live one is left to the live view's tests)."""
    text = subprocess.run([binary, "--help"], capture_output=True, text=True, check=True).stdout
    commands = subprocess.run([binary, "-n", "-e", "help", os.devnull], capture_output=True, text=True,
                              check=True).stdout
    names = [line.split()[0].rstrip(",") for line in commands.split("settings")[0].splitlines()[1:]]
    for name in names:
        assert f"\n  {name} " in text, name
    examples = [line.strip() for line in text.split("examples:")[1].split("exit status")[0].splitlines()
                if line.strip().startswith("rowdrag ")]
    assert len(examples) == 3, examples
    work = tempfile.mkdtemp(prefix="rowdrag-help-")
    shutil.copy(os.path.join(ROOT, "examples", "todo.txt"), os.path.join(work, "todo.txt"))
    env = with_binary_on_path(binary)
    for example in examples:
        command = example.split("  ")[0]
        if "--live" in command:
            continue
        out = subprocess.run(["bash", "-c", command], cwd=work, env=env, capture_output=True, text=True)
        assert out.returncode == 0, (command, out.stderr)
