"""Heap games from Python against a plain mex written here."""

from __future__ import annotations

import pytest

from gamecheck import BudgetExceeded, octal


def octal_mex(code, n):
    """G(0..n-1) of an octal code by the plain mex of every option, written here.

    Digit d_k of ``0.d1d2...``: bit 0 allows taking k leaving 0 heaps, bit 1 leaving one,
    bit 2 leaving two.
    """
    digits = [int(c) for c in code.split(".")[1]]
    g = []
    for h in range(n):
        seen = set()
        for k, d in enumerate(digits, start=1):
            if k > h:
                break
            rest = h - k
            if d & 1 and rest == 0:
                seen.add(0)
            if d & 2 and rest > 0:
                seen.add(g[rest])
            if d & 4 and rest > 1:
                for a in range(1, rest // 2 + 1):
                    seen.add(g[a] ^ g[rest - a])
        g.append(next(v for v in range(len(seen) + 1) if v not in seen))
    return g


@pytest.mark.parametrize("code", ["0.77", "0.137", "0.16", "0.6", "0.07"])
def test_sequence_matches_a_plain_mex(code):
    assert octal.sequence(code, 300) == octal_mex(code, 300)


def test_kayles_period_is_12_from_71_and_the_values_repeat():
    e, p = octal.prove("0.77")
    assert (e, p) == (71, 12)
    g = octal_mex("0.77", 400)
    assert all(g[n + p] == g[n] for n in range(e, 400 - p))
    assert g[e - 1 + p] != g[e - 1]


def test_0_16_proves_its_published_period():
    # Gangolli and Plambeck (1989): 0.16 has period 149459 from preperiod 105351.
    assert octal.prove("0.16") == (105351, 149459)


def test_a_tight_time_budget_raises_budget_exceeded_naming_time():
    with pytest.raises(BudgetExceeded) as caught:
        octal.prove("0.6", time_budget=0.05)
    assert caught.value.budget == "time"


def test_subtraction_values_and_period_match_a_mex():
    moves = [2, 5, 6]
    g = []
    for n in range(200):
        seen = {g[n - m] for m in moves if n >= m}
        g.append(next(v for v in range(4) if v not in seen))
    assert octal.subtraction(moves, 200) == g
    e, p = octal.subtraction_period(moves)
    assert all(g[n + p] == g[n] for n in range(e, 200 - p))
    with pytest.raises(ValueError):
        octal.subtraction([0, 2], 5)
