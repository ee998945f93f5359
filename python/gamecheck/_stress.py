"""Stress a contest program of a game written in Python."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Optional, Union

from . import _native
from ._format import Format


@dataclass(frozen=True)
class Passed:
    """What a passing stress run covered."""

    #: Inputs run.
    inputs: int
    #: The ranges they were drawn within, for people.
    ranges: str
    #: gamecheck's report, as ``gamecheck stress`` prints it.
    text: str

    def __str__(self) -> str:
        return self.text


def stress(game: Any, solution: Union[str, "os.PathLike[str]"], *, seed: Optional[int] = None,
           cases: Optional[int] = None, jobs: Optional[int] = None,
           timeout: Optional[float] = None, grundy: bool = False, misere: bool = False,
           rules_only: bool = False, out_dir: Optional[str] = None,
           format: Optional[Format] = None) -> Passed:
    """Run a contest program of ``game`` on generated inputs and judge its answers.

    The input is written in ``format`` (a :class:`~gamecheck.Format`), else the game's
    own ``format`` attribute, else a line ``T``, then ``T`` positions, one per line (an
    int, or the counts of a tuple separated by spaces), the program printing ``First`` or
    ``Second`` per case (the Grundy value with ``grundy=True``). ``solution`` is a command (``"./sol"``,
    ``"python3 sol.py"``) or a source file (``sol.cpp``, ``sol.c``, ``sol.py``,
    ``Sol.java``), built once. Inputs start tiny and respect ``game.max_count``; the
    expected answers come from the rules (a search of ``moves`` in Rust) and the game's
    own ``grundy``/``outcome`` where they reach further (``rules_only=True``: the rules
    alone). ``seed`` and ``cases`` default to ``GAMECHECK_SEED`` (else 1) and
    ``GAMECHECK_CASES`` (else 200); ``timeout`` is seconds of CPU per run (2).

    Returns :class:`Passed`; raises :class:`~gamecheck.SolutionFailed` with the least
    failing input found, shrunk, its positions and expected answers as Python values.
    """
    d = _native.stress_solution(game, os.fspath(solution), seed=seed, cases=cases, jobs=jobs,
                                timeout=timeout, grundy=grundy, misere=misere,
                                rules_only=rules_only, out_dir=out_dir, format=format)
    return Passed(**d)
