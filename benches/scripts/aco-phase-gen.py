#!/usr/bin/env python3
"""Extra instances for the phase experiment, made as Lloyd and Amos made theirs: a
solution of the empty grid found by the ant colony (`sudoku-arena solve -b aco:seed=K`
on a blank grid), with ceil(f% of the cells) kept at random (Python's seeded
`random.Random`), for f = 0, 5, ..., 100. Not guaranteed unique, always solvable.
One puzzle per line in compact form, labelled `genNxN_f_i`.
    benches/scripts/aco-phase-gen.py BOX_ORDER PER_FRACTION SEED_BASE [BIN] > file.txt
e.g. benches/scripts/aco-phase-gen.py 4 20 16000 > benches/data/aco-phase-16x16-generated.txt
"""
import json
import random
import subprocess
import sys

order, per, base = (int(a) for a in sys.argv[1:4])
binary = sys.argv[4] if len(sys.argv) > 4 else "target/release/sudoku-arena"
side = order * order
cells = side * side
alphabet = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:side]
print(f"# {side}x{side}, {per} per fixed-cell percentage 0..100: aco solutions of the "
      f"empty grid (seeds from {base}), ceil(f% of {cells}) cells kept at random")
for f in range(0, 101, 5):
    for i in range(per):
        seed = base + f * 100 + i
        run = subprocess.run(
            [binary, "solve", "-b", f"aco:seed={seed}", "--format", "json",
             "--timeout", "60", "-"],
            input="." * cells + "\n", capture_output=True, text=True, check=True)
        solution = json.loads(run.stdout.splitlines()[0])["solution"]
        assert solution and len(solution) == cells, run.stdout[:300]
        keep = set(random.Random(seed).sample(range(cells), -(-f * cells // 100)))
        line = "".join(solution[c] if c in keep else "." for c in range(cells))
        assert all(ch in alphabet + "." for ch in line)
        print(f"{line}  # gen{side}x{side}_{f}_{i}")
