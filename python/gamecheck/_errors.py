"""The exceptions gamecheck raises, each carrying typed values."""

from __future__ import annotations

from typing import Any, Optional


class GamecheckError(Exception):
    """Base class of gamecheck's exceptions."""


class Refuted(GamecheckError, AssertionError):
    """A formula is wrong at a position.

    Attributes: ``position`` (the least counterexample found), ``least`` (True when every
    smaller position was checked), ``says`` (what the formula said there: an
    :class:`~gamecheck.Outcome`, an int, or why its move is no move), ``truth`` (what
    the oracle says), ``moved_to`` (for a move formula whose move is wrong: the position
    it moves to, which ``says`` and ``truth`` are about), ``shrunk``, ``reason``.
    """

    position: Any
    least: bool
    least_text: str
    says: Any
    truth: Any
    moved_to: Optional[Any]
    shrunk: Any
    reason: str


class Unjudged(GamecheckError):
    """A failing position no oracle could judge (never called a counterexample)."""

    position: Any
    reason: str


class CheckAborted(GamecheckError):
    """The check could not run to its end."""


class BudgetExceeded(GamecheckError):
    """A search ran out of a budget; ``budget`` names it (time, memory, positions)."""

    budget: str


class SolutionFailed(GamecheckError, AssertionError):
    """A contest program failed on an input; the input is shrunk to the least that fails.

    Attributes: ``positions`` (the shrunk input's positions, as Python values),
    ``expected`` (the answer to each), ``output`` (what the program printed), ``verdict``
    (``wrong-answer``, ``timeout``, ``runtime-error``, ``presentation-error``),
    ``reason``, ``least`` (True when every smaller input was run), ``input`` (the shrunk
    input as text), ``first_input``, ``shrink_runs``, and for an interactive game
    ``transcript`` (the failing game as played, as text; else None). ``str(e)`` is
    gamecheck's report.
    """

    positions: list
    expected: list
    output: str
    verdict: str
    reason: str
    least: bool
    least_text: str
    input: str
    first_input: str
    shrink_runs: int
    transcript: Optional[str]
