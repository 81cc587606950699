#!/bin/sh
# The phase-transition experiment of Lloyd and Amos (their figures 5-7 and 9) with our
# backends: `compare --first` (a solution is success, as in the paper) of aco,
# aco:no-bve, dlx, csp:gac and sat:reduced on 16x16 and 25x25 instances across the
# fixed-cell fractions 0..1 in steps of 0.05. Writes OUTDIR/phase{16,25}.jsonl, .svg
# (cactus plot and median time against the fraction) and .md (success and mean time of
# the successful runs per fraction, from aco-phase-table.sh).
#   encodings/aco-phase.sh OUTDIR [T16] [T25] [JOBS]    (defaults 5 s, 10 s, 2 threads)
# Inputs: ../shared/data/large/inst{16x16,25x25}_*.txt (or LARGE=folder) and, for
# 16x16, the extra instances in GEN16 (default encodings/aco-phase-16x16-generated.txt).
# Needs jq, and the release binary (cargo build --release) or SUDOKU_ARENA=path.
set -eu
outdir=$1
t16=${2:-5}
t25=${3:-10}
jobs=${4:-2}
here=$(dirname "$0")
bin=${SUDOKU_ARENA:-$here/../target/release/sudoku-arena}
large=${LARGE:-$here/../../shared/data/large}
gen16=${GEN16:-$here/aco-phase-16x16-generated.txt}
backends=aco,aco:no-bve,dlx,csp:gac,sat:reduced
mkdir -p "$outdir"
run() { # SIZE TIMEOUT FILES...
  size=$1 timeout=$2
  shift 2
  "$bin" compare --first --backends "$backends" --timeout "$timeout" --jobs "$jobs" --force \
    --out "$outdir/phase$size.jsonl" --plot "$outdir/phase$size.svg" "$@" >"$outdir/phase$size-summary.txt"
  "$here/aco-phase-table.sh" "$outdir/phase$size.jsonl" >"$outdir/phase$size.md"
}
if [ "${ONLY:-}" != 25 ]; then run 16 "$t16" "$large"/inst16x16_*.txt "$gen16"; fi
if [ "${ONLY:-}" != 16 ]; then run 25 "$t25" "$large"/inst25x25_*.txt; fi
