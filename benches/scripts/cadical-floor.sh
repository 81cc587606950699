#!/usr/bin/env bash
# How much of `ext:cadical`'s time is CaDiCaL's own, measured without our harness: for
# each puzzle, the mean CPU time (`perf stat` task-clock, which a shared machine's load
# disturbs far less than wall time) of `cadical -q` on the puzzle's reduced CNF (the one
# `ext:cadical` solves) minus that of `cadical -q` on a one-clause CNF (process start,
# loading, exit). One solver call each; proving uniqueness takes two.
#
#   benches/scripts/cadical-floor.sh DATA_DIR [PUZZLES_PER_FILE] [RUNS]
#
# DATA_DIR holds forum_hardest_1106.txt and 17_clue.txt (../shared/data here). Prints the
# per-call floor per puzzle, then p10 / median / p90 over all of them, in ms.
set -euo pipefail
data=${1:?usage: $0 DATA_DIR [PUZZLES_PER_FILE] [RUNS]}
per=${2:-20}
runs=${3:-30}
bin=${SUDOKU_ARENA:-target/release/sudoku-arena}
for tool in cadical perf; do
    command -v "$tool" >/dev/null || { echo "$tool is not installed (apt-get install $tool)" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
{ head -n "$per" "$data/forum_hardest_1106.txt"; head -n "$per" "$data/17_clue.txt"; } >"$work/all.txt"
total=$(grep -c . "$work/all.txt")
printf 'p cnf 1 1\n1 0\n' >"$work/trivial.cnf"
mean_ns() { # FILE RUNS: mean task-clock ns of one `cadical -q FILE`
    # cadical exits 10 (sat) or 20 (unsat), and perf with it
    { perf stat -x, -e task-clock -r "$2" cadical -q "$1" 2>&1 >/dev/null || true; } |
        awk -F, '$3 == "task-clock" { printf "%d", $1 * 1e6 }'
}
base=$(mean_ns "$work/trivial.cnf" $((runs * 5)))
echo "# CPU of process start + exit (one-clause CNF): $(awk -v b="$base" 'BEGIN{printf "%.3f", b/1e6}') ms; $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# puzzle  clauses  own_ms_per_call"
for k in $(seq "$total"); do
    "$bin" export --encoding sat-reduced --index "$k" "$work/all.txt" >"$work/$k.cnf"
    clauses=$(grep -m1 '^p cnf' "$work/$k.cnf" | cut -d' ' -f4)
    t=$(mean_ns "$work/$k.cnf" "$runs")
    awk -v k="$k" -v c="$clauses" -v t="$t" -v b="$base" 'BEGIN{printf "%d %s %.3f\n", k, c, (t-b)/1e6}'
done | tee "$work/per.txt"
sort -k3 -g "$work/per.txt" | awk '{v[NR]=$3} END{
    i10=int(NR*0.1+0.5); if(i10<1)i10=1; i90=int(NR*0.9+0.5); if(i90<1)i90=1;
    m=(NR%2)?v[(NR+1)/2]:(v[NR/2]+v[NR/2+1])/2;
    printf "# per call: p10 %.3f  median %.3f  p90 %.3f ms (x2 calls to prove uniqueness)\n", v[i10], m, v[i90]}'
