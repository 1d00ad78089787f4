"""The Debian package (`make deb`), as a user gets it: built by the make target from the
release executable, unpacked with `dpkg-deb -x` into a scratch root, the program run
from there, each man page rendered by man(1) from there, each completion loaded from
there by real bash-completion, zsh and fish through their own search paths (the places
Debian's packages of those shells look), and lintian clean.

The package is built once for the whole module (after docs_tests' `make install`, which
has built the release executable already)."""

import functools
import glob
import gzip
import os
import re
import shutil
import subprocess
import tempfile

import pexpect

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGING = os.path.join(ROOT, "packaging", "deb")

BASH_DIR = "usr/share/bash-completion/completions"
ZSH_DIR = "usr/share/zsh/vendor-completions"
FISH_DIR = "usr/share/fish/vendor_completions.d"


def version(binary):
    """The program's version, as `--version` prints it (the package takes it from there)."""
    out = subprocess.run([binary, "--version"], capture_output=True, text=True, check=True).stdout
    return out.splitlines()[0].split()[1]


def architecture():
    return subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True,
                          check=True).stdout.strip()


@functools.lru_cache(maxsize=None)
def built(out=None):
    """`make deb` into a fresh folder; the path of the .deb it printed."""
    out = out or tempfile.mkdtemp(prefix="rowdrag-deb-")
    made = subprocess.run(["make", "-s", "deb", f"DEB_OUT={out}"], cwd=ROOT, capture_output=True, text=True)
    assert made.returncode == 0, made.stdout + made.stderr
    path = made.stdout.strip().splitlines()[-1]
    assert os.path.isfile(path), made.stdout
    return path


@functools.lru_cache(maxsize=None)
def unpacked():
    """The package's files under a scratch root, as dpkg would put them under /."""
    root = tempfile.mkdtemp(prefix="rowdrag-deb-root-")
    subprocess.run(["dpkg-deb", "-x", built(), root], check=True)
    return root


def control(field=None):
    args = ["dpkg-deb", "-f", built()] + ([field] if field else [])
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout


def test_package_is_named_for_the_programs_version_and_architecture(binary):
    name = f"rowdrag_{version(binary)}-1_{architecture()}.deb"
    assert os.path.basename(built()) == name, (built(), name)
    assert control("Package").strip() == "rowdrag"
    assert control("Version").strip() == f"{version(binary)}-1"
    assert control("Architecture").strip() == architecture()


def test_package_holds_exactly_its_files_owned_by_root(binary):
    listing = subprocess.run(["dpkg-deb", "-c", built()], capture_output=True, text=True, check=True).stdout
    files = {}
    for line in listing.splitlines():
        mode, owner, _size, _date, _time, path = line.split(None, 5)
        assert owner == "root/root", line
        if not mode.startswith("d"):
            files[path.removeprefix("./")] = mode
    pages = {f"usr/share/man/man{p[-1]}/{os.path.basename(p)}.gz": "-rw-r--r--"
             for p in glob.glob(os.path.join(ROOT, "man", "*.[1-9]"))}
    assert pages, "no man pages in man/"
    expected = {
        "usr/bin/rowdrag": "-rwxr-xr-x",
        f"{BASH_DIR}/rowdrag": "-rw-r--r--",
        f"{ZSH_DIR}/_rowdrag": "-rw-r--r--",
        f"{FISH_DIR}/rowdrag.fish": "-rw-r--r--",
        "usr/share/doc/rowdrag/copyright": "-rw-r--r--",
        "usr/share/doc/rowdrag/changelog.Debian.gz": "-rw-r--r--",
        "usr/share/doc/rowdrag/changelog.gz": "-rw-r--r--",
        "usr/share/lintian/overrides/rowdrag": "-rw-r--r--",
        **pages,
    }
    assert files == expected, (sorted(files.items()), sorted(expected.items()))
    # The files are the repository's, byte for byte (a stale completion would not do).
    root = unpacked()
    for shipped, source in ((f"{BASH_DIR}/rowdrag", "completions/rowdrag.bash"),
                            (f"{ZSH_DIR}/_rowdrag", "completions/_rowdrag"),
                            (f"{FISH_DIR}/rowdrag.fish", "completions/rowdrag.fish")):
        with open(os.path.join(root, shipped), "rb") as a, open(os.path.join(ROOT, source), "rb") as b:
            assert a.read() == b.read(), shipped
    for page in pages:
        with gzip.open(os.path.join(root, page)) as a, \
                open(os.path.join(ROOT, "man", os.path.basename(page)[:-3]), "rb") as b:
            assert a.read() == b.read(), page
    subprocess.run(["md5sum", "--quiet", "-c", "-"], cwd=root, check=True, input=control_file("md5sums"),
                   text=True)


