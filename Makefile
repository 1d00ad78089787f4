# rowdrag — build, test, demo, install.
# `make demo` and `make test` work on a fresh machine: they install what they need.

SWIFT   ?= swift
PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
MANDIR  ?= $(PREFIX)/share/man
BASHDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHDIR  ?= $(PREFIX)/share/zsh/site-functions
FISHDIR ?= $(PREFIX)/share/fish/vendor_completions.d
# A fully static executable starts in half the time of one that loads libstdc++,
# readline and terminfo (about sed's start-up); libtinfo.a comes with libncurses-dev,
# which libreadline-dev depends on.
RELEASE_FLAGS = -c release --static-swift-stdlib -Xswiftc -static-executable -Xlinker -ltinfo
DEBUG_BIN = .build/debug/rowdrag
RELEASE_BIN = .build/release/rowdrag
FUZZ_BIN = .build/fuzz/release/rowdrag-fuzz
FUZZ_TARGETS = commands json text engine formats live
# Seconds per target for `make fuzz`; `make test` runs a short smoke of each.
FUZZ_TIME ?= 300
FUZZ_SMOKE_TIME = 8

.PHONY: all build release deps test-deps test coverage coverage-record demo format lint completions fuzz fuzz-build install install-files uninstall deb bench clean

all: build

# libreadline-dev is the one C library rowdrag links.
deps:
	@dpkg -s libreadline-dev >/dev/null 2>&1 || { \
	  echo "installing libreadline-dev"; \
	  apt-get update -qq && apt-get install -y -qq libreadline-dev; }

# What the tests drive: real shells for completions, mandoc for the man page,
# pexpect for the terminal sessions, headless Chromium (with a font whose widths
# the chart's legend is laid out for) for the comparison chart and report, and
# for the real SortableJS and jQuery UI the presets are checked against; Qt 5's
# QListView for Debian's python3 (python3-pyqt5) and gcc for the virtual clock it
# runs under (Tests/interactive/conformance_*_tests.py); for the meaning suite
# (Tests/interactive/meaning_tests.py), git to run `git rebase -i` on the todo
# rowdrag writes and markdown-it-py to read Markdown as CommonMark does; for the
# Debian package (Tests/interactive/deb_tests.py), lintian (about 20 s a run) and
# dpkg-dev's dpkg-parsechangelog.
test-deps: deps
	@missing=""; \
	for p in zsh fish bash-completion mandoc chromium fonts-dejavu-core \
	         libjs-sortable libjs-jquery libjs-jquery-ui python3-pyqt5 gcc \
	         lintian dpkg-dev; do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	command -v git >/dev/null 2>&1 || missing="$$missing git"; \
	if [ -n "$$missing" ]; then echo "installing$$missing"; \
	  apt-get update -qq && apt-get install -y -qq $$missing; fi
	@python3 -c 'import pexpect, pyte, markdown_it' 2>/dev/null || \
	  python3 -m pip install -q pexpect pyte markdown-it-py

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build $(RELEASE_FLAGS)

# Build once (tests included, with coverage counters), then run every suite against
# that build: the Swift suites, their line coverage by target against the floors in
# Tests/coverage-floor.txt (a ratchet), the fuzz smoke, and last the suites that drive
# the binary, whose "N passed, N failed" closes the run (their coverage counters go
# nowhere: LLVM_PROFILE_FILE).
test: test-deps lint
	$(SWIFT) build --build-tests $(COVERAGE_FLAGS)
	$(SWIFT) test --skip-build --disable-xctest $(COVERAGE_FLAGS)
	python3 Tests/coverage_ratchet.py --check .build/debug $(UNCOVERED)
	$(MAKE) --no-print-directory fuzz FUZZ_TIME=$(FUZZ_SMOKE_TIME)
	LLVM_PROFILE_FILE=/dev/null python3 Tests/interactive/run.py $(DEBUG_BIN)

# A debug build's system calls fail on demand (ROWDRAG_FAULT=CALL:N:ERROR, see
# Sources/RowdragSystem/FaultInjection.swift), for Tests/interactive/fault_tests.py,
# which `make test` runs on the build it tests: no build of its own.

# Line coverage of the Swift suites by target, and every uncovered line in
# $(UNCOVERED); `make coverage-record` makes the figures the new floors.
COVERAGE_FLAGS = --enable-code-coverage
UNCOVERED = .build/coverage-uncovered.txt
coverage: deps
	$(SWIFT) build --build-tests $(COVERAGE_FLAGS)
	$(SWIFT) test --skip-build --disable-xctest $(COVERAGE_FLAGS)
	python3 Tests/coverage_ratchet.py .build/debug $(UNCOVERED)

