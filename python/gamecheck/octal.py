"""Heap games: octal (and hexadecimal) take-and-break games and subtraction games.

The nim-sequences come from gamecheck's sparse-space solver; periods are proved by the
Guy–Smith theorem (octal) or by a repeated window of values (subtraction)::

    >>> from gamecheck import octal
    >>> octal.sequence("0.77", 12)          # Kayles
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    >>> octal.prove("0.77")
    Period(preperiod=71, period=12)
    >>> octal.subtraction([1, 3, 4], 8)
    [0, 1, 0, 1, 2, 3, 2, 0]

A search that runs out of ``time_budget`` (CPU seconds) or ``memory_budget`` (MiB) raises
:class:`~gamecheck.BudgetExceeded` naming the budget.
"""

from __future__ import annotations

from typing import List, NamedTuple, Optional, Sequence

from . import _native

__all__ = ["Period", "sequence", "prove", "subtraction", "subtraction_period"]


class Period(NamedTuple):
    """A proved eventual period: G(n + period) = G(n) for every n >= preperiod, both least."""

    preperiod: int
    period: int


def sequence(code: str, n: int) -> List[int]:
    """Return the Grundy values G(0), ..., G(n - 1) of the octal or hexadecimal ``code``
    (``"0.77"`` is Kayles, ``"grundy"`` Grundy's game)."""
    return _native.octal_sequence(code, n)


def prove(code: str, *, max_heaps: int = 1_000_000, time_budget: Optional[float] = None,
          memory_budget: Optional[int] = None) -> Period:
    """Return the preperiod and period of ``code``'s nim-sequence, proved by the Guy–Smith
    theorem (the values it needs computed exactly).

    Raises :class:`~gamecheck.BudgetExceeded` when a budget stops the search, ValueError
    when no period is proved within ``max_heaps`` or the theorem does not apply.
    """
    d = _native.octal_prove(code, max_heaps=max_heaps, time_budget=time_budget,
                            memory_budget=memory_budget)
    return Period(d["preperiod"], d["period"])


def subtraction(moves: Sequence[int], n: int, *, time_budget: Optional[float] = None,
                memory_budget: Optional[int] = None) -> List[int]:
    """Return the Grundy values of heaps 0..n-1 of the subtraction game whose moves take
    any number of ``moves`` stones (normal play)."""
    return list(_native.subtraction_sequence(list(moves), n, time_budget=time_budget,
                                             memory_budget=memory_budget))


def subtraction_period(moves: Sequence[int], *, misere: bool = False,
                       time_budget: Optional[float] = None,
                       memory_budget: Optional[int] = None) -> Period:
    """Return the proved preperiod and period of the subtraction game of ``moves``."""
    e, p = _native.subtraction_period(list(moves), misere=misere, time_budget=time_budget,
                                      memory_budget=memory_budget)
    return Period(e, p)
