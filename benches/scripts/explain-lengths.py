#!/usr/bin/env python3
"""How long `explain`'s steps are over a puzzle file, and how many digits each places.

Runs `sudoku-arena explain --format json --index K FILE` for every puzzle K of FILE (two at a
time), and measures each step as the text line prints it without its number:
`[L5] 2-SAT: remove 9 from r2c9. <reason>`, in characters. Prints the distribution (median,
p90, p99, max), the steps over 300, 1,000 and 3,000 characters, the steps that place more
than one digit, the longest steps and, per rule, the steps and their p99; with --per-puzzle
PATH also writes one line per puzzle: index, verdict, hardest level, steps, longest step; with
--per-step PATH one line per step: puzzle, step, rule, length, digits placed.

FILE holds one puzzle a line (`#` lines are passed over), as the benchmark sets do.

Usage: explain-lengths.py [--binary PATH] [--per-puzzle PATH] [--per-step PATH] [--limit N] FILE
"""
import argparse
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor


# The rules whose steps are chains of implications.
CHAINS = ("2-SAT", "finned fish", "almost locked sets", "template chains")


def percentile(sorted_values, q):
    if not sorted_values:
        return 0
    k = min(len(sorted_values) - 1, max(0, int(round(q * (len(sorted_values) - 1)))))
    return sorted_values[k]


def explain(binary, path, k):
    out = subprocess.run(
        [binary, "explain", "--format", "json", "--index", str(k), path],
        capture_output=True, text=True, check=False)
    if out.returncode != 0:
        sys.exit(f"explain --index {k} failed ({out.returncode}): {out.stderr.strip()}")
    return k, json.loads(out.stdout)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default="target/release/sudoku-arena")
    ap.add_argument("--per-puzzle")
    ap.add_argument("--per-step")
    ap.add_argument("--limit", type=int)
    ap.add_argument("file")
    a = ap.parse_args()
    with open(a.file) as f:
        count = sum(1 for line in f if line.strip() and not line.startswith("#"))
    if a.limit:
        count = min(count, a.limit)
    steps = []  # (length, placed, rule, puzzle, step)
    rows = []
    with ThreadPoolExecutor(2) as pool:
        for k, e in pool.map(lambda k: explain(a.binary, a.file, k), range(1, count + 1)):
            longest = 0
            for s in e["steps"]:
                text = f"[L{s['level']}] {s['name']}: {s['change']}. {s['reason']}"
                eureka = s["reason"].startswith("(")
                steps.append((len(text), len(s["placed"]), s["rule"], k, s["step"], eureka))
                longest = max(longest, len(text))
            rows.append((k, e["verdict"], e["hardest_level"], e["guessing_needed"],
                         len(e["steps"]), longest))
    solved = {k for k, _, _, guess, _, _ in rows if not guess}
    mine = [s for s in steps if s[3] in solved]
    lengths = sorted(s[0] for s in mine)
    print(f"{a.file}: {count} puzzles, {len(solved)} solved by the rules alone; "
          f"their {len(mine)} steps:")
    print(f"  length in characters: median {percentile(lengths, 0.5)}, "
          f"p90 {percentile(lengths, 0.9)}, p99 {percentile(lengths, 0.99)}, "
          f"max {lengths[-1] if lengths else 0}")
    for bound in (300, 1000, 3000):
        print(f"  over {bound}: {sum(1 for x in lengths if x > bound)}")
    print(f"  placing more than one digit: {sum(1 for s in mine if s[1] > 1)}")
    print("  longest: " + ", ".join(
        f"{n} ({r}, puzzle {k} step {i})" for n, _, r, k, i, _ in sorted(mine, reverse=True)[:5]))
    chains = [s for s in mine if s[2] in CHAINS]
    print(f"  chain steps ({', '.join(CHAINS)}): {len(chains)}, "
          f"{sum(1 for s in chains if s[5])} in Eureka notation")
    print("  per rule: steps, p99, max")
    rules = sorted({s[2] for s in mine})
    for r in rules:
        ls = sorted(s[0] for s in mine if s[2] == r)
        print(f"    {r}: {len(ls)}, {percentile(ls, 0.99)}, {ls[-1]}")
    if a.per_step:
        with open(a.per_step, "w") as f:
            f.write("puzzle\tstep\trule\tlength\tplaced\n")
            for n, placed, r, k, i, _ in steps:
                f.write(f"{k}\t{i}\t{r}\t{n}\t{placed}\n")
    if a.per_puzzle:
        with open(a.per_puzzle, "w") as f:
            f.write("index\tverdict\thardest_level\tguessing_needed\tsteps\tlongest\n")
            for row in rows:
                f.write("\t".join(str(x) for x in row) + "\n")


if __name__ == "__main__":
    main()
