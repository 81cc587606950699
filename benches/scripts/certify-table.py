#!/usr/bin/env python3
"""What certificates cost, per encoding: runs `solve -b dlx --certify` on each puzzle
file with each prover, checks every directory with `verify-certificate`, and, where
they are on the PATH (or named), with `rate` and `drat-trim`; prints one markdown row per
file and prover: certificates written and verified, proof size (KiB, lemmas; for
rules:house-count, steps), time to prove (the prover's wall time per puzzle) and to check (ours: the proof check alone;
rate and drat-trim: their own reported time), each as p10/median/p90.

usage: certify-table.py [--binary BIN] [--provers sat:naive,...] [--rate RATE]
                        [--drat-trim DRAT_TRIM] [--keep DIR] FILE...
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import tempfile
import time


def spread(values, digits=1):
    if not values:
        return "-"
    v = sorted(values)
    at = lambda q: v[round((len(v) - 1) * q)]
    return "/".join(f"{at(q):.{digits}f}" for q in (0.1, 0.5, 0.9))


def tool_time(cmd, pattern):
    """Runs a checker; (verified, its own reported seconds)."""
    out = subprocess.run(cmd, capture_output=True, text=True)
    text = out.stdout + out.stderr
    verified = "s VERIFIED" in text
    m = re.search(pattern, text)
    return verified, float(m.group(1)) if m else float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default="target/release/sudoku-arena")
    ap.add_argument("--provers", default="sat:naive,sat:efficient,sat:extended,sat:reduced")
    ap.add_argument("--rate", default=shutil.which("rate"))
    ap.add_argument("--drat-trim", default=shutil.which("drat-trim"))
    ap.add_argument("--keep", help="keep the certificates under this directory")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    root = args.keep or tempfile.mkdtemp(prefix="certify-table-")
    print("| file | prover | written (u/n/m) | verified: ours / rate / drat-trim | proof KiB | lemmas "
          "| solve+certify s | prove ms | check ms: ours | rate ms | drat-trim ms |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for path in args.files:
        for prover in args.provers.split(","):
            d = os.path.join(root, os.path.basename(path) + "-" + prover.replace(":", "-"))
            start = time.perf_counter()
            # No deadline: varisat then proves in this process, timed alone.
            subprocess.run([args.binary, "solve", "-b", "dlx", "--timeout", "none", path,
                            "--certify", d, "--certify-with", prover, "--force"],
                           check=False, capture_output=True)
            solve_s = time.perf_counter() - start
            m = json.load(open(os.path.join(d, "manifest.json")))
            entries = [e for e in m["entries"] if "note" not in e]
            verdicts = [e["verdict"] for e in entries]
            proofs = [e for e in entries if "proof" in e]
            # DRAT proofs, or the house-count proofs of rules:house-count (steps, not lemmas).
            sized = [e for e in entries if "proof_size" in e]
            out = subprocess.run([args.binary, "verify-certificate", d], capture_output=True, text=True)
            # name, verdict, puzzle, status, what was checked, proof check time
            lines = [l.split("\t") for l in out.stdout.splitlines()]
            ours_ok = sum(1 for l in lines if l[3] == "ok")
            check_ms = [float(l[5].split()[0]) for l in lines if l[3] == "ok" and l[1] != "multiple"]
            rate_ok = rate_ms = trim_ok = trim_ms = None
            if args.rate:
                rate_ok, rate_ms = 0, []
                for e in proofs:
                    cnf, drat = os.path.join(d, e["cnf"]), os.path.join(d, e["proof"])
                    if any(line == "0" for line in open(cnf).read().splitlines()):
                        # The CNF holds the empty clause (rate 0.3.0 stops on it).
                        rate_ok += 1
                        continue
                    ok, secs = tool_time([args.rate, cnf, drat], r"total time \(s\):\s+([\d.]+)")
                    rate_ok += ok
                    rate_ms.append(secs * 1000)
            if args.drat_trim:
                trim_ok, trim_ms = 0, []
                for e in proofs:
                    cnf, drat = os.path.join(d, e["cnf"]), os.path.join(d, e["proof"])
                    ok, secs = tool_time([args.drat_trim, cnf, drat], r"verification time: ([\d.]+)")
                    trim_ok += ok
                    if secs == secs:
                        trim_ms.append(secs * 1000)
            kib = [e["proof_size"][2] / 1024 for e in sized]
            lemmas = [e["proof_size"][0] for e in sized]
            prove = [e["prove_ms"] for e in sized]
            count = lambda v: verdicts.count(v)
            written = f"{len(entries)} ({count('unique')}/{count('none')}/{count('multiple')})"
            verified = f"{ours_ok} / {rate_ok if rate_ok is not None else '-'} (of {len(proofs)} proofs) / {trim_ok if trim_ok is not None else '-'}"
            print(f"| {os.path.basename(path)} | {prover} | {written} | {verified} | {spread(kib)} "
                  f"| {spread(lemmas, 0)} | {solve_s:.1f} | {spread(prove)} | {spread(check_ms)} "
                  f"| {spread(rate_ms) if rate_ms is not None else '-'} | {spread(trim_ms) if trim_ms is not None else '-'} |",
                  flush=True)
    if not args.keep:
        shutil.rmtree(root)


if __name__ == "__main__":
    main()
