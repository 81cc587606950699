#!/usr/bin/env python3
"""Our explanations beside HoDoKu's on the same puzzles: steps per puzzle, step lengths, ratings.

HoDoKu (Bernhard Hobiger's Java solver, 2.2.0) is not shipped here: run it yourself on the
puzzle file with its default settings and keep its batch output,
    java -Djava.awt.headless=true -jar hodoku.jar /bs FILE.sdm /vp /vst /o hodoku.txt
(FILE.sdm: one puzzle a line, as magictour's), then explain-lengths.py's per-step and
per-puzzle files for the same puzzles:
    benches/scripts/explain-lengths.py --per-puzzle ours-puzzles.tsv --per-step ours-steps.tsv FILE
    benches/scripts/hodoku-compare.py hodoku.txt ours-puzzles.tsv ours-steps.tsv

A HoDoKu step is its line after `(0/0): ` (`Forcing Net Verity => r2c6=4`), with the chain
lines a forcing chain or net prints under it joined on; ours is the text line without its
number. Compared on the puzzles our ladder solves without guessing; HoDoKu's levels beside
our ratings on every puzzle.
"""
import re
import sys

STEP = re.compile(r"^\s+[\d/]*\s*\(\d+\) \(\d+/\d+\): (.*)$")
HEADER = re.compile(r"^(\S{81}) #(\d+) (\w+) \((\d+)\)( bf)?")


def percentile(values, q):
    values = sorted(values)
    if not values:
        return 0
    return values[min(len(values) - 1, max(0, int(round(q * (len(values) - 1)))))]


def spread(values):
    return (f"median {percentile(values, 0.5)}, p10 {percentile(values, 0.1)}, "
            f"p90 {percentile(values, 0.9)}, p99 {percentile(values, 0.99)}, max {max(values)}")


def hodoku(path):
    """Per puzzle (from 1): level, score, whether it guessed, and its steps' texts."""
    puzzles, current = {}, None
    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.rstrip("\n")
        h = HEADER.match(line)
        if h:
            current = int(h.group(2))
            puzzles[current] = {"level": h.group(3), "score": int(h.group(4)),
                                "bf": bool(h.group(5)), "steps": []}
            continue
        if current is None:
            continue
        m = STEP.match(line)
        if m:
            puzzles[current]["steps"].append(m.group(1))
        elif line.startswith("  r") or line.startswith("  ("):
            # A forcing chain's line under its step.
            if puzzles[current]["steps"]:
                puzzles[current]["steps"][-1] += " " + line.strip()
    return puzzles


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    theirs = hodoku(sys.argv[1])
    ours = {}
    for row in list(open(sys.argv[2]))[1:]:
        k, verdict, level, guess, steps, longest = row.rstrip("\n").split("\t")
        # Rated only when the ladder solved it: not when it needed guessing, found no
        # solution or ran out of time (no level then).
        rated = guess != "True" and level not in ("", "None")
        ours[int(k)] = {"level": int(level) if rated else None, "steps": int(steps)}
    lengths = {}
    for row in list(open(sys.argv[3]))[1:]:
        k, _, _, n, _ = row.split("\t")
        lengths.setdefault(int(k), []).append(int(n))
    both = [k for k in ours if ours[k]["level"] is not None and k in theirs]
    print(f"{len(theirs)} puzzles in HoDoKu's output, {len(ours)} explained here; "
          f"compared on the {len(both)} our ladder solves without guessing")
    print("steps per puzzle: ours " + spread([ours[k]["steps"] for k in both]))
    print("                HoDoKu " + spread([len(theirs[k]["steps"]) for k in both]))
    our_len = [n for k in both for n in lengths.get(k, [])]
    their_len = [len(t) for k in both for t in theirs[k]["steps"]]
    print("step length (characters): ours " + spread(our_len))
    print("                        HoDoKu " + spread(their_len))
    for bound in (300, 1000):
        print(f"  over {bound}: ours {sum(n > bound for n in our_len)}, "
              f"HoDoKu {sum(n > bound for n in their_len)}")
    kinds = {}
    for k in both:
        for t in theirs[k]["steps"]:
            name = re.split(r":| =>| in ", t)[0]
            kinds.setdefault(name, []).append(len(t))
    print("HoDoKu's longest kinds (steps, p99, max):")
    for name, ls in sorted(kinds.items(), key=lambda kv: -max(kv[1]))[:6]:
        print(f"  {name}: {len(ls)}, {percentile(ls, 0.99)}, {max(ls)}")
    print("ratings: our level (rows; - = needs guessing) by HoDoKu's level (columns)")
    levels = ["Easy", "Medium", "Hard", "Unfair", "Extreme"]
    rows = sorted({ours[k]["level"] for k in ours if ours[k]["level"] is not None}) + [None]
    print("| ours | " + " | ".join(levels) + " | HoDoKu score, median |")
    print("|---|" + "---|" * (len(levels) + 1))
    for r in rows:
        ks = [k for k in ours if ours[k]["level"] == r and k in theirs]
        cells = [str(sum(theirs[k]["level"] == lv for k in ks)) for lv in levels]
        med = percentile([theirs[k]["score"] for k in ks], 0.5) if ks else "-"
        print(f"| {'-' if r is None else r} | " + " | ".join(cells) + f" | {med} |")
    guessed = [k for k in theirs if theirs[k]["bf"]]
    print(f"HoDoKu guesses (brute force) on {len(guessed)}; of those our ladder solves "
          f"{sum(1 for k in guessed if ours.get(k, {}).get('level') is not None)}")


if __name__ == "__main__":
    main()
