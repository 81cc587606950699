#!/bin/sh
# The Simonis-style table of docs/csp.md: every csp propagation level on one set,
# uniqueness proven (two solutions sought), one Markdown row per level.
#   benches/scripts/csp-table.sh SET [LIMIT]     (LIMIT: only the first LIMIT puzzles)
# Needs jq, and the release binary (cargo build --release) or SUDOKU_ARENA=path.
set -eu
set_file=$1
limit=${2:-0}
bin=${SUDOKU_ARENA:-$(dirname "$0")/../../target/release/sudoku-arena}
input() { if [ "$limit" -gt 0 ]; then head -n "$limit" "$set_file"; else cat "$set_file"; fi; }
echo "| level | puzzles | unique, valid | by propagation alone | nodes (rest) | ms (rest) | nodes (all) | ms (all) |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for level in naive permutation bounds gac gac-shave; do
  input | "$bin" solve --backend "csp:$level" --format json - | jq -rs --arg level "$level" '
    def mean(f): if length == 0 then 0 else (map(f) | add) / length end;
    (map(select(.stats.extra.search_free != 1))) as $rest
    | "| `\($level)` | \(length) | \(map(select(.verdict == "unique" and .valid)) | length)"
      + " | \(map(select(.stats.extra.search_free == 1)) | length)"
      + " | \($rest | mean(.stats.nodes) * 10 | round / 10)"
      + " | \($rest | mean(.time_ms) * 1000 | round / 1000)"
      + " | \(mean(.stats.nodes) * 10 | round / 10)"
      + " | \(mean(.time_ms) * 1000 | round / 1000) |"'
done
