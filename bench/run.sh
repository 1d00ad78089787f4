#!/usr/bin/env bash
# One command for every benchmark: bash bench/run.sh [path/to/rowdrag]
# (`make bench` builds the release binary and calls this). Data is generated under
# bench/data/ (ignored by git); jq comes from Debian when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/release/rowdrag}
if [ ! -x "$binary" ]; then
  make release
fi
if ! command -v jq >/dev/null; then
  apt-get update -qq && apt-get install -y -qq jq
fi
python3 -c 'import pexpect' 2>/dev/null || python3 -m pip install -q pexpect
exec python3 bench/bench.py "$binary"
