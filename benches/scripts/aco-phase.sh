#!/bin/sh
# The phase-transition experiment of Lloyd and Amos (their figures 5-7 and 9) with our
# backends: `compare --first` (a solution is success, as in the paper) of aco,
# aco:no-bve, dlx, csp:gac and sat:reduced on 16x16 and 25x25 instances across the
# fixed-cell fractions 0..1 in steps of 0.05. Writes OUTDIR/phase{16,25}.jsonl, .svg
# (cactus plot and median time against the fraction) and .md (success and mean time of
# the successful runs per fraction, from aco-phase-table.sh).
#   benches/scripts/aco-phase.sh OUTDIR [T16] [T25] [JOBS]    (defaults 20 s, 30 s, 2 threads)
# ONLY=16 or ONLY=25 runs one size.
# Inputs: ../shared/data/large/inst{16x16,25x25}_*.txt (or LARGE=folder), turned into
# one labelled line each (OUTDIR/sharedNN.txt), and the extra instances of
# benches/data/aco-phase-{16x16,25x25}-generated.txt (aco-phase-gen.py; or GEN16, GEN25).
# Needs jq, and the release binary (cargo build --release) or SUDOKU_ARENA=path.
set -eu
outdir=$1
t16=${2:-20}
t25=${3:-30}
jobs=${4:-2}
here=$(dirname "$0")
bin=${SUDOKU_ARENA:-$here/../../target/release/sudoku-arena}
large=${LARGE:-$here/../../../shared/data/large}
gen16=${GEN16:-$here/../data/aco-phase-16x16-generated.txt}
gen25=${GEN25:-$here/../data/aco-phase-25x25-generated.txt}
backends=aco,aco:no-bve,dlx,csp:gac,sat:reduced
mkdir -p "$outdir"
run() { # SIZE TIMEOUT FILES...
  size=$1 timeout=$2
  shift 2
  "$bin" compare --first --backends "$backends" --timeout "$timeout" --jobs "$jobs" --force \
    --out "$outdir/phase$size.jsonl" --plot "$outdir/phase$size.svg" "$@" >"$outdir/phase$size-summary.txt"
  "$here/aco-phase-table.sh" "$outdir/phase$size.jsonl" >"$outdir/phase$size.md"
}
lines() { # SIZE: every shared matrix file of that size as one line, `# instNxN_f_i`
  for f in "$large"/inst"$1"x"$1"_*.txt; do
    awk -v name="$(basename "$f" .txt)" '
      { gsub(/\r/, ""); for (i = 1; i <= NF; i++) t[++n] = $i }
      END { a = "123456789ABCDEFGHIJKLMNOP"; s = ""
            for (i = 3; i <= n; i++) s = s (t[i] == -1 ? "." : substr(a, t[i], 1))
            print s "  # " name }' "$f"
  done
}
if [ "${ONLY:-}" != 25 ]; then
  lines 16 >"$outdir/shared16.txt"
  run 16 "$t16" "$outdir/shared16.txt" "$gen16"
fi
if [ "${ONLY:-}" != 16 ]; then
  lines 25 >"$outdir/shared25.txt"
  run 25 "$t25" "$outdir/shared25.txt" "$gen25"
fi
