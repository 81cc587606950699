#!/bin/sh
# Table 1 of Lloyd and Amos for the aco backend: every named puzzle of the paper, SEEDS
# seeds each (aco:seed=1 .. aco:seed=SEEDS), with and without Best Value Evaporation,
# TIMEOUT seconds per run; success rate and mean time of the successful runs beside the
# paper's figures (100 runs each, Core i7-3770, 5 s).
#   benches/scripts/aco-table1.sh [SEEDS] [TIMEOUT] [JOBS]      (defaults 20, 5, 2)
# Needs jq, and the release binary (cargo build --release) or SUDOKU_ARENA=path; reads
# tests/data/named/ (or NAMED=folder). OUT=file.jsonl keeps the raw results.
set -eu
seeds=${1:-20}
timeout=${2:-5}
jobs=${3:-2}
here=$(dirname "$0")
bin=${SUDOKU_ARENA:-$here/../../target/release/sudoku-arena}
named=${NAMED:-$here/../../tests/data/named}
out=${OUT:-$(mktemp /tmp/aco-table1.XXXXXX.jsonl)}
list=""
for s in $(seq 1 "$seeds"); do list="$list,aco:seed=$s,aco:no-bve+seed=$s"; done
"$bin" compare --backends "${list#,}" --timeout "$timeout" --jobs "$jobs" --force \
  --out "$out" "$named"/*.txt >/dev/null
echo "| instance | no BVE % | no BVE ms | BVE % | BVE ms | paper no BVE % | paper no BVE ms | paper BVE % | paper BVE ms |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
jq -rs '
  {"sabuncu1":[100,0.029,100,0.031],"sabuncu2":[100,0.020,100,0.022],"sabuncu3":[100,0.642,100,0.627],
   "sabuncu4":[100,0.238,100,0.235],"sabuncu5":[100,0.017,100,0.017],"sabuncu6":[95,640.0,100,5.921],
   "sabuncu7":[100,4.07,100,0.456],"sabuncu8":[100,0.310,100,0.361],"sabuncu9":[100,0.634,100,0.923],
   "sabuncu10":[100,0.021,100,0.027],"aiescargot":[64,1223.2,100,11.11],"platinumblond":[14,892.2,100,75.75],
   "goldennugget":[36,866.7,100,22.95],"reddwarf":[34,1020.7,100,23.14],"coly013":[25,1320.2,100,37.95],
   "tarx0134":[42,1086.8,100,16.40]} as $paper
  | def cell(rs): (rs | map(select(.verdict == "solved" and .wrong == null))) as $ok
      | "\($ok | length * 100 / (rs | length) | round) | \(if ($ok | length) == 0 then "-" else ($ok | map(.time_ms) | add / length * 1000 | round / 1000) end)";
  map(select(.kind != "header"))
  | map(. + {name: (.file | split("/") | last | rtrimstr(".txt"))})
  | group_by(.name) | map({key: .[0].name, value: .}) | from_entries as $by
  | ($paper | keys_unsorted)[] as $p
  | ($by[$p] // []) as $rs
  | "| \($p) | \(cell($rs | map(select(.backend | test("no-bve"))))) | \(cell($rs | map(select(.backend | test("no-bve") | not)))) | \($paper[$p] | map(tostring) | join(" | ")) |"
' "$out"
[ -n "${OUT:-}" ] || rm -f "$out"
