"""A contest's input and output, described as data: the Rust ``Format`` as a Python builder.

A game says how its contest input is written with a class attribute ``format`` (or
``stress(..., format=...)``); ``solve``, ``stress`` and ``repro`` then read, write,
generate, shrink and judge through it, so every input they write is valid::

    class TakeUpToK:                       # take 1..k stones; the input states k
        arity = 2                          # a position is (k, n)
        format = (Format.cases(1, 100)
                  .common(Field.number("k", 1, 10))
                  .line(Field.number("n", 0, 1000))
                  .answer(Output.winner("Alice", "Bob")))

Bounds are inclusive, as a statement writes them (``1 <= k <= 10``). A position's counts
are the common lines' numbers, then its case's, in the order the input shows them; a
list adds its numbers (its length is not a count), and a grid adds ``r``, ``c`` and each
cell's index in its alphabet, row by row.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable, Optional, Sequence, Tuple

from . import _native
from ._types import Position


@dataclass(frozen=True)
class Field:
    """One number (or a list, or a grid) of a line of the input. Build with the static
    methods: :meth:`number`, :meth:`len`, :meth:`list`, :meth:`column`, :meth:`cases`,
    :meth:`grid`."""

    kind: str
    name: str
    lo: int = 0
    hi: int = 0
    alphabet: str = ""
    cells: Tuple[int, int] = (0, 0)

    @staticmethod
    def number(name: str, lo: int, hi: int) -> "Field":
        """One count of the position, ``lo <= x <= hi``."""
        return Field("number", name, lo, hi)

    @staticmethod
    def len(name: str, lo: int, hi: int) -> "Field":
        """How many numbers the list holds, ``lo <= n <= hi`` (not a count: the list's length)."""
        return Field("len", name, lo, hi)

    @staticmethod
    def list(name: str, lo: int, hi: int) -> "Field":
        """The list, on one line: as many counts as the :meth:`len` field says, each in ``lo..=hi``."""
        return Field("list", name, lo, hi)

    @staticmethod
    def column(name: str, lo: int, hi: int) -> "Field":
        """The list written one number per line; the last field of its line."""
        return Field("column", name, lo, hi)

    @staticmethod
    def cases(name: str) -> "Field":
        """The number of cases T, inside a common line (``K T``) instead of a line of its own."""
        return Field("cases", name)

    @staticmethod
    def grid(name: str, alphabet: str, sides: Tuple[int, int], cells: Tuple[int, int]) -> "Field":
        """A grid: a line ``r c``, then ``r`` rows of ``c`` characters of ``alphabet``; each
        side in ``sides`` and ``r * c`` in ``cells`` (inclusive). Alone on its line. Its
        counts are ``r``, ``c``, then each cell's index in the alphabet, row by row."""
        return Field("grid", name, sides[0], sides[1], alphabet, (cells[0], cells[1]))


@dataclass(frozen=True)
class Output:
    """What a program prints for a case, and how it is judged. Build with the static
    methods; the default of a :class:`Format` is ``winner("First", "Second", "Draw")``."""

    kind: str
    words: Tuple[str, ...] = ()
    start: int = 0

    @staticmethod
    def winner(win: str, loss: str, draw: Optional[str] = None) -> "Output":
        """Who wins: ``win`` when the player to move wins, ``loss`` when they lose,
        ``draw`` for a draw (loopy games). A name may be several words."""
        return Output("winner", (win, loss) + ((draw,) if draw is not None else ()))

    @staticmethod
    def grundy() -> "Output":
        """The Grundy value (normal play)."""
        return Output("grundy")

    @staticmethod
    def winning_moves() -> "Output":
        """The number of distinct positions one move reaches that are lost for the player to move."""
        return Output("winning-moves")

    @staticmethod
    def range(start: int, win: str, loss: str) -> "Output":
        """One token over the positions ``start..=n`` of a one-count game, the case being
        ``n``: the character ``win`` or ``loss`` per position (``WLWWL``)."""
        return Output("range", (win, loss), start)

    @staticmethod
    def move(lost: str) -> "Output":
        """A winning move ``i y`` (count ``i``, 1-based, becomes ``y``), or ``lost`` where the
        player to move loses; any winning move is right."""
        return Output("move", (lost,))

    @staticmethod
    def winner_then_move(win: str, loss: str, none: str) -> "Output":
        """Who wins, then where the player to move wins a line with the position a winning
        move leads to (written as a case is), or ``none`` where they win without a move."""
        return Output("winner-then-move", (win, loss, none))


@dataclass(frozen=True)
class Format:
    """The contest format of a game, as the Rust ``Format``: start with :meth:`cases` or
    :meth:`single`, then add lines; each method returns a new format."""

    t: Optional[Tuple[int, int]]
    lines: Tuple[Tuple[Field, ...], ...] = ()
    common_lines: Tuple[Tuple[Field, ...], ...] = ()
    inline: bool = False
    joined: Optional[str] = None
    is_misere: bool = False
    generated_t: Optional[Tuple[int, int]] = None
    sums: Tuple[Tuple[str, int], ...] = ()
    output: Optional[Output] = None

    @staticmethod
    def cases(lo: int, hi: int) -> "Format":
        """A line ``T`` (``lo <= T <= hi``), then ``T`` cases."""
        return Format((lo, hi))

    @staticmethod
    def single() -> "Format":
        """An input of one case, no ``T``."""
        return Format(None)

    def line(self, *fields: Field) -> "Format":
        """One more line of each case."""
        return replace(self, lines=self.lines + (tuple(fields),))

    def common(self, *fields: Field) -> "Format":
        """One more line before the cases, written once: its numbers are counts of every
        case's position (``K L`` of a game whose moves the input states), generated and
        shrunk with them. ``Field.cases`` may stand in it."""
        return replace(self, common_lines=self.common_lines + (tuple(fields),))

    def cases_on_one_line(self) -> "Format":
        """Every case on one line (``3 12 113``): a case is then one line of fields."""
        return replace(self, inline=True)

    def answers_on_one_line(self, separator: str) -> "Format":
        """All answers on one line, joined by ``separator`` (``""``: one token, ``ABAAB``)."""
        return replace(self, joined=separator)

    def misere(self) -> "Format":
        """The statement is played under misère play (the player who cannot move wins)."""
        return replace(self, is_misere=True)

    def generated(self, contest: int, extended: int) -> "Format":
        """``stress`` inputs hold up to ``contest`` cases (``extended`` with ``--extended``)."""
        return replace(self, generated_t=(contest, extended))

    def sum(self, name: str, limit: int) -> "Format":
        """The sum over the cases of field ``name`` is at most ``limit``."""
        return replace(self, sums=self.sums + ((name, limit),))

    def answer(self, output: Output) -> "Format":
        """``output`` is the answer."""
        return replace(self, output=output)

    def write(self, positions: Iterable[Position]) -> str:
        """Return the input of these cases as the format writes it (``T`` first when it has it).

        >>> Format.cases(1, 9).line(Field.number("n", 0, 99)).write([4, 7])
        '2\\n4\\n7\\n'
        """
        return _native.format_write(self, [p if isinstance(p, tuple) else (p,) for p in positions])


@dataclass(frozen=True)
class Interactive:
    """The interactive format of a game, as the Rust ``Interactive``: the judge plays from
    the oracle against the program. A game class states it as ``interactive = ...``.

    The judge writes ``T``, then for each game its start as ``format`` writes a case. With
    sides, the program answers ``first`` or ``second`` and that player moves first;
    without (``program_first``), the program moves first. After each program move the judge
    writes ``won`` when the program has just won, ``lost`` after an illegal move or when it
    has lost, else its own move (``i y``: count ``i``, 1-based, becomes ``y``; with
    ``notation="position"``, the whole position)."""

    format: Format
    sides: Optional[Tuple[str, str]] = ("First", "Second")
    notation: str = "change"
    won: str = "0 0"
    lost: str = "-1 -1"
    max_moves: int = 100_000
    move_time: float = 1.0

    def with_sides(self, first: str, second: str) -> "Interactive":
        """The program chooses its side with ``first`` or ``second``."""
        return replace(self, sides=(first, second))

    def program_first(self) -> "Interactive":
        """No choice of side: the program always moves first."""
        return replace(self, sides=None)

    def with_notation(self, notation: str) -> "Interactive":
        """Moves written as ``"change"`` (``i y``) or ``"position"`` (the whole position)."""
        return replace(self, notation=notation)

    def ends(self, won: str, lost: str) -> "Interactive":
        """The judge's words when the program has won, and when it has lost or moved illegally."""
        return replace(self, won=won, lost=lost)

    def limits(self, max_moves: int, move_time: float) -> "Interactive":
        """At most ``max_moves`` moves a game, ``move_time`` seconds of CPU a program move."""
        return replace(self, max_moves=max_moves, move_time=move_time)


__all__: Sequence[str] = ["Field", "Format", "Interactive", "Output"]
