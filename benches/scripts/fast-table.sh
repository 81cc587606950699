#!/bin/sh
# The race table of docs/fast.md from the last `cargo bench --bench race`:
# microseconds per puzzle and the ratio to the `sudoku` crate in the same run, first
# solution and uniqueness. Per solver: the median of criterion's samples (time per
# iteration, one iteration = the whole slice, divided by its size), and, for `fast`,
# also the ratio of the best samples (on a loaded machine noise only adds time).
#   SUDOKU_ARENA_DATA=DIR cargo bench --bench race && benches/scripts/fast-table.sh
# (DIR: the complete benchmark sets; see tests/data/SOURCES.md)
# Needs jq. Reads target/criterion/race_*/.
set -eu
dir=${CRITERION_DIR:-$(dirname "$0")/../../target/criterion}
per_puzzle() { # group id puzzles stat(median|best) -> µs per puzzle
  jq -r --argjson n "$3" --arg stat "$4" '
    [.iters, .times] | transpose | map(.[1] / .[0]) | sort
    | (if $stat == "best" then .[0] else .[length / 2 | floor] end) / 1000 / $n
  ' "$dir/$1/$2/new/sample.json"
}
ratio() { echo "$1 $2" | awk '{printf "%.2f", $1 / $2}'; }
echo "| set | mode | crate µs | fast µs | fast / crate | best samples | csp:permutation µs | / crate | dlx µs | / crate |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for spec in 17clue-first5000:5000 magictour-first1465:1465 forum-hardest-first375:375; do
  set_name=${spec%%:*}
  n=${spec##*:}
  for mode in first unique; do
    g="race_${set_name}_${mode}"
    crate=$(per_puzzle "$g" sudoku-crate "$n" median)
    fast=$(per_puzzle "$g" fast "$n" median)
    best=$(ratio "$(per_puzzle "$g" fast "$n" best)" "$(per_puzzle "$g" sudoku-crate "$n" best)")
    csp=$(per_puzzle "$g" csp_permutation "$n" median)
    dlx=$(per_puzzle "$g" dlx "$n" median)
    printf '| %s | %s | %.2f | %.2f | %s | %s | %.1f | %s | %.1f | %s |\n' \
      "$set_name" "$mode" "$crate" "$fast" "$(ratio "$fast" "$crate")" "$best" \
      "$csp" "$(ratio "$csp" "$crate")" "$dlx" "$(ratio "$dlx" "$crate")"
  done
done
