#!/bin/sh
# The "strongest engine of each paradigm" tables of benches/README.md: `compare --backends strongest`
# (our engine beside the strongest engine of its paradigm, on the same model) with one
# table per input file, uniqueness proven.
#   benches/scripts/strongest-table.sh [DATA] [SLOW_LIMIT] [FAST_LIMIT] [OUT]
# 1. Every configuration of the set on the first SLOW_LIMIT (default 200) puzzles of
#    17_clue.txt, magictour_top1465.txt and forum_hardest_1106.txt: the same puzzles for
#    every engine.
# 2. The in-process engines that take about a millisecond (not ip, ip:highs, ip:cbc,
#    ext:gecode) on the first FAST_LIMIT (default 1106: all of forum-hardest) puzzles of
#    each set.
# DATA defaults to ../shared/data beside this checkout; OUT (default strongest-tables)
# gets the JSON lines and Markdown of both runs and must not exist yet. Needs the
# release binary built with every feature (cargo build --release --all-features) or
# SUDOKU_ARENA=path. One thread, 20 s budget per solve.
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
data=${1:-$here/../shared/data}
slow=${2:-200}
fast=${3:-1106}
out=${4:-strongest-tables}
bin=${SUDOKU_ARENA:-$here/target/release/sudoku-arena}
if [ -e "$out" ]; then
  echo "$out exists: name another folder (nothing was overwritten)" >&2
  exit 2
fi
mkdir -p "$out"
sets="$data/17_clue.txt $data/magictour_top1465.txt $data/forum_hardest_1106.txt"
# shellcheck disable=SC2086
"$bin" compare --backends strongest --by-file --jobs 1 --timeout 20 --limit "$slow" \
  --out "$out/all.jsonl" --markdown "$out/all.md" $sets > "$out/all.txt"
quick=dlx,fast,csp:permutation,csp:bounds,csp:gac,sat:reduced,sat:reduced+cadical
# shellcheck disable=SC2086
"$bin" compare --backends "$quick" --by-file --jobs 1 --timeout 20 --limit "$fast" \
  --out "$out/quick.jsonl" --markdown "$out/quick.md" $sets > "$out/quick.txt"
cat "$out/all.md" "$out/quick.md"
