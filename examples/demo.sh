#!/usr/bin/env bash
# `make demo`: the table view before, during and after a drag with auto-scroll on the
# bundled 500-row list, then the first rows of the resulting order.
set -euo pipefail
rowdrag=${1:-rowdrag}
case $rowdrag in */*) rowdrag=$(cd "$(dirname "$rowdrag")" && pwd)/$(basename "$rowdrag") ;; esac
cd "$(dirname "$0")"
echo "== rowdrag -f demo.rowdrag long.txt"
"$rowdrag" -n -f demo.rowdrag long.txt
echo
echo "== the resulting order around the drop (list prints number, flag, label)"
"$rowdrag" -n -f demo.rowdrag -e 'list' long.txt | awk -F'\t' 'NF == 3 && ($1 <= 4 || ($1 >= 21 && $1 <= 25))' 
echo
echo "== a todo list: move the dentist to the top, done items are locked"
"$rowdrag" --header '^# ' --lock '^\[x\]' -e 'move /dentist/ 1:1; list' -n todo.txt
echo
echo "== a JSON playlist: drag 'All Blues' onto side A"
"$rowdrag" -e 'press /All Blues/; drag y=60; release' playlist.json
