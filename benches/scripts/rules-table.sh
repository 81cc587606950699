#!/bin/sh
# The tables of docs/rules.md: the rules ladder on each set, by the tool itself.
#   benches/scripts/rules-table.sh levels  SET [LIMIT]   solved without guessing, per level and per ladder prefix
#   benches/scripts/rules-table.sh guess   SET [LIMIT]   with guessing: decided, checked against dlx, inferences
# LIMIT: only the first LIMIT puzzles. Needs jq, and the release binary
# (cargo build --release) or SUDOKU_ARENA=path.
set -eu
mode=$1
set_file=$2
limit=${3:-0}
bin=${SUDOKU_ARENA:-$(dirname "$0")/../../target/release/sudoku-arena}
lim() { if [ "$limit" -gt 0 ]; then echo "--limit $limit"; fi; }
name=$(basename "$set_file" .txt)
case $mode in
levels)
  # Cumulative per level (0 .. the top), then "without 2-SAT": the ladder prefix that
  # stops before the 2-SAT rule (exact: rules are tried in order, so a run that never
  # used 2-SAT is the same run without it). ASSUME_UNIQUE=1 adds --assume-unique.
  extra=""
  if [ "${ASSUME_UNIQUE:-0}" = 1 ]; then extra="--assume-unique"; fi
  # shellcheck disable=SC2046,SC2086
  "$bin" rate --summary-only --format json $extra $(lim) "$set_file" | jq -r --arg set "$name" '
    .summary as $s
    | def pct(k): (k * 1000 / $s.puzzles | round) / 10;
    ([foreach $s.per_level[] as $k (0; . + $k)]) as $cum
    | ($s.ladder | map(select(.up_to == "conflicting paths")) | .[0].solved) as $no2sat
    | "| `\($set)` | \($s.puzzles) | " + ([$cum[] | "\(.) (\(pct(.))%)"] | join(" | "))
      + " | \($no2sat) (\(pct($no2sat))%) | \($s.mean_time_ms * 1000 | round / 1000) |",
      "| `\($set)` ladder prefix | " + ([$s.ladder[] | "\(.up_to): \(pct(.solved))%"] | join(", ")) + " |"'
  ;;
guess)
  for first in "" "--first"; do
    # shellcheck disable=SC2046
    "$bin" rate --summary-only --allow-guessing --check $first --format json $(lim) "$set_file" | jq -r --arg set "$name" --arg first "$first" '
      .summary as $s
      | "| `\($set)` | \(if $first == "" then "proven unique" else "first solution" end) | \($s.puzzles) | \($s.decided)"
        + " | \($s.check_failures) | \($s.mean_inferences * 1000 | round / 1000) | \($s.mean_time_ms * 1000 | round / 1000) |"'
  done
  ;;
*)
  echo "usage: $0 levels|guess SET [LIMIT]" >&2
  exit 2
  ;;
esac
