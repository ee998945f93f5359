"""gamecheck: prove and stress-test solutions to combinatorial games.

A game is its moves: write them in Python, and gamecheck's Rust engines judge formulas,
values and contest programs against oracles computed from the moves alone.

>>> import gamecheck
>>> class Take134:
...     def moves(self, n):
...         return [n - k for k in (1, 3, 4) if n >= k]
>>> gamecheck.check.outcome(Take134(), lambda n: n % 7 not in (0, 2)).single_up_to
1536
"""

from . import check, octal, partizan
from ._errors import (BudgetExceeded, CheckAborted, GamecheckError, Refuted, SolutionFailed,
                      Unjudged)
from ._format import Field, Format, Interactive, Output
from ._native import __version__
from ._solve import grundy, grundy_values, outcome
from ._stress import Passed, stress
from ._types import Coverage, Outcome, Position

__all__ = [
    "__version__",
    "check",
    "octal",
    "partizan",
    "Coverage",
    "Outcome",
    "Position",
    "GamecheckError",
    "Refuted",
    "Unjudged",
    "CheckAborted",
    "BudgetExceeded",
    "SolutionFailed",
    "stress",
    "grundy",
    "grundy_values",
    "outcome",
    "Passed",
    "Format",
    "Field",
    "Output",
    "Interactive",
]
