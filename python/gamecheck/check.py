"""Check a formula for a game written in Python against oracles computed from its moves.

Each function scans the least positions in order, then seeded random ones, and judges each
by the rules (a memoized search of ``moves`` in Rust). On success it returns the
:class:`~gamecheck.Coverage`; on failure it raises :class:`~gamecheck.Refuted` carrying the
least counterexample as Python values. A case an oracle could not judge within its budget
is counted in ``Coverage.unjudged``, never called a counterexample.

A game is any object with ``moves(self, p)`` returning the positions one move reaches.
Positions are ints, or tuples of ints when the class sets ``arity`` (``arity = None``:
tuples of any length, such as a list of heaps). Optional: ``check_position(p)`` (None or
True when valid, else a str saying why not), ``max_count``, ``max_len``,
``components(p)`` (the independent parts of a sum), ``grundy(p)``, ``outcome(p)``.

The seed and the number of random cases default to ``GAMECHECK_SEED`` (else 1) and
``GAMECHECK_CASES`` (else 256): the same call checks the same positions.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Union

from . import _native
from ._types import Coverage, Outcome, Position

__all__ = ["outcome", "misere", "grundy", "winning_move"]

OutcomeFormula = Callable[[Any], Union[bool, Outcome]]


def _run(game: Any, question: str, formula: Callable[[Any], Any], seed: Optional[int],
         cases: Optional[int], sum: bool) -> Coverage:
    return Coverage._from_native(
        _native.check_formula(game, question, formula, seed=seed, cases=cases, sum=sum)
    )


def outcome(game: Any, formula: OutcomeFormula, *, seed: Optional[int] = None,
            cases: Optional[int] = None, sum: bool = False) -> Coverage:
    """Check who wins under normal play (the player who cannot move loses).

    ``formula(p)`` returns True (or ``Outcome.WIN``) when the player to move wins at
    ``p``. With ``sum=True`` a position is a tuple of heaps of the game, played as a
    disjunctive sum.

    Returns the coverage; raises :class:`~gamecheck.Refuted` at the least
    counterexample found.

    >>> class Take134:
    ...     def moves(self, n):
    ...         return [n - k for k in (1, 3, 4) if n >= k]
    >>> outcome(Take134(), lambda n: n % 7 not in (0, 2)).single_up_to
    1536
    """
    return _run(game, "outcome", formula, seed, cases, sum)


def misere(game: Any, formula: OutcomeFormula, *, seed: Optional[int] = None,
           cases: Optional[int] = None, sum: bool = False) -> Coverage:
    """Check who wins under misère play (the player who cannot move wins).

    As :func:`outcome` otherwise.
    """
    return _run(game, "misere", formula, seed, cases, sum)


def grundy(game: Any, formula: Callable[[Any], int], *, seed: Optional[int] = None,
           cases: Optional[int] = None, sum: bool = False) -> Coverage:
    """Check the Grundy value: ``formula(p)`` returns an int.

    A position whose ``components`` split it is judged two ways, by the joint search and
    by the XOR of its components' values. As :func:`outcome` otherwise.
    """
    return _run(game, "grundy", formula, seed, cases, sum)


def winning_move(game: Any, formula: Callable[[Any], Optional[Position]], *,
                 seed: Optional[int] = None, cases: Optional[int] = None) -> Coverage:
    """Check a winning move: ``formula(p)`` returns a position one move away that is lost
    for the player to move there, or None exactly where ``p`` is lost.

    A wrong move is refuted with ``moved_to`` set. As :func:`outcome` otherwise.
    """
    return _run(game, "winning_move", formula, seed, cases, False)
