"""Impartial games written in Python, checked against DPs written here."""

from __future__ import annotations

from functools import lru_cache

import pytest

import gamecheck
from gamecheck import Outcome, Refuted, check


class Take134:
    """Take 1, 3 or 4 stones; whoever cannot move loses."""

    def moves(self, n):
        return [n - k for k in (1, 3, 4) if n >= k]


class Kayles:
    """A row of pins; knock down one pin or two adjacent ones. A position: a tuple of rows."""

    arity = None
    max_count = 200

    def moves(self, rows):
        out = []
        for i, n in enumerate(rows):
            rest = rows[:i] + rows[i + 1:]
            for take in (1, 2):
                for left in range(0, (n - take) // 2 + 1):
                    if take <= n:
                        parts = [r for r in (left, n - take - left) if r > 0]
                        out.append(tuple(sorted(rest + tuple(parts))))
        return out

    def components(self, rows):
        return [(n,) for n in rows if n > 0]


def kayles_dp(limit):
    """Kayles' Grundy values by the mex of every split, written independently."""
    g = [0] * (limit + 1)
    for n in range(1, limit + 1):
        seen = set()
        for take in (1, 2):
            for left in range(0, n - take + 1):
                if n - take >= 0:
                    seen.add(g[left] ^ g[n - take - left])
        g[n] = next(v for v in range(len(seen) + 1) if v not in seen)
    return g


def take134_dp(limit):
    win = [False] * (limit + 1)
    for n in range(limit + 1):
        win[n] = any(n >= k and not win[n - k] for k in (1, 3, 4))
    return win


def test_take134_losses_are_0_and_2_mod_7_as_a_dp_says():
    win = take134_dp(200)
    assert [n for n in range(200) if not win[n]] == [n for n in range(200) if n % 7 in (0, 2)]
    coverage = check.outcome(Take134(), lambda n: n % 7 not in (0, 2))
    assert coverage.exhaustive_total >= 1000 and coverage.single_up_to >= 1000
    assert coverage.unjudged.cases == 0


def test_parity_is_refuted_at_its_least_counterexample_4():
    win = take134_dp(10)
    least = next(n for n in range(10) if win[n] != (n % 2 == 1))
    with pytest.raises(Refuted) as caught:
        check.outcome(Take134(), lambda n: n % 2 == 1)
    e = caught.value
    assert (e.position, e.says, e.truth, e.least) == (least, Outcome.LOSS, Outcome.WIN, True)
    assert least == 4


def test_kayles_grundy_values_to_heap_200_match_a_dp():
    g = kayles_dp(200)
    values = {}

    def formula(rows):
        v = 0
        for n in rows:
            v ^= g[n]
        values[rows] = v
        return v

    check.grundy(Kayles(), formula, cases=64)
    # The engine itself, through a formula that records what it is asked and a fast
    # path it never sees: every row up to 200 is asked and agrees.
    seen = sorted(rows[0] for rows in values if len(rows) == 1 and rows[0] <= 200)
    assert seen == list(range(1, 201))


def test_a_wrong_kayles_entry_is_refuted_at_that_row_with_the_dp_value():
    g = kayles_dp(200)
    wrong = list(g)
    wrong[60] ^= 3

    def formula(rows):
        v = 0
        for n in rows:
            v ^= wrong[n]
        return v

    with pytest.raises(Refuted) as caught:
        check.grundy(Kayles(), formula, cases=64)
    assert caught.value.position == (60,)
    assert (caught.value.says, caught.value.truth) == (g[60] ^ 3, g[60])


def test_sum_of_take134_heaps_is_decided_by_the_xor_of_a_grundy_dp():
    @lru_cache(None)
    def grundy(n):
        options = {grundy(n - k) for k in (1, 3, 4) if n >= k}
        return next(v for v in range(5) if v not in options)

    def formula(heaps):
        x = 0
        for n in heaps:
            x ^= grundy(n)
        return x != 0

    check.outcome(Take134(), formula, sum=True, cases=64)
    with pytest.raises(Refuted) as caught:
        check.outcome(Take134(), lambda heaps: sum(heaps) % 2 == 1, sum=True, cases=64)
    heaps = caught.value.position
    x = 0
    for n in heaps:
        x ^= grundy(n)
    assert (x != 0) != (sum(heaps) % 2 == 1)


def test_winning_move_refuted_where_it_moves_to_a_won_position():
    win = take134_dp(50)

    def move(n):  # always take one stone where the position is won
        return n - 1 if n >= 1 and win[n] else None

    with pytest.raises(Refuted) as caught:
        check.winning_move(Take134(), move)
    n = caught.value.position
    assert win[n] and win[n - 1]
    assert caught.value.moved_to == n - 1
    assert n == next(m for m in range(50) if win[m] and win[m - 1])


def misere_loses(limit):
    """Misère take-{1,3,4}: with no move the player to move wins; a DP written here."""
    lose = [False] * (limit + 1)
    for n in range(limit + 1):
        options = [n - k for k in (1, 3, 4) if n >= k]
        lose[n] = bool(options) and all(not lose[m] for m in options)
    return lose


def test_misere_take134_matches_a_misere_dp_and_normal_play_is_refuted():
    lose = misere_loses(1 << 16)
    check.misere(Take134(), lambda n: not lose[n], cases=64)
    with pytest.raises(Refuted) as caught:
        check.misere(Take134(), lambda n: n % 7 not in (0, 2))
    n = caught.value.position
    assert n == next(m for m in range(60) if lose[m] == (m % 7 not in (0, 2)))


def test_the_same_seed_checks_the_same_positions():
    asked = [[], []]
    for run in asked:
        check.grundy(Kayles(), lambda rows, run=run: run.append(rows) or kayles_xor(rows), seed=7, cases=32)
    assert asked[0] == asked[1]


def kayles_xor(rows, _g=kayles_dp(200)):
    v = 0
    for n in rows:
        v ^= _g[n]
    return v