coverage-record: coverage
	python3 Tests/coverage_ratchet.py --record .build/debug $(UNCOVERED)

# Ends by naming the live view on the todo list, where a person drags by hand.
demo: build
	@bash examples/demo.sh $(DEBUG_BIN)
	@echo
	@echo "== now drag rows yourself (mouse or arrows and Space; ? lists the keys, q quits):"
	@echo "$(DEBUG_BIN) --live examples/todo.txt"
	@echo "(rowdrag --live examples/todo.txt once installed: make install)"

# The completion scripts are generated from the option and command tables; a test
# fails when the checked-in files differ from what the binary prints.
completions: build
	$(DEBUG_BIN) --completion-script bash > completions/rowdrag.bash
	$(DEBUG_BIN) --completion-script zsh > completions/_rowdrag
	$(DEBUG_BIN) --completion-script fish > completions/rowdrag.fish

# libFuzzer needs its own instrumented build (lld: gold crashes on it). Each target
# starts from the seed corpus in Tests/Fuzz/Corpus and keeps what it finds under
# .build/fuzz/corpus; a crash is saved under .build/fuzz/ and fails the run.
fuzz-build: deps
	$(SWIFT) build -c release --build-path .build/fuzz --product rowdrag-fuzz \
	  -Xswiftc -sanitize=fuzzer -Xswiftc -use-ld=lld

fuzz: fuzz-build
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p .build/fuzz/corpus/$$t; \
	  echo "fuzz $$t for $(FUZZ_TIME) s"; \
	  ROWDRAG_FUZZ_TARGET=$$t SWIFT_BACKTRACE=enable=no $(FUZZ_BIN) \
	    -max_total_time=$(FUZZ_TIME) -print_final_stats=1 -artifact_prefix=.build/fuzz/$$t- \
	    .build/fuzz/corpus/$$t Tests/Fuzz/Corpus/$$t > .build/fuzz/$$t.log 2>&1 \
	    || { tail -40 .build/fuzz/$$t.log; exit 1; }; \
	  grep -E "^stat::(number_of_executed_units|average_exec_per_sec)" .build/fuzz/$$t.log; \
	done

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

install: release
	$(MAKE) install-files BIN=$(RELEASE_BIN)

# Copies the files; BIN is the binary to install (the release build by default).
BIN ?= $(RELEASE_BIN)
# The manual is three pages: the program (1), its list files (5), its behaviours (7).
install-files:
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 \
	  $(DESTDIR)$(MANDIR)/man7 $(DESTDIR)$(BASHDIR) $(DESTDIR)$(ZSHDIR) $(DESTDIR)$(FISHDIR)
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/rowdrag
	install -m 644 man/rowdrag.1 $(DESTDIR)$(MANDIR)/man1/rowdrag.1
	install -m 644 man/rowdrag-formats.5 $(DESTDIR)$(MANDIR)/man5/rowdrag-formats.5
	install -m 644 man/rowdrag-presets.7 $(DESTDIR)$(MANDIR)/man7/rowdrag-presets.7
	install -m 644 completions/rowdrag.bash $(DESTDIR)$(BASHDIR)/rowdrag
	install -m 644 completions/_rowdrag $(DESTDIR)$(ZSHDIR)/_rowdrag
	install -m 644 completions/rowdrag.fish $(DESTDIR)$(FISHDIR)/rowdrag.fish

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/rowdrag $(DESTDIR)$(MANDIR)/man1/rowdrag.1 \
	  $(DESTDIR)$(MANDIR)/man5/rowdrag-formats.5 $(DESTDIR)$(MANDIR)/man7/rowdrag-presets.7 \
	  $(DESTDIR)$(BASHDIR)/rowdrag $(DESTDIR)$(ZSHDIR)/_rowdrag $(DESTDIR)$(FISHDIR)/rowdrag.fish

# The Debian package, rowdrag_VERSION-REVISION_ARCH.deb in $(DEB_OUT): the static
# release executable, the man pages and the completions where Debian's bash-completion,
# zsh and fish look, its copyright file and a changelog made from CHANGELOG.md
# (packaging/deb/build.sh says how). Install it with `sudo apt install ./rowdrag_….deb`.
# The test (Tests/interactive/deb_tests.py) runs this very target on the release build:
# `make test` has already built it for the `make install` test by then, so the suite
# costs only the packaging (about 40 s, lintian 20 of them); run alone, it builds the
# release first.
DEB_OUT ?= .
deb: release
	bash packaging/deb/build.sh $(RELEASE_BIN) $(DEB_OUT)

bench: release
	bash bench/run.sh $(RELEASE_BIN)

clean:
	rm -rf .build
