#!/usr/bin/env python3
"""Fails when modules of src/ depend on each other in a cycle, when a room of the
house imports one on its own floor or above it (arrows only point down), or when a
certificate checker (INDEPENDENT) uses a room it must not.

Each file is a module (`src/backends/csp/engine.rs` is `backends::csp::engine`). A
module depends on another when it names it through `crate::`, `super::` or `self::`
paths, or through a submodule it declares. A module naming one of its own ancestors is
not counted (a child using the shared types of its parent is how Rust folders work);
every other dependency is, so two siblings that use each other, or a module and a
cousin, form a cycle. Prints the cycles found, or how many modules were checked.

The top-level modules (the rooms) stand on the floors of FLOORS; a dependency between
two rooms must go to a lower floor. The crate root (lib.rs and main.rs, which declares
the command line) and the test-only room are not rooms of a floor.
"""
import pathlib
import re
import sys

SRC = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent / "src"


# The rooms, lowest floor first: a room may use only rooms on floors below its own.
FLOORS = {
    "clock": 1, "rng": 1, "process": 1, "words": 1, "proof": 1,
    "model": 2,
    "error": 3, "graph": 3, "solver": 3,
    "input": 4,
    "backends": 5,
    "harness": 6, "analysis": 6, "generate": 6, "certificate": 6,
    "cli": 7,
}
# Not a room of a floor: compiled for the tests only.
TEST_ONLY = {"test_support"}
# The checkers of certificates, which must share no code with the solvers whose work
# they check: each module (and those inside it) may use only the rooms listed.
INDEPENDENT = {
    ("proof",): set(),
    ("certificate", "house_count", "check"): {"model"},
    ("certificate", "reference"): {"model"},
}


def module_of(path):
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts.pop()
    return tuple(parts)


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(line.split("//")[0] for line in text.splitlines())


def main():
    files = {module_of(p): p for p in SRC.rglob("*.rs")}
    modules = set(files)
    edges = {m: set() for m in modules}

    def resolve(path):
        """The longest module that is a prefix of `path`."""
        for k in range(len(path), -1, -1):
            if path[:k] in modules:
                return path[:k]
        return None

    for mod, path in files.items():
        text = strip_comments(path.read_text())
        declared = set(re.findall(r"^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", text, re.M))
        # Expand `use a::{b, c::d}` into the paths it names.
        names = []
        for start, group in re.findall(r"\b((?:crate|super|self|\w+)(?:::\w+)*)::\{([^}]*)\}", text):
            for item in group.split(","):
                item = item.strip().split(" as ")[0]
                if item:
                    names.append(start + "::" + item)
        names += re.findall(r"\b(?:crate|super|self)(?:::\w+)+", text)
        names += [n for n in re.findall(r"\b(\w+(?:::\w+)+)", text) if n.split("::")[0] in declared]
        for name in names:
            parts = name.split("::")
            if parts[0] == "crate":
                base, rest = (), parts[1:]
            elif parts[0] in ("super", "self"):
                base = mod
                while parts and parts[0] in ("super", "self"):
                    if parts[0] == "super":
                        base = base[:-1]
                    parts = parts[1:]
                rest = parts
            elif parts[0] in declared:
                base, rest = mod, parts
            else:
                continue
            target = resolve(base + tuple(p for p in rest if p != "self"))
            if target is None or target == mod or mod[: len(target)] == target:
                continue  # itself, or an ancestor
            edges[mod].add(target)

    # Tarjan's strongly connected components.
    index, low, on_stack, stack, cycles = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(component)

    sys.setrecursionlimit(10000)
    for v in sorted(modules):
        if v not in index:
            visit(v)
    name = lambda m: "::".join(m) or "crate"
    upward = []
    for a in sorted(modules):
        for b in sorted(edges[a]):
            if not a or not b or a[0] == b[0] or TEST_ONLY & {a[0], b[0]}:
                continue
            floor_a, floor_b = FLOORS.get(a[0]), FLOORS.get(b[0])
            if floor_a is None or floor_b is None:
                missing = a[0] if floor_a is None else b[0]
                upward.append(f"{missing}: a room FLOORS does not place (.ci/module-cycles.py)")
            elif floor_b >= floor_a:
                upward.append(f"{name(a)} (floor {floor_a}) uses {name(b)} (floor {floor_b})")
    for prefix, allowed in INDEPENDENT.items():
        for a in sorted(m for m in modules if m[: len(prefix)] == prefix):
            for b in sorted(edges[a]):
                if b[: len(prefix)] != prefix and b[0] not in allowed:
                    upward.append(f"{name(a)} checks the solvers' work and may not use {name(b)}")
    for c in cycles:
        print("module cycle:", " <-> ".join(sorted(name(m) for m in c)))
    for line in sorted(set(upward)):
        print("not downward:", line)
    if cycles or upward:
        return 1
    print(f"no module cycle among {len(modules)} modules of src/, and every room uses only rooms below it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
