#!/usr/bin/env bash
#SBATCH --job-name=sudoku-shards
#SBATCH --cpus-per-task=1
#SBATCH --output=slurm-%A_%a.out
# Runs one shard of a comparison in each task of a Slurm job array: the array's tasks,
# whatever ids `--array` gives them, are the shards 1/N .. N/N of `compare --shard K/N`.
#
# Usage:
#   sbatch --array=1-8 examples/shards-slurm.sh OUTDIR [COMPARE FLAGS...] PUZZLE FILE...
# then, when every task has ended (here as a job that waits for them):
#   sbatch --dependency=afterany:JOBID --wrap \
#     "sudoku-arena merge OUTDIR/shard-*-of-8.jsonl --markdown OUTDIR/summary.md"
# (JOBID is what the first sbatch printed; `sbatch --parsable` prints it alone.)
#
# Task K of N: N is SLURM_ARRAY_TASK_COUNT and K is
# (SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN) / SLURM_ARRAY_TASK_STEP + 1, so
# --array=0-7, --array=1-8 and --array=10-45:5 all run shards 1/8 .. 8/8 (a `%M` limit
# on tasks at once changes nothing). An array whose ids are not evenly spaced
# (--array=1,4,42) is refused: its tasks could not tell their K.
#
# Writes OUTDIR/shard-K-of-N.jsonl (made with `compare --out`: a header record, then one
# line per solve; OUTDIR is made if missing) and prints that shard's table to the task's
# output file. An existing results file is refused, as `compare --out` refuses it:
# add --resume so that a task run again (a requeued one) goes on where it stopped, or
# --force to replace it.
#
# Environment:
#   SUDOKU_ARENA   the binary (default: `sudoku-arena` on the PATH); every node needs it.
# With --jobs J among the flags, ask Slurm for the cores too: --cpus-per-task=J.
set -euo pipefail

fail() {
  echo "shards-slurm.sh: $*" >&2
  exit 2
}

if [ $# -lt 2 ]; then
  sed -n '2,/^set -euo/p' "$0" | sed '$d; /^#SBATCH/d; s/^# \{0,1\}//' >&2
  exit 2
fi
outdir=$1
shift

number() {
  local name=$1 default=${2:-}
  local value=${!name:-$default}
  [ -n "$value" ] || fail "$name is not set: run this script with sbatch --array=... (see its first lines)"
  case $value in
    *[!0-9]*) fail "$name is '$value', not a whole number" ;;
  esac
  echo "$value"
}
id=$(number SLURM_ARRAY_TASK_ID)
min=$(number SLURM_ARRAY_TASK_MIN)
max=$(number SLURM_ARRAY_TASK_MAX)
count=$(number SLURM_ARRAY_TASK_COUNT)
# Slurm sets the step for a range with one; a plain range has step 1.
step=$(number SLURM_ARRAY_TASK_STEP 1)
[ "$step" -ge 1 ] && [ "$count" -ge 1 ] || fail "SLURM_ARRAY_TASK_STEP ($step) and SLURM_ARRAY_TASK_COUNT ($count) must be 1 or more"
if [ $((max - min)) -ne $(((count - 1) * step)) ] || [ $(((id - min) % step)) -ne 0 ] || [ "$id" -lt "$min" ] || [ "$id" -gt "$max" ]; then
  fail "the array's ids are not evenly spaced (ids $min..$max, step $step, $count tasks, this one $id): give --array a range, such as --array=1-$count"
fi
k=$(((id - min) / step + 1))

bin=${SUDOKU_ARENA:-sudoku-arena}
command -v "$bin" >/dev/null || fail "$bin not found on $(hostname): install it on every node or set SUDOKU_ARENA"
mkdir -p "$outdir"
echo "shards-slurm.sh: task $id of the array ($min..$max, step $step) runs shard $k/$count on $(hostname)" >&2
exec "$bin" compare --shard "$k/$count" --out "$outdir/shard-$k-of-$count.jsonl" "$@"
