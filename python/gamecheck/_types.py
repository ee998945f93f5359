"""Typed values the engines return: outcomes and coverage."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Dict, Optional, Tuple, Union

#: A position: an int (one count) or a tuple of ints (counts), as the game's ``arity`` says.
Position = Union[int, Tuple[int, ...]]


class Outcome(enum.Enum):
    """Who wins a position: the player to move (``WIN``), the other (``LOSS``), or no one."""

    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"

    @classmethod
    def of(cls, wins: bool) -> "Outcome":
        """Return ``WIN`` when the player to move wins, else ``LOSS``."""
        return cls.WIN if wins else cls.LOSS


@dataclass(frozen=True)
class Unjudged:
    """Cases no oracle could judge: how many, and per budget ``(cases, first reason)``."""

    cases: int = 0
    by: Dict[str, Tuple[int, str]] = field(default_factory=dict)


@dataclass(frozen=True)
class Coverage:
    """What a check covered, so that success says what it means.

    A formula wrong only beyond these bounds passes.
    """

    #: Every position with at most this many counts in all was checked, in order.
    exhaustive_total: int
    #: For a game of one count (or of heaps), every single count up to this was checked too.
    single_up_to: Optional[int]
    #: Random positions tried after the exhaustive scan.
    random_cases: int
    #: The largest count a random position was drawn with.
    random_max_count: int
    #: The largest position (by total count) an oracle judged.
    largest_judged: Optional[Position]
    #: The positions no oracle could judge, by the budget that stopped them.
    unjudged: Unjudged
    #: The coverage as gamecheck prints it.
    text: str = ""

    @classmethod
    def _from_native(cls, d: Dict[str, Any]) -> "Coverage":
        u = d.pop("unjudged")
        return cls(unjudged=Unjudged(u["cases"], dict(u["by"])), **d)

    def __str__(self) -> str:
        return self.text
