#!/usr/bin/env python3
"""Tests that drive the built binary from outside: independent models of SPEC.md, the
behaviour catalogue and board mode on random scripts, the readline REPL (through a pseudo-terminal, with pexpect), the
bash/zsh/fish completions, the man page lint, the README's commands and the Debian package. Usage: run.py PATH/TO/rowdrag. Ends with 'N passed, N failed'."""

import os
import sys
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import live_tests  # noqa: E402
import live_board_tests  # noqa: E402
import repl_tests  # noqa: E402
import shell_tests  # noqa: E402
import docs_tests  # noqa: E402
import fit_round_trip_tests  # noqa: E402
import deb_tests  # noqa: E402
import model_tests  # noqa: E402
import board_model_tests  # noqa: E402
import formats_model_tests  # noqa: E402
import meaning_tests  # noqa: E402
import compare_tests  # noqa: E402
import differential_tests  # noqa: E402
import pipe_tests  # noqa: E402
import hook_tests  # noqa: E402
import fault_tests  # noqa: E402
import chart_tests  # noqa: E402
import report_tests  # noqa: E402
import conformance_qt_tests  # noqa: E402
import conformance_web_tests  # noqa: E402


def main():
    # run.py [BINARY [MODULE...]]: the modules named (e.g. chart_tests), else all of them.
    binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/rowdrag")
    modules = (model_tests, board_model_tests, formats_model_tests, compare_tests, chart_tests,
               report_tests, conformance_web_tests, conformance_qt_tests, pipe_tests, hook_tests, fault_tests,
               meaning_tests, differential_tests, repl_tests, live_tests, live_board_tests, shell_tests,
               docs_tests, fit_round_trip_tests, deb_tests)
    chosen = set(sys.argv[2:])
    unknown = chosen - {m.__name__ for m in modules}
    if unknown:
        sys.exit(f"run.py: no test module {', '.join(sorted(unknown))}")
    passed = failed = 0
    for module in (m for m in modules if not chosen or m.__name__ in chosen):
        for name in sorted(n for n in dir(module) if n.startswith("test_")):
            try:
                getattr(module, name)(binary)
            except Exception:  # a failed check or a crash both count as a failure
                failed += 1
                print(f"FAIL {module.__name__}.{name}")
                traceback.print_exc()
            else:
                passed += 1
                print(f"ok   {module.__name__}.{name}")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