def control_file(name):
    """A file of the package's control archive (control, md5sums)."""
    folder = tempfile.mkdtemp(prefix="rowdrag-deb-control-")
    subprocess.run(["dpkg-deb", "-e", built(), folder], check=True)
    with open(os.path.join(folder, name)) as f:
        return f.read()


def test_static_executable_depends_on_nothing_and_names_what_it_holds(binary):
    executable = os.path.join(unpacked(), "usr/bin/rowdrag")
    linkage = subprocess.run(["ldd", executable], capture_output=True, text=True)
    assert "not a dynamic executable" in linkage.stdout + linkage.stderr, linkage
    fields = control_file("control")
    assert not re.search(r"^(Pre-)?Depends:", fields, re.M), fields
    built_using = re.search(r"^Built-Using: (.*)$", fields, re.M).group(1)
    for source in ("glibc", "readline", "ncurses"):
        assert re.search(rf"(^|, ){source} \(= [^)]+\)", built_using), built_using
    size = int(re.search(r"^Installed-Size: (\d+)$", fields, re.M).group(1))
    assert size >= os.path.getsize(executable) // 1024, (size, os.path.getsize(executable))


def test_dynamic_executable_is_refused(binary):
    """A dynamic build (the debug one) would install without the Swift runtime it loads:
    the packaging script refuses it instead of writing a package with no Depends."""
    out = tempfile.mkdtemp(prefix="rowdrag-deb-dynamic-")
    made = subprocess.run(["bash", os.path.join(PACKAGING, "build.sh"), binary, out],
                          capture_output=True, text=True)
    assert made.returncode != 0 and "dynamically linked" in made.stderr, made
    assert os.listdir(out) == [], os.listdir(out)


def test_unpacked_program_runs(binary):
    executable = os.path.join(unpacked(), "usr/bin/rowdrag")
    out = subprocess.run([executable, "--version"], capture_output=True, text=True, check=True).stdout
    assert out.startswith(f"rowdrag {version(binary)}\n"), out
    work = tempfile.mkdtemp(prefix="rowdrag-deb-run-")
    shutil.copy(os.path.join(ROOT, "examples", "todo.txt"), work)
    command = ["--header", "^# ", "-e", "move /dentist/ 1:1"]
    moved = subprocess.run([executable, "-i"] + command + ["todo.txt"], cwd=work, capture_output=True, text=True)
    assert moved.returncode == 0, moved
    expected = subprocess.run([binary] + command + [os.path.join(ROOT, "examples", "todo.txt")],
                              capture_output=True, text=True, check=True).stdout
    with open(os.path.join(work, "todo.txt")) as f:
        written = f.read()
    assert written == expected and written.startswith("# Today\n[ ] book the dentist\n"), written


def test_man_pages_render_from_the_package(binary):
    """man(1) finds each page by name in the package's man folder and renders it without a
    groff warning; mandoc reads the compressed page too."""
    manpath = os.path.join(unpacked(), "usr/share/man")
    pages = sorted(glob.glob(os.path.join(manpath, "man*", "*.gz")))
    assert len(pages) == len(glob.glob(os.path.join(ROOT, "man", "*.[1-9]"))), pages
    env = dict(os.environ, MANWIDTH="80", MANPAGER="cat", PAGER="cat", LC_ALL="C.UTF-8")
    for page in pages:
        name, section = os.path.basename(page)[:-3].rsplit(".", 1)
        out = subprocess.run(["man", "--warnings", "-M", manpath, section, name], env=env,
                             capture_output=True, text=True)
        assert out.returncode == 0 and out.stderr == "", (page, out.stderr)
        text = re.sub(".\b", "", out.stdout)
        assert re.search(r"^NAME\n +" + re.escape(name) + " ", text, re.M), text[:400]
        assert re.search(r"^SEE ALSO$", text, re.M), page
        rendered = subprocess.run(["mandoc", "-T", "utf8", page], capture_output=True, text=True)
        assert rendered.returncode == 0 and name in re.sub(".\b", "", rendered.stdout), (page, rendered.stderr)


def scratch_files():
    path = tempfile.mkdtemp(prefix="rowdrag-deb-complete-")
    for name in ("alpha.txt", "beta.rowdrag"):
        open(os.path.join(path, name), "w").close()
    return path


