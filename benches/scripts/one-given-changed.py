#!/usr/bin/env python3
"""Puzzles with no solution made from unique ones: for each puzzle of a file in turn, the
first given (in reading order) that, changed to another digit its row, column and box
allow (the smallest first), leaves a puzzle with no solution, as `solve -b dlx` finds.
One such puzzle per source puzzle, until COUNT are made; each line names its source
line and the change.

usage: one-given-changed.py [--binary BIN] [--count COUNT] FILE > none.txt
"""
import argparse
import subprocess


def peers(cell):
    r, c = divmod(cell, 9)
    box = (r // 3 * 3, c // 3 * 3)
    for k in range(81):
        kr, kc = divmod(k, 9)
        if k != cell and (kr == r or kc == c or (kr // 3 * 3, kc // 3 * 3) == box):
            yield k


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default="target/release/sudoku-arena")
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("file")
    args = ap.parse_args()
    made = 0
    for number, line in enumerate(open(args.file), 1):
        grid = line.strip()[:81]
        if len(grid) != 81:
            continue
        candidates = []
        for cell, ch in enumerate(grid):
            if ch in ".0":
                continue
            seen = {grid[p] for p in peers(cell)}
            for d in "123456789":
                if d != ch and d not in seen:
                    candidates.append((cell, d, grid[:cell] + d + grid[cell + 1:]))
        if not candidates:
            continue
        text = "\n".join(c[2] for c in candidates) + "\n"
        out = subprocess.run([args.binary, "solve", "-b", "dlx"], input=text,
                             capture_output=True, text=True, check=True).stdout
        for (cell, d, puzzle), answer in zip(candidates, out.splitlines()):
            if answer.split("\t")[0] == "none":
                r, c = divmod(cell, 9)
                print(f"{puzzle} # line {number}, r{r + 1}c{c + 1} {grid[cell]} -> {d}")
                made += 1
                break
        if made == args.count:
            break


if __name__ == "__main__":
    main()
