"""Paired CPU times of the Python door against pure-Python baselines (docs/performance.md).

    python python/bench/speed.py            # needs `pip install ./python pycgt==0.1.0`

Each figure is the median CPU time (time.process_time) of 5 runs in this one process, the
two sides alternated; every pair is checked to agree before it is timed.
"""

from __future__ import annotations

import statistics
import sys
import time

import gamecheck
from gamecheck import partizan

RUNS = 5


class Kayles:
    """Kayles in Python: a tuple of rows; knock down one pin or two adjacent ones."""

    arity = None
    max_len = 2

    def moves(self, rows):
        out = []
        for i, n in enumerate(rows):
            rest = rows[:i] + rows[i + 1:]
            for take in (1, 2):
                for left in range(0, (n - take) // 2 + 1):
                    parts = tuple(r for r in (left, n - take - left) if r > 0)
                    out.append(tuple(sorted(rest + parts)))
        return out

    def components(self, rows):
        return [(n,) for n in rows]


def kayles_mex(limit):
    """Kayles' values to ``limit`` by a plain Python mex over every split."""
    g = [0] * (limit + 1)
    for n in range(1, limit + 1):
        seen = set()
        for take in (1, 2):
            for left in range(0, n - take + 1):
                seen.add(g[left] ^ g[n - take - left])
        v = 0
        while v in seen:
            v += 1
        g[n] = v
    return g


def pycgt_kayles(limit):
    """Kayles in pycgt 0.1, which has no Kayles, octal or generic impartial game: each
    heap's canonical form built from its options (sums of two smaller heaps) by pycgt's
    own ``game`` and ``add``, as a pycgt user writes it."""
    from pycgt.game import ZERO, add, game

    values = [ZERO]
    for n in range(1, limit + 1):
        options = {add(values[a], values[n - take - a])
                   for take in (1, 2) if n >= take for a in range(0, (n - take) // 2 + 1)}
        values.append(game(options, options))
    return values


class Domineering:
    """Domineering in Python: a position is a tuple of row strings, '.' empty."""

    def place(self, rows, vertical):
        out = []
        r, c = len(rows), len(rows[0])
        for i in range(r):
            for j in range(c):
                if rows[i][j] != ".":
                    continue
                if vertical and i + 1 < r and rows[i + 1][j] == ".":
                    b = list(rows)
                    b[i] = b[i][:j] + "#" + b[i][j + 1:]
                    b[i + 1] = b[i + 1][:j] + "#" + b[i + 1][j + 1:]
                    out.append(tuple(b))
                if not vertical and j + 1 < c and rows[i][j + 1] == ".":
                    b = list(rows)
                    b[i] = b[i][:j] + "##" + b[i][j + 2:]
                    out.append(tuple(b))
        return out

    def left_moves(self, rows):
        return self.place(rows, True)

    def right_moves(self, rows):
        return self.place(rows, False)


class Take1:
    """The cheapest moves: one call per position, one option."""

    calls = 0

    def moves(self, n):
        Take1.calls += 1
        return [n - 1] if n else []


def cold_pycgt():
    """Forget pycgt's memos (functools caches, its >= cache): each run starts cold, as ours."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("pycgt"):
            continue
        for attr in vars(module).values():
            if hasattr(attr, "cache_clear"):
                attr.cache_clear()
            elif isinstance(attr, dict) and attr and name.endswith("game"):
                pass
        cache = getattr(module, "_geq_cache", None)
        if isinstance(cache, dict):
            cache.clear()


def sprague_grundy(game, limit):
    """The same moves in a generic Python solver: a memoized mex of the options' values,
    components XORed — what a Python user writes without gamecheck."""
    memo = {}

    def g(p):
        parts = game.components(p)
        if len(parts) != 1:
            x = 0
            for c in parts:
                x ^= g(c)
            return x
        if p in memo:
            return memo[p]
        seen = {g(q) for q in game.moves(p)}
        v = 0
        while v in seen:
            v += 1
        memo[p] = v
        return v

    return [g((n,)) if n else 0 for n in range(limit + 1)]


def cpu(f):
    start = time.process_time()
    result = f()
    return time.process_time() - start, result


def paired(name, ours, theirs, same):
    mine, other = [], []
    for _ in range(RUNS):
        t, a = cpu(ours)
        mine.append(t)
        u, b = cpu(theirs)
        other.append(u)
        assert same(a, b), f"{name}: the two sides disagree"
    m, o = statistics.median(mine), statistics.median(other)
    print(f"| {name} | {m:.3f} s | {o:.3f} s | {o / m:.1f}x |", flush=True)


def main():
    print("| run | gamecheck (Python door) | baseline | speed-up |")
    print("|---|---|---|---|")
    paired(
        "Kayles heaps 0..300, moves in Python vs a plain Python mex",
        lambda: gamecheck.grundy_values(Kayles(), [(n,) if n else () for n in range(301)]),
        lambda: kayles_mex(300),
        lambda a, b: a == b,
    )
    paired(
        "Kayles heaps 0..300, moves in Python: Rust engine vs a generic Python memoized mex",
        lambda: gamecheck.grundy_values(Kayles(), [(n,) if n else () for n in range(301)]),
        lambda: sprague_grundy(Kayles(), 300),
        lambda a, b: a == b,
    )
    try:
        from pycgt.notation import render
        from pycgt.rulesets import domineering as pd
        from pycgt.values import nimber
    except ImportError:
        print("pycgt is not installed: pip install pycgt==0.1.0", file=sys.stderr)
        return
    for limit in (24, 32):
        paired(
            f"Kayles heaps 0..{limit}, moves in Python vs Kayles in pycgt (its game and add)",
            lambda: gamecheck.grundy_values(Kayles(), [(n,) if n else () for n in range(limit + 1)]),
            lambda: cold_pycgt() or pycgt_kayles(limit),
            lambda a, b: [nimber(g) for g in a] == b,
        )
    for rows, cols in [(2, 6), (2, 8), (2, 10), (3, 4), (3, 5), (3, 6)]:
        board = tuple("." * cols for _ in range(rows))
        paired(
            f"Domineering {rows}x{cols}, built-in family vs pycgt",
            lambda: partizan.domineering((rows, cols)),
            lambda: cold_pycgt() or pd.rectangle(rows, cols),
            lambda a, b: a == partizan.parse(render(b)),
        )
        paired(
            f"Domineering {rows}x{cols}, moves in Python vs pycgt",
            lambda: partizan.value(Domineering(), board),
            lambda: cold_pycgt() or pd.rectangle(rows, cols),
            lambda a, b: a == partizan.parse(render(b)),
        )
    class Counted(Kayles):
        asked = {"moves": [], "components": []}

        def moves(self, rows):
            Counted.asked["moves"].append(rows)
            return super().moves(rows)

        def components(self, rows):
            Counted.asked["components"].append(rows)
            return super().components(rows)

    gamecheck.grundy_values(Counted(), [(n,) if n else () for n in range(301)])
    for name, asked in Counted.asked.items():
        print(f"\nKayles 0..300 through the door: {len(asked)} `{name}` calls "
              f"for {len(set(asked))} distinct positions", end="")
    print()
    n = 20_000
    Take1.calls = 0
    t, _ = cpu(lambda: gamecheck.grundy(Take1(), n))
    calls = Take1.calls
    game = Take1()
    u, _ = cpu(lambda: [game.moves(k) for k in range(n + 1)])
    print(f"\ncallback: {calls} moves calls in {t:.3f} s CPU = {t / calls * 1e6:.2f} us a call; "
          f"the same calls made from Python: {u / (n + 1) * 1e6:.2f} us a call; "
          f"overhead of the door {max(t / calls - u / (n + 1), 0) * 1e6:.2f} us a call")


if __name__ == "__main__":
    main()
