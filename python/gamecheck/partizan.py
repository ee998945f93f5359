"""Partizan games: Left and Right move differently, and a position has a value.

A game written in Python is an object with ``left_moves(self, p)`` and
``right_moves(self, p)`` returning positions (an int, a str, or a tuple of them), and
optionally ``components(self, p)`` (the independent parts of a sum). :func:`value` returns
its canonical form, computed in Rust with the moves called back::

    >>> from gamecheck import partizan
    >>> class Cut:  # a strip of n squares; Left takes 1, Right takes 2
    ...     def left_moves(self, n): return [n - 1] if n >= 1 else []
    ...     def right_moves(self, n): return [n - 2] if n >= 2 else []
    >>> str(partizan.value(Cut(), 3))
    '1/2'

Values are written in CGSuite notation, parse back (:func:`parse`), add, negate and
compare (``<=`` is the partial order of games; ``a.confused(b)`` is CGSuite's ``a || b``),
and have an ``outcome`` class, a ``mean``, a ``temperature`` and a ``thermograph()``.

Every search is bounded: ``time_budget`` (CPU seconds) and ``memory_budget`` (MiB) default
to gamecheck's; a search that runs out raises :class:`~gamecheck.BudgetExceeded` naming
the budget.
"""

from __future__ import annotations

from typing import Any, Iterable, Optional, Sequence, Tuple

from . import _native
from ._native import Value

__all__ = ["Value", "value", "parse", "domineering", "hackenbush", "toads_and_frogs", "cutcake"]


def value(game: Any, p: Any, *, time_budget: Optional[float] = None,
          memory_budget: Optional[int] = None) -> Value:
    """Return the value of position ``p`` of a partizan game written in Python."""
    return _native.value(game, p, time_budget=time_budget, memory_budget=memory_budget)


def parse(text: str) -> Value:
    """Return the value written in CGSuite notation: ``"{1|0}"``, ``"^*"``, ``"-3/4"``.

    Raises ValueError naming where the text stops making sense.

    >>> parse("{1|0}") + parse("{0|-1}") == parse("+-1") + parse("0")
    False
    >>> parse("1/2") + parse("1/2") == parse("1")
    True
    """
    return _native.parse(text)


def domineering(board: Any, *, time_budget: Optional[float] = None,
                memory_budget: Optional[int] = None) -> Value:
    """Return the value of a Domineering board (Left places vertical dominoes).

    ``board`` is ``(rows, cols)`` for an empty rectangle, or its rows as strings, ``.``
    empty and ``#`` filled (at most 64 cells).

    >>> str(domineering((2, 2)))
    '+-1'
    """
    if isinstance(board, tuple) and len(board) == 2 and all(isinstance(n, int) for n in board):
        rows, cols = board
        board = ["." * cols] * rows
    return _native.domineering(list(board), time_budget=time_budget, memory_budget=memory_budget)


def hackenbush(edges: str, *, time_budget: Optional[float] = None,
               memory_budget: Optional[int] = None) -> Value:
    """Return the value of a Hackenbush string, edges from the ground up: ``B`` (Left's),
    ``R`` (Right's), ``G`` (either's).

    >>> str(hackenbush("BR"))
    '1/2'
    """
    return _native.hackenbush(edges, time_budget=time_budget, memory_budget=memory_budget)


def toads_and_frogs(row: str, *, time_budget: Optional[float] = None,
                    memory_budget: Optional[int] = None) -> Value:
    """Return the value of a Toads and Frogs row: ``T`` (Left's, moving right), ``F``
    (Right's, moving left), ``_`` empty.

    >>> str(toads_and_frogs("T_F"))
    '0'
    """
    return _native.toads_and_frogs(row, time_budget=time_budget, memory_budget=memory_budget)


def cutcake(*cakes: Tuple[int, int]) -> Value:
    """Return the value of a sum of Cutcake cakes ``(width, height)``: Left cuts the
    width, Right the height.

    >>> str(cutcake((2, 1)))
    '1'
    """
    return _native.cutcake(list(cakes))
