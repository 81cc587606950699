#!/bin/sh
# The nearly-empty large grids table of encodings/exact-cover.md: fixed-fraction
# instances (a random full grid with a fraction of its cells kept) on 36x36, 49x49 and
# 64x64, a first solution asked of each backend, one Markdown row per (side, fraction):
# solved / instances and the median time of the solved ones.
#   benches/scripts/near-empty-table.sh [COUNT] [SECS] [SEED] [BACKENDS] [FRACTIONS]
# Defaults: 2 instances, 5 s, seed 31, dlx,csp:permutation,csp:gac,sat:reduced,
# fractions "0.003 0.01 0.02 0.05". Needs jq, and the release binary (cargo build
# --release) or SUDOKU_ARENA=path. Scratch files go to a temporary folder, removed after.
set -eu
count=${1:-2}
secs=${2:-5}
seed=${3:-31}
backends=${4:-dlx,csp:permutation,csp:gac,sat:reduced}
fractions=${5:-0.003 0.01 0.02 0.05}
bin=${SUDOKU_ARENA:-$(dirname "$0")/../../target/release/sudoku-arena}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for box in 6x6 7x7 8x8; do
  for f in $fractions; do
    "$bin" generate --box "$box" --fixed-fraction "$f" --count "$count" --seed "$seed" \
      --out "$dir/$box-$f.txt"
  done
done
"$bin" compare --backends "$backends" --first --timeout "$secs" --jobs 2 \
  --out "$dir/r.jsonl" "$dir"/*.txt > /dev/null
header="| side | given |"
rule="|---|---:|"
for b in $(echo "$backends" | tr ',' ' '); do header="$header \`$b\` |"; rule="$rule---:|"; done
echo "$header"
echo "$rule"
jq -rs --arg backends "$backends" '
  def median: sort | if length == 0 then null else .[(length - 1) / 2 | floor] end;
  ($backends | split(",")) as $names
  | map(select(.kind != "header"))
  | group_by([.size, .fixed_fraction])[]
  | . as $group
  | "| \(.[0].size)×\(.[0].size) | \(.[0].fixed_fraction * 1000 | round / 10) % |"
    + ([$names[] as $b
        | ($group | map(select(.backend == $b))) as $runs
        | ($runs | map(select(.verdict != "unknown"))) as $ok
        | " \($ok | length)/\($runs | length)"
          + (if ($ok | length) > 0 then " (\($ok | map(.time_ms) | median | round) ms)" else "" end)
          + " |"] | join(""))' "$dir/r.jsonl"
