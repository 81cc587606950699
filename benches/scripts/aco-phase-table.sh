#!/bin/sh
# One Markdown row per fixed-cell fraction (rounded to 5 %) of a `compare` results file:
# per backend, runs solved of runs and the mean time of the solved ones (ms). A run
# the deadline stopped is a failure, never a success.
#   benches/scripts/aco-phase-table.sh RESULTS.jsonl      (needs jq)
set -eu
jq -rs '
  map(select(.kind != "header"))
  | (map(.backend) | unique) as $names
  | (group_by(.fixed_fraction * 20 | round)) as $rows
  | "| cells given | instances | " + ($names | map("`\(.)` solved | mean ms") | join(" | ")) + " |",
    "|---:|---:|" + ($names | map("---:|---:|") | join("")),
    ($rows[] as $r
     | ($r[0].fixed_fraction * 20 | round * 5) as $pct
     | "| \($pct) % | \($r | map(.source) | unique | length) | "
       + ($names | map(. as $b | ($r | map(select(.backend == $b))) as $rs
           | ($rs | map(select((.verdict == "solved" or .verdict == "unique" or .verdict == "multiple") and .wrong == null))) as $ok
           | "\($ok | length)/\($rs | length) | \(if ($ok | length) == 0 then "-" else ($ok | map(.time_ms) | add / length | . * 10 | round / 10) end)")
         | join(" | ")) + " |")
' "$1"
