#!/usr/bin/env bash
# Compare the auto-scroll profiles: the same gesture (lift row 3, hold the finger
# 20 points above the bottom edge for one second) under each profile, printing how
# far the list scrolled and where the row ended up.
set -euo pipefail
rowdrag=${1:-rowdrag}
list=$(dirname "$0")/long.txt
for profile in "linear" "linear zone=150" "fixed" "rate" "off"; do
  state=$("$rowdrag" -n --autoscroll "$profile" -e 'press 3; drag y=580; wait 1; state' "$list")
  printf '%-16s %s\n' "$profile" "$state"
done