def test_bash_completion_loads_from_the_package(binary):
    """bash-completion's loader looks for `rowdrag` in XDG_DATA_DIRS/bash-completion/
    completions (/usr/share first on Debian): given only the package's share folder, it
    loads the package's script on first use."""
    root = unpacked()
    cwd = scratch_files()
    script = f"""
        source /usr/share/bash-completion/bash_completion
        complete -p rowdrag 2>/dev/null && exit 3
        __load_completion rowdrag || exit 4
        complete -p rowdrag
        COMP_WORDS=(rowdrag --au); COMP_CWORD=1
        _rowdrag
        printf '%s\\n' "${{COMPREPLY[@]}}"
        COMP_WORDS=(rowdrag -f ''); COMP_CWORD=2
        _rowdrag
        printf '%s\\n' "${{COMPREPLY[@]}}"
    """
    env = dict(os.environ, XDG_DATA_DIRS=os.path.join(root, "usr/share"),
               BASH_COMPLETION_USER_DIR=tempfile.mkdtemp(prefix="rowdrag-deb-user-"),
               PATH=os.path.join(root, "usr/bin") + os.pathsep + os.environ["PATH"])
    out = subprocess.run(["bash", "--norc", "-c", script], cwd=cwd, env=env, capture_output=True, text=True)
    assert out.returncode == 0, out
    lines = out.stdout.splitlines()
    assert lines[0] == "complete -F _rowdrag rowdrag", lines
    assert lines[1] == "--autoscroll" and sorted(lines[2:]) == ["alpha.txt", "beta.rowdrag"], lines


def test_zsh_completion_loads_from_the_package(binary):
    """Debian's zsh puts /usr/share/zsh/vendor-completions on its fpath; with the package's
    folder in its place compinit finds _rowdrag and Tab completes with it."""
    default = subprocess.run(["zsh", "-f", "-c", "print -l $fpath"], capture_output=True, text=True,
                             check=True).stdout.splitlines()
    assert "/" + ZSH_DIR in default, default
    root = unpacked()
    cwd = scratch_files()
    env = dict(os.environ, TERM="dumb", HOME=cwd,
               PATH=os.path.join(root, "usr/bin") + os.pathsep + os.environ["PATH"])
    child = pexpect.spawn("zsh", ["-f", "-i"], cwd=cwd, env=env, encoding="utf-8", timeout=30,
                          dimensions=(30, 200))
    vendor = os.path.join(root, ZSH_DIR)
    child.sendline(f"PS1='%% '; fpath=({vendor} ${{fpath:#/{ZSH_DIR}}}); autoload -U compinit; "
                   "compinit -u -D; unsetopt beep; print -r -- loaded:$_comps[rowdrag]")
    child.expect_exact("loaded:_rowdrag")
    child.expect("% ")
    child.send("rowdrag --au\t")
    child.expect_exact("rowdrag --autoscroll")
    # Ctrl-U, not Ctrl-C: zsh drops what was typed ahead of the prompt after Ctrl-C.
    child.sendcontrol("u")
    child.send("rowdrag --preset fl\t")
    child.expect_exact("rowdrag --preset flutter")
    child.sendcontrol("u")
    child.sendline("print -r -- from:$functions_source[_rowdrag]")
    child.expect_exact(f"from:{vendor}/_rowdrag")
    child.sendline("exit")
    child.expect(pexpect.EOF)


def test_fish_completion_loads_from_the_package(binary):
    """fish looks for completions in each XDG_DATA_DIRS folder's fish/vendor_completions.d
    (/usr/share's by default on Debian): given the package's share folder first, it
    autoloads rowdrag.fish from there on first use."""
    home = tempfile.mkdtemp(prefix="rowdrag-deb-home-")
    clean = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    paths = "printf '%s\\n' $fish_complete_path"
    default = subprocess.run(["fish", "-c", paths], env=dict(clean, HOME=home), capture_output=True, text=True,
                             check=True).stdout.splitlines()
    assert "/" + FISH_DIR in default, default
    root = unpacked()
    env = dict(clean, HOME=home, XDG_DATA_DIRS=os.path.join(root, "usr/share"),
               PATH=os.path.join(root, "usr/bin") + os.pathsep + os.environ["PATH"])
    looked = subprocess.run(["fish", "-c", paths], env=env, capture_output=True, text=True,
                            check=True).stdout.splitlines()
    vendor = [p for p in looked if p.endswith("/vendor_completions.d") and not p.startswith(home)]
    assert vendor[0] == os.path.join(root, FISH_DIR), looked
    script = "complete -C 'rowdrag --au'; complete -C 'rowdrag --preset it'; complete -C 'rowdrag -f '"
    out = subprocess.run(["fish", "-c", script], cwd=scratch_files(), env=env, capture_output=True, text=True,
                         check=True).stdout
    words = [line.split("\t")[0] for line in out.splitlines()]
    assert words == ["--autoscroll", "itemtouchhelper", "alpha.txt", "beta.rowdrag"], out


