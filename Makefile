# rowdrag — build, test, demo, install.
# `make demo` and `make test` work on a fresh machine: they install what they need.

SWIFT   ?= swift
PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
MANDIR  ?= $(PREFIX)/share/man/man1
BASHDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHDIR  ?= $(PREFIX)/share/zsh/site-functions
FISHDIR ?= $(PREFIX)/share/fish/vendor_completions.d
RELEASE_FLAGS = -c release --static-swift-stdlib
DEBUG_BIN = .build/debug/rowdrag
RELEASE_BIN = .build/release/rowdrag

.PHONY: all build release deps test-deps test demo format lint completions install install-files uninstall bench clean

all: build

# libreadline-dev is the one C library rowdrag links.
deps:
	@dpkg -s libreadline-dev >/dev/null 2>&1 || { \
	  echo "installing libreadline-dev"; \
	  apt-get update -qq && apt-get install -y -qq libreadline-dev; }

# What the tests drive: real shells for completions, mandoc for the man page,
# pexpect for the terminal sessions.
test-deps: deps
	@missing=""; \
	for p in zsh fish bash-completion mandoc; do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing$$missing"; \
	  apt-get update -qq && apt-get install -y -qq $$missing; fi
	@python3 -c 'import pexpect' 2>/dev/null || python3 -m pip install -q pexpect

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build $(RELEASE_FLAGS)

# Build once (tests included), then run every suite against that build.
test: test-deps lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-xctest
	python3 Tests/interactive/run.py $(DEBUG_BIN)

demo: build
	@bash examples/demo.sh $(DEBUG_BIN)

# The completion scripts are generated from the option and command tables; a test
# fails when the checked-in files differ from what the binary prints.
completions: build
	$(DEBUG_BIN) --completion-script bash > completions/rowdrag.bash
	$(DEBUG_BIN) --completion-script zsh > completions/_rowdrag
	$(DEBUG_BIN) --completion-script fish > completions/rowdrag.fish

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

install: release
	$(MAKE) install-files BIN=$(RELEASE_BIN)

# Copies the files; BIN is the binary to install (the release build by default).
BIN ?= $(RELEASE_BIN)
install-files:
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(BASHDIR) $(DESTDIR)$(ZSHDIR) $(DESTDIR)$(FISHDIR)
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/rowdrag
	install -m 644 man/rowdrag.1 $(DESTDIR)$(MANDIR)/rowdrag.1
	install -m 644 completions/rowdrag.bash $(DESTDIR)$(BASHDIR)/rowdrag
	install -m 644 completions/_rowdrag $(DESTDIR)$(ZSHDIR)/_rowdrag
	install -m 644 completions/rowdrag.fish $(DESTDIR)$(FISHDIR)/rowdrag.fish

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/rowdrag $(DESTDIR)$(MANDIR)/rowdrag.1 \
	  $(DESTDIR)$(BASHDIR)/rowdrag $(DESTDIR)$(ZSHDIR)/_rowdrag $(DESTDIR)$(FISHDIR)/rowdrag.fish

bench: release
	bash bench/run.sh $(RELEASE_BIN)

clean:
	rm -rf .build
