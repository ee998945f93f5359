"""Answers at positions, from the Rust search of a Python game's moves."""

from __future__ import annotations

from typing import Any, Iterable, List

from . import _native
from ._types import Outcome, Position


def grundy(game: Any, p: Position) -> int:
    """Return the Grundy value of ``p`` under normal play: the game's own ``grundy`` if it
    defines one, else a memoized search of ``moves`` in Rust (components XORed).

    Raises :class:`~gamecheck.BudgetExceeded` when the search runs out of its budget.
    """
    return _native.solve(game, "grundy", [p])[0]


def grundy_values(game: Any, positions: Iterable[Position]) -> List[int]:
    """Return the Grundy value of each position, by one search whose memo serves them all
    (``grundy_values(kayles, [(n,) for n in range(301)])``)."""
    return _native.solve(game, "grundy", list(positions))


def outcome(game: Any, p: Position, *, misere: bool = False) -> Outcome:
    """Return who wins ``p`` (normal play, or misère), as :func:`grundy` computes it."""
    return _native.solve(game, "misere" if misere else "outcome", [p])[0]