def test_copyright_is_machine_readable(binary):
    """DEP-5: a header naming the format, then Files paragraphs each with Copyright and a
    License whose text a stand-alone License paragraph gives; every folder of the
    repository with a LICENSE of its own has its paragraph, and each text refers to
    Debian's common copy where there is one."""
    with open(os.path.join(unpacked(), "usr/share/doc/rowdrag/copyright")) as f:
        text = f.read()
    paragraphs = []
    for block in text.strip("\n").split("\n\n"):
        fields, name = {}, None
        for line in block.splitlines():
            if line.startswith((" ", "\t")):
                assert name, line
                fields[name] += "\n" + line
            else:
                name, _, value = line.partition(":")
                assert re.fullmatch(r"[A-Za-z-]+", name) and name not in fields, line
                fields[name] = value.strip()
        paragraphs.append(fields)
    header, rest = paragraphs[0], paragraphs[1:]
    assert header["Format"] == "https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/", header
    files = [p for p in rest if "Files" in p]
    texts = {p["License"].split("\n")[0]: p["License"] for p in rest if "Files" not in p}
    assert files and files[0]["Files"] == "*", files
    used = set()
    for paragraph in files:
        assert paragraph.get("Copyright") and paragraph.get("License"), paragraph
        short = paragraph["License"].split("\n")[0]
        assert short in texts, short
        used.add(short)
    assert used == set(texts), (used, set(texts))
    assert "/usr/share/common-licenses/GPL-3" in texts["GPL-3+"]
    assert "/usr/share/common-licenses/Apache-2.0" in texts["Apache-2.0"]
    tracked = subprocess.run(["git", "ls-files", "*LICENSE"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.split()
    licensed = {os.path.dirname(path) for path in tracked} - {""}
    assert "Sources/RowdragEngine" in licensed, licensed
    patterns = " ".join(p["Files"] for p in files).split()
    for folder in licensed:
        assert folder + "/*" in patterns, folder


def test_changelog_is_made_from_changelog_md(binary):
    """changelog.Debian.gz opens with the packaged version's entry, made from its
    CHANGELOG.md section, and dpkg reads it."""
    path = os.path.join(unpacked(), "usr/share/doc/rowdrag/changelog.Debian.gz")
    parsed = subprocess.run(["dpkg-parsechangelog", "-l", path], capture_output=True, text=True, check=True).stdout
    assert re.search(rf"^Version: {re.escape(version(binary))}-1$", parsed, re.M), parsed
    with gzip.open(path, "rt") as f:
        text = f.read()
    with open(os.path.join(ROOT, "CHANGELOG.md")) as f:
        markdown = f.read()
    section = markdown.split(f"## [{version(binary)}]")[1].split("\n## ")[0]
    first_bullet = re.search(r"^- (.*)$", section, re.M).group(1)
    entry = text.split("\n -- ")[0]
    assert " ".join(first_bullet.split()[:6]) in " ".join(entry.split()), (first_bullet, entry)
    assert max(len(line) for line in text.splitlines() if line.startswith("  ")) <= 78


def test_changelog_refuses_a_version_without_its_section(binary):
    out = subprocess.run(["python3", os.path.join(PACKAGING, "changelog.py"), os.path.join(ROOT, "CHANGELOG.md"),
                          "9.9.9", "1", "a <a@b.example>", "0"], capture_output=True, text=True)
    assert out.returncode != 0 and "no '## [9.9.9] - DATE' section" in out.stderr, out


def test_lintian_reports_no_error_or_warning(binary):
    """Nor an override that no longer matches (unused-override and mismatched-override are
    information tags), and each override says why just above it."""
    out = subprocess.run(["lintian", "--fail-on", "error,warning", "--info", built()],
                         capture_output=True, text=True)
    tags = [line for line in out.stdout.splitlines()
            if re.match(r"[EW]: ", line) or re.search(r": (unused|mismatched)-override", line)]
    assert out.returncode == 0 and not tags, out.stdout + out.stderr
    with open(os.path.join(PACKAGING, "lintian-overrides")) as f:
        lines = f.read().splitlines()
    entries = [i for i, line in enumerate(lines) if line and not line.startswith("#")]
    assert entries, lines
    for i in entries:
        assert i > 0 and lines[i - 1].startswith("# "), f"override without a reason: {lines[i]}"


def test_package_is_reproducible(binary):
    """The same tree and executable give the same bytes (dates from the changelog, root
    owner, gzip -n), as Debian's reproducible builds expect."""
    again = built(tempfile.mkdtemp(prefix="rowdrag-deb-again-"))
    with open(built(), "rb") as a, open(again, "rb") as b:
        assert a.read() == b.read(), (built(), again)


def test_readme_install_line_names_the_package(binary):
    """The README's install line is the file `make deb` writes (its x86-64 name)."""
    with open(os.path.join(ROOT, "README.md")) as f:
        text = f.read()
    name = os.path.basename(built()).replace(f"_{architecture()}.deb", "_amd64.deb")
    assert f"\nmake deb\nsudo apt install ./{name}\n" in text, name
