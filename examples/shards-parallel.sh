#!/usr/bin/env bash
# Runs one comparison as N shards under GNU parallel (`compare --shard K/N`, K = 1..N),
# on this machine's cores or across hosts over ssh, then merges them into one table.
#
# Usage:
#   examples/shards-parallel.sh N OUTDIR [COMPARE FLAGS...] PUZZLE FILE...
# Example (8 shards on this machine, as many at once as it has cores):
#   examples/shards-parallel.sh 8 run1 -b dlx,fast,sat:reduced --timeout 5 set.txt
#
# Writes, in OUTDIR (made if missing):
#   shard-K-of-N.jsonl   each shard's results (`compare --out`: a header record, then one
#                        line per solve); gzip them to keep them, `merge` reads them as they are
#   shards.log           what the shards printed, each line tagged with its K
#   joblog.tsv           GNU parallel's job log: host, start, run time, exit status per shard
#   summary.md, summary.csv   the merged tables (`merge --markdown --csv`)
# and prints the merged table. It refuses to start when OUTDIR already holds any of
# these files, unless the flags hold --resume (each shard goes on with its file, as
# `compare --resume` does) or --force (they are replaced).
# Exit status: 0 when every shard and the merge succeeded; otherwise the first failure's
# (1 for a wrong answer or a disagreement, 2 for a refused run, 3 from the merge when the
# shards' files do not cover the run: one missing, cut off or stopped early).
#
# Environment:
#   SUDOKU_ARENA     the binary (default: `sudoku-arena` on the PATH)
#   PARALLEL_ARGS    more options for GNU parallel, split at spaces. To spread the shards
#                    over hosts: PARALLEL_ARGS="--sshlogin 4/host1,4/host2,:" (4 shards at
#                    once on each host; `:` is this machine). Every host needs the binary
#                    at the same path (or on its PATH).
#   SHARDS_TRANSFER  1 when the hosts do not share a file system: each puzzle file named
#                    is sent to every host first (--basefile), into a folder of this run's
#                    own in the login folder (--workdir), each shard's results brought back
#                    (--return) into OUTDIR here, and that folder removed (--cleanup).
#                    OUTDIR and the puzzle files must then be relative paths (an absolute
#                    one would be written and removed at that very path on each host),
#                    and this machine (`:`) cannot be one of the hosts (its shards would
#                    run in that folder too, where nothing was sent).
set -euo pipefail

usage() {
  sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
  exit 2
}

[ $# -ge 2 ] || usage
shards=$1
outdir=$2
shift 2
case $shards in
  '' | *[!0-9]* | 0*) echo "shards-parallel.sh: N must be a whole number from 1, not '$shards'" >&2; exit 2 ;;
esac
bin=${SUDOKU_ARENA:-sudoku-arena}
command -v "$bin" >/dev/null || { echo "shards-parallel.sh: $bin not found: install it (cargo install --path .) or set SUDOKU_ARENA" >&2; exit 2; }
parallel --version 2>/dev/null | grep -q 'GNU parallel' || { echo "shards-parallel.sh: GNU parallel is needed (Debian: apt-get install parallel)" >&2; exit 2; }

again=no
for a in "$@"; do
  case $a in --resume | --force) again=yes ;; esac
done
results() { for k in $(seq 1 "$shards"); do echo "$outdir/shard-$k-of-$shards.jsonl"; done; }
if [ "$again" = no ]; then
  existing=""
  for f in $(results) "$outdir/shards.log" "$outdir/joblog.tsv" "$outdir/summary.md" "$outdir/summary.csv"; do
    [ -e "$f" ] && existing="$existing $f"
  done
  if [ -n "$existing" ]; then
    echo "shards-parallel.sh: refusing to overwrite earlier results:$existing" >&2
    echo "  (choose another OUTDIR, add --resume to go on with them, or --force to replace them)" >&2
    exit 2
  fi
fi

# One shell command per shard, every word quoted; parallel puts the shard's K for {}
# (which printf %q would quote away, hence the mark put in after).
mark=@@shard@@
quoted=$(printf '%q ' "$bin" compare --shard "$mark/$shards" --out "$outdir/shard-$mark-of-$shards.jsonl" "$@")
cmd="mkdir -p $(printf '%q' "$outdir") && ${quoted//$mark/\{\}}"
out="$outdir/shard-{}-of-$shards.jsonl"
extra=()
# Word splitting of PARALLEL_ARGS is wanted: it holds several options.
# shellcheck disable=SC2206
[ -n "${PARALLEL_ARGS:-}" ] && extra=($PARALLEL_ARGS)
if [ "${SHARDS_TRANSFER:-0}" = 1 ]; then
  for a in "$outdir" "$@"; do
    case $a in
      /*) [ "$a" = "$outdir" ] || [ -f "$a" ] || continue
        echo "shards-parallel.sh: with SHARDS_TRANSFER=1, give '$a' as a relative path: each host would write it, and then remove it, at that very path" >&2
        exit 2 ;;
    esac
    [ "$a" != "$outdir" ] && [ -f "$a" ] && extra+=(--basefile "$a")
  done
  extra+=(--workdir "sudoku-arena-shards.$$.$RANDOM" --return "$out" --cleanup)
fi
mkdir -p "$outdir"

status=0
parallel --tag --joblog "$outdir/joblog.tsv" "${extra[@]}" "$cmd" ::: $(seq 1 "$shards") \
  >"$outdir/shards.log" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
  echo "shards-parallel.sh: $status shard(s) failed or found a wrong answer: see $outdir/shards.log and $outdir/joblog.tsv" >&2
fi

have=()
for f in $(results); do
  [ -e "$f" ] && have+=("$f")
done
if [ ${#have[@]} -eq 0 ]; then
  echo "shards-parallel.sh: no shard wrote results; $outdir/shards.log says why" >&2
  exit 2
fi
force=()
[ "$again" = yes ] && force=(--force)
merged=0
"$bin" merge "${have[@]}" --markdown "$outdir/summary.md" --csv "$outdir/summary.csv" "${force[@]}" || merged=$?
# The shards' exit status says more than the merge's (which sees only what they wrote).
if [ "$status" -ne 0 ]; then
  # parallel gives the number of failed shards; a shard's own status is in joblog.tsv.
  first=$(awk -F'\t' 'NR > 1 && $7 != 0 { print $7; exit }' "$outdir/joblog.tsv")
  exit "${first:-1}"
fi
exit "$merged"
